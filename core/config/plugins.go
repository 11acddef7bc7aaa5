package config

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Plugins is config/plugins.yaml, shaped like Strapi's config/plugins.js:
// one entry per plugin name,
//
//	catalog: {enabled: true}
//
// A plugin runs only when its entry says enabled: true. A plugin the file
// does not list is not loaded, so a project without the file runs no
// plugin at all and starts on any content types. There is no environment
// override: which plugins run is part of the project, like its content
// types, not of the machine it runs on.
type Plugins map[string]PluginSetting

// PluginSetting is one plugin's entry.
type PluginSetting struct {
	// Enabled loads the plugin: its routes, tables and hooks. Default: false.
	Enabled bool `yaml:"enabled"`
}

// Enabled returns the names of the enabled plugins, sorted.
func (p Plugins) Enabled() []string {
	var out []string
	for name, s := range p {
		if s.Enabled {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// CheckPlugins refuses a name in the file that is not one of known (the
// plugins this build holds), naming the file and every known plugin, so
// a misspelt name never silently leaves a plugin out.
func (c Config) CheckPlugins(known []string) error {
	var unknown []string
	for name := range c.Plugins {
		if !slices.Contains(known, name) {
			unknown = append(unknown, fmt.Sprintf("%q", name))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	known = slices.Sorted(slices.Values(known))
	return fmt.Errorf("%s: unknown plugin %s; the known plugins are %s",
		filepath.Join(c.Paths.Config, "plugins.yaml"), strings.Join(unknown, ", "), strings.Join(known, ", "))
}
