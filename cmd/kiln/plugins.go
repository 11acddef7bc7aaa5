package main

import (
	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/all"
)

// plugins are the plugins config/plugins.yaml enables, on the wall clock,
// in plugins/all's order. A name the file lists that this build does not
// hold stops the command, naming the known ones; a plugin the file does
// not list is not loaded.
func plugins(cfg config.Config) ([]plugin.Plugin, error) {
	if err := cfg.CheckPlugins(all.Names()); err != nil {
		return nil, err
	}
	return all.Enabled(cfg.Plugins.Enabled(), nil)
}
