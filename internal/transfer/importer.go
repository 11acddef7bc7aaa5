package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// Importing an archive, as strapi import does: the archive's schemas are
// compared with the project's first, and any difference stops the import
// unless it is forced; then, in one transaction, every entry of the
// project goes, and the archive's entities (rows under their own ids,
// documentIds, dates, locales, both versions of a draft & publish
// document, components and zone items with theirs) and links (each
// written where Kiln keeps the relation) come in. The files are stored
// before the transaction; those it stored are removed again if it fails.
// Each stage is one walk of the archive and is written in batches, so
// memory stays flat whatever the archive's size.

// ImportOptions are what kiln import's flags choose.
type ImportOptions struct {
	// Key decrypts an encrypted archive.
	Key string
	// Force imports despite differences between the archive's schemas and
	// the project's: what only one side has is left out.
	Force bool
	// DryRun does everything but commit: the report says what an import
	// would delete and write; no file is stored.
	DryRun bool
	// Files stores the archive's assets (uploads and their formats) into
	// Storage; without it, file rows are imported as they are.
	Files   bool
	Storage storage.Storage
	// Limits bound what the archive may hold (archive.DefaultLimits when
	// zero).
	Limits archive.Limits
	// Progress, when set, hears of each batch written.
	Progress func(Progress)
	// Count reads the archive once more first to count each stage's
	// lines and files, so that Progress can say how far it has to go (a
	// terminal's time left).
	Count bool
}

// Progress is how far an import has come.
type Progress struct {
	Stage string // "entities", "assets", "links"
	Items int    // written so far in the stage
	Bytes int64  // read so far in the stage
	// Total is the stage's lines or files, when counted (Count); 0
	// otherwise.
	Total int
}

// Report is what an import did (or, with DryRun, would do).
type Report struct {
	StrapiVersion string
	// Diffs between the archive's schemas and the project's (imported
	// despite them only with Force).
	Diffs []Diff
	// Deleted counts the rows each type held before, Entities the rows
	// imported into each, by uid.
	Deleted, Entities map[string]int
	// Skipped counts the archive's rows Kiln does not import, by uid, and
	// Why says why for each uid.
	Skipped map[string]int
	Why     map[string]string
	// Links written; LinksSkipped, by "uid.field", those Kiln does not
	// keep (with Why), and LinksMissing those naming a row the archive
	// does not hold (strapi import leaves them out too).
	Links        int
	LinksSkipped map[string]int
	LinksMissing int
	// Assets stored, and their bytes.
	Assets     int
	AssetBytes int64
	// Configuration rows read and not imported.
	Configuration int
	Elapsed       time.Duration
}

// ErrSchemas stops an import whose archive's schemas differ from the
// project's, unless it is forced.
var ErrSchemas = errors.New("the archive's schemas differ from the project's")

// notImported are Strapi's types an archive holds that Kiln keeps
// elsewhere or not at all, and why.
var notImported = map[string]string{
	"plugin::upload.folder":                   "Kiln's media library has no folders: every file is at its root",
	"plugin::i18n.locale":                     "Kiln's locales are config/i18n.yaml's: the archive's entries must use those",
	"plugin::users-permissions.permission":    "what a role may do is config/permissions.yaml's in Kiln",
	"plugin::content-releases.release":        "Kiln has no releases",
	"plugin::content-releases.release-action": "Kiln has no releases",
	"plugin::review-workflows.workflow":       "Kiln has no review workflows",
	"plugin::review-workflows.workflow-stage": "Kiln has no review workflows",
}

// Import loads the archive at file into svc's database (and its assets
// into o.Storage), replacing every entry it holds.
func Import(ctx context.Context, svc *content.Service, file string, o ImportOptions) (*Report, error) {
	start := time.Now()
	a, err := archive.Open(file, o.Key, o.Limits)
	if err != nil {
		return nil, err
	}
	im := &importer{svc: svc, s: svc.Schema, a: a, o: o, lim: o.Limits, rep: &Report{
		Deleted: map[string]int{}, Entities: map[string]int{}, Skipped: map[string]int{}, Why: map[string]string{},
		LinksSkipped: map[string]int{},
	}}
	if im.lim == (archive.Limits{}) {
		im.lim = archive.DefaultLimits()
	}
	im.types = map[string]*schema.ContentType{}
	for _, ct := range im.s.Types {
		im.types[ct.UID()] = ct
	}
	for _, c := range im.s.Components {
		im.types[c.Name] = c
	}
	if err := im.readMetadata(); err != nil {
		return nil, err
	}
	if err := im.compareSchemas(); err != nil {
		return im.rep, err
	}
	if o.Progress != nil && o.Count {
		if err := im.count(); err != nil {
			return im.rep, err
		}
	}
	var stored []string
	if o.Files && !o.DryRun {
		if stored, err = im.storeAssets(ctx); err != nil {
			im.removeAssets(stored)
			return im.rep, err
		}
	}
	err = svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		if err := im.load(ctx, tx); err != nil {
			return err
		}
		if o.DryRun {
			return errDryRun
		}
		return nil
	})
	if errors.Is(err, errDryRun) {
		err = nil
	}
	if err != nil {
		im.removeAssets(stored)
		return im.rep, err
	}
	im.rep.Elapsed = time.Since(start)
	return im.rep, nil
}

// errDryRun rolls a dry run's transaction back.
var errDryRun = errors.New("dry run")

type importer struct {
	svc   *content.Service
	s     *schema.Schema
	a     *archive.Archive
	o     ImportOptions
	lim   archive.Limits
	rep   *Report
	types map[string]*schema.ContentType // by uid: types and components
	// mimes are the assets' MIME types, from their metadata files.
	mimes map[string]string
	// totals are each stage's lines or files (Count).
	totals map[string]int
	// docs, for a Strapi 4 archive, are the localized rows' documents:
	// uid → row id → the smallest row id of its localizations.
	docs map[string]map[int64]int64
}

// v4 reports whether Strapi 4 wrote the archive.
func (im *importer) v4() bool { return strings.HasPrefix(im.rep.StrapiVersion, "4.") }

// readMetadata reads metadata.json, which Strapi requires.
func (im *importer) readMetadata() error {
	found := false
	err := im.a.Walk("", func(name string, _ int64, r io.Reader) error {
		if name != "metadata.json" {
			return nil
		}
		found = true
		var m struct {
			Strapi struct {
				Version string `json:"version"`
			} `json:"strapi"`
		}
		if err := json.NewDecoder(io.LimitReader(r, int64(im.lim.MaxLine))).Decode(&m); err != nil {
			return fmt.Errorf("not Strapi's metadata: %w", err)
		}
		im.rep.StrapiVersion = m.Strapi.Version
		return nil
	})
	if err == nil && !found {
		err = fmt.Errorf("%w: it holds no metadata.json", archive.ErrNotArchive)
	}
	return err
}

// compareSchemas compares the archive's schemas with the project's.
func (im *importer) compareSchemas() error {
	got := map[string]any{}
	err := im.lines("schemas", func(line []byte) error {
		var v map[string]any
		if err := json.Unmarshal(line, &v); err != nil {
			return fmt.Errorf("a schema that is not a JSON object: %w", err)
		}
		uid, _ := v["uid"].(string)
		if uid == "" {
			return errors.New("a schema without its uid")
		}
		got[uid] = v
		return nil
	})
	if err != nil {
		return err
	}
	if len(got) == 0 {
		return fmt.Errorf("%w: it holds no schemas", archive.ErrNotArchive)
	}
	if im.v4() {
		im.rep.Diffs = CompareSchemasV4(got, im.s)
	} else {
		im.rep.Diffs = CompareSchemas(got, im.s)
	}
	if len(im.rep.Diffs) > 0 && !im.o.Force {
		return fmt.Errorf("%w (%d differences; --force imports what both hold)", ErrSchemas, len(im.rep.Diffs))
	}
	return nil
}

// lines walks a stage's JSON lines.
func (im *importer) lines(stage string, fn func(line []byte) error) error {
	return im.a.Walk(stage, func(name string, _ int64, r io.Reader) error {
		if !strings.HasSuffix(name, ".jsonl") {
			return nil
		}
		return archive.ReadLines(r, im.lim.MaxLine, fn)
	})
}

// load runs the stages that write rows, in tx.
func (im *importer) load(ctx context.Context, tx *content.Tx) error {
	deleted, err := tx.DeleteAll(ctx)
	if err != nil {
		return err
	}
	for ct, n := range deleted {
		if n > 0 && ct.Kind != schema.ComponentKind {
			im.rep.Deleted[ct.UID()] = n
		}
	}
	if im.v4() {
		// Strapi 4's rows have no documentId: each is a document, but
		// for the localizations links that make one of several rows.
		if err := im.groupLocalizations(); err != nil {
			return fmt.Errorf("links: %w", err)
		}
	}
	if err := im.loadEntities(ctx, tx); err != nil {
		return fmt.Errorf("entities: %w", err)
	}
	if err := im.loadLinks(ctx, tx); err != nil {
		return fmt.Errorf("links: %w", err)
	}
	if err := tx.EndLoad(ctx); err != nil {
		return err
	}
	if im.v4() {
		// Strapi 4's draft & publish is one row: a published one gets its
		// draft, as Strapi 5's own migration from 4 gives it.
		if err := tx.CompleteVersions(ctx); err != nil {
			return err
		}
	}
	return im.lines("configuration", func([]byte) error { im.rep.Configuration++; return nil })
}

// storeAssets stores every file of assets/uploads under its name, and
// returns the keys it stored that the storage did not hold before.
func (im *importer) storeAssets(ctx context.Context) ([]string, error) {
	st := im.o.Storage
	if st == nil {
		return nil, errors.New("no storage to put the files in")
	}
	had := map[string]bool{}
	if err := st.Keys(ctx, func(k string) error { had[k] = true; return nil }); err != nil {
		return nil, fmt.Errorf("listing the storage: %w", err)
	}
	im.mimes = map[string]string{}
	var stored []string
	err := im.a.Walk("assets", func(name string, size int64, r io.Reader) error {
		dir, file := path.Split(name)
		switch dir {
		case "assets/metadata/":
			var m struct {
				Mime string `json:"mime"`
			}
			if err := json.NewDecoder(io.LimitReader(r, int64(im.lim.MaxLine))).Decode(&m); err != nil {
				return fmt.Errorf("an asset's metadata that is not JSON: %w", err)
			}
			im.mimes[strings.TrimSuffix(file, ".json")] = m.Mime
			return nil
		case "assets/uploads/":
		default:
			return nil
		}
		typ := im.mimes[file]
		if typ == "" {
			typ = mime.TypeByExtension(path.Ext(file))
		}
		if err := st.Put(ctx, file, r, size, typ); err != nil {
			return err
		}
		if !had[file] {
			stored = append(stored, file)
		}
		im.rep.Assets++
		im.rep.AssetBytes += size
		im.progress("assets", im.rep.Assets, im.rep.AssetBytes)
		return nil
	})
	return stored, err
}

// removeAssets deletes the files a failed import stored.
func (im *importer) removeAssets(keys []string) {
	for _, k := range keys {
		_ = im.o.Storage.Delete(context.WithoutCancel(context.Background()), k)
	}
}

func (im *importer) progress(stage string, items int, b int64) {
	if im.o.Progress != nil {
		im.o.Progress(Progress{Stage: stage, Items: items, Bytes: b, Total: im.totals[stage]})
	}
}

// skip counts a row of a type Kiln does not import.
func (im *importer) skip(uid, why string) {
	im.rep.Skipped[uid]++
	im.rep.Why[uid] = why
}

// uids is a report map's keys, sorted.
func uids(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// decode reads a JSON line with numbers as json.Number, as the kinds'
// FromJSON read them.
func decode(line []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	return d.Decode(v)
}

// count counts each stage's lines (and the assets' files) in one walk.
func (im *importer) count() error {
	im.totals = map[string]int{}
	return im.a.Walk("", func(name string, _ int64, r io.Reader) error {
		stage, _, _ := strings.Cut(name, "/")
		switch {
		case strings.HasPrefix(name, "assets/uploads/"):
			im.totals["assets"]++
		case (stage == "entities" || stage == "links") && strings.HasSuffix(name, ".jsonl"):
			return archive.ReadLines(r, im.lim.MaxLine, func([]byte) error { im.totals[stage]++; return nil })
		}
		return nil
	})
}
