package transfer

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
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
			if builtin[uidOf(ct)] {
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
	for _, ct := range ex.s.Types {
		uid := uidOf(ct)
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

func (ex *exporter) metadata() error {
	m := fmt.Appendf(nil, "{\n  \"createdAt\": %s,\n  \"strapi\": {\n    \"version\": %q\n  }\n}", jsonTime(time.Now()), StrapiVersion)
	return ex.w.Add("metadata.json", int64(len(m)), bytes.NewReader(m))
}

func (ex *exporter) progress(stage string, items int, b int64) {
	if ex.o.Progress != nil {
		ex.o.Progress(Progress{Stage: stage, Items: items, Bytes: b})
	}
}
