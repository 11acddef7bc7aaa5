package rest_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/mail"
)

// The account tests: where reset codes go, which identifier matches which
// account, which tokens survive which change, and the password rules of
// every route that sets one. docs/accounts.md states the rules.

func signIn(h *apptest.Harness, identifier, password string) *apptest.Response {
	h.T.Helper()
	return h.Do("POST", "/api/auth/local", map[string]any{"identifier": identifier, "password": password}, anon...)
}

// jwtOf is the token of a session answer; the test fails without one.
func jwtOf(t *testing.T, r *apptest.Response) string {
	t.Helper()
	tok, _ := r.JSON(t)["jwt"].(string)
	if r.Status != 200 || tok == "" {
		t.Fatalf("no session: %d %s", r.Status, r.Body)
	}
	return tok
}

// failing is the field paths a 400 ValidationError lists; the test fails
// when the answer is anything else.
func failing(t *testing.T, r *apptest.Response) []string {
	t.Helper()
	st, name, _ := errorOf(t, r)
	if r.Status != 400 || st != 400 || name != "ValidationError" {
		t.Fatalf("want a 400 ValidationError, got %d %s", r.Status, r.Body)
	}
	var out []string
	details, _ := r.JSON(t)["error"].(map[string]any)["details"].(map[string]any)
	list, _ := details["errors"].([]any)
	for _, e := range list {
		path, _ := e.(map[string]any)["path"].([]any)
		var p []string
		for _, s := range path {
			p = append(p, s.(string))
		}
		out = append(out, strings.Join(p, "."))
	}
	return out
}

// mailsAfter captures the reset mails fn's requests cause.
func mailsAfter(h *apptest.Harness, fn func()) []mail.Message {
	h.T.Helper()
	c := &capture{}
	h.App.Accounts.Mailer = c
	fn()
	h.App.Accounts.WaitMail()
	return c.sent
}

func forgot(h *apptest.Harness, email string) {
	h.T.Helper()
	if r := h.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email}, anon...); r.Status != 200 || string(r.Body) != `{"ok":true}` {
		h.T.Fatalf("forgot-password %q: %d %s", email, r.Status, r.Body)
	}
}

// resetCode asks for a reset of email and returns the mailed code; the
// test fails unless exactly one mail went to the stored address want.
func resetCode(t *testing.T, h *apptest.Harness, email, want string) string {
	t.Helper()
	sent := mailsAfter(h, func() { forgot(h, email) })
	if len(sent) != 1 || sent[0].To != want {
		t.Fatalf("forgot-password %q: mails %+v, want one to %s", email, sent, want)
	}
	return codeIn(t, sent[0])
}

func codeIn(t *testing.T, m mail.Message) string {
	t.Helper()
	i := strings.Index(m.Text, "http")
	if i < 0 {
		t.Fatalf("no link in the mail: %q", m.Text)
	}
	u, err := url.Parse(strings.Fields(m.Text[i:])[0])
	if err != nil || u.Query().Get("code") == "" {
		t.Fatalf("no code in the link: %q", m.Text)
	}
	return u.Query().Get("code")
}

func resetWith(h *apptest.Harness, code, password string) *apptest.Response {
	h.T.Helper()
	return h.Do("POST", "/api/auth/reset-password", map[string]any{"code": code, "password": password, "passwordConfirmation": password}, anon...)
}

// newUser creates a user through the admin route and returns its id.
func newUser(t *testing.T, h *apptest.Harness, username, email string) int64 {
	t.Helper()
	r := h.Do("POST", "/api/users", map[string]any{"username": username, "email": email, "password": "Passw0rd!", "confirmed": true})
	if r.Status != 201 {
		t.Fatalf("creating %s: %d %s", username, r.Status, r.Body)
	}
	return h.IDOf(r.JSON(t))
}

// TestResetMailGoesOnlyToTheStoredAddress: forgot-password mails the code
// to the address stored on the account, and matches the typed address
// only in ASCII normal form. Unicode look-alikes of the victim's address
// (the Kelvin sign, dotless and dotted i, long s), which Unicode case
// folding would map onto it, match nothing; neither does a username.
func TestResetMailGoesOnlyToTheStoredAddress(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		newUser(t, h, "kim", "kim@users.test")
		cases := []struct{ typed, want string }{
			{"kim@users.test", "kim@users.test"},
			{"KIM@USERS.TEST", "kim@users.test"}, // the stored address, not the typed one
			{"Kim@Users.Test", "kim@users.test"},
			{"\u212Aim@users.test", ""},  // KELVIN SIGN, lower-cases to "k" in Unicode
			{"\u212AIM@USERS.TEST", ""},  // the same, upper case
			{"k\u0131m@users.test", ""},  // LATIN SMALL LETTER DOTLESS I, upper-cases to "I"
			{"K\u0130M@USERS.TEST", ""},  // LATIN CAPITAL LETTER I WITH DOT ABOVE
			{"kim@u\u017Fers.test", ""},  // LATIN SMALL LETTER LONG S, folds to "s"
			{"kim@users.test\u200b", ""}, // a zero-width space after it
			{"\uff4bim@users.test", ""},  // FULLWIDTH LATIN SMALL LETTER K
			{"kim", ""},                  // a username is no e-mail address
			{"admin", ""},
		}
		for _, tc := range cases {
			sent := mailsAfter(h, func() { forgot(h, tc.typed) })
			var to []string
			for _, m := range sent {
				to = append(to, m.To)
			}
			want := []string{}
			if tc.want != "" {
				want = []string{tc.want}
			}
			if len(to) != len(want) || (len(want) == 1 && to[0] != want[0]) {
				t.Errorf("forgot-password %+q mailed %q, want %q", tc.typed, to, want)
			}
		}
		// Sign-in matches the same way: the typed address in ASCII normal
		// form, exactly.
		for typed, want := range map[string]int{
			"kim@users.test": 200, "KIM@users.TEST": 200, "kim": 200,
			"\u212Aim@users.test": 400, "K\u0130M@USERS.TEST": 400, "Kim": 400,
		} {
			if r := signIn(h, typed, "Passw0rd!"); r.Status != want {
				t.Errorf("sign-in as %+q: %d %s, want %d", typed, r.Status, r.Body, want)
			}
		}
	})
}

// TestLookAlikeAccountsStayApart: an account registered with a look-alike
// of another's address is an account of its own; each gets its own mail,
// and the look-alike never reaches the original.
func TestLookAlikeAccountsStayApart(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.App.Accounts.Registration = true
		newUser(t, h, "kim", "kim@users.test")
		r := h.Do("POST", "/api/auth/local/register", map[string]any{"username": "mallory", "email": "\u212AIM@users.test", "password": "Passw0rd!"}, anon...)
		if r.Status != 200 {
			t.Fatalf("registering the look-alike: %d %s", r.Status, r.Body)
		}
		if got := r.JSON(t)["user"].(map[string]any)["email"]; got != "\u212Aim@users.test" {
			t.Errorf("the look-alike is stored as %q: only ASCII letters are lower-cased", got)
		}
		resetCode(t, h, "\u212Aim@users.test", "\u212Aim@users.test")
		resetCode(t, h, "kim@users.test", "kim@users.test")
		// A second account differing from kim's only in ASCII case is the
		// same address: refused as taken.
		r = h.Do("POST", "/api/auth/local/register", map[string]any{"username": "kim2", "email": "KIM@users.test", "password": "Passw0rd!"}, anon...)
		if _, _, msg := errorOf(t, r); r.Status != 400 || msg != "Email or Username are already taken" {
			t.Errorf("registering kim's address in upper case: %d %s", r.Status, r.Body)
		}
	})
}

// TestUsernameIsNeverAnotherAddress: a username may be an e-mail address
// only when it is the user's own, on every route that writes one; and an
// identifier with "@" never matches a username, so a legacy row whose
// username is someone's address gets neither their sign-in nor their mail.
func TestUsernameIsNeverAnotherAddress(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.App.Accounts.Registration = true
		newUser(t, h, "kim", "kim@users.test")
		for name, r := range map[string]*apptest.Response{
			"register":     h.Do("POST", "/api/auth/local/register", map[string]any{"username": "kim@users.test", "email": "eve@users.test", "password": "Passw0rd!"}, anon...),
			"admin create": h.Do("POST", "/api/users", map[string]any{"username": "KIM@users.test", "email": "eve@users.test", "password": "Passw0rd!"}),
			"admin update": h.Do("PUT", "/api/users/1", map[string]any{"username": "nobody@users.test"}),
		} {
			if got := failing(t, r); !slices.Equal(got, []string{"username"}) {
				t.Errorf("%s: failing fields %v, want [username]", name, got)
			}
		}
		// One's own address is a fine username, in any ASCII case...
		own := newUser(t, h, "Own@Users.test", "own@users.test")
		// ...until the address changes and the name would be another's.
		r := h.Do("PUT", "/api/users/"+itoa(own), map[string]any{"email": "new@users.test"})
		if got := failing(t, r); !slices.Equal(got, []string{"username"}) {
			t.Errorf("changing the address under an address-shaped username: %v", got)
		}
		if r := h.Do("PUT", "/api/users/"+itoa(own), map[string]any{"email": "new@users.test", "username": "new@users.test"}); r.Status != 200 {
			t.Errorf("changing both: %d %s", r.Status, r.Body)
		}
		// A row written before the rule: eve's username is zed's address.
		eve := newUser(t, h, "eve", "eve@users.test")
		newUser(t, h, "zed", "zed@users.test")
		if _, err := h.App.DB.ExecContext(context.Background(), "UPDATE users SET username = ? WHERE id = ?", "zed@users.test", eve); err != nil {
			t.Fatal(err)
		}
		if r := signIn(h, "zed@users.test", "Passw0rd!"); r.Status != 200 || r.JSON(t)["user"].(map[string]any)["username"] != "zed" {
			t.Errorf("zed's address signs in as: %d %s", r.Status, r.Body)
		}
		if _, err := h.App.DB.ExecContext(context.Background(), "DELETE FROM users WHERE username = ?", "zed"); err != nil {
			t.Fatal(err)
		}
		if r := signIn(h, "zed@users.test", "Passw0rd!"); r.Status != 400 {
			t.Errorf("an address that is only eve's username signs in: %d %s", r.Status, r.Body)
		}
		if sent := mailsAfter(h, func() { forgot(h, "zed@users.test") }); len(sent) != 0 {
			t.Errorf("an address that is only eve's username got mail: %+v", sent)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestOldTokensDie: changing or resetting the password, an admin's new
// password, and a block each end every token issued before; an unblock
// does not bring them back, a write that sets neither leaves them alone,
// and the token each password route answers works.
func TestOldTokensDie(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id := newUser(t, h, "kim", "kim@users.test")
		path := "/api/users/" + itoa(id)
		me := func(token string) int {
			return h.Do("GET", "/api/users/me", nil, bearer(token)...).Status
		}
		t0 := jwtOf(t, signIn(h, "kim", "Passw0rd!"))
		other := jwtOf(t, signIn(h, "kim@users.test", "Passw0rd!")) // a second device

		// A write that sets no password and no block keeps the tokens.
		if r := h.Do("PUT", path, map[string]any{"username": "kimberly"}); r.Status != 200 || me(t0) != 200 {
			t.Fatalf("renaming: %d %s; token %d", r.Status, r.Body, me(t0))
		}
		// Change password: every earlier token dies, the answered one works.
		r := h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!", "password": "Changed-1", "passwordConfirmation": "Changed-1"}, bearer(t0)...)
		t1 := jwtOf(t, r)
		if me(t0) != 401 || me(other) != 401 || me(t1) != 200 {
			t.Errorf("after change-password: old %d, other device %d, new %d", me(t0), me(other), me(t1))
		}
		// Reset password.
		code := resetCode(t, h, "kim@users.test", "kim@users.test")
		t2 := jwtOf(t, resetWith(h, code, "Reset-pw-2"))
		if me(t1) != 401 || me(t2) != 200 {
			t.Errorf("after reset-password: old %d, new %d", me(t1), me(t2))
		}
		// An admin's new password.
		if r := h.Do("PUT", path, map[string]any{"password": "Admin-set-3"}); r.Status != 200 {
			t.Fatalf("admin password: %d %s", r.Status, r.Body)
		}
		if me(t2) != 401 {
			t.Errorf("after the admin set a password: old token %d", me(t2))
		}
		t3 := jwtOf(t, signIn(h, "kimberly", "Admin-set-3"))
		// Block, then unblock: the old token stays dead.
		h.Do("PUT", path, map[string]any{"blocked": true})
		if me(t3) != 401 {
			t.Errorf("blocked: token %d", me(t3))
		}
		h.Do("PUT", path, map[string]any{"blocked": false})
		if me(t3) != 401 {
			t.Errorf("unblocked: the token from before the block works again (%d)", me(t3))
		}
		t4 := jwtOf(t, signIn(h, "kimberly", "Admin-set-3"))
		if me(t4) != 200 {
			t.Errorf("a token after the unblock: %d", me(t4))
		}
		// The token version is the core's: no admin body sets it.
		for _, k := range []string{"tokenVersion", "resetPasswordExpiresAt", "resetPasswordToken"} {
			if r := h.Do("PUT", path, map[string]any{k: nil}); r.Status != 400 {
				t.Errorf("PUT with %s: %d %s", k, r.Status, r.Body)
			}
		}
	})
}

// TestTokensWithoutVersionAreVersionZero: a token issued before token
// versions existed (Strapi's claims only) works until the user's first
// password change or block, and then dies like any other.
func TestTokensWithoutVersionAreVersionZero(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id := newUser(t, h, "kim", "kim@users.test")
		now := time.Now()
		legacy, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"id": id, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}).
			SignedString([]byte(h.App.Config.Auth.JWTSecret))
		if err != nil {
			t.Fatal(err)
		}
		if r := h.Do("GET", "/api/users/me", nil, bearer(legacy)...); r.Status != 200 {
			t.Fatalf("a token without a version: %d %s", r.Status, r.Body)
		}
		h.Do("PUT", "/api/users/"+itoa(id), map[string]any{"password": "Another-1"})
		if r := h.Do("GET", "/api/users/me", nil, bearer(legacy)...); r.Status != 401 {
			t.Errorf("a token without a version after a password change: %d %s", r.Status, r.Body)
		}
	})
}

// TestEveryPasswordRouteHasTheSameRules: the user type's rules (at least
// 6 characters, at most 72 bytes) on every route that sets a password,
// answered as a 400 naming password, with nothing changed.
func TestEveryPasswordRouteHasTheSameRules(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.App.Accounts.Registration = true
		id := newUser(t, h, "kim", "kim@users.test")
		token := jwtOf(t, signIn(h, "kim", "Passw0rd!"))
		for _, bad := range []string{"12345", "  ", strings.Repeat("x", 73)} {
			code := resetCode(t, h, "kim@users.test", "kim@users.test")
			routes := map[string]*apptest.Response{
				"register":        h.Do("POST", "/api/auth/local/register", map[string]any{"username": "newbie", "email": "newbie@users.test", "password": bad}, anon...),
				"change-password": h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!", "password": bad, "passwordConfirmation": bad}, bearer(token)...),
				"reset-password":  resetWith(h, code, bad),
				"admin create":    h.Do("POST", "/api/users", map[string]any{"username": "newbie", "email": "newbie@users.test", "password": bad}),
				"admin update":    h.Do("PUT", "/api/users/"+itoa(id), map[string]any{"password": bad}),
			}
			for route, r := range routes {
				if got := failing(t, r); !slices.Equal(got, []string{"password"}) {
					t.Errorf("%s with %d characters: failing fields %v, want [password]", route, len(bad), got)
				}
			}
			// Nothing changed: the old password and token work, no user was
			// made, and the code still works once.
			if r := signIn(h, "kim", "Passw0rd!"); r.Status != 200 {
				t.Errorf("after the refused writes, the old password: %d", r.Status)
			}
			if r := h.Do("GET", "/api/users/me", nil, bearer(token)...); r.Status != 200 {
				t.Errorf("after the refused writes, the old token: %d", r.Status)
			}
			if r := signIn(h, "newbie", bad); r.Status != 400 {
				t.Errorf("a refused user was created: %d", r.Status)
			}
			token = jwtOf(t, resetWith(h, code, "Passw0rd!"))
		}
		// Confirmation, on the routes that take one.
		r := h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!", "password": "Long-enough-1", "passwordConfirmation": "Long-enough-2"}, bearer(token)...)
		if st, name, msg := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" || msg != "Passwords do not match" {
			t.Errorf("change-password, unconfirmed: %d %s", r.Status, r.Body)
		}
		code := resetCode(t, h, "kim@users.test", "kim@users.test")
		r = h.Do("POST", "/api/auth/reset-password", map[string]any{"code": code, "password": "Long-enough-1", "passwordConfirmation": "Long-enough-2"}, anon...)
		if st, name, msg := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" || msg != "Passwords do not match" {
			t.Errorf("reset-password, unconfirmed: %d %s", r.Status, r.Body)
		}
		// Six characters is enough everywhere.
		if r := resetWith(h, code, "123456"); r.Status != 200 {
			t.Errorf("reset to six characters: %d %s", r.Status, r.Body)
		}
	})
}

// TestResetCodes: a code is stored hashed with an expiry; it works until
// then and once; a blocked user cannot use one nor get one; a password
// change drops a pending code.
func TestResetCodes(t *testing.T) {
	t.Parallel()
	eachWith(t, func(cfg *config.Config) { cfg.Auth.ResetCodeLifetime = 20 * time.Minute }, func(t *testing.T, h *apptest.Harness) {
		id := newUser(t, h, "kim", "kim@users.test")
		path := "/api/users/" + itoa(id)
		clock := time.Now()
		h.App.Accounts.Reset.Now = func() time.Time { return clock }

		// Stored hashed, with the configured lifetime.
		code := resetCode(t, h, "kim@users.test", "kim@users.test")
		var stored string
		var expires any
		row := h.App.DB.QueryRowContext(context.Background(), "SELECT reset_password_token, reset_password_expires_at FROM users WHERE id = ?", id)
		if err := row.Scan(&stored, &expires); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(code))
		if stored == code || stored != hex.EncodeToString(sum[:]) {
			t.Errorf("the stored code is %q, want the SHA-256 of the mailed one", stored)
		}
		if expires == nil {
			t.Error("no expiry stored")
		}
		// Just before the lifetime ends it works, once.
		clock = clock.Add(20*time.Minute - time.Second)
		if r := resetWith(h, code, "Reset-pw-1"); r.Status != 200 {
			t.Errorf("a code 1 s before it expires: %d %s", r.Status, r.Body)
		}
		if r := resetWith(h, code, "Reset-pw-1"); r.Status != 400 {
			t.Errorf("a used code: %d %s", r.Status, r.Body)
		}
		// At the lifetime's end it is refused.
		code = resetCode(t, h, "kim@users.test", "kim@users.test")
		clock = clock.Add(20 * time.Minute)
		r := resetWith(h, code, "Reset-pw-2")
		if _, _, msg := errorOf(t, r); r.Status != 400 || msg != "Incorrect code provided" {
			t.Errorf("an expired code: %d %s", r.Status, r.Body)
		}
		if signIn(h, "kim", "Reset-pw-1").Status != 200 {
			t.Error("the expired code changed the password")
		}
		// A code stored before codes had an expiry does not work.
		code = resetCode(t, h, "kim@users.test", "kim@users.test")
		if _, err := h.App.DB.ExecContext(context.Background(), "UPDATE users SET reset_password_expires_at = NULL WHERE id = ?", id); err != nil {
			t.Fatal(err)
		}
		if r := resetWith(h, code, "Reset-pw-2"); r.Status != 400 {
			t.Errorf("a code without an expiry: %d %s", r.Status, r.Body)
		}
		// Blocked: a code mailed before the block is refused, and no new
		// one is sent. Unblocked, mail flows again.
		code = resetCode(t, h, "kim@users.test", "kim@users.test")
		h.Do("PUT", path, map[string]any{"blocked": true})
		r = resetWith(h, code, "Reset-pw-3")
		if st, name, msg := errorOf(t, r); r.Status != 400 || st != 400 || name != "ApplicationError" || msg != "Your account has been blocked by an administrator" {
			t.Errorf("reset of a blocked user: %d %s", r.Status, r.Body)
		}
		if sent := mailsAfter(h, func() { forgot(h, "kim@users.test") }); len(sent) != 0 {
			t.Errorf("a blocked user got a reset mail: %+v", sent)
		}
		h.Do("PUT", path, map[string]any{"blocked": false})
		if signIn(h, "kim", "Reset-pw-1").Status != 200 {
			t.Error("the refused reset changed the password")
		}
		// A password change drops the pending code.
		code = resetCode(t, h, "kim@users.test", "kim@users.test")
		h.Do("PUT", path, map[string]any{"password": "Admin-set-4"})
		if r := resetWith(h, code, "Reset-pw-5"); r.Status != 400 {
			t.Errorf("a code from before a password change: %d %s", r.Status, r.Body)
		}
	})
}

// TestLegacyUpperCaseEmailsStillSignIn: addresses stored before e-mails
// were normalised (upper-case letters) are put in normal form when the
// app starts, so their owners sign in and get their mail; one that would
// become another user's address is left alone, and logged.
func TestLegacyUpperCaseEmailsStillSignIn(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		oldID := newUser(t, h, "old", "old@users.test")
		dupID := newUser(t, h, "dup", "dup2@users.test")
		newUser(t, h, "dup1", "dup@users.test")
		ctx := context.Background()
		for id, email := range map[int64]string{oldID: "Old@Users.TEST", dupID: "DUP@users.test"} {
			if _, err := h.App.DB.ExecContext(ctx, "UPDATE users SET email = ? WHERE id = ?", email, id); err != nil {
				t.Fatal(err)
			}
		}
		if r := signIn(h, "Old@Users.TEST", "Passw0rd!"); r.Status != 400 {
			t.Fatalf("the premise: a stored upper-case address is not matched as stored (%d)", r.Status)
		}
		// The next start puts them in normal form.
		var logged bytes.Buffer
		restarted, err := app.New(ctx, h.App.Config, slog.New(slog.NewTextHandler(&logged, nil)))
		if err != nil {
			t.Fatal(err)
		}
		restarted.Close()
		if !strings.Contains(logged.String(), "users="+"["+itoa(dupID)+"]") {
			t.Errorf("the clash is not logged with its user:\n%s", logged.String())
		}
		for id, want := range map[int64]string{oldID: "old@users.test", dupID: "DUP@users.test"} {
			var got string
			if err := h.App.DB.QueryRowContext(ctx, "SELECT email FROM users WHERE id = ?", id).Scan(&got); err != nil || got != want {
				t.Errorf("user %d's e-mail: %q, %v; want %q", id, got, err, want)
			}
		}
		for _, typed := range []string{"old@users.test", "OLD@USERS.TEST", "Old@Users.TEST"} {
			if r := signIn(h, typed, "Passw0rd!"); r.Status != 200 {
				t.Errorf("sign-in as %s: %d %s", typed, r.Status, r.Body)
			}
		}
		resetCode(t, h, "Old@Users.Test", "old@users.test")
		// The clashing address reaches the account that holds it in normal
		// form, never the one left behind.
		resetCode(t, h, "DUP@users.test", "dup@users.test")
	})
}
