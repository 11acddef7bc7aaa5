package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/plugintables"
)

func (k *CLI) runMigrate(args []string, stdout, stderr io.Writer) int {
	var dry, destructive *bool
	cfg, code, stop := k.setup("migrate", "Bring the database to the content types. Changes that lose data (a removed\n"+
		"field or type, a changed type) are printed and applied only with --allow-destructive.", args, stderr, func(fs *flag.FlagSet) {
		dry = fs.Bool("dry-run", false, "print the SQL the migration would run, and run nothing")
		destructive = fs.Bool("allow-destructive", false, "also apply changes that drop or convert data")
	})
	if stop {
		return code
	}
	s, err := app.LoadSchema(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	ctx := context.Background()
	db, err := database.OpenWith(ctx, cfg.DatabaseURL(), database.Options{Unprepared: !cfg.Database.Prepared()})
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	defer db.Close()
	// The plugins' own tables are planned with the content types'.
	enabled, err := k.enabled(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	extra, err := plugintables.Extra(enabled, db.Dialect)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	plan, err := migrate.Run(ctx, db, s, migrate.Options{DryRun: *dry, AllowDestructive: *destructive, Extra: extra})
	pending := errors.Is(err, migrate.ErrDestructivePending)
	if err != nil && !pending {
		fmt.Fprintln(stderr, "kiln: migrating:", err)
		return 1
	}
	switch {
	case plan.Empty():
		fmt.Fprintln(stdout, "the database is up to date")
	case *dry:
		fmt.Fprintln(stdout, "-- dry run: nothing was applied")
		fmt.Fprint(stdout, plan.String())
	default:
		fmt.Fprint(stdout, plan.String())
	}
	if pend := plan.Pending(); len(pend) > 0 && (*dry || !*destructive) {
		fields := plan.UnavailableByChange(s)
		fmt.Fprintln(stdout, "\n-- pending until `kiln migrate --allow-destructive`; meanwhile the server serves, and the fields named are unavailable:")
		for i, c := range pend {
			if i > 0 && pend[i-1].Description == c.Description {
				continue // tables dropped together
			}
			line := "--   " + c.Description
			if f := fields[c.Description]; len(f) > 0 {
				line += " [fields: " + strings.Join(f, ", ") + "]"
			}
			fmt.Fprintln(stdout, line)
		}
	}
	for _, w := range plan.Warnings {
		fmt.Fprintln(stderr, "kiln: an optional change was not applied:", w)
	}
	if pending && !*dry {
		fmt.Fprintf(stderr, "kiln: %d destructive change(s) were NOT applied; review them above and run `kiln migrate --allow-destructive`\n",
			len(plan.Destructive()))
		return 1
	}
	return 0
}
