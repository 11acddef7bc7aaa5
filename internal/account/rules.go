package account

import (
	"context"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/internal/auth"
)

// InstallRules puts in place the rules every write of a user obeys,
// whichever route, command or plugin it comes from: the content service
// hashes passwords and stores e-mails in normal form, and
//
//   - a username that is an e-mail address must be the user's own;
//   - setting the password (change, reset, an admin's new password) or
//     blocking the user raises the user's token version, so every token
//     issued before is refused from then on (also after an unblock); a
//     password write also drops a pending reset code.
//
// Both hooks run inside the write's transaction.
func InstallRules(svc *content.Service) {
	svc.HashPassword = auth.HashPassword
	svc.NormalizeEmail = auth.NormalizeEmail
	h := svc.Hooks
	user := svc.Schema.Type("user")
	username, email := user.Attr("username"), user.Attr("email")
	password, blocked := user.Attr("password"), user.Attr("blocked")
	checkUsername := func(_ context.Context, ev *hook.Event) error {
		u, uGiven := ev.Data.Values[username]
		e, eGiven := ev.Data.Values[email]
		if !uGiven && !eGiven {
			return nil
		}
		if ev.Entry != nil {
			if !uGiven {
				u, _ = ev.Entry.Get(username)
			}
			if !eGiven {
				e, _ = ev.Entry.Get(email)
			}
		}
		name, _ := u.(string)
		addr, _ := e.(string)
		if msg := auth.UsernameProblem(name, auth.NormalizeEmail(addr)); msg != "" {
			return errs.Fields([]errs.FieldError{errs.Field("username", msg).WithValue(name)})
		}
		return nil
	}
	h.BeforeCreate("user", checkUsername)
	h.BeforeUpdate("user", checkUsername)
	h.AfterUpdate("user", func(ctx context.Context, ev *hook.Event) error {
		_, newPassword := ev.Data.Values[password]
		block, _ := ev.Data.Values[blocked].(bool)
		if !newPassword && !block {
			return nil
		}
		return revokeTokens(ctx, svc, ev, ev.ID, newPassword)
	})
}
