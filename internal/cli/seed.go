package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/dataset"
)

func (k *CLI) runSeed(args []string, stdout, stderr io.Writer) int {
	var scaleName *string
	var seed *uint64
	var password *string
	cfg, code, stop := k.setup("seed", "Load the platform's deterministic demo data into an empty database:\n"+
		"--scale small (tens of rows) or large (the benchmark size: see BENCHMARKS.md). The demo users get random\n"+
		"passwords, printed once, unless --password chooses one.", args, stderr, func(fs *flag.FlagSet) {
		scaleName = fs.String("scale", "small", "small or large")
		seed = fs.Uint64("seed", 1, "the random seed: the same seed gives the same data")
		password = fs.String("password", "", "the demo users' password (default: a random one for each, printed once)")
	})
	if stop {
		return code
	}
	scale, err := dataset.ParseScale(*scaleName)
	if err != nil {
		fmt.Fprintln(stderr, "kiln seed:", err)
		return 2
	}
	ctx := context.Background()
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	start := time.Now()
	set := dataset.Generate(scale, *seed)
	accounts, err := dataset.Seed(ctx, a.Content, set, a.Accounts.RoleIDs, dataset.Options{Password: *password, Progress: progressPrinter(stdout)})
	if err != nil {
		fmt.Fprintln(stderr, "kiln seed:", err)
		return 1
	}
	fmt.Fprintf(stdout, "seeded the %s set (seed %d) into %s in %s\n", scale.Name, *seed, a.DB.Dialect, time.Since(start).Round(time.Millisecond))
	printDemoUsers(stdout, accounts)
	return 0
}

// printDemoUsers lists the demo credentials: the only time a random
// password is shown.
func printDemoUsers(w io.Writer, accounts []dataset.Account) {
	fmt.Fprintln(w, "\ndemo users (sign in with POST /api/auth/local {identifier, password}):")
	for _, u := range accounts {
		link := ""
		if u.Links != "" {
			link = " (linked to " + u.Links + " 1)"
		}
		fmt.Fprintf(w, "  %-14s %-20s %s%s\n", u.Role, u.Email, u.Password, link)
	}
}

// progressPrinter draws a bar on a terminal, and a line per table
// otherwise (CI logs, pipes).
func progressPrinter(w io.Writer) dataset.Progress {
	f, ok := w.(*os.File)
	tty := false
	if ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return func(table string, done, total int) {
		if tty {
			const width = 30
			n := width * done / max(total, 1)
			fmt.Fprintf(w, "\r%-16s [%s%s] %d/%d", table, strings.Repeat("#", n), strings.Repeat(".", width-n), done, total)
			if done == total {
				fmt.Fprintln(w)
			}
			return
		}
		if done == total {
			fmt.Fprintf(w, "%s: %d rows\n", table, total)
		}
	}
}
