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
