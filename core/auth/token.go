// Package auth holds Kiln's authentication and authorisation primitives:
// JWTs (HS256 only), password hashing, and the permission policy of
// config/permissions.yaml with its ownership scopes. It knows nothing of
// HTTP or the database; core/rest wires it to requests and users.
package auth

import (
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kiln-cms/kiln/core/errs"
)

// Tokens issues and verifies the API's JWTs.
type Tokens struct {
	secret   []byte
	lifetime time.Duration
	now      func() time.Time
}

// NewTokens returns a token service signing with secret; now is the clock
// (time.Now when nil).
func NewTokens(secret string, lifetime time.Duration, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{secret: []byte(secret), lifetime: lifetime, now: now}
}

// Issue returns a token for the user, with Strapi's claims: {id, iat, exp}.
func (t *Tokens) Issue(userID int64) (string, error) {
	now := t.now()
	claims := jwt.MapClaims{"id": userID, "iat": now.Unix(), "exp": now.Add(t.lifetime).Unix()}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
}

// errInvalid is the one answer to every bad token: which check failed is
// for the log, not the caller.
func errInvalid(cause error) error {
	return &errs.Error{Kind: errs.KindUnauthorized, Message: "Missing or invalid credentials", Err: cause}
}

// Verify checks a token and returns its user id. Only HS256 is accepted —
// never "none", never another algorithm re-signed with our secret.
func (t *Tokens) Verify(token string) (int64, error) {
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
		jwt.WithTimeFunc(t.now),
	)
	claims := jwt.MapClaims{}
	if _, err := parser.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return t.secret, nil }); err != nil {
		return 0, errInvalid(err)
	}
	id, ok := claims["id"].(float64)
	if !ok || id < 1 || id != float64(int64(id)) {
		return 0, errInvalid(fmt.Errorf("token id claim is %v", claims["id"]))
	}
	return int64(id), nil
}

// BearerToken reads "Authorization: Bearer <token>". Anything else — no
// header, another scheme, an empty or two-part value — is no token at all,
// as Strapi treats it: the caller is anonymous.
func BearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	if token == "" || strings.ContainsAny(token, " \t") {
		return "", false
	}
	return token, true
}
