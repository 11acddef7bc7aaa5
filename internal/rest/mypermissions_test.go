package rest_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/rest"
)

// TestMyPermissionsPerRole: for every role of config/permissions.yaml, a
// user of it is told exactly the actions `kiln routes` lists that role
// for (App.RolesFor, over the whole route table); the admin's "*" is
// every action; the public has no user to ask for.
func TestMyPermissionsPerRole(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, apptest.SQLite)
	all := rest.ActionsOf(h.App.Routes)
	if len(all) < 50 {
		t.Fatalf("the route table holds %d actions", len(all))
	}
	for _, role := range h.App.Security.Policy.Roles() {
		if role.Type == "public" {
			continue
		}
		var want []string
		for _, a := range all {
			if slices.Contains(h.App.RolesFor(a), role.Type) {
				want = append(want, a)
			}
		}
		token := h.CreateUser("u-"+role.Type, role.Type+"@perm.test", role.Type)
		r := h.Do("GET", "/api/users/me/permissions", nil, apptest.As(token)...)
		var got struct {
			Data struct {
				Role    *string  `json:"role"`
				Actions []string `json:"actions"`
			} `json:"data"`
		}
		if err := json.Unmarshal(r.Body, &got); err != nil || r.Status != 200 {
			t.Fatalf("%s: %d %s", role.Type, r.Status, r.Body)
		}
		if got.Data.Role == nil || *got.Data.Role != role.Type || !slices.Equal(got.Data.Actions, want) {
			t.Errorf("%s: role %v, actions %v\nwant %v", role.Type, got.Data.Role, got.Data.Actions, want)
		}
		if role.Type == "admin" && !slices.Equal(got.Data.Actions, all) {
			t.Errorf("the admin is not granted every action: %v", got.Data.Actions)
		}
	}
	if status, name, _, _ := h.ErrorOf(h.Do("GET", "/api/users/me/permissions", nil, apptest.As("")...)); status != 401 || name != "UnauthorizedError" {
		t.Errorf("no token: %d %s", status, name)
	}
}
