package main

import (
	"context"
	"errors"
	"io"
	"os/signal"
	"syscall"

	"github.com/kiln-cms/kiln/core/app"
)

func runServe(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := setup("serve", "Start the HTTP server. Additive schema changes are applied at start-up.", args, stderr, nil)
	if stop {
		return code
	}
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
	defer a.Close()
	errc := make(chan error, 1)
	go func() { errc <- a.Fiber.Listen(cfg.Addr()) }()
	log.Info("kiln is listening", "addr", cfg.Addr(), "database", a.DB.Dialect.String(), "types", len(a.Schema.Types))
	select {
	case err := <-errc:
		log.Error("server stopped", "err", err)
		return 1
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "timeout", cfg.Server.ShutdownTimeout)
	if err := a.Fiber.ShutdownWithTimeout(cfg.Server.ShutdownTimeout); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("shutdown", "err", err)
		return 1
	}
	log.Info("stopped")
	return 0
}
