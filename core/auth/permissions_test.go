package auth

import (
	"reflect"
	"strings"
	"testing"
)

func TestShippedPolicy(t *testing.T) {
	p, err := LoadPolicy("../../config/permissions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, r := range p.Roles() {
		types = append(types, r.Type)
	}
	if !reflect.DeepEqual(types, []string{"public", "authenticated", "learner", "coach", "admin"}) {
		t.Fatalf("roles %v", types)
	}
	cases := []struct {
		role, action string
		want         bool
	}{
		{"public", "auth.login", true},
		{"public", "blueprint.find", true},
		{"public", "program.find", false},
		{"public", "users.me", false},
		{"authenticated", "users.me", true},
		{"authenticated", "program.find", true},
		{"authenticated", "program.create", false},
		{"learner", "event.find", true},
		{"learner", "event.create", false},
		{"learner", "coaching.assign", false},
		{"coach", "event.create", true},
		{"coach", "event.delete", false},
		{"coach", "analytics.dashboard", false},
		{"admin", "analytics.dashboard", true},
		{"admin", "anything.at-all", true},
		{"nobody", "auth.login", false},
	}
	for _, tc := range cases {
		if got := p.Allowed(tc.role, tc.action); got != tc.want {
			t.Errorf("%s may %s: %v, want %v", tc.role, tc.action, got, tc.want)
		}
	}
}

func TestWildcardsAndScopes(t *testing.T) {
	p, err := ParsePolicy([]byte(`
roles:
  public: {actions: [program.*]}
  authenticated:
    actions: [event.find]
    scopes:
      event: {learners: {user: {id: {$eq: $user}}}, $or: [{status: scheduled}, {coach: {user: {id: $user}}}]}
`))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Allowed("public", "program.delete") || p.Allowed("public", "programs.find") {
		t.Error("program.* must grant program's actions only")
	}
	got := p.Scope("authenticated", "event", 9)
	want := map[string]any{
		"learners": map[string]any{"user": map[string]any{"id": map[string]any{"$eq": "9"}}},
		"$or":      []any{map[string]any{"status": "scheduled"}, map[string]any{"coach": map[string]any{"user": map[string]any{"id": "9"}}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scope %v", got)
	}
	if again := p.Scope("authenticated", "event", 10); again["learners"].(map[string]any)["user"].(map[string]any)["id"].(map[string]any)["$eq"] != "10" {
		t.Error("the policy was changed by an earlier Scope call")
	}
	if p.Scope("authenticated", "program", 9) != nil || p.Scope("public", "event", 9) != nil {
		t.Error("no scope must be nil")
	}
}

func TestPolicyErrors(t *testing.T) {
	cases := map[string]string{
		"roles:\n  public: {actions: []}\n":                                              `the "authenticated" role is required`,
		"roles:\n  public: {actions: []}\n  authenticated: {actions: [pro*.find]}\n":     `action "pro*.find" must be`,
		"roles:\n  public: {actions: []}\n  authenticated: {actions: [find]}\n":          `action "find" must be`,
		"roles:\n  public: {actions: [], colour: red}\n  authenticated: {actions: []}\n": "field colour not found",
		"roles:\n  public: {actions: [{a: b}]}\n  authenticated: {actions: []}\n":        "cannot unmarshal",
		"rules: {}\n":       "field rules not found",
		"roles: [public]\n": "roles must be a mapping",
	}
	for src, want := range cases {
		if _, err := ParsePolicy([]byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want an error containing %q", src, err, want)
		}
	}
}
