package transfer

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/transfer/archive"
)

// Exporting writes what strapi export writes, so that strapi import
// loads it into a Strapi 5 of the same types: the schemas (the project's
// types and components, and Strapi's own as Strapi 5.54 has them, which
// strapi import compares too), every row of every type as it is stored
// (ids, documentIds, both versions, locales, components with their ids),
// every relation's links from the side that declares it, media as links
// from the file, the locales as i18n's rows, the files' bytes, and
// metadata.json. All of it is read in one snapshot of the database, a
// batch of rows at a time.

// StrapiVersion is the Strapi whose archives Kiln writes, and whose
// dialect it speaks.
const StrapiVersion = "5.54.0"

// strapiSchemas are the schemas/ lines of Strapi's own types (the upload,
// i18n, content-releases, review-workflows and users-permissions plugins',
// and admin's), as Strapi 5.54 exported them (testdata/transfer/strapi5).
//
//go:embed strapi-schemas.jsonl
var strapiSchemas []byte

// strapiFields are the fields Strapi's own types have, where Kiln's have
// more of their own (the user's reset date and token version).
var strapiFields = map[string][]string{
	"plugin::users-permissions.user": {"username", "email", "provider", "password", "resetPasswordToken", "confirmationToken", "confirmed", "blocked"},
}

// ExportOptions are what kiln export's flags choose.
type ExportOptions struct {
	archive.WriteOptions
	// Files writes the files' bytes (assets) from Storage.
	Files   bool
	Storage storage.Storage
	// Locales are the project's locales: i18n's rows in the archive.
	Locales []Locale
	// Grants are what each role may do (config/permissions.yaml):
	// users-permissions' permission rows in the archive (grants.go).
	Grants Grants
	// Configuration writes configuration/: the core-store row of i18n's
	// default locale (the svc's schema's), which strapi import puts in
	// place of every core-store row the destination held, so that the
	// destination has the project's default locale (Strapi keeps it there,
	// not in the locales' rows).
	Configuration bool
	// Progress, when set, hears of each batch written.
	Progress func(Progress)
}

// Locale is one of the project's locales, as GET /api/i18n/locales
// answers it (internal/locales); a zero DocumentID or CreatedAt is made
// up at export (a documentId of its place, the export's time).
type Locale struct {
	Code, Name           string
	DocumentID           string
	CreatedAt, UpdatedAt time.Time
}

// ExportReport is what an export wrote.
type ExportReport struct {
	File       string
	Entities   map[string]int
	Links      int
	Assets     int
	AssetBytes int64
	// Configuration rows written.
	Configuration int
	// GrantsLeft counts the roles' actions that have no Strapi
	// permission (Kiln's own: a plugin's routes, readDrafts...).
	GrantsLeft int
	Elapsed    time.Duration
}

// Export writes svc's content (and o.Storage's files) to base plus the
// extensions o asks for (.tar, .gz, .enc), and returns the file's name.
func Export(ctx context.Context, svc *content.Service, base string, o ExportOptions) (*ExportReport, error) {
	start := time.Now()
	rep := &ExportReport{File: archive.FileName(base, o.WriteOptions), Entities: map[string]int{}}
	w, err := archive.Create(rep.File, o.WriteOptions)
	if err != nil {
		return nil, err
	}
	ex := &exporter{svc: svc, s: svc.Schema, w: w, o: o, rep: rep}
	err = svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		if err := tx.Snapshot(ctx); err != nil {
			return err
		}
		for _, step := range []func(context.Context, *content.Tx) error{ex.schemas, ex.entities, ex.assets, ex.links, ex.configuration} {
			if err := step(ctx, tx); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = ex.metadata()
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

type exporter struct {
	svc *content.Service
	s   *schema.Schema
	w   *archive.Writer
	o   ExportOptions
	rep *ExportReport
	// keys are the stored files the file rows name, with their sidecars.
	keys []assetKey
	// roles are the roles' row ids by type, and grantLinks the links of
	// the permission rows written for them (grants.go).
	roles      map[string]int64
	grantLinks [][]byte
}

// assetKey is a stored file and its assets/metadata sidecar.
type assetKey struct {
	key  string
	meta []byte
}

// exported are the types whose rows an export writes: the project's, and
// Kiln's built-in users, roles and files as Strapi's.
func (ex *exporter) exported() []*schema.ContentType { return ex.s.Types }

// uidOf is ct's uid in the archive.
func archiveUID(ct *schema.ContentType) string { return uidOf(ct) }

func (ex *exporter) schemas(ctx context.Context, _ *content.Tx) error {
	lw := ex.w.Lines("schemas", "schemas", 0)
	builtin := map[string]bool{}
	for _, line := range bytes.Split(bytes.TrimSpace(strapiSchemas), []byte("\n")) {
		if err := lw.WriteLine(line); err != nil {
			return err
		}
		var v struct{ UID string }
		if err := json.Unmarshal(line, &v); err != nil {
			return err
		}
		builtin[v.UID] = true
	}
	for _, group := range [][]*schema.ContentType{ex.s.Types, ex.s.Components} {
		for _, ct := range group {
			if builtin[archiveUID(ct)] {
				continue
			}
			b, err := json.Marshal(SchemaLine(ct))
			if err != nil {
				return err
			}
			if err := lw.WriteLine(b); err != nil {
				return err
			}
		}
	}
	return lw.Close()
}

// exportBatch is how many rows one read of an export takes.
const exportBatch = 500

func (ex *exporter) entities(ctx context.Context, tx *content.Tx) error {
	lw := ex.w.Lines("entities", "entities", 0)
	total := 0
	var bytesOut int64
	for _, ct := range ex.exported() {
		uid := archiveUID(ct)
		fields := strapiFields[uid]
		for after := int64(0); ; {
			r, err := tx.DumpRows(ctx, ct, after, exportBatch)
			if err != nil {
				return err
			}
			if len(r.IDs) == 0 {
				break
			}
			for i, id := range r.IDs {
				data := ex.entityData(fields, r, i)
				line := fmt.Appendf(nil, `{"type":%s,"id":%d,"data":%s}`, jsonString(uid), id, data)
				if err := lw.WriteLine(line); err != nil {
					return err
				}
				bytesOut += int64(len(line))
				if ct.Name == schema.FileType && ct.Builtin {
					if err := ex.fileKeys(r, i, data); err != nil {
						return err
					}
				}
				after = id
			}
			if ct.Builtin && ct.Name == "role" {
				ex.noteRoles(r)
			}
			ex.rep.Entities[uid] += len(r.IDs)
			total += len(r.IDs)
			ex.progress("entities", total, bytesOut)
		}
	}
	now := time.Now()
	for i, l := range ex.o.Locales {
		if l.DocumentID == "" {
			l.DocumentID = documentIDOf("plugin::i18n.locale", int64(i+1))
		}
		if l.CreatedAt.IsZero() {
			l.CreatedAt, l.UpdatedAt = now, now
		}
		// Kiln answers a locale's publishedAt as its createdAt.
		line := fmt.Appendf(nil, `{"type":"plugin::i18n.locale","id":%d,"data":{"documentId":%s,"name":%s,"code":%s,"createdAt":%s,"updatedAt":%s,"publishedAt":%s,"locale":null}}`,
			i+1, jsonString(l.DocumentID), jsonString(l.Name), jsonString(l.Code), jsonTime(l.CreatedAt), jsonTime(l.UpdatedAt), jsonTime(l.CreatedAt))
		if err := lw.WriteLine(line); err != nil {
			return err
		}
		ex.rep.Entities["plugin::i18n.locale"]++
	}
	rows, links, left := grantLines(ex.s, ex.o.Grants, ex.roles, now)
	for _, line := range rows {
		if err := lw.WriteLine(line); err != nil {
			return err
		}
	}
	if len(rows) > 0 {
		ex.rep.Entities["plugin::users-permissions.permission"] = len(rows)
	}
	ex.grantLinks, ex.rep.GrantsLeft = links, left
	return lw.Close()
}

// entityData is row i of r as an entities/ line's data: the
// documentId, the scalars in the type's order, the dates, the locale,
// then the components (with their ids, zone items with __component last).
func (ex *exporter) entityData(only []string, r entry.BulkRows, i int) []byte {
	b := fmt.Appendf(nil, `{"documentId":%s`, jsonString(r.DocumentIDs[i]))
	for j, a := range r.Fields {
		if only != nil && !contains(only, a.Name) {
			continue
		}
		b = append(b, ',')
		b = append(b, jsonString(a.Name)...)
		b = append(b, ':')
		b = a.Kind.AppendJSON(b, r.Values[i][j])
	}
	b = fmt.Appendf(b, `,"createdAt":%s,"updatedAt":%s,"publishedAt":`, jsonTime(r.CreatedAt[i]), jsonTime(r.UpdatedAt[i]))
	if r.PublishedAt[i].IsZero() {
		b = append(b, "null"...)
	} else {
		b = append(b, jsonTime(r.PublishedAt[i])...)
	}
	b = append(b, `,"locale":`...)
	if r.Locales[i] == "" {
		b = append(b, "null"...)
	} else {
		b = append(b, jsonString(r.Locales[i])...)
	}
	if r.Components != nil {
		b = appendComponents(b, r.Type, r.Components[i])
	}
	return append(b, '}')
}

// appendComponents writes holder's component fields, each as Strapi
// writes it: a single component an object or null, a repeatable one or a
// zone a list.
func appendComponents(b []byte, holder *schema.ContentType, comps map[*schema.Attribute][]entry.Component) []byte {
	for _, a := range holder.Attributes {
		if !a.IsComponent() {
			continue
		}
		b = append(b, ',')
		b = append(b, jsonString(a.Name)...)
		b = append(b, ':')
		list := comps[a]
		single := a.Type == schema.Component && !a.Repeatable
		switch {
		case single && len(list) == 0:
			b = append(b, "null"...)
			continue
		case !single:
			b = append(b, '[')
		}
		for n, c := range list {
			if n > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, `{"id":%d`, c.ID)
			for _, f := range c.Type.Attributes {
				if !f.IsScalar() || f.Column == "" {
					continue
				}
				b = append(b, ',')
				b = append(b, jsonString(f.Name)...)
				b = append(b, ':')
				b = f.Kind.AppendJSON(b, c.Data.Values[f])
			}
			b = appendComponents(b, c.Type, c.Data.Components)
			if a.Type == schema.DynamicZone {
				b = fmt.Appendf(b, `,"__component":%s`, jsonString(c.Type.Name))
			}
			b = append(b, '}')
		}
		if !single {
			b = append(b, ']')
		}
	}
	return b
}

// fileKeys notes the stored keys of file row i (whose entities/ data is
// data) and of its formats, each with the sidecar strapi import reads:
// assets/metadata/<hash><ext>.json is the file's row with its id first
// (Strapi's select *), a format's is the format's object with "type" (the
// format's name), "id" (the file's) and "mainHash" (the file's hash)
// (testdata/transfer/README.md, "assets/"). strapi import checks them
// before it writes anything (id a positive integer, size a number, name,
// hash, mime, url non-empty, the upload's name hash+ext), and finds the
// file row to give the provider's url to by the id.
func (ex *exporter) fileKeys(r entry.BulkRows, i int, data []byte) error {
	val := func(name string) any {
		for j, a := range r.Fields {
			if a.Name == name {
				return r.Values[i][j]
			}
		}
		return nil
	}
	id := r.IDs[i]
	hash, _ := val("hash").(string)
	ext, _ := val("ext").(string)
	if hash != "" {
		meta := fmt.Appendf(nil, `{"id":%d,%s`, id, data[1:])
		ex.keys = append(ex.keys, assetKey{hash + ext, meta})
	}
	raw, _ := val("formats").(json.RawMessage)
	var formats map[string]map[string]any
	if len(raw) > 0 && decode(raw, &formats) != nil {
		return nil // formats Kiln cannot read: the file alone
	}
	for _, name := range sortedNames(formats) {
		f := formats[name]
		fh, _ := f["hash"].(string)
		if fh == "" {
			continue
		}
		fe, _ := f["ext"].(string)
		f["type"], f["id"], f["mainHash"] = name, id, hash
		meta, err := json.Marshal(f)
		if err != nil {
			return err
		}
		ex.keys = append(ex.keys, assetKey{fh + fe, meta})
	}
	return nil
}

// getter is a storage that reads its files back.
type getter interface {
	Get(ctx context.Context, key string) (io.ReadCloser, int64, error)
}

// open reads a stored file.
func (ex *exporter) open(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	switch st := ex.o.Storage.(type) {
	case getter:
		return st.Get(ctx, key)
	case storage.Opener:
		f, err := st.Open(key)
		if err != nil {
			return nil, 0, err
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, 0, err
		}
		return f, fi.Size(), nil
	}
	return nil, 0, errors.New("the storage cannot read its files back")
}

// assets writes each file's bytes and its metadata sidecar, as Strapi's
// assets/uploads/<key> and assets/metadata/<key>.json.
func (ex *exporter) assets(ctx context.Context, _ *content.Tx) error {
	if !ex.o.Files {
		return nil
	}
	for _, k := range ex.keys {
		r, size, err := ex.open(ctx, k.key)
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("the file %s a file row names is not in the storage (kiln media orphans lists the other way round)", k.key)
		}
		if err != nil {
			return fmt.Errorf("reading the file %s: %w", k.key, err)
		}
		if err := ex.w.Add("assets/metadata/"+k.key+".json", int64(len(k.meta)), bytes.NewReader(k.meta)); err != nil {
			r.Close()
			return err
		}
		err = ex.w.Add("assets/uploads/"+k.key, size, r)
		r.Close()
		if err != nil {
			return err
		}
		ex.rep.Assets++
		ex.rep.AssetBytes += size
		ex.progress("assets", ex.rep.Assets, ex.rep.AssetBytes)
	}
	return nil
}

// noteRoles keeps the role rows' ids by type, for their grants.
func (ex *exporter) noteRoles(r entry.BulkRows) {
	if ex.roles == nil {
		ex.roles = map[string]int64{}
	}
	for j, a := range r.Fields {
		if a.Name != "type" {
			continue
		}
		for i, id := range r.IDs {
			if t, ok := r.Values[i][j].(string); ok {
				ex.roles[t] = id
			}
		}
	}
}

func (ex *exporter) links(ctx context.Context, tx *content.Tx) error {
	lw := ex.w.Lines("links", "links", 0)
	var bytesOut int64
	for _, line := range ex.grantLinks {
		if err := lw.WriteLine(line); err != nil {
			return err
		}
		ex.rep.Links++
	}
	for _, group := range [][]*schema.ContentType{ex.s.Types, ex.s.Components} {
		for _, ct := range group {
			for _, a := range ct.Attributes {
				if !a.IsRelation() || a.MappedBy != "" || a.TargetType == nil {
					continue
				}
				err := tx.DumpLinks(ctx, a, func(o, t int64, op, tp float64) error {
					line := linkLineOf(a, o, t, op, tp)
					bytesOut += int64(len(line))
					ex.rep.Links++
					if ex.rep.Links%1000 == 0 {
						ex.progress("links", ex.rep.Links, bytesOut)
					}
					return lw.WriteLine(line)
				})
				if err != nil {
					return err
				}
			}
		}
	}
	ex.progress("links", ex.rep.Links, bytesOut)
	return lw.Close()
}

// linkLineOf is one link of a as a links/ line: a media field's from the
// file, a relation's from a's owner, with the places Strapi keeps (the
// owner's list's when it is to-many, the target's when its inverse is).
func linkLineOf(a *schema.Attribute, o, t int64, op, tp float64) []byte {
	owner := uidOf(a.Owner)
	if a.IsMedia() {
		return fmt.Appendf(nil, `{"kind":"relation.morph","relation":"morphToMany","left":{"type":"plugin::upload.file","field":"related","ref":%d},"right":{"ref":%d,"pos":%s,"type":%s,"field":%s}}`,
			t, o, place(max(op, 1)), jsonString(owner), jsonString(a.Name))
	}
	kind := "relation.basic"
	if a.TargetType == a.Owner {
		kind = "relation.circular"
	}
	b := fmt.Appendf(nil, `{"kind":%q,"relation":%q,"left":{"type":%s,"field":%s,"ref":%d`, kind, string(a.RelationKind), jsonString(owner), jsonString(a.Name), o)
	if a.ToMany() && op > 0 {
		b = fmt.Appendf(b, `,"pos":%s`, place(op))
	}
	b = fmt.Appendf(b, `},"right":{"type":%s`, jsonString(uidOf(a.TargetType)))
	if a.InversedBy != "" {
		b = fmt.Appendf(b, `,"field":%s`, jsonString(a.InversedBy))
	}
	b = fmt.Appendf(b, `,"ref":%d`, t)
	if a.Inverse != nil && a.Inverse.ToMany() && tp > 0 {
		b = fmt.Appendf(b, `,"pos":%s`, place(tp))
	}
	return append(b, "}}"...)
}

// configuration writes configuration/ when asked: the default locale's
// core-store row, as Strapi's i18n keeps it (key plugin_i18n_default_locale,
// a string). Strapi's other settings (the users-permissions plugin's,
// the upload's, the admin's layouts) are not Kiln's: a Strapi makes its
// defaults of them again at its next start.
func (ex *exporter) configuration(context.Context, *content.Tx) error {
	if !ex.o.Configuration {
		return nil
	}
	lw := ex.w.Lines("configuration", "configuration", 0)
	line := fmt.Appendf(nil, `{"type":"core-store","value":{"id":1,"key":"plugin_i18n_default_locale","value":%s,"type":"string","environment":null,"tag":null}}`,
		jsonString(ex.s.DefaultLocale()))
	if err := lw.WriteLine(line); err != nil {
		return err
	}
	ex.rep.Configuration++
	return lw.Close()
}

// place writes a place as Strapi's float order columns read it.
func place(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func (ex *exporter) metadata() error {
	m := fmt.Appendf(nil, "{\n  \"createdAt\": %s,\n  \"strapi\": {\n    \"version\": %q\n  }\n}", jsonTime(time.Now()), StrapiVersion)
	return ex.w.Add("metadata.json", int64(len(m)), bytes.NewReader(m))
}

func (ex *exporter) progress(stage string, items int, b int64) {
	if ex.o.Progress != nil {
		ex.o.Progress(Progress{Stage: stage, Items: items, Bytes: b})
	}
}

// jsonTime is t as Strapi writes dates: UTC, milliseconds.
func jsonTime(t time.Time) string {
	return `"` + t.UTC().Format("2006-01-02T15:04:05.000Z") + `"`
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
