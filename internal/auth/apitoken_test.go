package auth_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/auth"
)

// TestTokenRules: what each kind may take, from a small route table: an
// action shared by a GET and a PUT is no read; users, roles, auth and the
// admin routes are no kind's; readDrafts comes with the draft types.
func TestTokenRules(t *testing.T) {
	r := auth.TokenRulesFrom([]auth.TokenRoute{
		{"GET", "program.find"}, {"POST", "program.create"}, {"GET", "report.show"},
		{"GET", "mine.events"}, {"PUT", "mine.events"}, {"GET", "users.find"}, {"GET", "roles.find"},
		{"POST", "auth.login"}, {"GET", "apiTokens.find"}, {"POST", "webhooks.create"}, {"GET", ""},
	}, []string{"blueprint"})
	cases := []struct {
		kind    string
		actions []string
		action  string
		want    bool
	}{
		{auth.ReadOnly, nil, "program.find", true},
		{auth.ReadOnly, nil, "report.show", true},
		{auth.ReadOnly, nil, "blueprint.readDrafts", true},
		{auth.ReadOnly, nil, "program.create", false},
		{auth.ReadOnly, nil, "mine.events", false},
		{auth.ReadOnly, nil, "users.find", false},
		{auth.FullAccess, nil, "program.create", true},
		{auth.FullAccess, nil, "mine.events", true},
		{auth.FullAccess, nil, "blueprint.readDrafts", true},
		{auth.FullAccess, nil, "users.find", false},
		{auth.FullAccess, nil, "roles.find", false},
		{auth.FullAccess, nil, "auth.login", false},
		{auth.FullAccess, nil, "apiTokens.find", false},
		{auth.FullAccess, nil, "webhooks.create", false},
		{auth.FullAccess, nil, "nothing.here", false},
		{auth.Custom, []string{"users.find"}, "users.find", true},
		{auth.Custom, []string{"users.find"}, "program.find", false},
		{"admin", nil, "program.find", false},
	}
	for _, c := range cases {
		if got := r.Allows(c.kind, c.actions, c.action); got != c.want {
			t.Errorf("%s %v may %s: %v, want %v", c.kind, c.actions, c.action, got, c.want)
		}
	}
	for _, c := range []struct {
		actions  []string
		problems []string // "<path>: <message part>", in order
	}{
		{[]string{"program.find", "users.find", "roles.find", "blueprint.readDrafts"}, nil},
		{nil, []string{"permissions: at least one action"}},
		{[]string{"program.*"}, []string{`permissions.0: "program.*" is no action`}},
		{[]string{"apiTokens.find"}, []string{`permissions.0: "apiTokens.find" is no action`}},
		{[]string{"auth.login"}, []string{`permissions.0: "auth.login" is no action`}},
		{[]string{"program.find", "program.find"}, []string{`permissions.1: "program.find" is listed twice`}},
		{[]string{"nope", "program.find", "auth.login", "program.find", "nope"}, []string{
			`permissions.0: "nope" is no action`, `permissions.2: "auth.login" is no action`,
			`permissions.3: "program.find" is listed twice`, `permissions.4: "nope" is no action`}},
	} {
		got := r.CheckCustom(c.actions)
		if len(got) != len(c.problems) {
			t.Errorf("CheckCustom(%v) = %v, want %v", c.actions, got, c.problems)
			continue
		}
		for i, p := range got {
			path, part, _ := strings.Cut(c.problems[i], ": ")
			if strings.Join(p.Path, ".") != path || !strings.Contains(p.Message, part) || p.Name != "ValidationError" {
				t.Errorf("CheckCustom(%v)[%d] = %v, want %s", c.actions, i, p, c.problems[i])
			}
		}
	}
}

// TestAPITokenShape: fresh tokens are kiln_ and 43 base64url characters,
// differ every time, and are never taken for a JWT (nor a JWT for one).
func TestAPITokenShape(t *testing.T) {
	a, _ := auth.NewAPIToken()
	b, _ := auth.NewAPIToken()
	if a == b || !auth.IsAPIToken(a) || len(a) != 48 || strings.Contains(a, ".") {
		t.Fatalf("tokens %q %q", a, b)
	}
	for _, s := range []string{"eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.sig", "kiln_short", a + "x", "KILN_" + a[5:]} {
		if auth.IsAPIToken(s) {
			t.Errorf("%q taken for an API token", s)
		}
	}
	h1, _ := auth.NewAPITokenHasher("", strings.Repeat("s", 32))
	h2, _ := auth.NewAPITokenHasher("", strings.Repeat("t", 32))
	h3, _ := auth.NewAPITokenHasher("own-key", strings.Repeat("s", 32))
	if h1.Hash(a) == h2.Hash(a) || h1.Hash(a) == h3.Hash(a) || h1.Hash(a) != h1.Hash(a) || len(h1.Hash(a)) != 64 {
		t.Error("the hash does not depend on the key alone")
	}
	if _, err := auth.NewAPITokenHasher("", ""); err == nil {
		t.Error("a hasher without any secret")
	}
}
