package cli

import (
	"context"
	"io"
	"log/slog"
	"net"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/demo"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/plugins/all"
)

// platform is the command line of cmd/kiln: fresh instances of the
// platform's plugins, as a new process has, and the platform's demo data.
func platform() *CLI {
	return New(all.Plugins(nil)...).WithDemo(dataset.Demo)
}

// run is cmd/kiln's command line.
func run(args []string, stdout, stderr io.Writer) int {
	return platform().Run(args, stdout, stderr)
}

// plugins are the platform's plugins cfg enables, as cmd/kiln loads them.
func plugins(cfg config.Config) ([]plugin.Plugin, error) {
	return platform().enabled(cfg)
}

// serve is cmd/kiln's server until ctx ends (see CLI.serve).
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, ready func(net.Addr)) int {
	return platform().serve(ctx, cfg, log, ready)
}

// firstRun is cmd/kiln's first run (see CLI.firstRun).
func firstRun(ctx context.Context, a *app.App, log *slog.Logger, first bool) ([]demo.Account, error) {
	return platform().firstRun(ctx, a, log, first)
}
