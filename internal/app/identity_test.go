package app_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// twoNodes is two full Kiln apps over one PostgreSQL database, each with
// its own listener, both warm (their caches trusted).
func twoNodes(t *testing.T) (a, b *apptest.Harness, raw *sql.DB) {
	t.Helper()
	cfg := apptest.Config(t, database.Postgres)
	cfg.Database.URL = apptest.DatabaseURL(t, cfg) // both nodes on one database
	a = apptest.NewWith(t, cfg)
	nodeB, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nodeB.Close() })
	apptest.WaitIdentity(t, nodeB)
	b = &apptest.Harness{T: t, App: nodeB, AdminToken: a.AdminToken} // same secret, same admin
	// Another client of the database, as psql would be.
	other, err := database.Open(context.Background(), cfg.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	raw = other.SQL()
	for _, h := range []*apptest.Harness{a, b} {
		waitFor(t, "the listener up", time.Second*5, func() bool { return h.App.Security.Principals.Trusted() })
	}
	return a, b, raw
}

func waitFor(t *testing.T, what string, limit time.Duration, ok func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !ok() {
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %v", what, limit)
		}
		time.Sleep(2 * time.Millisecond)
	}
	return time.Since(start)
}

// userID is the id in a token-bearing user's /api/users/me.
func userID(t *testing.T, h *apptest.Harness, token string) int64 {
	t.Helper()
	r := h.Do("GET", "/api/users/me", nil, apptest.As(token)...)
	if r.Status != 200 {
		t.Fatalf("users/me: %d %s", r.Status, r.Body)
	}
	id, err := strconv.ParseInt(string(r.JSON(t)["id"].(json.Number)), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The same change, made on node A by each route that makes it, by SQL
// outside Kiln, or by deleting the user: A refuses the old token (or
// applies the new role) on its very next request, B within a second.
func TestIdentityTwoNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("multi-node identity test")
	}
	a, b, raw := twoNodes(t)
	ctx := context.Background()
	users := a.App.Schema.Type("user")
	table := database.Ident(users.Table)
	var latencies []time.Duration
	status := func(h *apptest.Harness, token string) int {
		return h.Do("GET", "/api/users/me", nil, apptest.As(token)...).Status
	}
	cases := []struct {
		name   string
		change func(t *testing.T, id int64, token string)
		// want is the status of the old token's next request.
		want int
	}{
		{"block through the API on A", func(t *testing.T, id int64, _ string) {
			r := a.Do("PUT", "/api/users/"+strconv.FormatInt(id, 10), map[string]any{"blocked": true})
			if r.Status != 200 {
				t.Fatalf("block: %d %s", r.Status, r.Body)
			}
		}, 401},
		{"password changed by the user on A", func(t *testing.T, _ int64, token string) {
			r := a.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!",
				"password": "N3w-passw0rd", "passwordConfirmation": "N3w-passw0rd"}, apptest.As(token)...)
			if r.Status != 200 {
				t.Fatalf("change-password: %d %s", r.Status, r.Body)
			}
		}, 401},
		{"token version raised by SQL outside Kiln", func(t *testing.T, id int64, _ string) {
			col := database.Ident(users.Attr("tokenVersion").Column)
			if _, err := raw.ExecContext(ctx, "UPDATE "+table+" SET "+col+" = "+col+" + 1 WHERE id = $1", id); err != nil {
				t.Fatal(err)
			}
		}, 401},
		{"user deleted by SQL outside Kiln", func(t *testing.T, id int64, _ string) {
			if _, err := raw.ExecContext(ctx, "DELETE FROM "+table+" WHERE id = $1", id); err != nil {
				t.Fatal(err)
			}
		}, 401},
		{"user deleted through the API on A", func(t *testing.T, id int64, _ string) {
			if r := a.Do("DELETE", "/api/users/"+strconv.FormatInt(id, 10), nil); r.Status != 200 {
				t.Fatalf("delete: %d %s", r.Status, r.Body)
			}
		}, 401},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := strconv.Itoa(i)
			token := a.CreateUser("someone"+n, "someone"+n+"@kiln.test", "authenticated")
			id := userID(t, a, token)
			// Both nodes know the user (warm caches).
			for _, h := range []*apptest.Harness{a, b} {
				if s := status(h, token); s != 200 {
					t.Fatalf("before: %d", s)
				}
			}
			hitsBefore, _ := b.App.Security.Principals.Stats()
			status(b, token)
			if hits, _ := b.App.Security.Principals.Stats(); hits != hitsBefore+1 {
				t.Fatalf("node B did not answer from its cache (hits %d → %d)", hitsBefore, hits)
			}
			c.change(t, id, token)
			if !strings.Contains(c.name, "outside Kiln") {
				if s := status(a, token); s != c.want {
					t.Fatalf("node A, next request: %d, want %d", s, c.want)
				}
			}
			d := waitFor(t, "node B refuses", time.Second, func() bool { return status(b, token) == c.want })
			latencies = append(latencies, d)
			if strings.Contains(c.name, "outside Kiln") {
				waitFor(t, "node A refuses", time.Second, func() bool { return status(a, token) == c.want })
			}
		})
	}
	t.Run("role changed on A", func(t *testing.T) {
		token := a.CreateUser("editorish", "editorish@kiln.test", "authenticated")
		id := userID(t, a, token)
		// The authenticated role may not list users; admin may.
		if s := a.Do("GET", "/api/users", nil, apptest.As(token)...).Status; s != 403 {
			t.Fatalf("before, A: %d, want 403", s)
		}
		if s := b.Do("GET", "/api/users", nil, apptest.As(token)...).Status; s != 403 {
			t.Fatalf("before, B: %d, want 403", s)
		}
		role := json.Number(strconv.FormatInt(a.App.Accounts.RoleIDs["admin"], 10))
		if r := a.Do("PUT", "/api/users/"+strconv.FormatInt(id, 10), map[string]any{"role": role}); r.Status != 200 {
			t.Fatalf("role: %d %s", r.Status, r.Body)
		}
		if s := a.Do("GET", "/api/users", nil, apptest.As(token)...).Status; s != 200 {
			t.Fatalf("after, A: %d, want 200", s)
		}
		latencies = append(latencies, waitFor(t, "node B applies the role", time.Second, func() bool {
			return b.Do("GET", "/api/users", nil, apptest.As(token)...).Status == 200
		}))
	})
	t.Run("role's type changed by SQL", func(t *testing.T) {
		token := a.CreateUser("roleless", "roleless@kiln.test", "authenticated")
		for _, h := range []*apptest.Harness{a, b} {
			if s := h.Do("GET", "/api/users", nil, apptest.As(token)...).Status; s != 403 {
				t.Fatalf("before: %d", s)
			}
		}
		roles := database.Ident(a.App.Schema.Type("role").Table)
		typ := database.Ident(a.App.Schema.Type("role").Attr("type").Column)
		// The authenticated role takes the admin role's type, for the moment.
		swap := func(from, to string) {
			tx, err := raw.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback()
			for _, st := range []string{
				"UPDATE " + roles + " SET " + typ + " = 'parked' WHERE " + typ + " = '" + to + "'",
				"UPDATE " + roles + " SET " + typ + " = '" + to + "' WHERE " + typ + " = '" + from + "'",
				"UPDATE " + roles + " SET " + typ + " = '" + from + "' WHERE " + typ + " = 'parked'",
			} {
				if _, err := tx.ExecContext(ctx, st); err != nil {
					t.Fatal(err)
				}
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		swap("authenticated", "admin")
		defer swap("authenticated", "admin")
		for _, h := range []*apptest.Harness{a, b} {
			latencies = append(latencies, waitFor(t, "the new role", time.Second, func() bool {
				return h.Do("GET", "/api/users", nil, apptest.As(token)...).Status == 200
			}))
		}
	})
	t.Logf("notification latency (change committed → other node refuses): %v", latencies)
}

// The listener's connection killed: the cache is bypassed at once (a
// change by SQL is refused on the next request, no notification needed),
// and used again once the listener is back.
func TestIdentityListenerKilled(t *testing.T) {
	a, _, raw := twoNodes(t)
	ctx := context.Background()
	w := a.App.Identity
	token := a.CreateUser("victim", "victim@kiln.test", "authenticated")
	id := userID(t, a, token)
	a.Do("GET", "/api/users/me", nil, apptest.As(token)...) // warm
	connects := w.Connects()
	var n int
	if err := raw.QueryRowContext(ctx, "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1", w.AppName).Scan(&n); err != nil || n != 1 {
		t.Fatalf("killing the listener: %d killed, %v", n, err)
	}
	d := waitFor(t, "the cache distrusted", time.Second, func() bool { return !a.App.Security.Principals.Trusted() })
	t.Logf("listener loss noticed after %v", d)
	users := a.App.Schema.Type("user")
	col := database.Ident(users.Attr("blocked").Column)
	if _, err := raw.ExecContext(ctx, "UPDATE "+database.Ident(users.Table)+" SET "+col+" = true WHERE id = $1", id); err != nil {
		t.Fatal(err)
	}
	// Probably before the listener is back: read per request.
	if s := a.Do("GET", "/api/users/me", nil, apptest.As(token)...).Status; s != 401 {
		t.Fatalf("blocked while the listener is down: %d, want 401", s)
	}
	waitFor(t, "the listener back", 5*time.Second, func() bool { return w.Connects() > connects && a.App.Security.Principals.Trusted() })
	other := a.CreateUser("after", "after@kiln.test", "authenticated")
	a.Do("GET", "/api/users/me", nil, apptest.As(other)...)
	hits, _ := a.App.Security.Principals.Stats()
	a.Do("GET", "/api/users/me", nil, apptest.As(other)...)
	if h, _ := a.App.Security.Principals.Stats(); h != hits+1 {
		t.Fatalf("the cache is not used after the reconnect (hits %d → %d)", hits, h)
	}
}

// Once warm, an authenticated list runs one statement fewer than with
// its user not in the cache: the user query is gone.
func TestIdentityNoUserQueryWhenWarm(t *testing.T) {
	h := apptest.New(t, database.Postgres)
	cache := h.App.Security.Principals
	waitFor(t, "the listener up", 5*time.Second, cache.Trusted)
	admin := userID(t, h, h.AdminToken)
	count := func() int64 {
		c := h.CountQueries()
		if r := h.Do("GET", "/api/users-permissions/roles", nil); r.Status != 200 {
			t.Fatalf("list: %d %s", r.Status, r.Body)
		}
		return c.N()
	}
	// A probe of the listener may fall in a count: try a few times.
	for try := 0; ; try++ {
		cache.Invalidate(admin)
		cold := count()
		hits, loads := cache.Stats()
		warm := count()
		h2, l2 := cache.Stats()
		if h2 != hits+1 || l2 != loads {
			t.Fatalf("warm list: hits %d → %d, loads %d → %d", hits, h2, loads, l2)
		}
		if cold == warm+1 {
			t.Logf("statements of an authenticated list of roles: %d with the user read, %d warm", cold, warm)
			return
		}
		if try == 3 {
			t.Fatalf("statements: %d cold, %d warm; want one fewer warm", cold, warm)
		}
	}
}

// An API token revoked on node A, or deleted by SQL outside Kiln, is
// refused on A's next request and on B within a second; its use is
// answered from the cache meanwhile.
func TestIdentityAPITokenRevoked(t *testing.T) {
	a, b, raw := twoNodes(t)
	newToken := func(name string) (string, string) {
		r := a.Do("POST", "/api/admin/api-tokens", map[string]any{"name": name, "type": "read-only"})
		if r.Status != 201 {
			t.Fatalf("creating a token: %d %s", r.Status, r.Body)
		}
		data := r.JSON(t)["data"].(map[string]any)
		return string(data["id"].(json.Number)), data["accessKey"].(string)
	}
	status := func(h *apptest.Harness, token string) int {
		return h.Do("GET", "/api/users-permissions/roles", nil, "Authorization", "Bearer "+token).Status
	}
	for _, how := range []string{"revoked on A", "deleted by SQL"} {
		t.Run(how, func(t *testing.T) {
			id, token := newToken(how)
			for _, h := range []*apptest.Harness{a, b} {
				// The token's creation is notified to both nodes, and the
				// notice may land after the first use cached the token,
				// evicting it: a few tries, each a use then a use that must
				// be a hit.
				var hits, h2 int64
				for try := 0; try < 5 && (try == 0 || h2 != hits+1); try++ {
					status(h, token)
					hits, _ = h.App.Security.Principals.Stats()
					if s := status(h, token); s != 403 && s != 200 {
						t.Fatalf("before: %d", s)
					}
					h2, _ = h.App.Security.Principals.Stats()
				}
				if h2 != hits+1 {
					t.Fatalf("the token was not answered from the cache (hits %d → %d)", hits, h2)
				}
			}
			if how == "revoked on A" {
				if r := a.Do("DELETE", "/api/admin/api-tokens/"+id, nil); r.Status != 200 {
					t.Fatalf("revoke: %d %s", r.Status, r.Body)
				}
				if s := status(a, token); s != 401 {
					t.Fatalf("node A, next request: %d, want 401", s)
				}
			} else {
				if _, err := raw.ExecContext(context.Background(), "DELETE FROM "+database.Ident(migrate.APITokenTable)+" WHERE id = $1", id); err != nil {
					t.Fatal(err)
				}
				waitFor(t, "node A refuses", time.Second, func() bool { return status(a, token) == 401 })
			}
			d := waitFor(t, "node B refuses", time.Second, func() bool { return status(b, token) == 401 })
			t.Logf("token %s: node B refuses after %v", how, d)
		})
	}
}
