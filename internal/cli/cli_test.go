package cli

import (
	"context"
	"io"
	"log/slog"
	"net"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/plugins/all"
)

// run is the command line of cmd/kiln: fresh instances of the platform's
// plugins, as a new process has.
func run(args []string, stdout, stderr io.Writer) int {
	return New(all.Plugins(nil)...).Run(args, stdout, stderr)
}

// plugins are the platform's plugins cfg enables, as cmd/kiln loads them.
func plugins(cfg config.Config) ([]plugin.Plugin, error) {
	return New(all.Plugins(nil)...).enabled(cfg)
}

// serve is cmd/kiln's server until ctx ends (see CLI.serve).
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, ready func(net.Addr)) int {
	return New(all.Plugins(nil)...).serve(ctx, cfg, log, ready)
}
