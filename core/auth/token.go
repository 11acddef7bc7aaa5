package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kiln-cms/kiln/core/errs"
)

// clockSkew is how far a token's iat may lie in the future, and how long
// after exp it is still taken, so that instances whose clocks disagree by a
// few seconds do not reject each other's fresh tokens.
const clockSkew = 30 * time.Second

// maxTokenLen bounds what Verify will parse. Our tokens are about 150
// bytes; a megabyte of "token" is only there to make us decode it.
const maxTokenLen = 4096

// Tokens issues and verifies the API's JWTs. They carry Strapi's claims,
// {"id": <user id>, "iat", "exp"}, so Strapi clients read them unchanged.
type Tokens struct {
	secret   []byte
	lifetime time.Duration
	now      func() time.Time
	parser   *jwt.Parser
}

// NewTokens returns a token service signing with secret for lifetime; now
// is the clock (time.Now when nil), replaceable so tests can age tokens.
func NewTokens(secret string, lifetime time.Duration, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{
		secret:   []byte(secret),
		lifetime: lifetime,
		now:      now,
		parser: jwt.NewParser(
			// The one defence against "alg":"none" and algorithm confusion:
			// the header does not get to choose how it is checked.
			jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(clockSkew),
			jwt.WithTimeFunc(now),
			// Ids stay exact integers instead of float64s.
			jwt.WithJSONNumber(),
		),
	}
}

// errNoSecret: jwt signs happily with an empty key, and a token anyone can
// forge is worse than no token at all.
var errNoSecret = errors.New("auth: the JWT secret is empty")

// Issue returns a token for the user.
func (t *Tokens) Issue(userID int64) (string, error) {
	if len(t.secret) == 0 {
		return "", errNoSecret
	}
	if userID < 1 {
		return "", fmt.Errorf("auth: no token for user id %d", userID)
	}
	now := t.now()
	claims := jwt.MapClaims{"id": userID, "iat": now.Unix(), "exp": now.Add(t.lifetime).Unix()}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
}

// invalid is the one answer to every bad token. Which check failed goes to
// the log through Err, never to the caller: telling a forger "signature ok,
// but expired" helps only the forger.
func invalid(cause error) error {
	return &errs.Error{Kind: errs.KindUnauthorized, Message: "Missing or invalid credentials", Err: cause}
}

// Verify checks a token and returns its user id. Whether that user still
// exists, or is blocked, is the caller's question: this package has no
// database.
func (t *Tokens) Verify(token string) (int64, error) {
	switch {
	case len(t.secret) == 0:
		return 0, invalid(errNoSecret)
	case token == "":
		return 0, invalid(errors.New("empty token"))
	case len(token) > maxTokenLen:
		return 0, invalid(fmt.Errorf("token of %d bytes", len(token)))
	}
	claims := jwt.MapClaims{}
	if _, err := t.parser.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return t.secret, nil }); err != nil {
		return 0, invalid(err)
	}
	if iat, err := claims.GetIssuedAt(); err != nil || iat == nil {
		return 0, invalid(errors.New("token has no iat claim"))
	}
	return userID(claims["id"])
}

// userID reads the id claim: a JSON integer of at least 1. A string "7",
// 7.5 or -7 is no id, even under a valid signature.
func userID(v any) (int64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, invalid(fmt.Errorf("token id claim is %T %v", v, v))
	}
	id, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil || id < 1 {
		return 0, invalid(fmt.Errorf("token id claim is %s", n))
	}
	return id, nil
}

// BearerToken reads an Authorization header of the form "Bearer <token>"
// (the scheme in any case). Anything else — no header, another scheme, a
// bare "Bearer", two words after it — is no token at all, as in Strapi: the
// caller is anonymous rather than an error, so a browser sending Basic
// credentials still reads public content.
func BearerToken(header string) (token string, present bool) {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(rest)
	if token == "" || strings.ContainsAny(token, " \t") {
		return "", false
	}
	return token, true
}
