package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
)

const mediaUsage = `Usage:
  kiln media orphans [--delete]`

// runMedia looks after the media library's storage (docs/media.md):
// `orphans` lists the stored files no file row names — what a crash
// between storing an upload and committing its row leaves — and removes
// them with --delete. Run --delete while no upload is under way: an
// upload's bytes are stored a moment before its row commits.
func (k *CLI) runMedia(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "orphans" {
		fmt.Fprintln(stderr, mediaUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	var del *bool
	cfg, code, stop := k.setup("media orphans", "List the stored files no file row names; --delete removes them.", args[1:], stderr, func(fs *flag.FlagSet) {
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
