package account_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/contentwire"
)

// TestPrincipalLookups: a user is found by id, e-mail (exactly as
// stored), username and reset code, with their role's type and the reset
// code's expiry; a miss is errs.NotFound.
func TestPrincipalLookups(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx, svc := context.Background(), f.acc.Content
		li := f.user("lia", "li@example.test", "secret-li", true)
		expires := time.Date(2031, 5, 6, 7, 8, 9, 123e6, time.UTC)
		if err := account.SetResetCode(ctx, svc, li, "hash-of-code", expires); err != nil {
			t.Fatal(err)
		}
		for what, find := range map[string]func() (*account.Principal, error){
			"id":         func() (*account.Principal, error) { return account.PrincipalByID(ctx, svc, li) },
			"e-mail":     func() (*account.Principal, error) { return account.PrincipalByEmail(ctx, svc, "li@example.test") },
			"username":   func() (*account.Principal, error) { return account.PrincipalByUsername(ctx, svc, "lia") },
			"reset code": func() (*account.Principal, error) { return account.PrincipalByResetCode(ctx, svc, "hash-of-code") },
		} {
			p, err := find()
			if err != nil {
				t.Errorf("by %s: %v", what, err)
				continue
			}
			if p.ID != li || p.Email != "li@example.test" || !p.Blocked || p.RoleType != auth.Authenticated ||
				p.PasswordHash == "" || p.PasswordHash == "secret-li" || !p.ResetExpiresAt.Equal(expires) {
				t.Errorf("by %s: %+v", what, p)
			}
		}
		for what, find := range map[string]func() (*account.Principal, error){
			"id":         func() (*account.Principal, error) { return account.PrincipalByID(ctx, svc, li+100) },
			"e-mail":     func() (*account.Principal, error) { return account.PrincipalByEmail(ctx, svc, "LI@example.test") },
			"username":   func() (*account.Principal, error) { return account.PrincipalByUsername(ctx, svc, "li") },
			"reset code": func() (*account.Principal, error) { return account.PrincipalByResetCode(ctx, svc, "other") },
		} {
			if _, err := find(); errs.KindOf(err) != errs.KindNotFound {
				t.Errorf("a miss by %s: %v, want errs.NotFound", what, err)
			}
		}
	})
}

// TestTokensRevokedWithTheWrite: a new password raises the token version
// and drops the reset code inside the write's transaction, so that a
// write that rolls back leaves both as they were.
func TestTokensRevokedWithTheWrite(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx, svc := context.Background(), f.acc.Content
		li := f.user("lia", "li@example.test", "secret-li", false)
		if err := account.SetResetCode(ctx, svc, li, "hash-of-code", time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		q := &query.Query{Type: f.acc.UserType(), Fields: query.IDsOnly()}
		undo := errors.New("undo")
		err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
			if _, err := tx.Update(ctx, q, content.ID(li), content.NewWrite(q.Type).Set("password", "secret-new"), entry.ReadOptions{}); err != nil {
				return err
			}
			if p, err := account.PrincipalByID(ctx, svc, li); err != nil || p.TokenVersion != 0 {
				t.Errorf("outside the write, before its commit: %+v %v, want version 0", p, err)
			}
			return undo
		})
		if err != undo {
			t.Fatalf("the write: %v", err)
		}
		if p := f.principal(li); p.TokenVersion != 0 || p.ResetExpiresAt.IsZero() {
			t.Errorf("after the rollback: %+v, want version 0 and the code kept", p)
		}
		if _, err := svc.Update(ctx, q, content.ID(li), content.NewWrite(q.Type).Set("password", "secret-new"), entry.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
		if p := f.principal(li); p.TokenVersion != 1 || !p.ResetExpiresAt.IsZero() {
			t.Errorf("after the commit: %+v, want version 1 and no code", p)
		}
		if _, err := account.PrincipalByResetCode(ctx, svc, "hash-of-code"); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("the dropped code: %v", err)
		}
	})
}

// TestNormalizeUserEmailsAndEnsureRoles: stored e-mails not in normal
// form are rewritten, but not onto another user's address (a clash); the
// roles a policy names are created once.
func TestNormalizeUserEmailsAndEnsureRoles(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx, svc := context.Background(), f.acc.Content
		a := f.user("ann", "ann@example.test", "secret-ann", false)
		b := f.user("bob", "bob@example.test", "secret-bob", false)
		c := f.user("cyd", "cyd@example.test", "secret-cyd", false)
		u := f.acc.UserType()
		db := contentwire.DB(svc)
		// Behind the API's back: e-mails as an old version wrote them.
		for id, email := range map[int64]string{b: "Bob@Example.test", c: "ANN@example.test"} {
			if _, err := db.ExecContext(ctx, "UPDATE "+u.Table+" SET "+u.Attr("email").Column+" = ? WHERE id = ?", email, id); err != nil {
				t.Fatal(err)
			}
		}
		fixed, clashes, err := account.NormalizeUserEmails(ctx, svc, auth.NormalizeEmail)
		if err != nil || !slices.Equal(fixed, []int64{b}) || !slices.Equal(clashes, []int64{c}) {
			t.Errorf("NormalizeUserEmails: fixed %v, clashes %v (%v), want [%d] and [%d]", fixed, clashes, err, b, c)
		}
		if p, err := account.PrincipalByEmail(ctx, svc, "bob@example.test"); err != nil || p.ID != b {
			t.Errorf("bob after: %+v %v", p, err)
		}
		if p, err := account.PrincipalByEmail(ctx, svc, "ann@example.test"); err != nil || p.ID != a {
			t.Errorf("ann after: %+v %v", p, err)
		}
		before := f.acc.RoleIDs
		ids, err := account.EnsureRoles(ctx, svc, []account.Role{{Type: "admin", Name: "Admin"}, {Type: "editor", Name: "Editor"}})
		if err != nil || ids["admin"] != before["admin"] || ids[auth.Authenticated] != before[auth.Authenticated] || ids["editor"] == 0 {
			t.Errorf("EnsureRoles: %v %v, want the earlier roles kept (%v) and an editor", ids, err, before)
		}
		again, err := account.EnsureRoles(ctx, svc, []account.Role{{Type: "editor", Name: "Editor"}})
		if err != nil || again["editor"] != ids["editor"] || len(again) != len(ids) {
			t.Errorf("EnsureRoles again: %v %v, want %v", again, err, ids)
		}
	})
}
