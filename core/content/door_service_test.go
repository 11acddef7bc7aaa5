package content_test

import (
	"context"
	"errors"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// names are the customers' names, in id order, as the admin reads them.
func names(t *testing.T, d content.Door, q *query.Query) []string {
	t.Helper()
	p, err := d.Find(context.Background(), q, content.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range p.Entries {
		v, _ := e.Get(q.Type.Attr("name"))
		out = append(out, v.(string))
	}
	return out
}

// TestDoorTxCommitsOrRollsBackWithItsHooks: what a plugin writes in the
// door's transaction, and what a hook writes in the same write through
// TxOf, commit together, or roll back together when fn fails; neither
// transaction handed out is a *content.Tx.
func TestDoorTxCommitsOrRollsBackWithItsHooks(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		d, ctx := h.App.Content.Door(), context.Background()
		cu := h.App.Schema.Type("customer")
		q := &query.Query{Type: cu, Pagination: query.Pagination{Limit: 100}}
		h.App.Content.Hooks.AfterCreate("customer", func(ctx context.Context, ev *hook.Event) error {
			name, _ := ev.Entry.Get(cu.Attr("name"))
			if n := name.(string); n == "Acme" || n == "Globex" {
				tx := d.TxOf(ev)
				if _, ok := any(tx).(*content.Tx); ok {
					t.Error("TxOf hands a *content.Tx")
				}
				_, err := tx.Create(ctx, q, content.NewWrite(q.Type).Set("name", n+" shadow"), content.ReadOptions{})
				return err
			}
			return nil
		})
		undo := errors.New("undo")
		err := d.InTx(ctx, func(ctx context.Context, tx content.TxDoor) error {
			if _, ok := any(tx).(*content.Tx); ok {
				t.Error("InTx hands a *content.Tx")
			}
			if _, err := tx.Create(ctx, q, content.NewWrite(q.Type).Set("name", "Acme"), content.ReadOptions{}); err != nil {
				return err
			}
			if got := len(mustFind(t, ctx, tx, q).Entries); got != 2 {
				t.Errorf("the transaction sees %d customers, want its own 2", got)
			}
			return undo
		})
		if err != undo {
			t.Fatalf("InTx: %v, want fn's error", err)
		}
		if got := names(t, d, q); len(got) != 0 {
			t.Errorf("after the rollback: %v, want none", got)
		}
		err = d.InTx(ctx, func(ctx context.Context, tx content.TxDoor) error {
			_, err := tx.Create(ctx, q, content.NewWrite(q.Type).Set("name", "Globex"), content.ReadOptions{})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := names(t, d, q); len(got) != 2 || got[0] != "Globex" || got[1] != "Globex shadow" {
			t.Errorf("after the commit: %v, want Globex and its hook's shadow", got)
		}
	})
}

func mustFind(t *testing.T, ctx context.Context, tx content.TxDoor, q *query.Query) *content.Page {
	t.Helper()
	p, err := tx.Find(ctx, q, content.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTxDoorKeepsTheWriteRules: in the door's transaction a write is held
// to the caller's ReadOptions as the service's own are: what they cannot
// see is a 404 to update or delete, and an entry written outside their
// scope is a 403 that the returned error rolls back.
func TestTxDoorKeepsTheWriteRules(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cu, ro := world(t, h)
		d, ctx := h.App.Content.Door(), context.Background()
		q := &query.Query{Type: cu, Pagination: query.Pagination{Limit: 100}}
		err := d.InTx(ctx, func(ctx context.Context, tx content.TxDoor) error {
			if _, err := tx.Update(ctx, q, content.ID(2), content.NewWrite(q.Type).Set("industry", "x"), ro); errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("updating Globex, hidden: %v, want 404", err)
			}
			if _, err := tx.Delete(ctx, q, content.ID(2), ro); errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("deleting Globex, hidden: %v, want 404", err)
			}
			if _, err := tx.FindOne(ctx, q, content.ID(2), ro); errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("reading Globex, hidden: %v, want 404", err)
			}
			e, err := tx.Update(ctx, q, content.ID(1), content.NewWrite(q.Type).Set("industry", "anvils"), ro)
			if err != nil {
				return err
			}
			if v, _ := e.Get(cu.Attr("industry")); v != "anvils" {
				t.Errorf("the update's answer has industry %v", v)
			}
			_, err = tx.Create(ctx, q, content.NewWrite(q.Type).Set("name", "Zeta"), ro)
			return err
		})
		if errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("creating Zeta outside the scope: %v, want 403", err)
		}
		if got := names(t, d, q); len(got) != 3 {
			t.Errorf("after the refused write: %v, want the three customers", got)
		}
		e, err := d.Get(ctx, q, 1, content.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := e.Get(cu.Attr("industry")); v == "anvils" {
			t.Error("the update before the refused create was committed")
		}
	})
}

// TestTxDoorResolvesLocksAndReloads: inside the door's transaction the
// references resolve and Visible filters under the reader's options,
// seeing the transaction's own writes; the to-one targets, the row and
// key locks and Reload work; one statement per Resolve and ResolveMany.
func TestTxDoorResolvesLocksAndReloads(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cu, ro := world(t, h)
		le := h.App.Schema.Type("learner")
		d, ctx := h.App.Content.Door(), context.Background()
		err := d.InTx(ctx, func(ctx context.Context, tx content.TxDoor) error {
			apex, err := tx.Create(ctx, &query.Query{Type: cu}, content.NewWrite(cu).Set("name", "Apex"), content.ReadOptions{})
			if err != nil {
				return err
			}
			l, err := tx.Create(ctx, &query.Query{Type: le}, content.NewWrite(le).Set("name", "Lu").Set("email", "lu@learners.test").SetRelation("customer", content.ID(apex.ID)), content.ReadOptions{})
			if err != nil {
				return err
			}
			if err := tx.Lock(ctx, cu, 1, apex.ID); err != nil {
				t.Errorf("Lock: %v", err)
			}
			if err := tx.Lock(ctx, cu, apex.ID); err != nil {
				t.Errorf("Lock again: %v", err)
			}
			if err := tx.LockKey(ctx, 7, 42); err != nil {
				t.Errorf("LockKey: %v", err)
			}
			if took, err := tx.LockKeyWithin(ctx, 7, 43, 0); err != nil || !took {
				t.Errorf("LockKeyWithin a free key: %v %v, want taken", took, err)
			}
			if h.App.DB.Dialect == content.Postgres {
				// Another transaction cannot take the key this one holds.
				done := make(chan error)
				go func() {
					done <- d.InTx(context.Background(), func(ctx context.Context, other content.TxDoor) error {
						if took, err := other.LockKeyWithin(ctx, 7, 42, 0); err != nil || took {
							t.Errorf("LockKeyWithin a held key: %v %v, want not taken", took, err)
						}
						return nil
					})
				}()
				if err := <-done; err != nil {
					t.Errorf("the other transaction: %v", err)
				}
			}
			if got, err := tx.Visible(ctx, cu, []int64{apex.ID, 3, 2, 1}, ro); err != nil || len(got) != 3 || got[0] != apex.ID || got[1] != 3 || got[2] != 1 {
				t.Errorf("Visible: %v %v, want [%d 3 1]", got, err, apex.ID)
			}
			n := h.CountQueries()
			ids, err := tx.Resolve(ctx, cu, []string{apex.DocumentID, "2"}, ro)
			if err != nil || len(ids) != 1 || ids[apex.DocumentID] != apex.ID {
				t.Errorf("Resolve: %v %v, want only Apex", ids, err)
			}
			if got := n.N(); got != 1 {
				t.Errorf("Resolve made %d statements, want 1", got)
			}
			n = h.CountQueries()
			many, err := tx.ResolveMany(ctx, []content.Refs{{Type: cu, Refs: []string{"2"}}, {Type: le, Refs: []string{l.DocumentID}}}, content.ReadOptions{})
			if err != nil || len(many) != 2 || many[0]["2"] != 2 || many[1][l.DocumentID] != l.ID {
				t.Errorf("ResolveMany: %v %v", many, err)
			}
			if got := n.N(); got != 1 {
				t.Errorf("ResolveMany made %d statements, want 1", got)
			}
			if to, err := tx.Targets(ctx, le.Attr("customer"), l.ID); err != nil || to[l.ID] != apex.ID {
				t.Errorf("Targets: %v %v, want %d → %d", to, err, l.ID, apex.ID)
			}
			if _, err := tx.Update(ctx, &query.Query{Type: cu}, content.ID(apex.ID), content.NewWrite(cu).Set("industry", "peaks"), content.ReadOptions{}); err != nil {
				return err
			}
			ev := &hook.Event{Type: cu, ID: apex.ID}
			if err := tx.Reload(ctx, ev); err != nil {
				return err
			}
			if v, _ := ev.Entry.Get(cu.Attr("industry")); v != "peaks" {
				t.Errorf("Reload read industry %v, want the transaction's peaks", v)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
