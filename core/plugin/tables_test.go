package plugin_test

import (
	"context"
	"testing"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// tabled is a plugin that only declares tables.
type tabled struct {
	probe
	tables []plugin.Table
}

func (p tabled) Tables() []plugin.Table { return p.tables }

// TestLongPluginIndexNamesStayApart: two unique columns whose index names
// pass PostgreSQL's 63 bytes and share their first 63 get two indexes
// (shortened with a hash, as Kiln's other identifiers), so the app starts
// and each column stays unique, on both databases.
func TestLongPluginIndexNamesStayApart(t *testing.T) {
	t.Parallel()
	const table = "probe_counters_of_everything_this_plugin_keeps"
	p := tabled{probe: probe{name: "probe", register: func(*plugin.API) error { return nil }}, tables: []plugin.Table{{
		Name: table, Key: []string{"id"}, Columns: []plugin.Column{
			{Name: "id", Type: schema.Integer},
			{Name: "first_unique_column_with_a_long_name_a", Type: schema.String, Unique: true},
			{Name: "first_unique_column_with_a_long_name_b", Type: schema.String, Unique: true},
		},
	}}}
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		ctx := context.Background()
		insert := func(id int, a, b string) error {
			_, err := h.App.DB.ExecContext(ctx, "INSERT INTO "+table+
				" (id, first_unique_column_with_a_long_name_a, first_unique_column_with_a_long_name_b) VALUES (?, ?, ?)", id, a, b)
			return err
		}
		if err := insert(1, "x", "y"); err != nil {
			t.Fatal(err)
		}
		if insert(2, "x", "z") == nil {
			t.Error("column a took a duplicate: its unique index is missing")
		}
		if insert(3, "w", "y") == nil {
			t.Error("column b took a duplicate: its unique index is missing")
		}
		if err := insert(4, "w", "z"); err != nil {
			t.Errorf("distinct values refused: %v", err)
		}
	}, p)
}
