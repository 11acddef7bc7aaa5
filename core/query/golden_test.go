package query

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const goldenSep = "\n----------\n"

// TestGolden parses each testdata/*.txt case and compares Query.String with
// the expected output. A case is: the content type's name on the first
// line, then the query parameters one a line (joined with '&'; lines
// starting with '#' are comments), a line of ten dashes, the dump.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in, want, ok := strings.Cut(string(src), goldenSep)
			if !ok {
				t.Fatalf("%s: no %q line", file, strings.TrimSpace(goldenSep))
			}
			typ, raw := goldenInput(in)
			q, err := Parse(testType(t, typ), raw, testOptions())
			if err != nil {
				t.Fatalf("Parse(%s, %q): %v", typ, raw, err)
			}
			got := q.String()
			if *update {
				if err := os.WriteFile(file, []byte(in+goldenSep+got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != want {
				t.Errorf("Parse(%s, %q)\n--- got\n%s--- want\n%s", typ, raw, got, want)
			}
		})
	}
}

// goldenInput reads a case's input: the type name and the raw query.
func goldenInput(in string) (typ, raw string) {
	var params []string
	for i, line := range strings.Split(strings.TrimSpace(in), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case i == 0:
			typ = line
		case line != "" && !strings.HasPrefix(line, "#"):
			params = append(params, line)
		}
	}
	return typ, strings.Join(params, "&")
}
