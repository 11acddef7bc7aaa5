// Package auth holds Kiln's authentication and authorisation primitives:
// the API's JWTs (HS256 only, Strapi's claims), API tokens (their shape,
// keyed hash and what each kind may do, apitoken.go), password hashing with
// bcrypt, and the permission policy of config/permissions.yaml with its
// per-role ownership scopes.
//
// It knows nothing of HTTP or the database on purpose: internal/rest reads the
// Authorization header and the users table, and asks this package the
// questions that must be answered the same way everywhere — is this token
// ours, is this the password, may this role take this action, and which
// entries of a type may this caller see. Everything here is safe for
// concurrent use once built.
package auth
