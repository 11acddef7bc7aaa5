package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/internal/transfer"
)

// runImport loads a Strapi data-transfer archive (strapi export's file, or
// its unpacked folder) into the project's database and storage, replacing
// every entry, as strapi import does (docs/operations.md).
func (k *CLI) runImport(args []string, stdout, stderr io.Writer) int {
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	var key, exclude *string
	var force, dryRun *bool
	cfg, code, stop := k.setup("import", "Load a Strapi export (kiln import FILE: .tar, .tar.gz, .tar.gz.enc or an unpacked folder) in place of every entry.", args, stderr, func(fs *flag.FlagSet) {
		fs.Func("file", "the archive (or give it as the first argument)", func(s string) error { file = s; return nil })
		fs.Func("f", "the archive (as --file)", func(s string) error { file = s; return nil })
		key = fs.String("key", "", "the key of an encrypted archive (.enc)")
		force = fs.Bool("force", false, "import despite differences between the archive's schemas and the project's")
		dryRun = fs.Bool("dry-run", false, "report what the import would delete and write, and change nothing")
		exclude = fs.String("exclude", "", "files: leave the archive's files (assets) out")
	})
	if stop {
		return code
	}
	if file == "" {
		fmt.Fprintln(stderr, "kiln import: name the archive: kiln import FILE")
		return 2
	}
	files := true
	for _, x := range strings.Split(*exclude, ",") {
		switch strings.TrimSpace(x) {
		case "":
		case "files":
			files = false
		default:
			fmt.Fprintf(stderr, "kiln import: --exclude takes files, not %q\n", x)
			return 2
		}
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	o := transfer.ImportOptions{Key: *key, Force: *force, DryRun: *dryRun, Files: files, Storage: a.Upload.Storage(),
		Progress: progressLines(stderr), Count: isTerminal(stderr)}
	rep, err := transfer.Import(context.Background(), a.Content, file, o)
	if rep != nil {
		printDiffs(stderr, rep, *force)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kiln import:", describe(err))
		if errors.Is(err, transfer.ErrSchemas) {
			fmt.Fprintln(stderr, "nothing was written")
		} else {
			fmt.Fprintln(stderr, "nothing was written: the database is as it was, and the files stored for it were removed")
		}
		return 1
	}
	printReport(stdout, rep, *dryRun)
	return 0
}

// printDiffs lists the schemas' differences, one a line.
func printDiffs(w io.Writer, rep *transfer.Report, forced bool) {
	for _, d := range rep.Diffs {
		fmt.Fprintln(w, "schema:", d)
	}
	if len(rep.Diffs) > 0 && forced {
		fmt.Fprintf(w, "%d schema differences accepted (--force)\n", len(rep.Diffs))
	}
}

// printReport is the import's summary: what went, what came, what Kiln
// left out and why.
func printReport(w io.Writer, rep *transfer.Report, dryRun bool) {
	verb := "imported"
	if dryRun {
		verb = "would import (dry run: nothing was written)"
	}
	fmt.Fprintf(w, "%s from Strapi %s in %s:\n", verb, rep.StrapiVersion, rep.Elapsed.Round(time.Millisecond))
	total := 0
	for _, uid := range sortedKeys(rep.Entities) {
		fmt.Fprintf(w, "  %-44s %7d\n", uid, rep.Entities[uid])
		total += rep.Entities[uid]
	}
	fmt.Fprintf(w, "  %-44s %7d\n", "entities", total)
	fmt.Fprintf(w, "  %-44s %7d\n", "links", rep.Links)
	fmt.Fprintf(w, "  %-44s %7d (%s)\n", "assets", rep.Assets, megabytes(rep.AssetBytes))
	deleted := 0
	for _, n := range rep.Deleted {
		deleted += n
	}
	fmt.Fprintf(w, "replaced %d rows the database held\n", deleted)
	for _, uid := range sortedKeys(rep.Skipped) {
		fmt.Fprintf(w, "left out: %d rows of %s: %s\n", rep.Skipped[uid], uid, rep.Why[uid])
	}
	for _, f := range sortedKeys(rep.LinksSkipped) {
		fmt.Fprintf(w, "left out: %d links of %s, a relation Kiln does not keep\n", rep.LinksSkipped[f], f)
	}
	if rep.LinksMissing > 0 {
		fmt.Fprintf(w, "left out: %d links to rows the archive does not hold (as strapi import leaves them out)\n", rep.LinksMissing)
	}
	if rep.Configuration > 0 {
		fmt.Fprintf(w, "left out: %d configuration rows (Strapi's settings and webhooks: Kiln's are its config files and kiln's webhook routes)\n", rep.Configuration)
	}
	fmt.Fprintln(w, "not in Strapi's archives, so not imported: admin users and API tokens (kiln admin create, kiln token create)")
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// progressLines reports an import's progress: a line redrawn in place on
// a terminal, a line every two seconds otherwise.
func progressLines(w io.Writer) func(transfer.Progress) {
	tty := isTerminal(w)
	start, stage := time.Now(), ""
	last := start // the first line after two seconds, as every other
	return func(p transfer.Progress) {
		now := time.Now()
		if p.Stage != stage {
			if stage != "" && tty {
				fmt.Fprintln(w)
			}
			stage, start = p.Stage, now
		}
		rate := float64(p.Items) / max(now.Sub(start).Seconds(), 1e-3)
		line := fmt.Sprintf("%s: %d (%.0f/s, %s read)", p.Stage, p.Items, rate, megabytes(p.Bytes))
		if p.Total > 0 {
			left := time.Duration(float64(max(p.Total-p.Items, 0)) / max(rate, 1e-3) * float64(time.Second))
			line = fmt.Sprintf("%s: %d of %d, %d%% (%.0f/s, %s read, %s left)", p.Stage, p.Items, p.Total, 100*p.Items/p.Total, rate,
				megabytes(p.Bytes), left.Round(time.Second))
		}
		switch {
		case tty:
			fmt.Fprintf(w, "\r%-70s", line)
		case now.Sub(last) >= 2*time.Second:
			fmt.Fprintln(w, line)
			last = now
		}
	}
}

// isTerminal reports whether w is a terminal, where progress is redrawn
// in place and worth a count of what is to come.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
