package main

import (
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/all"
)

// plugins are the plugins this build of Kiln runs, on the wall clock; the
// list itself is plugins/all's.
func plugins() []plugin.Plugin { return all.Plugins(nil) }
