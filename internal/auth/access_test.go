package auth

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

func shippedSchema(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir("../../content-types")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCompileShipped: every scope of the shipped policy compiles to a
// filter holding the caller parameter, and only admin reads drafts.
func TestCompileShipped(t *testing.T) {
	p, s := shipped(t), shippedSchema(t)
	if err := p.Compile(s, query.DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]string{
		"learner": {"learner": "user -> user\n  id $eq $user\n", "event": "learners -> learner\n  user -> user\n    id $eq $user\n"},
		"coach":   {"attendance": "event -> event\n  coach -> coach\n    user -> user\n      id $eq $user\n"},
	}
	for role, types := range want {
		acc := p.Access(role)
		for typ, tree := range types {
			f := acc.Scopes[s.Type(typ)]
			if f == nil || f.String() != tree {
				t.Errorf("%s on %s: got %v, want\n%s", role, typ, f, tree)
			}
		}
	}
	if n := len(p.Access("coach").Scopes); n != 6 {
		t.Errorf("coach has %d scopes, want 6", n)
	}
	if len(p.Access("admin").Scopes) != 0 || len(p.Access("admin").NoDrafts) != 0 {
		t.Errorf("admin is limited: %+v", p.Access("admin"))
	}
	bp := s.Type("blueprint")
	for _, role := range []string{"public", "authenticated", "learner", "coach"} {
		if !p.Access(role).NoDrafts[bp] {
			t.Errorf("%s may read blueprint drafts", role)
		}
	}
	// A role the file does not define sees no entry of any type.
	nobody := p.Access("ghost")
	for _, ct := range s.Types {
		if f := nobody.Scopes[ct]; f == nil || f.Kind != query.KindOr || len(f.Children) != 0 {
			t.Errorf("an unknown role's scope on %s: %v", ct.Name, f)
		}
	}
}

// TestCompileRefusesBadScopes: a scope that does not fit the schema stops
// Compile with the role and the type named.
func TestCompileRefusesBadScopes(t *testing.T) {
	s := shippedSchema(t)
	for _, tc := range []struct{ scope, want string }{
		{`event: {coach: {nickname: {$eq: $user}}}`, `role "coach": scope on "event": Invalid key nickname at coach`},
		{`event: {title: {$eq: $user}}`, `role "coach": scope on "event": Invalid value $user for title`},
		{`evnt: {coach: {user: {id: {$eq: $user}}}}`, `role "coach": scope on "evnt": no such content type`},
	} {
		p, err := ParsePolicy([]byte("roles:\n  public: {}\n  authenticated: {}\n  coach:\n    actions: [\"*\"]\n    scopes:\n      " + tc.scope + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		err = p.Compile(s, query.DefaultOptions())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.scope, err, tc.want)
		}
	}
}
