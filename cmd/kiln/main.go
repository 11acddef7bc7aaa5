// Command kiln is Kiln with the platform's plugins — the learning-program
// catalog, analytics, scheduling and coaching — and its demo data (package
// dataset: kiln seed, a first start). A project of one's own with plugins
// of its own has a main of the same few lines (docs/plugins.md).
package main

import (
	"github.com/kiln-cms/kiln"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/plugins/all"
)

func main() {
	kiln.Main(kiln.WithPlugins(all.Plugins(nil)...), kiln.WithDemo(dataset.Demo))
}
