package graphql_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// graphqlExpectedAnswers are the answers the scenario must get from Kiln:
// Strapi's (strapi-answers.txt) but for the steps of kiln-differences.txt
// and kiln-todo.txt (where dir has them), each of which must be a step of
// the scenario, differ from Strapi's answer and be in one list only.
func graphqlExpectedAnswers(t *testing.T, dir string) map[string]wantedAnswer {
	t.Helper()
	want := map[string]wantedAnswer{}
	for label, a := range apptest.ReadAnswers(t, filepath.Join(dir, "strapi-answers.txt")) {
		want[label] = wantedAnswer{a, "strapi-answers.txt", a}
	}
	for _, file := range []string{"kiln-differences.txt", "kiln-todo.txt"} {
		if _, err := os.Stat(filepath.Join(dir, file)); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		for label, a := range apptest.ReadAnswers(t, filepath.Join(dir, file)) {
			w, ok := want[label]
			switch {
			case !ok:
				t.Errorf("%s: %q is no step of the scenario", file, label)
			case w.from != "strapi-answers.txt":
				t.Errorf("%s: %q is also in %s", file, label, w.from)
			case w.answer == a:
				t.Errorf("%s: %q is Strapi's own answer, no difference: take it out", file, label)
			}
			want[label] = wantedAnswer{a, file, w.strapi}
		}
	}
	return want
}
