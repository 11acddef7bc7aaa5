package app_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/promise"
)

// TestPublicSurfaceNamesNoInternalType: no exported identifier of a
// promised package (internal/promise) reaches a type of a package under
// internal/, at any depth: parameters, results, fields, methods, aliases.
// Caddy's rule, "no exported dependency types": what a plugin author reads
// in go doc, they can import.
func TestPublicSurfaceNamesNoInternalType(t *testing.T) {
	t.Parallel()
	imp, _ := exportData(t)
	internal := func(p *types.Package) bool { return p != nil && strings.HasPrefix(p.Path(), module+"/internal/") }
	checked := 0
	for _, rel := range promise.Packages {
		path := promise.Path(rel)
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("importing %s: %v", path, err)
		}
		checked += len(pkg.Scope().Names())
		for _, where := range reachingAPI(pkg, internal) {
			t.Errorf("%s: %s reaches a type under internal/: a promised package names only public types", strings.TrimPrefix(path, module+"/"), where)
		}
	}
	if checked < 200 {
		t.Fatalf("the promised packages hold %d names; the check looked at nothing", checked)
	}
}
