package query

import (
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

func TestParseFilterFromGoValues(t *testing.T) {
	f, err := ParseFilter(testType(t, "event"), map[string]any{
		"learners": map[string]any{"user": map[string]any{"id": map[string]any{"$eq": "7"}}},
		"status":   "scheduled",
	}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := f.String(), "AND\n  learners -> learner\n    user -> user\n      id $eq 7\n  status $eq \"scheduled\"\n"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	_, err = ParseFilter(testType(t, "learner"), map[string]any{"user": map[string]any{"password": map[string]any{"$eq": "x"}}}, DefaultOptions())
	if e, ok := errs.As(err); !ok || e.Kind != errs.KindValidation || e.Message != "Invalid key password at user" {
		t.Errorf("private field in a scope: %v", err)
	}
}

// TestParseScope: "$user" becomes the caller parameter where a scope
// compares an id or an integer, in every form a filter can take; anywhere
// else it is refused, and a client's filter never gets one.
func TestParseScope(t *testing.T) {
	event := testType(t, "event")
	for _, tc := range []struct {
		name string
		tree map[string]any
		want string
	}{
		{"operator on a relation's id", map[string]any{"coach": map[string]any{"user": map[string]any{"id": map[string]any{"$eq": UserParam}}}},
			"coach -> coach\n  user -> user\n    id $eq $user\n"},
		{"relation shorthand", map[string]any{"learners": map[string]any{"user": UserParam}},
			"learners -> learner\n  user -> user\n    id $eq $user\n"},
		{"in a list", map[string]any{"coach": map[string]any{"user": map[string]any{"id": map[string]any{"$in": []any{UserParam, "3"}}}}},
			"coach -> coach\n  user -> user\n    id $in [$user, 3]\n"},
	} {
		f, err := ParseScope(event, tc.tree, DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := f.String(); got != tc.want {
			t.Errorf("%s: got\n%swant\n%s", tc.name, got, tc.want)
		}
	}
	_, err := ParseScope(event, map[string]any{"title": map[string]any{"$eq": UserParam}}, DefaultOptions())
	if e, ok := errs.As(err); !ok || e.Kind != errs.KindValidation ||
		e.Message != "Invalid value $user for title: the caller's id compares with an id or an integer field only" {
		t.Errorf("$user on a string field: %v", err)
	}
	_, err = ParseFilter(event, map[string]any{"coach": map[string]any{"id": map[string]any{"$eq": UserParam}}}, DefaultOptions())
	if e, ok := errs.As(err); !ok || e.Kind != errs.KindValidation {
		t.Errorf("$user in a client's filter must stay a (bad) integer: %v", err)
	}
}
