package auth

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
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

func TestTokenRoundTrip(t *testing.T) {
	tk := tokens()
	s, err := tk.Issue(42)
	if err != nil {
		t.Fatal(err)
	}
	id, err := tk.Verify(s)
	if err != nil || id != 42 {
		t.Fatalf("Verify = %d, %v", id, err)
	}
}

// TestTokenAttacks: every forged, altered or stale token is the same 401.
func TestTokenAttacks(t *testing.T) {
	tk := tokens()
	valid := jwt.MapClaims{"id": 7, "iat": fixedNow.Unix(), "exp": fixedNow.Add(time.Hour).Unix()}
	good := sign(t, jwt.SigningMethodHS256, []byte(secret), valid)
	parts := strings.Split(good, ".")
	enc := base64.RawURLEncoding.EncodeToString
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
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
	cases := map[string]string{
		"alg none":         enc([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + ".",
		"alg none no dot":  enc([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1],
		"HS512 same key":   sign(t, jwt.SigningMethodHS512, []byte(secret), valid),
		"RS256":            sign(t, jwt.SigningMethodRS256, rsaKey, valid),
		"other secret":     sign(t, jwt.SigningMethodHS256, []byte("another-secret-entirely-000000000"), valid),
		"expired":          sign(t, jwt.SigningMethodHS256, []byte(secret), with("exp", fixedNow.Add(-time.Minute).Unix())),
		"no expiry":        sign(t, jwt.SigningMethodHS256, []byte(secret), with("exp", nil)),
		"issued in future": sign(t, jwt.SigningMethodHS256, []byte(secret), with("iat", fixedNow.Add(time.Hour).Unix())),
		"tampered id":      parts[0] + "." + enc([]byte(`{"id":1,"iat":1780315200,"exp":1780318800}`)) + "." + parts[2],
		"id as string":     sign(t, jwt.SigningMethodHS256, []byte(secret), with("id", "7")),
		"negative id":      sign(t, jwt.SigningMethodHS256, []byte(secret), with("id", -7)),
		"fractional id":    sign(t, jwt.SigningMethodHS256, []byte(secret), with("id", 7.5)),
		"no id":            sign(t, jwt.SigningMethodHS256, []byte(secret), with("id", nil)),
		"garbage":          "not.a.token",
		"empty":            "",
	}
	for name, tok := range cases {
		_, err := tk.Verify(tok)
		e, ok := errs.As(err)
		if !ok || e.Kind != errs.KindUnauthorized || e.Message != "Missing or invalid credentials" {
			t.Errorf("%s: got %v, want 401 Missing or invalid credentials", name, err)
		}
	}
}

func TestBearerToken(t *testing.T) {
	cases := []struct {
		header, token string
		ok            bool
	}{
		{"Bearer abc.def.ghi", "abc.def.ghi", true},
		{"bearer abc", "abc", true},
		{"Bearer", "", false},
		{"Bearer ", "", false},
		{"Bearer a b", "", false},
		{"Basic dXNlcjpwYXNz", "", false},
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
