package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/upload"
)

const mediaUsage = `Usage:
  kiln media orphans [--delete]
  kiln media move --to local|s3 [--dry-run] [--concurrency N] [--batch N] [--delete-source]`

// runMedia looks after the media library's storage (docs/media.md).
func (k *CLI) runMedia(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "orphans":
			return k.mediaOrphans(args[1:], stdout, stderr)
		case "move":
			return k.mediaMove(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintln(stderr, mediaUsage)
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		return 0
	}
	return 2
}

// mediaOrphans lists the stored files no file row names — what a crash
// between storing an upload and committing its row leaves — and removes
// them with --delete. Run --delete while no upload is under way: an
// upload's bytes are stored a moment before its row commits.
func (k *CLI) mediaOrphans(args []string, stdout, stderr io.Writer) int {
	var del *bool
	cfg, code, stop := k.setup("media orphans", "List the stored files no file row names; --delete removes them.", args, stderr, func(fs *flag.FlagSet) {
		del = fs.Bool("delete", false, "remove the orphans from the storage")
	})
	if stop {
		return code
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	ctx := context.Background()
	keys, err := a.Upload.Orphans(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "kiln media orphans:", describe(err))
		return 1
	}
	for _, k := range keys {
		fmt.Fprintln(stdout, k)
	}
	if !*del {
		fmt.Fprintf(stderr, "%d orphan file(s) in the %s storage; --delete removes them\n", len(keys), a.Upload.Storage().Provider())
		return 0
	}
	if err := a.Upload.DeleteOrphans(ctx, keys); err != nil {
		fmt.Fprintln(stderr, "kiln media orphans:", describe(err))
		return 1
	}
	fmt.Fprintf(stderr, "%d orphan file(s) removed from the %s storage\n", len(keys), a.Upload.Storage().Provider())
	return 0
}

// mediaMove copies the files kept by the other provider to the one
// --to names, verifies the copies and switches their rows
// (upload.Service.Move). Both providers are opened from the same
// config/upload.yaml, whichever its provider names: the local one's
// folder is the data folder's uploads, the s3 one is the s3 block.
func (k *CLI) mediaMove(args []string, stdout, stderr io.Writer) int {
	var to *string
	var dry, del *bool
	var conc, batch *int
	cfg, code, stop := k.setup("media move", "Copy every file kept by the other upload provider to the one --to names, verify each copy\n"+
		"(size and SHA-256, read back), then point the files' rows at it, a batch per transaction.\n"+
		"Both providers come from config/upload.yaml: the local folder and the s3 block, whichever\n"+
		"provider it names. Run it again after a failure: it carries on. The source objects are kept\n"+
		"unless --delete-source.", args, stderr, func(fs *flag.FlagSet) {
		to = fs.String("to", "", "the provider to move the files to: local or s3")
		dry = fs.Bool("dry-run", false, "find every file's objects in the source and say what would move; copy nothing")
		conc = fs.Int("concurrency", 4, "objects copied at once")
		batch = fs.Int("batch", 100, "rows read in one statement and switched in one transaction (at most 1000)")
		del = fs.Bool("delete-source", false, "remove a file's source objects once its row points at the verified copies")
	})
	if stop {
		return code
	}
	target := *to
	if target == storage.ProviderS3 {
		target = config.ProviderS3
	}
	if target != config.ProviderLocal && target != config.ProviderS3 {
		fmt.Fprintf(stderr, "kiln media move: --to must be local or s3, not %q\n%s\n", *to, mediaUsage)
		return 2
	}
	// A batch's UPDATE carries about 7 values a row: 1000 rows stay
	// below SQLite's and PostgreSQL's limits on a statement's values.
	if *conc < 1 || *batch < 1 || *batch > 1000 {
		fmt.Fprintln(stderr, "kiln media move: --concurrency must be at least 1, --batch from 1 to 1000")
		return 2
	}
	source := config.ProviderLocal
	if target == config.ProviderLocal {
		source = config.ProviderS3
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "kiln media move: "+format+"\n", args...)
		return 1
	}
	dst, err := app.OpenStorage(ctx, cfg, target)
	if err != nil {
		return fail("the target: %v", err)
	}
	counts, err := a.Upload.Providers(ctx)
	if err != nil {
		return fail("counting the files: %s", describe(err))
	}
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range counts {
			if p != storage.ProviderLocal && p != storage.ProviderS3 && !yield(p) {
				return
			}
		}
	}) {
		fmt.Fprintf(stderr, "%d file(s) kept by the provider %q are not kiln's to read: left as they are\n", counts[p], p)
	}
	srcName := storage.ProviderLocal
	if source == config.ProviderS3 {
		srcName = storage.ProviderS3
	}
	if counts[srcName] == 0 {
		fmt.Fprintf(stdout, "nothing to move: no file is kept by the %s provider (%d on %s)\n", srcName, counts[dst.Provider()], dst.Provider())
		return 0
	}
	src, err := app.OpenStorage(ctx, cfg, source)
	if err != nil {
		return fail("%d file(s) are kept by %s, which cannot be opened: %v", counts[srcName], srcName, err)
	}
	if cfg.Upload.Provider != target && !*dry {
		fmt.Fprintf(stderr, "note: config/upload.yaml's provider is %s: until it is %s, new uploads go to %s, and kiln serve does not sign (or, for local, serve) the moved files' urls\n",
			cfg.Upload.Provider, target, cfg.Upload.Provider)
	}
	verb := "moving"
	if *dry {
		verb = "dry run: checking"
	}
	fmt.Fprintf(stderr, "%s %d file(s) from %s to %s\n", verb, counts[srcName], srcName, dst.Provider())
	res := a.Upload.Move(ctx, upload.MoveOptions{From: src, To: dst, DryRun: *dry, DeleteSource: *del,
		Concurrency: *conc, BatchSize: *batch, Progress: stderr})
	rate := ""
	if secs := res.Elapsed.Seconds(); secs > 0 && res.Bytes > 0 {
		rate = fmt.Sprintf(", %s/s", upload.Bytes(int64(float64(res.Bytes)/secs)))
	}
	if *dry {
		fmt.Fprintf(stdout, "dry run: %d of %d file(s) would move from %s to %s: %d objects, %s found in %s%s\n",
			res.WouldMove, res.Files, res.From, res.To, res.Objects, upload.Bytes(res.Bytes), res.Elapsed.Round(1e6), rate)
	} else {
		kept := "the source objects are kept (--delete-source removes them)"
		if *del {
			kept = fmt.Sprintf("%d source objects removed", res.Deleted)
		}
		fmt.Fprintf(stdout, "moved %d of %d file(s) from %s to %s: %d objects, %s copied and verified in %s%s; %s\n",
			res.Moved, res.Files, res.From, res.To, res.Objects, upload.Bytes(res.Bytes), res.Elapsed.Round(1e6), rate, kept)
	}
	again := app.MoveCommand(target)
	if *dry {
		again += " --dry-run"
	}
	switch {
	case res.Stopped != nil:
		return fail("stopped: %v; %d file(s) not moved: run %s again", res.Stopped, res.Files-int64(res.Moved), again)
	case len(res.Failed) > 0:
		names := make([]string, len(res.Failed))
		for i, f := range res.Failed {
			names[i] = fmt.Sprintf("%d %q", f.ID, f.Name)
		}
		return fail("%d file(s) not moved (%s): fix what is said of each above, then run %s again", len(res.Failed), strings.Join(names, ", "), again)
	}
	return 0
}
