package auth_test

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/hello"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

var routeParam = regexp.MustCompile(`:[A-Za-z0-9_]+`)

// signInRoutes read no token (Strapi's auth: false routes): whatever token
// a caller sends, good or bad, they are the public role there.
var signInRoutes = map[string]bool{
	"/api/auth/local": true, "/api/auth/local/register": true,
	"/api/auth/forgot-password": true, "/api/auth/reset-password": true,
}

// TestEveryRouteByRole sends every route of the route table — generated,
// core and plugin, under /api, /api/v1 and /api/v2 — with no token, with a
// bad token, and as each role of config/permissions.yaml. The permission
// check answers before anything else: a bad token is 401 everywhere; a
// role without the route's action is 401 without a token and 403 with
// one; a role with it gets past the check (whatever the handler then says
// of the empty body and the unknown id). On the sign-in routes every
// caller is the public role: past the check if it has the action, 401 if
// not.
func TestEveryRouteByRole(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New(), &hello.Plugin{})
	// With registration closed, its route answers "disabled" to everyone;
	// open, it is checked like any other.
	h.App.Accounts.Registration = true
	policy := h.App.Security.Policy
	tokens := map[string][]string{auth.Public: {"Authorization", apptest.Anonymous}}
	for _, r := range policy.Roles() {
		if r.Type != auth.Public {
			tok := h.CreateUser("as-"+r.Type, r.Type+"@roles.test", r.Type)
			tokens[r.Type] = []string{"Authorization", "Bearer " + tok}
		}
	}
	bad := []string{"Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl"}
	n := 0
	for _, row := range h.App.RouteTable() {
		if !strings.HasPrefix(row.Path, "/api/") {
			continue // /_health and /_ready are open to all
		}
		path := routeParam.ReplaceAllString(row.Path, "999999")
		paths := []string{path}
		if row.Source != "core" {
			rest := strings.TrimPrefix(path, "/api")
			paths = append(paths, "/api/v1"+rest, "/api/v2"+rest)
		}
		var body any
		if row.Method == "POST" || row.Method == "PUT" {
			body = map[string]any{}
		}
		for _, p := range paths {
			n++
			if signInRoutes[row.Path] {
				if r := h.Do(row.Method, p, body, bad...); (r.Status == 401) == policy.Allowed(auth.Public, row.Action) || r.Status == 403 {
					t.Errorf("%s %s with a bad token (the public role, action %s): %d %s", row.Method, p, row.Action, r.Status, r.Body)
				}
			} else if r := h.Do(row.Method, p, body, bad...); r.Status != 401 || !strings.Contains(string(r.Body), "UnauthorizedError") {
				t.Errorf("%s %s with a bad token: %d %s", row.Method, p, r.Status, r.Body)
			}
			for _, role := range policy.Roles() {
				r := h.Do(row.Method, p, body, tokens[role.Type]...)
				allowed := slices.Contains(row.Roles, role.Type)
				if allowed != policy.Allowed(role.Type, row.Action) {
					t.Fatalf("%s %s: the route table's roles %v disagree with the policy for %s", row.Method, row.Path, row.Roles, role.Type)
				}
				if signInRoutes[row.Path] {
					if public := policy.Allowed(auth.Public, row.Action); (r.Status == 401) == public || r.Status == 403 {
						t.Errorf("%s %s as %s (the public role there, action %s granted to it: %v): %d %s", row.Method, p, role.Type, row.Action, public, r.Status, r.Body)
					}
					continue
				}
				switch want := map[bool]int{true: 401, false: 403}[role.Type == auth.Public]; {
				case allowed && (r.Status == 401 || r.Status == 403):
					t.Errorf("%s %s as %s (action %s granted): %d %s", row.Method, p, role.Type, row.Action, r.Status, r.Body)
				case !allowed && r.Status != want:
					t.Errorf("%s %s as %s (action %s not granted): %d, want %d: %s", row.Method, p, role.Type, row.Action, r.Status, want, r.Body)
				}
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d routes checked: the route table lost routes?", n)
	}
}

// TestTokensOfBlockedAndDeletedUsers: a token outlives neither its user
// nor their unblocked state, on either database (where the user is looked
// up on every request), and a block ends it for good.
func TestTokensOfBlockedAndDeletedUsers(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		blocked := h.CreateUser("blocked", "blocked@roles.test", auth.Authenticated) // user 2
		deleted := h.CreateUser("deleted", "deleted@roles.test", auth.Authenticated) // user 3
		for _, tok := range []string{blocked, deleted} {
			if r := h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+tok); r.Status != 200 {
				t.Fatalf("before: %d %s", r.Status, r.Body)
			}
		}
		if r := h.Do("PUT", "/api/users/2", map[string]any{"blocked": true}); r.Status != 200 {
			t.Fatalf("blocking: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", "/api/users/3", nil); r.Status != 200 {
			t.Fatalf("deleting: %d %s", r.Status, r.Body)
		}
		for name, tok := range map[string]string{"blocked": blocked, "deleted": deleted} {
			for _, path := range []string{"/api/users/me", "/api/programs", "/api/blueprints"} {
				r := h.Do("GET", path, nil, "Authorization", "Bearer "+tok)
				if r.Status != 401 || !strings.Contains(string(r.Body), "UnauthorizedError") {
					t.Errorf("%s user's token on %s: %d %s", name, path, r.Status, r.Body)
				}
			}
		}
		// Unblocked, the old token stays dead: blocking ended every token
		// issued before it (the token version moved on). Signing in again
		// gives one that works.
		if r := h.Do("PUT", "/api/users/2", map[string]any{"blocked": false}); r.Status != 200 {
			t.Fatalf("unblocking: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+blocked); r.Status != 401 {
			t.Errorf("unblocked user's old token: %d %s", r.Status, r.Body)
		}
		r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": "blocked@roles.test", "password": "Passw0rd!"}, "Authorization", apptest.Anonymous)
		fresh, _ := r.JSON(t)["jwt"].(string)
		if r := h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+fresh); r.Status != 200 {
			t.Errorf("unblocked user's new token: %d %s", r.Status, r.Body)
		}
	})
}

// TestAdminSetsARoleByID: the admin moves a user to another role by the
// role's id; the user's existing token takes the new role's rights at
// once, and an unknown role id is a 400 that changes nothing.
func TestAdminSetsARoleByID(t *testing.T) {
	h := apptest.New(t, database.SQLite)
	tok := []string{"Authorization", "Bearer " + h.CreateUser("mover", "mover@roles.test", auth.Authenticated)} // user 2
	if r := h.Do("GET", "/api/learners", nil, tok...); r.Status != 403 {
		t.Fatalf("as authenticated: %d %s", r.Status, r.Body)
	}
	coach := h.App.Accounts.RoleIDs["coach"]
	r := h.Do("PUT", "/api/users/2", map[string]any{"role": coach})
	if r.Status != 200 || !strings.Contains(string(r.Body), `"type":"coach"`) {
		t.Fatalf("setting the role: %d %s", r.Status, r.Body)
	}
	if r := h.Do("GET", "/api/learners", nil, tok...); r.Status != 200 {
		t.Errorf("as coach: %d %s", r.Status, r.Body)
	}
	if r := h.Do("PUT", "/api/users/2", map[string]any{"role": 999}); r.Status != 400 {
		t.Errorf("an unknown role: %d %s", r.Status, r.Body)
	}
	if r := h.Do("GET", "/api/users/me?populate=role", nil, tok...); !strings.Contains(string(r.Body), `"type":"coach"`) {
		t.Errorf("after the refused change: %s", r.Body)
	}
}

// TestRefusalWithoutATokenNamesTheAction: on every route of the route
// table whose action the public role lacks — generated, core and plugin,
// under each prefix it is served at — a request without a token answers
// Strapi's 401 (status, name and message unchanged), whose details say
// the route is not public and name the action it needs: what a new type
// without permissions.yaml entries answers, which must not read like a
// token problem. The action is the route table's, the set of routes the
// policy's: nothing of the handler's. Routes the public may take are not
// refused; a bad token's 401 keeps empty details (it is a token problem).
func TestRefusalWithoutATokenNamesTheAction(t *testing.T) {
	h := apptest.New(t, database.SQLite, catalog.New(), analytics.New(), scheduling.New(), coaching.New(), &hello.Plugin{})
	policy := h.App.Security.Policy
	bad := []string{"Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl"}
	n := 0
	for _, row := range h.App.Routes {
		if row.Open() || signInRoutes["/api"+row.Path] || policy.Allowed(auth.Public, row.Action) {
			continue
		}
		var body any
		if row.Method == "POST" || row.Method == "PUT" {
			body = map[string]any{}
		}
		for _, p := range row.Paths() {
			p = routeParam.ReplaceAllString(p, "999999")
			n++
			r := h.Do(row.Method, p, body, "Authorization", apptest.Anonymous)
			status, name, msg, details := h.ErrorOf(r)
			want := map[string]any{"action": row.Action, "reason": "not public: the public role lacks " + row.Action +
				"; send the token of a role that has it, or grant it to public in config/permissions.yaml"}
			if status != 401 || name != "UnauthorizedError" || msg != "Missing or invalid credentials" || !reflect.DeepEqual(details, want) {
				t.Errorf("%s %s without a token: %d %s %q %v, want 401 UnauthorizedError with %v", row.Method, p, status, name, msg, details, want)
			}
			if _, _, _, details := h.ErrorOf(h.Do(row.Method, p, body, bad...)); len(details) != 0 {
				t.Errorf("%s %s with a bad token: details %v, want none", row.Method, p, details)
			}
		}
	}
	if n < 150 {
		t.Errorf("only %d refusals checked: the route table lost routes?", n)
	}
}
