package rest

import (
	"context"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/auth"
)

// authErrKey keeps the 401 Authenticate found for Enforce to answer.
const authErrKey = "kiln.authError"

// Authenticate resolves the bearer token into the request's caller
// (core/caller). A request without one is the public. A token shaped like
// an API token (auth.IsAPIToken) is looked up in the token table and never
// parsed as a JWT; an unknown, revoked or expired one is a 401 like a bad
// JWT. A bad token, or one whose user is gone or blocked, or whose token
// version is not the user's current one (the password changed or the user
// was blocked since it was issued), is remembered and answered with 401 by
// Enforce — after the rate limiter has counted the attempt
// against the client's address. The version is compared with the user row
// read here anyway: revocation costs no query of its own. On PostgreSQL
// the row comes from the principal cache once it is warm
// (docs/identity-cache.md): no query at all.
//
// The sign-in routes do not read the token at all (Strapi's auth: false):
// their caller is always the public, so a stale token does not stop a
// sign-in, and an attempt is counted against the client's address, never
// under the larger budget of a user the attacker signed in as.
func (s *Security) Authenticate(c *fiber.Ctx) error {
	token, ok := auth.BearerToken(c.Get(fiber.HeaderAuthorization))
	if !ok || isSignInPath(c.Path()) {
		caller.Set(c, caller.Public())
		return c.Next()
	}
	if auth.IsAPIToken(token) && s.APITokens != nil {
		row, err := s.APITokens.Authenticate(c.UserContext(), token)
		if errs.KindOf(err) == errs.KindUnauthorized {
			c.Locals(authErrKey, err)
			return c.Next()
		}
		if err != nil {
			return err
		}
		caller.Set(c, &caller.Caller{Token: &caller.Token{ID: row.ID, Kind: row.Kind, Actions: row.Actions}})
		return c.Next()
	}
	claims, err := s.Tokens.Verify(token)
	if err != nil {
		c.Locals(authErrKey, err)
		return c.Next()
	}
	id := claims.UserID
	p, err := s.principal(c.UserContext(), id)
	switch {
	case errs.KindOf(err) == errs.KindNotFound || (err == nil && (p.Blocked || p.TokenVersion != claims.Version)):
		c.Locals(authErrKey, errs.New(errs.KindUnauthorized, "Invalid credentials"))
		return c.Next()
	case err != nil:
		return err
	}
	role := p.RoleType
	if role == "" {
		role = auth.Authenticated
	}
	caller.Set(c, &caller.Caller{UserID: id, Role: role})
	return c.Next()
}

// principal is the token's user: from the cache when there is one (it
// reads the database itself while it cannot be trusted), else read.
func (s *Security) principal(ctx context.Context, id int64) (*account.Principal, error) {
	if s.Principals != nil {
		return s.Principals.Get(ctx, id)
	}
	return account.PrincipalByID(ctx, s.Content, id)
}

// Enforce answers the 401 Authenticate found, if any.
func Enforce(c *fiber.Ctx) error {
	if err, ok := c.Locals(authErrKey).(error); ok {
		return err
	}
	return c.Next()
}

// The sign-in routes, below /api (AccountRoutes): no token is read on
// them.
const (
	pathLogin          = "/auth/local"
	pathRegister       = "/auth/local/register"
	pathForgotPassword = "/auth/forgot-password"
	pathResetPassword  = "/auth/reset-password"
)

// isSignInPath reports whether fiber routes p to a sign-in route: as its
// router does (case-insensitive, trailing slashes ignored), so that no
// spelling of the path reaches the route with the token read.
func isSignInPath(p string) bool {
	for len(p) > 1 && p[len(p)-1] == '/' {
		p = p[:len(p)-1]
	}
	below, ok := strings.CutPrefix(utils.ToLower(p), "/api")
	if !ok {
		return false
	}
	switch below {
	case pathLogin, pathRegister, pathForgotPassword, pathResetPassword:
		return true
	}
	return false
}
