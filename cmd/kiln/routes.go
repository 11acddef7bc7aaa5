package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"

	"github.com/kiln-cms/kiln/core/app"
)

func runRoutes(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := setup("routes", "Print the route table: method, path, permission action, roles allowed, source.", args, stderr, nil)
	if stop {
		return code
	}
	if _, err := cfg.EnsureSecret(); err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), plugins()...)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	defer a.Close()
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "METHOD\tPATH\tACTION\tROLES\tSOURCE")
	for _, r := range a.RouteTable() {
		roles := strings.Join(r.Roles, ",")
		if roles == "" {
			roles = "(none)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.Method, r.Path, r.Action, roles, r.Source)
	}
	w.Flush()
	return 0
}
