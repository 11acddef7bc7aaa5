package rest_test

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/mail"
)

// eachWith is apptest.Each with a configuration of the test's own.
func eachWith(t *testing.T, edit func(cfg *config.Config), fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			edit(&cfg)
			fn(t, apptest.NewWith(t, cfg))
		})
	}
}

// TestSignInRoutesIgnoreTheToken: the sign-in routes are Strapi's
// auth: false routes. A token on them — any role's, a bad one — changes
// nothing: not the answer, not the rate-limit counter (the address's, never
// a user's larger one). permissions.yaml still switches them off, for
// every caller alike.
func TestSignInRoutesIgnoreTheToken(t *testing.T) {
	t.Parallel()
	eachWith(t, func(cfg *config.Config) { cfg.RateLimit.PerAddress, cfg.RateLimit.PerUser = 1000, 5000 }, func(t *testing.T, h *apptest.Harness) {
		p := withPeople(t, h)
		h.App.Accounts.Registration = true
		callers := map[string][]string{
			"no token": anon, "learner": bearer(p.learner), "coach": bearer(p.coach),
			"authenticated": bearer(p.plain), "admin": nil, "bad token": {"Authorization", "Bearer not.a.token"},
		}
		n := 0
		for who, as := range callers {
			r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": "li@users.test", "password": "Passw0rd!"}, as...)
			if m := r.JSON(t); r.Status != 200 || m["jwt"] == nil || m["user"].(map[string]any)["username"] != "lina" {
				t.Errorf("login as %s: %d %s", who, r.Status, r.Body)
			}
			if got := r.Header.Get("X-RateLimit-Limit"); got != "1000" {
				t.Errorf("login as %s counted under limit %q, want the address's 1000", who, got)
			}
			n++
			user := "new" + string(rune('a'+n))
			r = h.Do("POST", "/api/auth/local/register", map[string]any{"username": user, "email": user + "@x.test", "password": "Passw0rd!"}, as...)
			if r.Status != 200 || r.JSON(t)["user"].(map[string]any)["username"] != user {
				t.Errorf("register as %s: %d %s", who, r.Status, r.Body)
			}
			r = h.Do("POST", "/api/auth/forgot-password", map[string]any{"email": "nobody@users.test"}, as...)
			if r.Status != 200 || string(r.Body) != `{"ok":true}` {
				t.Errorf("forgot-password as %s: %d %s", who, r.Status, r.Body)
			}
			r = h.Do("POST", "/api/auth/reset-password", map[string]any{"code": "nope", "password": "R3set-password", "passwordConfirmation": "R3set-password"}, as...)
			if _, _, msg := errorOf(t, r); r.Status != 400 || msg != "Incorrect code provided" {
				t.Errorf("reset-password as %s: %d %s", who, r.Status, r.Body)
			}
			// Not a sign-in route: a bad token is still a 401 elsewhere.
			if who == "bad token" {
				if r := h.Do("POST", "/api/auth/change-password", map[string]any{}, as...); r.Status != 401 {
					t.Errorf("change-password with a bad token: %d %s", r.Status, r.Body)
				}
			}
		}
		// Without the public grants, nobody signs in: not even the admin,
		// whose role has "*".
		h.App.Accounts.WaitMail()
		src, err := os.ReadFile(filepath.Join(apptest.Root(t), "config", "permissions.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		grants := "      - auth.login\n      - auth.register\n      - auth.forgotPassword\n      - auth.resetPassword\n"
		if !strings.Contains(string(src), grants) {
			t.Fatalf("config/permissions.yaml no longer grants the sign-in actions as this test expects")
		}
		policy, err := auth.ParsePolicy([]byte(strings.Replace(string(src), grants, "", 1)))
		if err != nil {
			t.Fatal(err)
		}
		h.App.Security.Policy = policy
		for who, as := range callers {
			for _, path := range []string{"/api/auth/local", "/api/auth/local/register", "/api/auth/forgot-password", "/api/auth/reset-password"} {
				r := h.Do("POST", path, map[string]any{}, as...)
				if st, name, _ := errorOf(t, r); r.Status != 401 || st != 401 || name != "UnauthorizedError" {
					t.Errorf("%s as %s without the public grant: %d %s", path, who, r.Status, r.Body)
				}
			}
		}
	})
}

// gate is a mailer that holds every message until released, as a slow
// mail server would.
type gate struct {
	got     chan context.Context
	release chan struct{}
	sent    []mail.Message // read after Accounts.WaitMail
}

func (g *gate) Send(ctx context.Context, m mail.Message) error {
	g.got <- ctx
	<-g.release
	g.sent = append(g.sent, m)
	return nil
}

// TestForgotPasswordAnswersBeforeMailing: a known address gets its answer
// while the mail server still holds the mail, so it costs the caller what
// an unknown or blocked one does; the mail is then sent with a deadline of
// its own.
func TestForgotPasswordAnswersBeforeMailing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		withPeople(t, h)
		h.Do("PUT", "/api/users/4", map[string]any{"blocked": true})
		g := &gate{got: make(chan context.Context, 1), release: make(chan struct{})}
		h.App.Accounts.Mailer = g
		defer h.App.Accounts.WaitMail()
		released := false
		release := func() {
			if !released {
				close(g.release)
				released = true
			}
		}
		defer release()
		answered := make(chan string, 1)
		go func() {
			req := httptest.NewRequest("POST", "/api/auth/forgot-password", strings.NewReader(`{"email":"li@users.test"}`))
			req.Header.Set("Content-Type", "application/json")
			resp, err := h.App.Fiber.Test(req, -1)
			if err != nil {
				answered <- err.Error()
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			answered <- string(b)
		}()
		select {
		case body := <-answered:
			if body != `{"ok":true}` {
				t.Errorf("forgot-password for a known address: %s", body)
			}
		case <-time.After(10 * time.Second):
			release()
			t.Fatal("forgot-password waited for the mail server before answering")
		}
		for _, email := range []string{"nobody@users.test", "someone@users.test"} { // unknown, blocked
			if r := h.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email}, anon...); r.Status != 200 || string(r.Body) != `{"ok":true}` {
				t.Errorf("forgot %s: %d %s", email, r.Status, r.Body)
			}
		}
		select {
		case ctx := <-g.got:
			if _, ok := ctx.Deadline(); !ok || ctx.Err() != nil {
				t.Errorf("the mail is sent without a live deadline of its own (err %v)", ctx.Err())
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the reset mail was never sent")
		}
		release()
		h.App.Accounts.WaitMail()
		if len(g.sent) != 1 || g.sent[0].To != "li@users.test" || !strings.Contains(g.sent[0].Text, "?code=") {
			t.Errorf("mails: %+v", g.sent)
		}
	})
}
