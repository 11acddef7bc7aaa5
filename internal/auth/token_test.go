package auth

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kiln-cms/kiln/core/errs"
)

const secret = "a-test-secret-of-some-length-123"

var fixedNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func tokens() *Tokens {
	return NewTokens(secret, time.Hour, func() time.Time { return fixedNow })
}

func sign(t *testing.T, m jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(m, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantInvalid asserts the one answer every bad token gets.
func wantInvalid(t *testing.T, err error) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindUnauthorized || e.Message != "Missing or invalid credentials" {
		t.Fatalf("got %v, want KindUnauthorized \"Missing or invalid credentials\"", err)
	}
	if e.Err == nil {
		t.Error("the cause is not kept for the log")
	}
}

func TestTokenRoundTrip(t *testing.T) {
	tk := tokens()
	for _, id := range []int64{1, 42, 1<<53 + 1, math.MaxInt64} { // large ids stay exact
		for _, ver := range []int64{0, 3, math.MaxInt64} {
			s, err := tk.Issue(id, ver)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tk.Verify(s)
			if err != nil || got != (Claims{UserID: id, Version: ver}) {
				t.Fatalf("Verify(Issue(%d, %d)) = %+v, %v", id, ver, got, err)
			}
		}
	}
	if _, err := tk.Issue(1, -1); err == nil {
		t.Error("issued a token at a negative version")
	}
}

// TestTokenWithoutVersionIsVersionZero: tokens issued before token
// versions existed carry only Strapi's claims; they stay valid for users
// still at version 0.
func TestTokenWithoutVersionIsVersionZero(t *testing.T) {
	claims := jwt.MapClaims{"id": 7, "iat": fixedNow.Unix(), "exp": fixedNow.Add(time.Hour).Unix()}
	got, err := tokens().Verify(sign(t, jwt.SigningMethodHS256, []byte(secret), claims))
	if err != nil || got != (Claims{UserID: 7, Version: 0}) {
		t.Fatalf("a token without %q: %+v, %v", VersionClaim, got, err)
	}
}

func TestTokenClaimsAreStrapis(t *testing.T) {
	s, _ := tokens().Issue(42, 5)
	claims := jwt.MapClaims{}
	tok, _, err := jwt.NewParser().ParseUnverified(s, claims)
	if err != nil {
		t.Fatal(err)
	}
	// Strapi's three claims and Kiln's token version, nothing else.
	if tok.Method.Alg() != "HS256" || len(claims) != 4 || claims["id"] != 42.0 || claims[VersionClaim] != 5.0 ||
		claims["iat"] != float64(fixedNow.Unix()) || claims["exp"] != float64(fixedNow.Add(time.Hour).Unix()) {
		t.Fatalf("alg %s, claims %v", tok.Method.Alg(), claims)
	}
}

func TestTokenAgesOut(t *testing.T) {
	now := fixedNow
	tk := NewTokens(secret, time.Hour, func() time.Time { return now })
	s, _ := tk.Issue(7, 0)
	now = now.Add(time.Hour + clockSkew - time.Second)
	if _, err := tk.Verify(s); err != nil {
		t.Fatalf("within the clock skew: %v", err)
	}
	now = now.Add(2 * time.Second)
	_, err := tk.Verify(s)
	wantInvalid(t, err)
}

func TestIssuedAtWithinSkewIsAccepted(t *testing.T) {
	claims := jwt.MapClaims{"id": 7, "iat": fixedNow.Add(10 * time.Second).Unix(), "exp": fixedNow.Add(time.Hour).Unix()}
	if got, err := tokens().Verify(sign(t, jwt.SigningMethodHS256, []byte(secret), claims)); err != nil || got.UserID != 7 {
		t.Fatalf("a token from a clock 10 s ahead: %+v, %v", got, err)
	}
}

// TestTokenAttacks: every forged, altered or stale token is the same 401,
// each attack its own case.
func TestTokenAttacks(t *testing.T) {
	tk := tokens()
	valid := jwt.MapClaims{"id": 7, "iat": fixedNow.Unix(), "exp": fixedNow.Add(time.Hour).Unix()}
	good := sign(t, jwt.SigningMethodHS256, []byte(secret), valid)
	parts := strings.Split(good, ".")
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	with := func(k string, v any) jwt.MapClaims {
		c := jwt.MapClaims{}
		for kk, vv := range valid {
			c[kk] = vv
		}
		if v == nil {
			delete(c, k)
		} else {
			c[k] = v
		}
		return c
	}
	hs256 := func(c jwt.MapClaims) string { return sign(t, jwt.SigningMethodHS256, []byte(secret), c) }
	cases := []struct{ name, token string }{
		{"alg none", enc(`{"alg":"none","typ":"JWT"}`) + "." + parts[1] + "."},
		{"alg none without the last dot", enc(`{"alg":"none","typ":"JWT"}`) + "." + parts[1]},
		{"alg None", enc(`{"alg":"None","typ":"JWT"}`) + "." + parts[1] + "."},
		{"HS512 with the same secret", sign(t, jwt.SigningMethodHS512, []byte(secret), valid)},
		{"HS384 with the same secret", sign(t, jwt.SigningMethodHS384, []byte(secret), valid)},
		{"RS256", sign(t, jwt.SigningMethodRS256, rsaKey, valid)},
		{"HS256 with another secret", sign(t, jwt.SigningMethodHS256, []byte("another-secret-entirely-000000000"), valid)},
		{"HS256 with an empty secret", sign(t, jwt.SigningMethodHS256, []byte{}, valid)},
		{"signature cut off", parts[0] + "." + parts[1] + "."},
		{"expired", hs256(with("exp", fixedNow.Add(-time.Minute).Unix()))},
		{"no exp", hs256(with("exp", nil))},
		{"no iat", hs256(with("iat", nil))},
		{"iat in the future", hs256(with("iat", fixedNow.Add(time.Hour).Unix()))},
		{"not valid before later", hs256(with("nbf", fixedNow.Add(time.Hour).Unix()))},
		{"tampered id", parts[0] + "." + enc(`{"id":1,"iat":1780315200,"exp":1780318800}`) + "." + parts[2]},
		{"id as string", hs256(with("id", "7"))},
		{"id negative", hs256(with("id", -7))},
		{"id zero", hs256(with("id", 0))},
		{"id fractional", hs256(with("id", 7.5))},
		{"id beyond int64", hs256(with("id", 1e19))},
		{"id an object", hs256(with("id", map[string]any{"$gt": 0}))},
		{"id missing", hs256(with("id", nil))},
		{"version as string", hs256(with(VersionClaim, "0"))},
		{"version negative", hs256(with(VersionClaim, -1))},
		{"version fractional", hs256(with(VersionClaim, 0.5))},
		{"version a list", hs256(with(VersionClaim, []any{0}))},
		{"version an object", hs256(with(VersionClaim, map[string]any{"$gt": 0}))},
		{"version beyond int64", hs256(with(VersionClaim, 1e19))},
		{"garbage", "not.a.token"},
		{"two parts", parts[0] + "." + parts[1]},
		{"huge", parts[0] + "." + enc(`{"id":7,"pad":"`+strings.Repeat("x", 8000)+`"}`) + "." + parts[2]},
		{"empty", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tk.Verify(tc.token)
			if got != (Claims{}) {
				t.Errorf("claims %+v returned with an error", got)
			}
			wantInvalid(t, err)
		})
	}
}

// TestEmptySecret: a server without a secret issues nothing and accepts
// nothing, rather than tokens anyone can sign.
func TestEmptySecret(t *testing.T) {
	tk := NewTokens("", time.Hour, nil)
	if _, err := tk.Issue(1, 0); err == nil {
		t.Error("issued a token with an empty secret")
	}
	forged, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"id": 1, "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}).SignedString([]byte{})
	_, err := tk.Verify(forged)
	wantInvalid(t, err)
}

func TestBearerToken(t *testing.T) {
	cases := []struct {
		header, token string
		ok            bool
	}{
		{"Bearer abc.def.ghi", "abc.def.ghi", true},
		{"bearer abc", "abc", true},
		{"BEARER abc", "abc", true},
		{"  Bearer   abc  ", "abc", true},
		{"Bearer", "", false},
		{"Bearer ", "", false},
		{"Bearer a b", "", false},
		{"Bearer a\tb", "", false},
		{"Bearer\tabc", "", false},
		{"Basic dXNlcjpwYXNz", "", false},
		{"Token abc", "", false},
		{"BearerX abc", "", false},
		{"", "", false},
		{"abc", "", false},
	}
	for _, tc := range cases {
		tok, ok := BearerToken(tc.header)
		if tok != tc.token || ok != tc.ok {
			t.Errorf("%q: got %q %v, want %q %v", tc.header, tok, ok, tc.token, tc.ok)
		}
	}
}

func TestNormalizeEmailFoldsASCIIOnly(t *testing.T) {
	cases := map[string]string{
		"Li@Users.TEST":           "li@users.test",
		"li@users.test":           "li@users.test",
		"\u212Aim@users.test":     "\u212Aim@users.test",     // Kelvin sign stays: it is not "k"
		"\u017Fomeone@users.test": "\u017Fomeone@users.test", // long s stays: it is not "s"
		"L\u0130@users.test":      "l\u0130@users.test",      // dotted capital I stays
		"\u00C9LISE@x.test":       "\u00C9lise@x.test",       // É is not ASCII: kept
		"":                        "",
	}
	for in, want := range cases {
		if got := NormalizeEmail(in); got != want {
			t.Errorf("NormalizeEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUsernameProblem(t *testing.T) {
	cases := []struct {
		username, email string
		ok              bool
	}{
		{"kim", "kim@users.test", true},
		{"kim@users.test", "kim@users.test", true},
		{"Kim@Users.test", "kim@users.test", true}, // the user's own address, in another ASCII case
		{"li@users.test", "kim@users.test", false},
		{"\u212Aim@users.test", "kim@users.test", false},
		{"kim@", "kim@users.test", false},
	}
	for _, tc := range cases {
		if got := UsernameProblem(tc.username, tc.email); (got == "") != tc.ok {
			t.Errorf("UsernameProblem(%q, %q) = %q", tc.username, tc.email, got)
		}
	}
}

// TestVerifiedTokenIsRememberedButNotPastItsExpiry: a token verified once
// is answered from memory, with the same claims, until its expiry and the
// clock skew pass, then refused as any expired token; a token differing
// from it by one character is still checked, and refused.
func TestVerifiedTokenIsRememberedButNotPastItsExpiry(t *testing.T) {
	now := fixedNow
	tk := NewTokens(secret, time.Hour, func() time.Time { return now })
	s, _ := tk.Issue(7, 3)
	for range 2 {
		if got, err := tk.Verify(s); err != nil || got != (Claims{UserID: 7, Version: 3}) {
			t.Fatalf("Verify = %+v, %v", got, err)
		}
	}
	if tk.verified.len() != 1 {
		t.Fatalf("%d tokens remembered, want 1", tk.verified.len())
	}
	// The last character of the signature changed: another string, checked.
	last := s[len(s)-1]
	other := byte('A')
	if last == 'A' {
		other = 'B'
	}
	_, err := tk.Verify(s[:len(s)-1] + string(other))
	wantInvalid(t, err)
	now = now.Add(time.Hour + clockSkew - time.Second)
	if _, err := tk.Verify(s); err != nil {
		t.Fatalf("within the clock skew: %v", err)
	}
	now = now.Add(2 * time.Second)
	_, err = tk.Verify(s)
	wantInvalid(t, err)
}

// TestVerifiedTokensAreBounded: past verifiedCap tokens the memory starts
// over, and every token still verifies.
func TestVerifiedTokensAreBounded(t *testing.T) {
	tk := tokens()
	var first string
	for i := range verifiedCap + 10 {
		s, _ := tk.Issue(int64(i+1), 0)
		if i == 0 {
			first = s
		}
		if got, err := tk.Verify(s); err != nil || got.UserID != int64(i+1) {
			t.Fatalf("token %d: %+v, %v", i, got, err)
		}
	}
	if n := tk.verified.len(); n > verifiedCap {
		t.Fatalf("%d tokens remembered, more than %d", n, verifiedCap)
	}
	if got, err := tk.Verify(first); err != nil || got.UserID != 1 {
		t.Fatalf("the first token after the memory started over: %+v, %v", got, err)
	}
}
