// Package all lists the plugins this build of Kiln holds, in the order they
// register: cmd/kiln runs those config/plugins.yaml enables, and the tests
// that must cover every plugin route (plugins/everyroute) load them all.
// To add a plugin, import its package and list it in builtin.
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

// entry is one plugin: the name config/plugins.yaml knows it by (its
// package's name, which is not always its permission prefix: catalog's
// actions are content.*) and how to make it on a clock.
type entry struct {
	name string
	make func(now func() time.Time) plugin.Plugin
}

// builtin is every plugin, in registration order: a plugin may read the
// services of those before it.
var builtin = []entry{
	{"catalog", func(func() time.Time) plugin.Plugin { return catalog.New() }},
	{"analytics", func(now func() time.Time) plugin.Plugin { p := analytics.New(); p.Now = now; return p }},
	{"scheduling", func(now func() time.Time) plugin.Plugin { p := scheduling.New(); p.Now = now; return p }},
	{"coaching", func(now func() time.Time) plugin.Plugin { p := coaching.New(); p.Now = now; return p }},
}

// Names are the names of every plugin this build holds, in registration
// order.
func Names() []string {
	out := make([]string, len(builtin))
	for i, e := range builtin {
		out[i] = e.name
	}
	return out
}

// Plugins returns a fresh instance of every plugin. now is the clock the
// plugins that read one use; nil is the wall clock (a test fixes it).
func Plugins(now func() time.Time) []plugin.Plugin {
	out, _ := Enabled(Names(), now)
	return out
}

// Enabled returns fresh instances of the named plugins, in registration
// order whatever the order of names. A name this build does not hold is an
// error naming the known ones.
func Enabled(names []string, now func() time.Time) ([]plugin.Plugin, error) {
	for _, n := range names {
		if !slices.Contains(Names(), n) {
			return nil, fmt.Errorf("unknown plugin %q; the known plugins are %v", n, Names())
		}
	}
	var out []plugin.Plugin
	for _, e := range builtin {
		if slices.Contains(names, e.name) {
			out = append(out, e.make(now))
		}
	}
	return out, nil
}
