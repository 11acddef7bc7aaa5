package app_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// outsidePointers are ways a file could send its reader outside the
// repository for what the project must explain itself: the folder the API
// contract was drafted in, the contract's working files, and the peer
// Strapi used while writing Kiln. Built by concatenation so that this file
// does not match itself.
var outsidePointers = []*regexp.Regexp{
	regexp.MustCompile(`\.\./` + `shared\b`),
	regexp.MustCompile(`/work/` + `shared`),
	regexp.MustCompile(`\b(domain|strapi-rest)` + `\.md\b`),
	regexp.MustCompile(`/tmp/` + `peers`),
	regexp.MustCompile(`127\.0\.0\.1:` + `1338\b`),
	// The contract is named as docs/api.md, or linked as (api.md) from a
	// file in docs/.
	regexp.MustCompile(`(^|[^/\w(])api` + `\.md\b`),
}

// TestNoPointerOutsideTheRepository fails when a file of the repository —
// Go source and comments, CLI help, docs, test data, CI scripts — points
// at a document that is not in it: the repository must explain itself
// (the API contract is docs/api.md).
func TestNoPointerOutsideTheRepository(t *testing.T) {
	root := apptest.Root(t)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			// Vendored third-party assets are not the project's words.
			// npm's installs (node_modules, never committed) neither.
			if d.Name() == ".git" || d.Name() == "node_modules" || rel == filepath.Join("core", "docsui", "assets") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || bytes.IndexByte(b, 0) >= 0 { // binary
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, re := range outsidePointers {
				if loc := re.FindStringIndex(line); loc != nil {
					t.Errorf("%s:%d points outside the repository (%q): %s", rel, i+1, line[loc[0]:loc[1]], strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
