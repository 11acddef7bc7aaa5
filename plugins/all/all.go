// Package all lists the plugins this build of Kiln runs, in the order they
// register: cmd/kiln serves them, and the tests that must cover every
// plugin route (plugins/everyroute) load the same list. To add a plugin,
// import its package and list it here.
package all

import (
	"time"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// Plugins returns a fresh instance of every plugin. now is the clock the
// plugins that read one use; nil is the wall clock (a test fixes it).
func Plugins(now func() time.Time) []plugin.Plugin {
	an, sc, co := analytics.New(), scheduling.New(), coaching.New()
	an.Now, sc.Now, co.Now = now, now, now
	return []plugin.Plugin{catalog.New(), an, sc, co}
}
