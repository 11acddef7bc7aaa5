// Command bookshelf is Kiln with a plugin of this module's own: the whole
// kiln command line (serve, migrate, seed, validate, token, admin, media,
// routes, init, version) and the reviews plugin.
package main

import (
	"github.com/kiln-cms/kiln"

	"example.com/bookshelf/reviews"
)

func main() {
	kiln.Main(kiln.WithPlugins(reviews.New()))
}
