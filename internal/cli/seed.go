package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/demo"
)

// noDemo is kiln seed's answer in a program that holds no demo data.
const noDemo = "kiln seed: this program has no demo data set (a program gives one with kiln.WithDemo)"

// seedSummary is kiln seed's line in the list of commands.
func (k *CLI) seedSummary() string {
	if k.demo == nil {
		return "load the program's demo data set: this program has none"
	}
	return "load the deterministic demo data (--scale " + strings.Join(k.demo.Scales(), "|") + ", --seed N) into an empty database"
}

// defaultScale is the first of the demo data's scales: kiln seed's
// default and the set a first start loads.
func defaultScale(d demo.Data) string {
	if s := d.Scales(); len(s) > 0 {
		return s[0]
	}
	return ""
}

func (k *CLI) runSeed(args []string, stdout, stderr io.Writer) int {
	if k.demo == nil {
		fmt.Fprintln(stderr, noDemo)
		return 1
	}
	scales := k.demo.Scales()
	var scaleName *string
	var seed *uint64
	var password *string
	cfg, code, stop := k.setup("seed", k.demo.About(), args, stderr, func(fs *flag.FlagSet) {
		scaleName = fs.String("scale", defaultScale(k.demo), strings.Join(scales, " or "))
		seed = fs.Uint64("seed", 1, "the random seed: the same seed gives the same data")
		password = fs.String("password", "", "the demo users' password (default: a random one for each, printed once)")
	})
	if stop {
		return code
	}
	if !slices.Contains(scales, *scaleName) {
		fmt.Fprintf(stderr, "kiln seed: unknown scale %q: use %s\n", *scaleName, strings.Join(scales, " or "))
		return 2
	}
	ctx := context.Background()
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	start := time.Now()
	set, err := k.demo.Generate(*scaleName, *seed)
	if err != nil {
		fmt.Fprintln(stderr, "kiln seed:", err)
		return 1
	}
	accounts, err := set.Seed(ctx, demoApp(a), demo.Options{Password: *password, Progress: progressPrinter(stdout)})
	if err != nil {
		fmt.Fprintln(stderr, "kiln seed:", err)
		return 1
	}
	fmt.Fprintf(stdout, "seeded the %s set (seed %d) into %s in %s\n", *scaleName, *seed, a.DB.Dialect, time.Since(start).Round(time.Millisecond))
	printDemoUsers(stdout, accounts)
	return 0
}

// printDemoUsers lists the demo credentials: the only time a random
// password is shown.
func printDemoUsers(w io.Writer, accounts []demo.Account) {
	fmt.Fprintln(w, "\ndemo users (sign in with POST /api/auth/local {identifier, password}):")
	for _, u := range accounts {
		link := ""
		if u.Linked != "" {
			link = " (linked to " + u.Linked + ")"
		}
		fmt.Fprintf(w, "  %-14s %-20s %s%s\n", u.Role, u.Email, u.Password, link)
	}
}

// progressPrinter draws a bar on a terminal, and a line per table
// otherwise (CI logs, pipes).
func progressPrinter(w io.Writer) func(table string, done, total int) {
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
