// Package promise names the packages of Kiln that a module outside it may
// build on: the compatibility promise of docs/plugins.md. Three tests read
// it: that the plugin module of testdata/ imports nothing else, that these
// packages' exported API names no type under internal/ (internal/app's
// surface test), and that docs/plugins.md's table of them is generated
// from their source.
package promise

// Module is Kiln's module path.
const Module = "github.com/kiln-cms/kiln"

// Packages are the promised packages, relative to Module ("" is the root
// package, kiln).
var Packages = []string{
	"", "core/plugin", "core/content", "core/hook", "core/schema", "core/entry", "core/query",
	"core/errs", "core/caller", "core/reply", "core/config", "core/apptest", "core/demo",
}

// Path is the import path of a promised package p.
func Path(p string) string {
	if p == "" {
		return Module
	}
	return Module + "/" + p
}
