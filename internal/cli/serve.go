package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/demo"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/profiling"
)

func (k *CLI) runServe(args []string, stdout, stderr io.Writer) int {
	var noDemo *bool
	cfg, code, stop := k.setup("serve", "Start the HTTP server. Additive schema changes are applied at start-up.\n"+
		"On an empty default database whose content types hold the platform's demo data, that data is\n"+
		"loaded first, with random passwords printed once (see --no-demo).", args, stderr, func(fs *flag.FlagSet) {
		noDemo = fs.Bool("no-demo", false, "do not load the demo data on an empty default database (or KILN_DEMO=false)")
	})
	if stop {
		return code
	}
	cfg.Server.Demo = cfg.Server.Demo && !*noDemo
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	return k.serve(ctx, cfg, newLogger(cfg, stderr), nil)
}

// serve runs the server until ctx ends (SIGINT or SIGTERM in production,
// the test's cancel in a test), and returns the exit code. ready, when set,
// is told the listening address once requests are served.
func (k *CLI) serve(ctx context.Context, cfg config.Config, log *slog.Logger, ready func(net.Addr)) int {
	if generated, err := cfg.EnsureSecret(); err != nil {
		log.Error("no JWT secret", "err", err)
		return 1
	} else if generated {
		log.Info("generated a JWT secret and kept it in the data folder; set KILN_JWT_SECRET to choose your own",
			"file", cfg.Paths.Data+"/jwt-secret")
	}
	enabled, err := k.enabled(cfg)
	if err != nil {
		log.Error("start-up failed", "err", err)
		return 1
	}
	first := firstStart(cfg)
	a, err := app.New(ctx, cfg, log, enabled...)
	if err != nil {
		log.Error("start-up failed", "err", err)
		return 1
	}
	// The database is closed on every way out but one: a shutdown that
	// timed out with handlers still running, which may still use it.
	closeDB := true
	defer func() {
		if closeDB {
			a.Close()
		}
	}()
	if _, err := k.firstRun(ctx, a, log, first); err != nil {
		log.Error("loading the demo data", "err", err)
		return 1
	}
	if addr := cfg.Server.ProfilingAddress; addr != "" {
		if _, err := profiling.Serve(ctx, addr, log); err != nil {
			log.Error("cannot serve profiles", "addr", addr, "err", err)
			return 1
		}
	}
	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		log.Error("cannot listen", "addr", cfg.Addr(), "err", err)
		return 1
	}
	log.Info("kiln is listening", "addr", ln.Addr().String(), "database", a.DB.Dialect.String(), "types", len(a.Schema.Types),
		"plugins", cfg.Plugins.Enabled())
	if ready != nil {
		ready(ln.Addr())
	}
	err = a.Serve(ctx, ln)
	switch {
	case errors.Is(err, app.ErrShutdownTimeout):
		closeDB = false
		log.Error("shutdown timed out; exiting without closing the database under the running handlers", "err", err)
		return 1
	case err != nil:
		log.Error("server stopped", "err", err)
		return 1
	}
	a.Close()
	closeDB = false
	log.Info("stopped: database closed")
	return 0
}

// firstStart reports whether this start makes the default SQLite
// database: no database is configured and its file does not exist yet.
// Called before the app opens (and so creates) it.
func firstStart(cfg config.Config) bool {
	if cfg.Database.URL != "" {
		return false
	}
	_, err := os.Stat(strings.TrimPrefix(cfg.DatabaseURL(), "sqlite:"))
	return errors.Is(err, fs.ErrNotExist)
}

// firstRun loads the program's demo data at its default scale (seed 1)
// when the server starts on the default SQLite database with nothing in
// it, and logs the demo users with the random passwords made for them: the
// only time they are shown. A program without demo data loads nothing; a
// project whose content types or roles lack what the set needs (any
// project of its own) gets no demo data and is served as it is; first
// (this start made the database) says so in the log once, not at every
// start. It returns the accounts it made (none if it loaded nothing).
func (k *CLI) firstRun(ctx context.Context, a *app.App, log *slog.Logger, first bool) ([]demo.Account, error) {
	if !a.Config.Server.Demo || a.Config.Database.URL != "" || k.demo == nil {
		return nil, nil
	}
	scale := defaultScale(k.demo)
	set, err := k.demo.Generate(scale, 1)
	if err != nil {
		return nil, err
	}
	target := demoApp(a)
	if missing := set.Missing(target); len(missing) > 0 {
		if first {
			log.Info("first start: no demo data, since this project's content types and roles are not the platform's",
				"lacking", len(missing), "first", missing[0])
		}
		return nil, nil
	}
	empty, err := set.Empty(ctx, target)
	if err != nil || !empty {
		return nil, err
	}
	accounts, err := set.Seed(ctx, target, demo.Options{})
	if err != nil {
		return nil, err
	}
	log.Info("first start: loaded the " + scale + " demo data set (kiln serve --no-demo or KILN_DEMO=false to skip)")
	for _, u := range accounts {
		log.Info("demo user (random password, shown only now)",
			"role", u.Role, "email", u.Email, "password", u.Password)
	}
	return accounts, nil
}

// demoApp is the app as the demo data loads into it.
func demoApp(a *app.App) demo.App {
	return demo.App{Content: a.Content, RoleIDs: a.Accounts.RoleIDs}
}
