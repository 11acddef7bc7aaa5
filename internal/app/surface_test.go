package app_test

import (
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/promise"
)

// surfaceList holds the exported identifiers of the promised packages that
// still reach a type under internal/, one per line: the debt issue 42 pays
// off. The list may only shrink.
const surfaceList = "testdata/internal-in-public.txt"

const surfaceHeader = `# Exported identifiers of the promised packages that still reach a type
# under internal/ (internal/app TestPublicSurfaceNamesNoInternalType): the
# list may only shrink. KILN_UPDATE_SURFACE=1 go test ./internal/app -run
# TestPublicSurfaceNamesNoInternalType rewrites it.
`

// TestPublicSurfaceNamesNoInternalType: no exported identifier of a
// promised package reaches a type of a package under internal/ (at any
// depth: parameters, results, fields, methods), except the ones listed in
// surfaceList; a new one fails, and so does a listed one that no longer
// does (take it off the list). KILN_UPDATE_SURFACE=1 rewrites the list.
func TestPublicSurfaceNamesNoInternalType(t *testing.T) {
	t.Parallel()
	imp, _ := exportData(t)
	internal := func(p *types.Package) bool { return p != nil && strings.HasPrefix(p.Path(), module+"/internal/") }
	var got []string
	for _, rel := range promise.Packages {
		path := promise.Path(rel)
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("importing %s: %v", path, err)
		}
		for _, where := range reachingAPI(pkg, internal) {
			got = append(got, strings.TrimPrefix(strings.TrimPrefix(path, module), "/")+": "+where)
		}
	}
	slices.Sort(got)
	if os.Getenv("KILN_UPDATE_SURFACE") == "1" {
		if err := os.WriteFile(surfaceList, []byte(surfaceHeader+strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(filepath.FromSlash(surfaceList))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			want[l] = true
		}
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("%s reaches a type under internal/: a promised package names only public types (issue 42)", g)
		}
		delete(want, g)
	}
	for w := range want {
		t.Errorf("%s no longer reaches an internal type: take it off %s", w, surfaceList)
	}
}
