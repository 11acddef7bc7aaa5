package apptest

import (
	"os"
	"strings"
	"testing"
)

// Recorded Strapi answers (testdata/*/strapi-answers.txt, written by the
// record.js scripts) and Kiln's lists of differences share one text
// format: a label line, then "  -> status json"; blank lines and lines
// starting with # are skipped.

// ReadAnswers reads a file of answers by label.
func ReadAnswers(t testing.TB, file string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return ParseAnswers(t, string(raw))
}

// ParseAnswers reads answers by label from text; an answer without a
// label, or a label answered twice, fails the test.
func ParseAnswers(t testing.TB, text string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var label string
	for _, line := range strings.Split(text, "\n") {
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
