package graphql_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
)

func TestSignInThroughGraphQL(t *testing.T) {
	eachGraphQLWith(t, func(cfg *config.Config) { cfg.Auth.Registration = true }, func(t *testing.T, h *apptest.Harness) {
		anon := []string{"Authorization", apptest.Anonymous}
		st, out := gql(t, h, `mutation { register(input: {username: "gqx", email: "gq@example.com", password: "Passw0rd!"}) { jwt user { username email role { name } } } }`, nil, anon...)
		reg, _ := out["data"].(map[string]any)
		if st != 200 || out["errors"] != nil || reg == nil {
			t.Fatalf("register: %d %v", st, out)
		}
		jwt, _ := reg["register"].(map[string]any)["jwt"].(string)
		if got := compact(t, reg["register"].(map[string]any)["user"]); got != `{"email":"gq@example.com","role":null,"username":"gqx"}` {
			t.Errorf("register's user: %s", got)
		}
		_, out = gql(t, h, `{ me { username role { type } } }`, nil, "Authorization", "Bearer "+jwt)
		if got := compact(t, out); got != `{"data":{"me":{"role":{"type":"authenticated"},"username":"gqx"}}}` {
			t.Errorf("me: %s", got)
		}
		_, out = gql(t, h, `{ me { username } }`, nil, anon...)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":{"me":null}`) {
			t.Errorf("me of the public: %s", got)
		}
		_, out = gql(t, h, `mutation { login(input: {identifier: "gq@example.com", password: "wrong"}) { jwt } }`, nil, anon...)
		if got := compact(t, out); !strings.Contains(got, `"code":"BAD_USER_INPUT"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("login with a wrong password: %s", got)
		}
		_, out = gql(t, h, `mutation { changePassword(currentPassword: "Passw0rd!", password: "Passw0rd!2", passwordConfirmation: "Passw0rd!2") { user { username } } }`, nil, "Authorization", "Bearer "+jwt)
		if got := compact(t, out); got != `{"data":{"changePassword":{"user":{"username":"gqx"}}}}` {
			t.Errorf("changePassword: %s", got)
		}
		_, out = gql(t, h, `mutation { login(input: {identifier: "gqx", password: "Passw0rd!2"}) { user { username } } }`, nil, anon...)
		if got := compact(t, out); got != `{"data":{"login":{"user":{"username":"gqx"}}}}` {
			t.Errorf("login with the new password: %s", got)
		}
		_, out = gql(t, h, `mutation { forgotPassword(email: "nobody@example.com") { ok } }`, nil, anon...)
		if got := compact(t, out); got != `{"data":{"forgotPassword":{"ok":true}}}` {
			t.Errorf("forgotPassword: %s", got)
		}
	})
}

func TestUsersThroughGraphQL(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		_, out := gql(t, h, `mutation { createUsersPermissionsUser(data: {username: "ann", email: "ann@example.com", password: "Passw0rd!"}) { data { documentId username email } } }`, nil)
		created, _ := out["data"].(map[string]any)
		if created == nil || out["errors"] != nil {
			t.Fatalf("create: %v", out)
		}
		doc := created["createUsersPermissionsUser"].(map[string]any)["data"].(map[string]any)["documentId"].(string)
		_, out = gql(t, h, `mutation($id: ID!) { updateUsersPermissionsUser(id: $id, data: {username: "anne"}) { data { username } } }`, map[string]any{"id": doc})
		if got := compact(t, out); got != `{"data":{"updateUsersPermissionsUser":{"data":{"username":"anne"}}}}` {
			t.Errorf("update: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }`, map[string]any{"id": doc}, "Authorization", apptest.Anonymous)
		if got := compact(t, out); !strings.Contains(got, `"code":"FORBIDDEN"`) || !strings.Contains(got, `"data":null`) {
			t.Errorf("delete by the public: %s", got)
		}
		_, out = gql(t, h, `mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { username } } }`, map[string]any{"id": doc})
		if got := compact(t, out); got != `{"data":{"deleteUsersPermissionsUser":{"data":{"username":"anne"}}}}` {
			t.Errorf("delete: %s", got)
		}
		_, out = gql(t, h, `mutation { createUsersPermissionsRole(data: {name: "Editors"}) { ok } }`, nil)
		if got := compact(t, out); !strings.Contains(got, `"code":"STRAPI_APPLICATION_ERROR"`) || !strings.Contains(got, "config/permissions.yaml") {
			t.Errorf("a role: %s", got)
		}
	})
}

// TestRelationTheCallerMayNotRead answers a relation to a type the
// caller may not read null at each place, with a FORBIDDEN error at its
// path, and the rest of the answer, as Strapi's plugin does.
func TestRelationTheCallerMayNotRead(t *testing.T) {
	eachGraphQL(t, func(t *testing.T, h *apptest.Harness) {
		h.CreateUser("coachuser", "coach@example.com", "authenticated")
		_, out := gql(t, h, `{ usersPermissionsUsers { documentId } }`, nil)
		users := out["data"].(map[string]any)["usersPermissionsUsers"].([]any)
		var doc string
		for _, u := range users {
			doc = u.(map[string]any)["documentId"].(string)
		}
		for _, name := range []string{"Cora", "Dan"} {
			st, out := gql(t, h, `mutation($d: CoachInput!) { createCoach(data: $d) { name user { documentId } } }`,
				map[string]any{"d": map[string]any{"name": name, "email": strings.ToLower(name) + "@example.com", "user": doc}})
			if st != 200 || out["errors"] != nil {
				t.Fatalf("create coach: %d %v", st, out)
			}
		}
		_, out = gql(t, h, `{ coaches(sort: "name") { name user { username } } }`, nil, "Authorization", apptest.Anonymous)
		want := `{"data":{"coaches":[{"name":"Cora","user":null},{"name":"Dan","user":null}]},"errors":[` +
			`{"extensions":{"code":"FORBIDDEN","error":{"details":{},"message":"Forbidden access","name":"ForbiddenError"}},"message":"Forbidden access","path":["coaches",0,"user"]},` +
			`{"extensions":{"code":"FORBIDDEN","error":{"details":{},"message":"Forbidden access","name":"ForbiddenError"}},"message":"Forbidden access","path":["coaches",1,"user"]}]}`
		if got := compact(t, out); got != want {
			t.Errorf("\n got %s\nwant %s", got, want)
		}
	})
}
