package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

func (k *CLI) runRoutes(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := k.setup("routes", "Print the route table: method, path, permission action, roles allowed, source.\n"+
		"Roles \"everyone\" means no token and no permission are checked (operations and documentation routes).\n"+
		"Generated and plugin routes are also served under /api/v1 and /api/v2.", args, stderr, nil)
	if stop {
		return code
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "METHOD\tPATH\tACTION\tROLES\tSOURCE")
	for _, r := range a.ServedRoutes() {
		roles := strings.Join(r.Roles, ",")
		if roles == "" {
			roles = "(none)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.Method, r.Path, r.Action, roles, r.Source)
	}
	w.Flush()
	return 0
}
