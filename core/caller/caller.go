// Package caller says who a request comes from: a user with a role, the
// public, or an API token. internal/rest's Authenticate sets it on the request
// once; handlers, core/plugin and plugins read it with Of, without
// importing internal/rest.
package caller

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/auth"
)

// Caller is who a request comes from: a user with a role, the public, or
// an API token (Token set, no user, no role: what it may do is its kind's
// or its list's, never a role's).
type Caller struct {
	UserID int64 // 0 for the public and for a token
	Role   string
	Token  *Token
}

// Token is the API token a request came with.
type Token struct {
	ID      int64
	Kind    string
	Actions []string // custom tokens only
}

// key is where the caller is kept among the request's locals.
const key = "kiln.caller"

// Of returns the request's caller (the public when Authenticate did not
// run or found no token).
func Of(c *fiber.Ctx) *Caller {
	if cl, ok := c.Locals(key).(*Caller); ok {
		return cl
	}
	return Public()
}

// Set makes cl the request's caller.
func Set(c *fiber.Ctx, cl *Caller) { c.Locals(key, cl) }

// Public is the caller without a token.
func Public() *Caller { return &Caller{Role: auth.Public} }
