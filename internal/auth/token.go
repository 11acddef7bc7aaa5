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
// {"id": <user id>, "iat", "exp"}, so Strapi clients read them unchanged,
// and one of Kiln's: "ver", the user's token version when the token was
// issued (see Claims).
type Tokens struct {
	secret   []byte
	lifetime time.Duration
	now      func() time.Time
	parser   *jwt.Parser
	verified verifiedTokens
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

// VersionClaim is the claim that carries the user's token version.
const VersionClaim = "ver"

// Claims is what a verified token says.
type Claims struct {
	UserID int64
	// Version is the user's token version when the token was issued. The
	// user row keeps the current one and raises it whenever the password
	// changes or the user is blocked; a token whose version is not the
	// row's is dead. Tokens issued before versions existed have no claim
	// and count as version 0, the version every user starts with.
	Version int64
}

// Issue returns a token for the user at their current token version.
func (t *Tokens) Issue(userID, version int64) (string, error) {
	if len(t.secret) == 0 {
		return "", errNoSecret
	}
	if userID < 1 {
		return "", fmt.Errorf("auth: no token for user id %d", userID)
	}
	if version < 0 {
		return "", fmt.Errorf("auth: no token for token version %d", version)
	}
	now := t.now()
	claims := jwt.MapClaims{"id": userID, "iat": now.Unix(), "exp": now.Add(t.lifetime).Unix(), VersionClaim: version}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
}

// invalid is the one answer to every bad token. Which check failed goes to
// the log through Err, never to the caller: telling a forger "signature ok,
// but expired" helps only the forger.
func invalid(cause error) error {
	return &errs.Error{Kind: errs.KindUnauthorized, Message: "Missing or invalid credentials", Err: cause}
}

// Verify checks a token and returns its claims. Whether that user still
// exists, is blocked, or has moved to another token version is the
// caller's question: this package has no database.
func (t *Tokens) Verify(token string) (Claims, error) {
	switch {
	case len(t.secret) == 0:
		return Claims{}, invalid(errNoSecret)
	case token == "":
		return Claims{}, invalid(errors.New("empty token"))
	case len(token) > maxTokenLen:
		return Claims{}, invalid(fmt.Errorf("token of %d bytes", len(token)))
	}
	// A token verified before needs only its expiry checked again, as the
	// parser checks it (verifiedTokens); an expired one is parsed again,
	// for the parser's error.
	if v, ok := t.verified.get(token); ok && t.now().Before(v.expires.Add(clockSkew)) {
		return v.claims, nil
	}
	claims := jwt.MapClaims{}
	if _, err := t.parser.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return t.secret, nil }); err != nil {
		return Claims{}, invalid(err)
	}
	if iat, err := claims.GetIssuedAt(); err != nil || iat == nil {
		return Claims{}, invalid(errors.New("token has no iat claim"))
	}
	id, err := userID(claims["id"])
	if err != nil {
		return Claims{}, err
	}
	version, err := tokenVersion(claims)
	if err != nil {
		return Claims{}, err
	}
	out := Claims{UserID: id, Version: version}
	if exp, err := claims.GetExpirationTime(); err == nil && exp != nil {
		t.verified.put(token, verifiedToken{claims: out, expires: exp.Time})
	}
	return out, nil
}

// tokenVersion reads the version claim: absent is 0; present, it must be a
// JSON integer of at least 0.
func tokenVersion(claims jwt.MapClaims) (int64, error) {
	v, ok := claims[VersionClaim]
	if !ok {
		return 0, nil
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, invalid(fmt.Errorf("token version claim is %T %v", v, v))
	}
	ver, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil || ver < 0 {
		return 0, invalid(fmt.Errorf("token version claim is %s", n))
	}
	return ver, nil
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
