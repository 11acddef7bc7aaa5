package cli

import (
	"fmt"
	"slices"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/demo"
	"github.com/kiln-cms/kiln/core/plugin"
)

// CLI is the command line with the plugins and the demo data this program
// holds.
type CLI struct {
	plugins []plugin.Plugin
	// demo is the program's demo data (kiln seed, a first start); nil
	// when it has none.
	demo demo.Data
	// problem stops every command: two plugins of one name.
	problem error
}

// New is the command line holding plugins, in the order they register: a
// plugin may read the services of those before it. Each is loaded when
// config/plugins.yaml enables it by its config name (plugin.ConfigName).
func New(plugins ...plugin.Plugin) *CLI {
	k := &CLI{plugins: plugins}
	seen := map[string]bool{}
	for _, p := range plugins {
		name := plugin.ConfigName(p)
		if seen[name] {
			k.problem = fmt.Errorf("two plugins are named %q: config/plugins.yaml could not tell them apart", name)
		}
		seen[name] = true
	}
	return k
}

// WithDemo gives the command line the program's demo data (nil: none),
// which kiln seed loads and a first start on an empty default database
// loads at its default scale.
func (k *CLI) WithDemo(d demo.Data) *CLI {
	k.demo = d
	return k
}

// names are the config names of the plugins this program holds.
func (k *CLI) names() []string {
	out := make([]string, len(k.plugins))
	for i, p := range k.plugins {
		out[i] = plugin.ConfigName(p)
	}
	return out
}

// enabled are the plugins config/plugins.yaml enables, in the program's
// order. A name the file lists that the program does not hold stops the
// command, naming the known ones; a plugin the file does not list is not
// loaded.
func (k *CLI) enabled(cfg config.Config) ([]plugin.Plugin, error) {
	if err := cfg.CheckPlugins(k.names()); err != nil {
		return nil, err
	}
	on := cfg.Plugins.Enabled()
	var out []plugin.Plugin
	for _, p := range k.plugins {
		if slices.Contains(on, plugin.ConfigName(p)) {
			out = append(out, p)
		}
	}
	return out, nil
}
