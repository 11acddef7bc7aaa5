package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/transfer"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// runExport writes the project's content and files as strapi export
// writes them, so that strapi import (or kiln import) loads them
// (docs/operations.md). Its flags are strapi export's.
func (k *CLI) runExport(args []string, stdout, stderr io.Writer) int {
	var file, key, exclude, only *string
	var noEncrypt, noCompress *bool
	cfg, code, stop := k.setup("export", "Write the content and files as strapi export does (kiln export -f NAME: NAME.tar.gz.enc, or .tar.gz with --no-encrypt).", args, stderr, func(fs *flag.FlagSet) {
		file = fs.String("file", "", "the archive's name, without its extensions (default export_<time>)")
		fs.Func("f", "the archive's name (as --file)", func(s string) error { *file = s; return nil })
		key = fs.String("key", "", "encrypt with this key (strapi import --key reads it)")
		noEncrypt = fs.Bool("no-encrypt", false, "write the archive in clear")
		noCompress = fs.Bool("no-compress", false, "write a tar without gzip")
		exclude = fs.String("exclude", "", "files, config: leave the files (assets), or the configuration (the default locale), out")
		only = fs.String("only", "", "content, files or config: write only those (content is always written: links and rows go together)")
	})
	if stop {
		return code
	}
	parts := func(flag, value string) ([]string, bool) {
		var out []string
		for _, x := range strings.Split(value, ",") {
			switch x = strings.TrimSpace(x); x {
			case "":
			case "content", "files", "config":
				out = append(out, x)
			default:
				fmt.Fprintf(stderr, "kiln export: --%s takes content, files or config, not %q\n", flag, x)
				return nil, false
			}
		}
		return out, true
	}
	excluded, ok1 := parts("exclude", *exclude)
	kept, ok2 := parts("only", *only)
	if !ok1 || !ok2 {
		return 2
	}
	// The rows and their links always go together: only the files can
	// be left out.
	files := !slices.Contains(excluded, "files") && (len(kept) == 0 || slices.Contains(kept, "files"))
	if *key == "" && !*noEncrypt {
		fmt.Fprintln(stderr, "kiln export: give --key to encrypt the archive, or --no-encrypt to write it in clear (strapi export asks the same)")
		return 2
	}
	if *noEncrypt {
		*key = ""
	}
	if *file == "" {
		*file = "export_" + time.Now().UTC().Format("20060102150405")
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	// The locales as GET /api/i18n/locales answers them (their documentIds
	// and dates), so that Strapi answers them alike after strapi import.
	stored, err := locales.List(context.Background(), a.DB, a.Schema.DefaultLocale())
	if err != nil {
		fmt.Fprintln(stderr, "kiln export:", describe(err))
		return 1
	}
	var locs []transfer.Locale
	for _, l := range stored {
		locs = append(locs, transfer.Locale{Code: l.Code, Name: l.Name, DocumentID: l.DocumentID, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt})
	}
	if len(locs) == 0 {
		locs = []transfer.Locale{{Code: "en", Name: "English (en)"}}
	}
	configuration := !slices.Contains(excluded, "config") && (len(kept) == 0 || slices.Contains(kept, "config"))
	grants := transfer.Grants{}
	for _, r := range a.Security.Policy.Roles() {
		grants[r.Type] = a.Security.Policy.Actions(r.Type)
	}
	rep, err := transfer.Export(context.Background(), a.Content, *file, transfer.ExportOptions{
		WriteOptions: archive.WriteOptions{Compress: !*noCompress, Key: *key}, Files: files, Storage: a.Upload.Storage(),
		Locales: locs, Configuration: configuration, Grants: grants, Progress: progressLines(stderr)})
	if err != nil {
		fmt.Fprintln(stderr, "kiln export:", describe(err))
		return 1
	}
	total := 0
	for _, n := range rep.Entities {
		total += n
	}
	fmt.Fprintf(stdout, "exported %d entities, %d links and %d files (%s) to %s in %s\n", total, rep.Links, rep.Assets, megabytes(rep.AssetBytes),
		rep.File, rep.Elapsed.Round(time.Millisecond))
	if rep.Configuration > 0 {
		fmt.Fprintf(stdout, "configuration: the default locale (%s), as Strapi's i18n keeps it\n", a.Schema.DefaultLocale())
	}
	if rep.GrantsLeft > 0 {
		fmt.Fprintf(stdout, "not written: %d of the roles' actions that Strapi has no permission for (a plugin's routes, readDrafts, API tokens' administration)\n", rep.GrantsLeft)
	}
	fmt.Fprintln(stdout, "not written: admin users and API tokens (Strapi's archives hold neither)")
	return 0
}
