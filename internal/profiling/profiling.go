// Package profiling serves Go's runtime profiles (net/http/pprof) on an
// address of their own, apart from the API: off unless an operator names
// one, and only ever on a loopback address, because a profile shows the
// server's memory and a CPU profile costs a running server real time.
package profiling

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// CheckAddress says why addr may not serve profiles, or nil: it must be
// host:port with a loopback host (127.0.0.0/8, ::1 or localhost).
func CheckAddress(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port", addr)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("%q is not a loopback address: profiles are served to this machine only", addr)
	}
	return nil
}

// Serve listens on addr and serves /debug/pprof/ until ctx ends. It
// returns the address it listens on (addr may name port 0).
func Serve(ctx context.Context, addr string, log *slog.Logger) (net.Addr, error) {
	if err := CheckAddress(addr); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	// A CPU profile or trace runs as long as asked (?seconds=N): no write
	// timeout, but a head must come in time.
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("profiling server stopped", "err", err)
		}
	}()
	log.Info("serving Go profiles", "addr", ln.Addr().String(), "path", "/debug/pprof/")
	return ln.Addr(), nil
}
