package rest

import (
	"log/slog"
	"sync"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/mail"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// Security is authentication and authorisation for every route: who the
// caller is, what their role may do, and which entries they may see.
type Security struct {
	Tokens  *auth.Tokens
	Policy  *auth.Policy
	Content *content.Service
	Mailer  mail.Mailer
	// Registration opens POST /api/auth/local/register.
	Registration bool
	// ResetURL is the front-end page a reset link points at.
	ResetURL string
	// Reset is the lifetime and clock of reset codes.
	Reset ResetCodes
	// Query is the query-language limits every request starts from.
	Query query.Options
	Log   *slog.Logger
	// RoleIDs maps role types to their ids (filled at start-up).
	RoleIDs map[string]int64

	// mailing counts the reset mails still being sent in the background.
	mailing sync.WaitGroup
}

// ActionOf names an action on a type as the policy does: the built-in
// types answer to "users.*" and "roles.*", others to "<type>.*".
func ActionOf(ct *schema.ContentType, action string) string {
	switch ct.Name {
	case "user":
		return "users." + action
	case "role":
		return "roles." + action
	}
	return ct.Name + "." + action
}

// Allow checks that the caller's role may take the action: 401 for the
// public (no or a bad token, api.md's rule), 403 for a signed-in user.
func (s *Security) Allow(c *fiber.Ctx, action string) error {
	cl := CallerOf(c)
	if s.Policy.Allowed(cl.Role, action) {
		return nil
	}
	if cl.UserID == 0 {
		return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
	}
	return errs.New(errs.KindForbidden, "Forbidden")
}

// AllowPublic checks an action of the sign-in routes (login, register,
// forgot- and reset-password) against the public role's grants, whoever
// the caller is. These are Strapi's auth: false routes: a token on them
// changes nothing, so a signed-in learner can sign in again, and
// permissions.yaml still switches them on and off for everyone at once.
// A refusal is the public's 401, token or not.
func (s *Security) AllowPublic(action string) error {
	if s.Policy.Allowed(auth.Public, action) {
		return nil
	}
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
}

// Guard is API.Guard: the permission check, then the ownership scopes of
// the caller's role as read options.
func (s *Security) Guard(c *fiber.Ctx, ct *schema.ContentType, action string) (store.ReadOptions, error) {
	if err := s.Allow(c, ActionOf(ct, action)); err != nil {
		return store.ReadOptions{}, err
	}
	return s.ReadOptions(c), nil
}

// ReadOptions returns the caller's ownership scopes, compiled once per
// request and type.
func (s *Security) ReadOptions(c *fiber.Ctx) store.ReadOptions {
	cl := CallerOf(c)
	cache := map[*schema.ContentType]*query.Filter{}
	return store.ReadOptions{Scope: func(ct *schema.ContentType) *query.Filter {
		if !s.Policy.HasScope(cl.Role, ct.Name) {
			return nil
		}
		if f, ok := cache[ct]; ok {
			return f
		}
		f, err := query.ParseFilter(ct, s.Policy.Scope(cl.Role, ct.Name, cl.UserID), s.Query)
		if err != nil {
			// Checked at start-up, so this cannot happen; fail closed.
			s.Log.Error("ownership scope does not compile", "role", cl.Role, "type", ct.Name, "err", err)
			f = &query.Filter{Kind: query.Or}
		}
		cache[ct] = f
		return f
	}}
}

// QueryOptions are the query limits with the caller's read rights: a
// relation to a type the role may not find cannot be filtered, sorted or
// populated on.
func (s *Security) QueryOptions(c *fiber.Ctx) query.Options {
	o := s.Query
	role := CallerOf(c).Role
	o.CanRead = func(ct *schema.ContentType) bool { return s.Policy.Allowed(role, ActionOf(ct, "find")) }
	return o
}

// CheckScopes compiles every scope of the policy once, so a mistake in
// permissions.yaml stops start-up instead of failing requests.
func (s *Security) CheckScopes() error {
	for _, r := range s.Policy.Roles() {
		for _, ct := range s.Content.Schema.Types {
			if !s.Policy.HasScope(r.Type, ct.Name) {
				continue
			}
			if _, err := query.ParseFilter(ct, s.Policy.Scope(r.Type, ct.Name, 1), s.Query); err != nil {
				return errs.Newf(errs.KindInternal, "permissions: role %q: scope on %q: %v", r.Type, ct.Name, err)
			}
		}
	}
	return nil
}
