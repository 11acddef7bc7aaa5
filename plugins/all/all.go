// Package all lists the platform's plugins, in the order they register:
// cmd/kiln hands them to kiln.Main, which runs those config/plugins.yaml
// enables, and the tests that must cover every plugin route
// (plugins/everyroute) load them all. A plugin of another module is not
// listed here: its own program passes it to kiln.WithPlugins
// (docs/plugins.md).
package all

import (
	"fmt"
	"slices"
	"time"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/analytics"
	"github.com/kiln-cms/kiln/plugins/catalog"
	"github.com/kiln-cms/kiln/plugins/coaching"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// builtin makes every plugin on a clock, in registration order: a plugin
// may read the services of those before it.
var builtin = []func(now func() time.Time) plugin.Plugin{
	func(func() time.Time) plugin.Plugin { return catalog.New() },
	func(now func() time.Time) plugin.Plugin { p := analytics.New(); p.Now = now; return p },
	func(now func() time.Time) plugin.Plugin { p := scheduling.New(); p.Now = now; return p },
	func(now func() time.Time) plugin.Plugin { p := coaching.New(); p.Now = now; return p },
}

// Names are the names config/plugins.yaml knows the platform's plugins
// by (plugin.ConfigName), in registration order.
func Names() []string {
	out := make([]string, len(builtin))
	for i, p := range Plugins(nil) {
		out[i] = plugin.ConfigName(p)
	}
	return out
}

// Plugins returns a fresh instance of every plugin. now is the clock the
// plugins that read one use; nil is the wall clock (a test fixes it).
func Plugins(now func() time.Time) []plugin.Plugin {
	out := make([]plugin.Plugin, len(builtin))
	for i, make := range builtin {
		out[i] = make(now)
	}
	return out
}

// Enabled returns fresh instances of the named plugins, in registration
// order whatever the order of names. A name this list does not hold is an
// error naming the known ones.
func Enabled(names []string, now func() time.Time) ([]plugin.Plugin, error) {
	for _, n := range names {
		if !slices.Contains(Names(), n) {
			return nil, fmt.Errorf("unknown plugin %q; the known plugins are %v", n, Names())
		}
	}
	var out []plugin.Plugin
	for _, p := range Plugins(now) {
		if slices.Contains(names, plugin.ConfigName(p)) {
			out = append(out, p)
		}
	}
	return out, nil
}
