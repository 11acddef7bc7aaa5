package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"net"
	"os/signal"
	"syscall"

	"github.com/kiln-cms/kiln/core/app"
	"github.com/kiln-cms/kiln/dataset"
)

func runServe(args []string, stdout, stderr io.Writer) int {
	var noDemo *bool
	cfg, code, stop := setup("serve", "Start the HTTP server. Additive schema changes are applied at start-up.\n"+
		"On an empty default database, the small demo data set is loaded first (see --no-demo).", args, stderr, func(fs *flag.FlagSet) {
		noDemo = fs.Bool("no-demo", false, "do not load the demo data on an empty default database (or KILN_DEMO=false)")
	})
	if stop {
		return code
	}
	cfg.Server.Demo = cfg.Server.Demo && !*noDemo
	log := newLogger(cfg, stderr)
	if generated, err := cfg.EnsureSecret(); err != nil {
		log.Error("no JWT secret", "err", err)
		return 1
	} else if generated {
		log.Info("generated a JWT secret and kept it in the data folder; set KILN_JWT_SECRET to choose your own",
			"file", cfg.Paths.Data+"/jwt-secret")
	}
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	a, err := app.New(ctx, cfg, log, plugins()...)
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
	if err := firstRun(ctx, a, log); err != nil {
		log.Error("loading the demo data", "err", err)
		return 1
	}
	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		log.Error("cannot listen", "addr", cfg.Addr(), "err", err)
		return 1
	}
	log.Info("kiln is listening", "addr", ln.Addr().String(), "database", a.DB.Dialect.String(), "types", len(a.Schema.Types))
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

// firstRun loads the small demo set when the server starts on the default
// SQLite database with nothing in it, and logs the demo credentials.
func firstRun(ctx context.Context, a *app.App, log *slog.Logger) error {
	if !a.Config.Server.Demo || a.Config.Database.URL != "" {
		return nil
	}
	empty, err := a.Content.Empty(ctx, a.Schema.Type("program"))
	if err != nil || !empty {
		return err
	}
	if err := dataset.Load(ctx, a.Content, dataset.Generate(dataset.Small, 1), a.Security.RoleIDs, nil); err != nil {
		return err
	}
	log.Info("first start: loaded the small demo data set (kiln serve --no-demo or KILN_DEMO=false to skip)")
	for _, u := range dataset.DemoUsers {
		log.Info("demo user", "role", u.Role, "email", u.Email, "password", u.Password)
	}
	return nil
}
