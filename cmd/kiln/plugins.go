package main

import (
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/content"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// plugins are the plugins this build of Kiln runs, wired here explicitly:
// to add one, import its package and list it.
func plugins() []plugin.Plugin {
	return []plugin.Plugin{
		content.New(),
		analytics.New(),
		scheduling.New(),
		coaching.New(),
	}
}
