package rest

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/principal"
)

// Security is authentication and authorisation for every route: who the
// caller is, what their role may do, and which entries they may see.
type Security struct {
	// Tokens verifies the JWTs users sign in with.
	Tokens *auth.Tokens
	// APITokens checks the API tokens servers call with.
	APITokens *apitoken.Service
	Policy    *auth.Policy
	Content   *content.Service
	// Query is the query-language limits every request starts from.
	Query query.Options
	// Principals, when set, answers Authenticate's lookup of the token's
	// user from memory while it is trusted (internal/principal); nil reads
	// the user on every request.
	Principals *principal.Cache
	// Limits are api.yaml's answer limits: an API token's, and a role's
	// where config/permissions.yaml gives it none (auth.Policy.Limits).
	Limits auth.Limits
}

// ActionOf names an action on a type as the policy does: the built-in
// types answer to "users.*" and "roles.*", others to "<type>.*".
func ActionOf(ct *schema.ContentType, action string) string {
	switch ct.Name {
	case "user":
		return "users." + action
	case "role":
		return "roles." + action
	case schema.FileType:
		// The media library's routes, as Strapi's upload plugin names them.
		return "upload." + action
	}
	return ct.Name + "." + action
}

// Allow checks that the caller's role may take the action: 401 for the
// public (no or a bad token, docs/api.md's rule), 403 for a signed-in user.
//
// An API token's caller may take what its kind or its list allows
// (auth.TokenRules); a refusal is a 403, the token being valid.
func (s *Security) Allow(c *fiber.Ctx, action string) error {
	cl := caller.Of(c)
	if s.allowed(cl, action) {
		return nil
	}
	if cl.Token != nil {
		return errs.New(errs.KindForbidden, "Forbidden")
	}
	if cl.UserID == 0 {
		return notPublic(action)
	}
	return errs.New(errs.KindForbidden, "Forbidden")
}

// notPublic is the 401 of a caller without a token on a route the public
// role may not take: Strapi's status, name and message, which also answer
// a bad token, with details that say it is a matter of the route, not of
// a token, and name the action it needs. The action is no secret: `kiln
// routes` and the OpenAPI documents (x-kiln-action) publish every route's.
func notPublic(action string) *errs.Error {
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials").WithDetails(map[string]any{
		"action": action,
		"reason": "not public: the public role lacks " + action +
			"; send the token of a role that has it, or grant it to public in config/permissions.yaml",
	})
}

// closedToAll is AllowPublic's 401: a sign-in route the public role may
// not take is closed to every caller, since a token changes nothing there.
func closedToAll(action string) *errs.Error {
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials").WithDetails(map[string]any{
		"action": action,
		"reason": "closed: the public role lacks " + action +
			", which this route needs whoever calls; grant it to public in config/permissions.yaml",
	})
}

// needsUser is the 401 of a route that acts on the caller's own user
// (users.me, auth.changePassword) when the caller has none: the public,
// or an API token, which belongs to no user.
func needsUser(action string) *errs.Error {
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials").WithDetails(map[string]any{
		"action": action,
		"reason": "needs a user: send a signed-in user's token (an API token has no user)",
	})
}

// allowed: the token's rules for a token, the role's grants otherwise.
func (s *Security) allowed(cl *caller.Caller, action string) bool {
	if cl.Token != nil {
		return s.APITokens != nil && s.APITokens.Allows(cl.Token.Kind, cl.Token.Actions, action)
	}
	return s.Policy.Allowed(cl.Role, action)
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
	return closedToAll(action)
}

// Guard is API.Guard: the permission check, then the ownership scopes of
// the caller's role as read options.
func (s *Security) Guard(c *fiber.Ctx, ct *schema.ContentType, action string) (entry.ReadOptions, error) {
	if err := s.Allow(c, ActionOf(ct, action)); err != nil {
		return entry.ReadOptions{}, err
	}
	return s.ReadOptions(c), nil
}

// ReadOptions returns what the caller may see: their role's scopes and
// hidden drafts, compiled at start-up, with their user id. Nothing is
// built per request.
//
// A token has no user and no role, so no ownership scope applies: it sees
// every entry of the types its actions let it read, as in Strapi, where
// scopes belong to users' roles. Drafts stay hidden on the types whose
// <type>.readDrafts it lacks.
func (s *Security) ReadOptions(c *fiber.Ctx) entry.ReadOptions {
	cl := caller.Of(c)
	if cl.Token != nil {
		return entry.ReadOptions{NoDrafts: s.tokenNoDrafts(cl), MaxAnswerRows: s.Limits.MaxAnswerRows}
	}
	return s.ReadOptionsFor(cl.UserID, cl.Role)
}

// ReadOptionsFor are the read options of a user with a role (0 and
// auth.Public for the public): their role's scopes, hidden drafts and row
// budget, the same compiled, shared data whether the user is the caller
// or not. Nothing is read or built.
func (s *Security) ReadOptionsFor(userID int64, role string) entry.ReadOptions {
	acc := s.Policy.Access(role)
	rows := s.Policy.Limits(role, s.Limits).MaxAnswerRows
	return entry.ReadOptions{Scopes: acc.Scopes, NoDrafts: acc.NoDrafts, User: userID, MaxAnswerRows: rows}
}

// RoleAllowed reports whether a role may take action, whoever calls.
func (s *Security) RoleAllowed(role, action string) bool { return s.Policy.Allowed(role, action) }

// AnswerLimits are the bounds of one answer to the caller: their role's
// (config/permissions.yaml, defaults in auth.Policy.Limits), or api.yaml's
// for an API token, which has no role.
func (s *Security) AnswerLimits(c *fiber.Ctx) auth.Limits {
	cl := caller.Of(c)
	if cl.Token != nil {
		return s.Limits
	}
	return s.Policy.Limits(cl.Role, s.Limits)
}

// ownRead are the read options of a read the core makes of the caller's
// own records (their user on /users/me): no scope, the caller's budget.
func (s *Security) ownRead(c *fiber.Ctx) entry.ReadOptions {
	return entry.ReadOptions{MaxAnswerRows: s.AnswerLimits(c).MaxAnswerRows}
}

// AllowStatus refuses a read of drafts (status=draft) on a draft & publish
// type to a role without its drafts action ("<type>.readDrafts"), as Allow
// refuses any other action: 401 for the public, 403 for a signed-in user.
func (s *Security) AllowStatus(c *fiber.Ctx, ct *schema.ContentType, st query.Status) error {
	if st != query.Draft || !ct.DraftAndPublish {
		return nil
	}
	return s.Allow(c, ActionOf(ct, auth.DraftsAction))
}

// QueryOptions are the query limits with the caller's read rights: a
// relation to a type the role may not find cannot be filtered, sorted or
// populated on.
func (s *Security) QueryOptions(c *fiber.Ctx) query.Options {
	o := s.Query
	o.PublicationState = VersionOf(c) == V1
	cl := caller.Of(c)
	// Media is populated and filtered on whoever reads the entry holding
	// it, as in Strapi: upload.find guards only the library's own routes.
	o.CanRead = func(ct *schema.ContentType) bool {
		return ct.Name == schema.FileType && ct.Builtin || s.allowed(cl, ActionOf(ct, "find"))
	}
	o.Types = s.Content.Schema.Types // what a file's related may list
	return o
}

// tokenNoDrafts are the draft & publish types whose drafts the token may
// not read. A handful of types at most: made per request, not kept.
func (s *Security) tokenNoDrafts(cl *caller.Caller) map[*schema.ContentType]bool {
	out := map[*schema.ContentType]bool{}
	for _, ct := range s.Content.Schema.Types {
		if ct.DraftAndPublish && !s.allowed(cl, ActionOf(ct, auth.DraftsAction)) {
			out[ct] = true
		}
	}
	return out
}
