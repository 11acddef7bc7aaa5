package rest_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestUnauthorizedSaysWhy: the 401s that are not about a token say so in
// their details, keeping Strapi's status, name and message. A sign-in
// route the public role lacks is closed to every caller, token or not; a
// route about the caller's own user (here granted to the public by
// mistake) needs a user. A bad token's 401 has no details: it is the
// token. Routes the policy refuses the public are checked over the whole
// route table in internal/auth (TestRefusalWithoutATokenNamesTheAction).
func TestUnauthorizedSaysWhy(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.Paths.Config = t.TempDir()
			policy := "roles:\n" +
				"  public: {actions: [users.me, auth.login]}\n" +
				"  authenticated: {actions: [users.me]}\n" +
				"  admin: {actions: [\"*\"]}\n"
			if err := os.WriteFile(filepath.Join(cfg.Paths.Config, "permissions.yaml"), []byte(policy), 0o600); err != nil {
				t.Fatal(err)
			}
			h := apptest.NewWith(t, cfg)
			h.App.Accounts.Registration = true
			closed := map[string]any{"action": "auth.register",
				"reason": "closed: the public role lacks auth.register, which this route needs whoever calls; grant it to public in config/permissions.yaml"}
			needsUser := map[string]any{"action": "users.me",
				"reason": "needs a user: send a signed-in user's token (an API token has no user)"}
			register := map[string]any{"username": "newcomer", "email": "new@kiln.test", "password": "Passw0rd!"}
			for _, tc := range []struct {
				what, method, path string
				body               any
				auth               string
				details            map[string]any
			}{
				{"register without a token", "POST", "/api/auth/local/register", register, apptest.Anonymous, closed},
				{"register as the admin", "POST", "/api/auth/local/register", register, "Bearer " + h.AdminToken, closed},
				{"users/me without a token", "GET", "/api/users/me", nil, apptest.Anonymous, needsUser},
				{"users/me with a bad token", "GET", "/api/users/me", nil, "Bearer not.a.token", map[string]any{}},
			} {
				r := h.Do(tc.method, tc.path, tc.body, "Authorization", tc.auth)
				status, name, msg, details := h.ErrorOf(r)
				if status != 401 || name != "UnauthorizedError" || msg != "Missing or invalid credentials" || !reflect.DeepEqual(details, tc.details) {
					t.Errorf("%s: %d %s %q %v, want 401 UnauthorizedError with %v", tc.what, status, name, msg, details, tc.details)
				}
			}
		})
	}
}
