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
		s, err := tk.Issue(id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tk.Verify(s)
		if err != nil || got != id {
			t.Fatalf("Verify(Issue(%d)) = %d, %v", id, got, err)
		}
	}
}

func TestTokenClaimsAreStrapis(t *testing.T) {
	s, _ := tokens().Issue(42)
	claims := jwt.MapClaims{}
	tok, _, err := jwt.NewParser().ParseUnverified(s, claims)
	if err != nil {
		t.Fatal(err)
	}
	if tok.Method.Alg() != "HS256" || len(claims) != 3 || claims["id"] != 42.0 ||
		claims["iat"] != float64(fixedNow.Unix()) || claims["exp"] != float64(fixedNow.Add(time.Hour).Unix()) {
		t.Fatalf("alg %s, claims %v", tok.Method.Alg(), claims)
	}
}

func TestTokenAgesOut(t *testing.T) {
	now := fixedNow
	tk := NewTokens(secret, time.Hour, func() time.Time { return now })
	s, _ := tk.Issue(7)
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
	if id, err := tokens().Verify(sign(t, jwt.SigningMethodHS256, []byte(secret), claims)); err != nil || id != 7 {
		t.Fatalf("a token from a clock 10 s ahead: %d, %v", id, err)
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
		{"garbage", "not.a.token"},
		{"two parts", parts[0] + "." + parts[1]},
		{"huge", parts[0] + "." + enc(`{"id":7,"pad":"`+strings.Repeat("x", 8000)+`"}`) + "." + parts[2]},
		{"empty", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			id, err := tk.Verify(tc.token)
			if id != 0 {
				t.Errorf("id %d returned with an error", id)
			}
			wantInvalid(t, err)
		})
	}
}

// TestEmptySecret: a server without a secret issues nothing and accepts
// nothing, rather than tokens anyone can sign.
func TestEmptySecret(t *testing.T) {
	tk := NewTokens("", time.Hour, nil)
	if _, err := tk.Issue(1); err == nil {
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
