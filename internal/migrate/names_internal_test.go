package migrate

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
)

// TestForeignKeyNames keeps ForeignKeyName, which the store uses to map
// PostgreSQL's constraint name back to a relation, in step with the names
// ForeignKeySQL gives the constraints, long names cut to 63 bytes
// included.
func TestForeignKeyNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 70)
	for _, c := range []struct{ table, column string }{
		{"programs", "customer_id"},
		{"events_learners_lnk", "learner_id"},
		{long, "customer_id"},
	} {
		stmt := ForeignKeySQL(c.table, ColumnDef{Name: c.column, Ref: "t", OnDelete: "SET NULL"})
		name := ForeignKeyName(c.table, c.column)
		if !strings.Contains(stmt, "ADD CONSTRAINT "+database.Ident(name)+" ") || len(name) > 63 {
			t.Errorf("ForeignKeyName(%q, %q) = %q; ForeignKeySQL wrote %s", c.table, c.column, name, stmt)
		}
	}
}
