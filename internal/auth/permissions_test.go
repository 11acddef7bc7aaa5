package auth

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func shipped(t *testing.T) *Policy {
	t.Helper()
	p, _, err := LoadPolicy("../../config/permissions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestShippedPolicyRoles(t *testing.T) {
	p := shipped(t)
	var types []string
	for _, r := range p.Roles() {
		types = append(types, r.Type)
		if r.Name == "" || r.Description == "" {
			t.Errorf("role %s has no name or description", r.Type)
		}
	}
	if !reflect.DeepEqual(types, []string{"public", "authenticated", "learner", "coach", "admin"}) {
		t.Fatalf("roles %v", types)
	}
	if got := p.Actions("admin"); !reflect.DeepEqual(got, []string{"*"}) {
		t.Errorf("admin actions %v", got)
	}
	if p.Actions("nobody") != nil {
		t.Error("an unknown role has actions")
	}
}

func TestShippedPolicyAllowed(t *testing.T) {
	p := shipped(t)
	cases := []struct {
		role, action string
		want         bool
	}{
		{"public", "auth.login", true},
		{"public", "auth.register", true},
		{"public", "blueprint.find", true},
		{"public", "category.findOne", true},
		{"public", "content.categoryTree", true},
		{"public", "program.find", false},
		{"public", "blueprint.create", false},
		{"public", "users.me", false},
		{"public", "auth.changePassword", false},

		{"authenticated", "users.me", true},
		{"authenticated", "auth.changePassword", true},
		{"authenticated", "program.find", true},
		{"authenticated", "session.findOne", true},
		{"authenticated", "program.create", false},
		{"authenticated", "customer.find", false},
		{"authenticated", "learner.find", false},
		{"authenticated", "event.find", false},
		{"authenticated", "users.find", false},
		{"authenticated", "auth.login", false},

		{"learner", "users.me", true},
		{"learner", "learner.findOne", true},
		{"learner", "enrollment.find", true},
		{"learner", "event.find", true},
		{"learner", "attendance.find", true},
		{"learner", "scheduling.answerAttendance", true},
		{"learner", "scheduling.myEvents", true},
		{"learner", "scheduling.ics", true},
		{"learner", "attendance.update", false},
		{"learner", "event.create", false},
		{"learner", "coach.find", false},
		{"learner", "learner.update", false},
		{"learner", "scheduling.markAttendance", false},
		{"learner", "coaching.assign", false},

		{"coach", "coach.findOne", true},
		{"coach", "learner.find", true},
		{"coach", "event.create", true},
		{"coach", "event.update", true},
		{"coach", "availability.delete", true},
		{"coach", "coaching.myLearners", true},
		{"coach", "scheduling.markAttendance", true},
		{"coach", "analytics.coach", true},
		{"coach", "event.delete", false},
		{"coach", "coach.update", false},
		{"coach", "analytics.dashboard", false},
		{"coach", "customer.find", false},
		{"coach", "users.find", false},

		{"admin", "analytics.dashboard", true},
		{"admin", "users.update", true},
		{"admin", "anything.at-all", true},

		{"nobody", "auth.login", false},
		{"public", "", false},
		{"admin", "", false},
	}
	for _, tc := range cases {
		if got := p.Allowed(tc.role, tc.action); got != tc.want {
			t.Errorf("%s may %s: %v, want %v", tc.role, tc.action, got, tc.want)
		}
	}
}

func TestShippedScopes(t *testing.T) {
	p := shipped(t)
	own := func(path ...string) map[string]any {
		var v any = map[string]any{"id": map[string]any{"$eq": UserPlaceholder}}
		for i := len(path) - 1; i >= 0; i-- {
			v = map[string]any{path[i]: v}
		}
		return v.(map[string]any)
	}
	cases := []struct {
		role, ct string
		want     map[string]any
	}{
		{"learner", "learner", own("user")},
		{"learner", "enrollment", own("learner", "user")},
		{"learner", "event", own("learners", "user")},
		{"learner", "attendance", own("learner", "user")},
		{"learner", "program", nil},
		{"coach", "coach", own("user")},
		{"coach", "learner", own("coach", "user")},
		{"coach", "enrollment", own("learner", "coach", "user")},
		{"coach", "event", own("coach", "user")},
		{"coach", "attendance", own("event", "coach", "user")},
		{"coach", "availability", own("coach", "user")},
		{"coach", "session", nil},
		{"authenticated", "program", nil},
		{"admin", "event", nil},
		{"nobody", "event", nil},
	}
	for _, tc := range cases {
		got := p.Scope(tc.role, tc.ct)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s on %s: %v, want %v", tc.role, tc.ct, got, tc.want)
		}
		if p.HasScope(tc.role, tc.ct) != (tc.want != nil) {
			t.Errorf("%s on %s: HasScope disagrees with Scope", tc.role, tc.ct)
		}
	}
}

// TestScopeIsAFreshCopy: Scope hands out a copy, so nothing a caller
// does to it changes the policy.
func TestScopeIsAFreshCopy(t *testing.T) {
	p, err := ParsePolicy([]byte(`
roles:
  public: {actions: [program.*]}
  authenticated:
    actions: [event.find]
    scopes:
      event: {learners: {user: {id: {$eq: $user}}}, $or: [{status: scheduled}, {coach: {user: {id: {$in: [$user, 0]}}}}], active: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"learners": map[string]any{"user": map[string]any{"id": map[string]any{"$eq": "$user"}}},
		"$or": []any{
			map[string]any{"status": "scheduled"},
			map[string]any{"coach": map[string]any{"user": map[string]any{"id": map[string]any{"$in": []any{"$user", 0}}}}},
		},
		"active": true,
	}
	got := p.Scope("authenticated", "event")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("scope %v", got)
	}
	// Vandalise the copy at every level.
	got["learners"].(map[string]any)["user"].(map[string]any)["id"] = "x"
	or := got["$or"].([]any)
	or[0].(map[string]any)["status"] = "x"
	or[1].(map[string]any)["coach"].(map[string]any)["user"].(map[string]any)["id"].(map[string]any)["$in"].([]any)[0] = "x"
	got["extra"] = 1
	if again := p.Scope("authenticated", "event"); !reflect.DeepEqual(again, want) {
		t.Errorf("the policy changed through a returned scope: %v", again)
	}
}

func TestWildcards(t *testing.T) {
	p, err := ParsePolicy([]byte(`
roles:
  public: {actions: [program.*, auth.login]}
  authenticated: {actions: []}
  admin: {actions: ["*"]}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		role, action string
		want         bool
	}{
		{"public", "program.find", true},
		{"public", "program.delete", true},
		{"public", "programs.find", false},
		{"public", "program", false},
		{"public", "module.find", false},
		{"public", "auth.login", true},
		{"public", "auth.register", false},
		{"authenticated", "program.find", false},
		{"admin", "whatever.it-is", true},
	} {
		if got := p.Allowed(tc.role, tc.action); got != tc.want {
			t.Errorf("%s may %s: %v, want %v", tc.role, tc.action, got, tc.want)
		}
	}
}

func TestPolicyDefaults(t *testing.T) {
	p, err := ParsePolicy([]byte("roles:\n  public:\n  authenticated: {name: Signed in}\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, ok := p.Role("public")
	if !ok || r.Name != "public" || p.Actions("public") != nil || p.Allowed("public", "program.find") {
		t.Errorf("an empty role: %+v", r)
	}
	if r, _ := p.Role("authenticated"); r.Name != "Signed in" {
		t.Errorf("name %q", r.Name)
	}
	if _, ok := p.Role("nobody"); ok {
		t.Error("an unknown role exists")
	}
}

// TestPolicyErrors: each mistake stops loading with a message that names
// the file, the line and what is wrong.
func TestPolicyErrors(t *testing.T) {
	const ok = "  authenticated: {actions: []}\n"
	cases := []struct{ name, src, want string }{
		{"unknown key in a role",
			"roles:\n  public: {actions: [], colour: red}\n" + ok,
			`permissions:2: role "public": unknown key "colour"; the keys are name, description, actions, scopes, limits`},
		{"unknown key at the top",
			"roles:\n  public: {}\n" + ok + "rules: {}\n",
			`permissions:4: top level: unknown key "rules"; the keys are roles`},
		{"wildcard inside a name",
			"roles:\n  public: {actions: []}\n  authenticated: {actions: [pro*.find]}\n",
			`permissions:3: role "authenticated": action "pro*.find": a wildcard stands alone ("*") or for every action of a name ("program.*"), never inside a name`},
		{"wildcard inside an action",
			"roles:\n  public: {actions: [program.fi*]}\n" + ok,
			`permissions:2: role "public": action "program.fi*": a wildcard stands alone ("*") or for every action of a name ("program.*"), never inside a name`},
		{"wildcard for every name",
			"roles:\n  public: {actions: ['*.find']}\n" + ok,
			`permissions:2: role "public": action "*.find": a wildcard stands alone ("*") or for every action of a name ("program.*"), never inside a name`},
		{"action without a name",
			"roles:\n  public: {actions: [find]}\n" + ok,
			`permissions:2: role "public": action "find" is not "<name>.<action>", "<name>.*" or "*"`},
		{"action with two dots",
			"roles:\n  public: {actions: [program.find.all]}\n" + ok,
			`permissions:2: role "public": action "program.find.all" is not "<name>.<action>", "<name>.*" or "*"`},
		{"action a mapping",
			"roles:\n  public:\n    actions:\n      - program: find\n" + ok,
			`permissions:4: role "public": every action must be a string like "program.find"`},
		{"action a number",
			"roles:\n  public: {actions: [1.5]}\n" + ok,
			`permissions:2: role "public": every action must be a string like "program.find"`},
		{"actions not a list",
			"roles:\n  public: {actions: program.find}\n" + ok,
			`permissions:2: role "public": actions must be a list`},
		{"missing public role",
			"roles:\n" + ok,
			`permissions: the "public" role is missing; it is the role of callers without a token`},
		{"missing authenticated role",
			"roles:\n  public: {actions: []}\n",
			`permissions: the "authenticated" role is missing; it is the role of signed-in users with no other role`},
		{"role twice",
			"roles:\n  public: {}\n" + ok + "  public: {}\n",
			`permissions:4: role "public" is defined twice`},
		{"key twice",
			"roles:\n  public: {actions: [], actions: [auth.login]}\n" + ok,
			`permissions:2: role "public": key "actions" is given twice`},
		{"role not a mapping",
			"roles:\n  public: [auth.login]\n" + ok,
			`permissions:2: role "public" must be a mapping with the keys name, description, actions, scopes, limits`},
		{"roles a list",
			"roles: [public]\n",
			`permissions:1: "roles" must be a mapping of role type to role, as in "public: {actions: [...]}"`},
		{"no roles",
			"# nothing but a comment\n",
			`permissions: the file is empty; it must have a "roles" mapping`},
		{"scope on a type the role cannot touch",
			"roles:\n  public: {}\n  authenticated:\n    actions: [event.find]\n    scopes:\n      events: {id: {$eq: $user}}\n",
			`permissions:6: role "authenticated": scope on "events", but the role has no "events.*" action; is the type misspelt?`},
		{"scope not a filter",
			"roles:\n  public: {}\n  authenticated:\n    actions: [event.find]\n    scopes:\n      event: $user\n",
			`permissions:6: role "authenticated": scope on "event" must be a non-empty filter object`},
		{"scope empty",
			"roles:\n  public: {}\n  authenticated:\n    actions: [event.find]\n    scopes:\n      event: {}\n",
			`permissions:6: role "authenticated": scope on "event" must be a non-empty filter object`},
		{"scope with a misspelt placeholder",
			"roles:\n  public: {}\n  authenticated:\n    actions: [event.find]\n    scopes:\n      event: {coach: {user: {id: {$eq: $usr}}}}\n",
			`permissions:6: role "authenticated": scope on "event": unknown placeholder "$usr"; only "$user" is replaced`},
		{"scope with a number key",
			"roles:\n  public: {}\n  authenticated:\n    actions: [event.find]\n    scopes:\n      event: {1: x}\n",
			`permissions:6: role "authenticated": scope on "event": key "1" must be a string`},
		{"unknown key in limits",
			"roles:\n  public: {limits: {maxRows: 10}}\n" + ok,
			`permissions:2: role "public": limits: unknown key "maxRows"; the keys are maxAnswerRows, maxAnswerBytes`},
		{"limits not a mapping",
			"roles:\n  public: {limits: 10}\n" + ok,
			`permissions:2: role "public": limits must be a mapping with the keys maxAnswerRows, maxAnswerBytes`},
		{"rows not a number",
			"roles:\n  public: {}\n  authenticated:\n    limits: {maxAnswerRows: many}\n",
			`permissions:4: role "authenticated": limits: maxAnswerRows must be a whole number of at least 1, not "many"`},
		{"rows zero",
			"roles:\n  public: {limits: {maxAnswerRows: 0}}\n" + ok,
			`permissions:2: role "public": limits: maxAnswerRows must be a whole number of at least 1, not "0"`},
		{"rows a fraction",
			"roles:\n  public: {limits: {maxAnswerRows: 2.5}}\n" + ok,
			`permissions:2: role "public": limits: maxAnswerRows must be a whole number of at least 1, not "2.5"`},
		{"bytes too few",
			"roles:\n  public: {limits: {maxAnswerBytes: 1023}}\n" + ok,
			`permissions:2: role "public": limits: maxAnswerBytes must be a whole number of at least 1024, not "1023"`},
		{"bytes a string",
			"roles:\n  public: {limits: {maxAnswerBytes: \"4096\"}}\n" + ok,
			`permissions:2: role "public": limits: maxAnswerBytes must be a whole number of at least 1024, not "4096"`},
		{"YAML syntax",
			"roles:\n  public: {actions: [\n",
			`permissions: yaml: line 2: did not find expected node content`},
		{"two documents",
			"roles:\n  public: {}\n" + ok + "---\nroles: {}\n",
			`permissions: only one YAML document is allowed`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePolicy([]byte(tc.src))
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestLoadPolicyNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.yaml")
	if err := os.WriteFile(path, []byte("roles:\n  public: {actions: [], colour: red}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := LoadPolicy(path)
	want := path + `:2: role "public": unknown key "colour"; the keys are name, description, actions, scopes, limits`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if err := os.Chmod(path, 0); err == nil && os.Getuid() != 0 {
		if _, _, err := LoadPolicy(path); err == nil {
			t.Error("an unreadable file loads")
		}
	}
}

// A project without the file starts closed: the public may only sign in,
// a signed-in user only read themselves, the admin everything.
func TestMissingPolicyFileIsTheDefault(t *testing.T) {
	p, missing, err := LoadPolicy(filepath.Join(t.TempDir(), "none.yaml"))
	if err != nil || !missing {
		t.Fatalf("missing=%v err=%v", missing, err)
	}
	for _, c := range []struct {
		role, action string
		want         bool
	}{
		{Public, "auth.login", true},
		{Public, "note.find", false},
		{Public, "users.me", false},
		{Authenticated, "users.me", true},
		{Authenticated, "note.find", false},
		{Authenticated, "note.create", false},
		{"admin", "note.delete", true},
		{"admin", "users.create", true},
	} {
		if got := p.Allowed(c.role, c.action); got != c.want {
			t.Errorf("%s may %s: %v, want %v", c.role, c.action, got, c.want)
		}
	}
}
