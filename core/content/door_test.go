package content_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// world is three customers and a scope that sees those starting with A.
func world(t *testing.T, h *apptest.Harness) (*schema.ContentType, content.ReadOptions) {
	t.Helper()
	for _, n := range []string{"Acme", "Globex", "Aperture"} {
		h.Create("/api/customers", map[string]any{"name": n})
	}
	cu := h.App.Schema.Type("customer")
	scope, err := query.ParseFilter(cu, map[string]any{"name": map[string]any{"$startsWith": "A"}}, query.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	return cu, content.ReadOptions{Scopes: map[*schema.ContentType]*query.Filter{cu: scope}}
}

// TestStatementReadsThroughFrom: a statement that reads a content type
// through From counts only what its reader may see; the admin's sees all.
func TestStatementReadsThroughFrom(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cu, ro := world(t, h)
		ctx := context.Background()
		for _, tc := range []struct {
			ro   content.ReadOptions
			want int64
		}{{content.ReadOptions{}, 3}, {ro, 2}} {
			var n int64
			err := h.App.Content.Statement(tc.ro).W("SELECT COUNT(*) FROM ").From(cu, "c").
				W(" WHERE ").Col("c", cu.Attr("active")).W(" = ").Bool(true).QueryRow(ctx, &n)
			if err != nil || n != tc.want {
				t.Errorf("count %d (%v), want %d", n, err, tc.want)
			}
		}
	})
}

// TestStatementWritesOnlyOwnTables: Exec runs inside a transaction on a
// declared plugin table, and refuses a statement that reads entries, names
// no own table, or runs on the pool; Own refuses an undeclared table.
func TestStatementWritesOnlyOwnTables(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite)
	cu, _ := world(t, h)
	svc, ctx := h.App.Content, context.Background()
	if _, err := svc.Statement(content.ReadOptions{}).W("DELETE FROM customers").Exec(ctx); err == nil ||
		!strings.Contains(err.Error(), "inside a transaction only") {
		t.Errorf("exec on the pool: %v", err)
	}
	err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		if _, err := tx.Statement(content.ReadOptions{}).W("DELETE FROM customers").Exec(ctx); err == nil ||
			!strings.Contains(err.Error(), "own tables only") {
			t.Errorf("exec naming no own table: %v", err)
		}
		if _, err := tx.Statement(content.ReadOptions{}).W("DELETE FROM ").From(cu, "c").Exec(ctx); err == nil {
			t.Error("exec reading entries ran")
		}
		if _, err := tx.Statement(content.ReadOptions{}).W("DELETE FROM ").Own("nobody_declared").Exec(ctx); err == nil ||
			!strings.Contains(err.Error(), "no declared plugin table") {
			t.Errorf("exec on an undeclared table: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(h.IDs(h.Do("GET", "/api/customers", nil))); n != 3 {
		t.Errorf("%d customers left, want 3", n)
	}
}

// TestTxWritesRunHooksAndReadBack: a write inside a caller's transaction
// is checked, runs the hooks, and rolls back with the transaction; an
// entry the writer may not see is a 404 for Update as for FindOne.
func TestTxWritesRunHooksAndReadBack(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cu, ro := world(t, h)
		svc, ctx := h.App.Content, context.Background()
		q := &query.Query{Type: cu}
		rollback := errs.New(errs.KindConflict, "undo")
		err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
			e, err := tx.Create(ctx, q, content.NewWrite(cu).Set("name", "Acorn"), content.ReadOptions{})
			if err != nil {
				return err
			}
			if v, _ := e.Get(cu.Attr("active")); v != true {
				t.Errorf("the read-back has active %v, want the default true", v)
			}
			if _, err := tx.Create(ctx, q, content.NewWrite(cu).Set("name", "Acorn"), content.ReadOptions{}); errs.KindOf(err) != errs.KindValidation {
				t.Errorf("a second Acorn: %v, want the unique check's 400", err)
			}
			if _, err := tx.Update(ctx, q, content.ID(2), content.NewWrite(cu).Set("industry", "x"), ro); errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("updating Globex, hidden: %v, want 404", err)
			}
			return rollback
		})
		if err != rollback {
			t.Fatalf("InTx: %v", err)
		}
		if n := len(h.IDs(h.Do("GET", "/api/customers", nil))); n != 3 {
			t.Errorf("%d customers after the rollback, want 3", n)
		}
	})
}

// TestVisibleAndResolve keep to what the reader may see, in one statement.
func TestVisibleAndResolve(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cu, ro := world(t, h)
		svc, ctx := h.App.Content, context.Background()
		if got, err := svc.Visible(ctx, cu, []int64{3, 2, 1, 99}, ro); err != nil || len(got) != 2 || got[0] != 3 || got[1] != 1 {
			t.Errorf("Visible: %v %v, want [3 1]", got, err)
		}
		ids, err := svc.Resolve(ctx, cu, []string{"1", "2"}, ro)
		if err != nil || len(ids) != 1 || ids["1"] != 1 {
			t.Errorf("Resolve: %v %v, want only 1", ids, err)
		}
	})
}
