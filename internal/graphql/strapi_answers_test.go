package graphql_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// graphqlExpectedAnswers are the answers the scenario must get from Kiln:
// Strapi's (strapi-answers.txt) but for the steps of kiln-differences.txt
// and kiln-todo.txt (where dir has them), each of which must be a step of
// the scenario, differ from Strapi's answer and be in one list only.
func graphqlExpectedAnswers(t *testing.T, dir string) map[string]wantedAnswer {
	t.Helper()
	want := map[string]wantedAnswer{}
	for label, a := range readAnswers(t, filepath.Join(dir, "strapi-answers.txt")) {
		want[label] = wantedAnswer{a, "strapi-answers.txt", a}
	}
	for _, file := range []string{"kiln-differences.txt", "kiln-todo.txt"} {
		if _, err := os.Stat(filepath.Join(dir, file)); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		for label, a := range readAnswers(t, filepath.Join(dir, file)) {
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

// readAnswers reads a file of answers as record.js writes them: a label
// line, then "  -> status json"; # starts a comment line.
func readAnswers(t *testing.T, file string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return parseAnswers(t, string(raw))
}

func parseAnswers(t *testing.T, s string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var label string
	for _, line := range strings.Split(s, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "  -> "):
			if label == "" {
				t.Fatalf("an answer without a label: %q", line)
			}
			if _, twice := out[label]; twice {
				t.Fatalf("%q answered twice", label)
			}
			out[label] = strings.TrimPrefix(line, "  -> ")
			label = ""
		default:
			label = line
		}
	}
	return out
}
