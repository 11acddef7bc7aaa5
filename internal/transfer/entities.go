package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/upload"
)

// The entities stage: one line per row, {"type", "id", "data"}, data
// holding the row's scalars under their attribute names and its
// components nested (testdata/transfer/README.md). Rows are gathered by
// type into batches that BulkInsert writes, a few statements each.

// Batches end at rowBatch rows or itemBatch component items, so that no
// statement passes the databases' limits on parameters.
const (
	rowBatch  = 500
	itemBatch = 2000
)

// entityLine is one line of entities/.
type entityLine struct {
	Type string      `json:"type"`
	ID   json.Number `json:"id"`
	// Data is read a field at a time (fields), so that a JSON field keeps
	// its text as the archive writes it, keys in their order.
	Data fields `json:"data"`
}

// fields are an object of the archive: each field's JSON text.
type fields map[string]json.RawMessage

// value is field key decoded (numbers as json.Number), nil when absent.
func (f fields) value(key string) (any, bool, error) {
	raw, ok := f[key]
	if !ok {
		return nil, false, nil
	}
	var v any
	if err := decode(raw, &v); err != nil {
		return nil, true, fmt.Errorf("%s: %w", key, err)
	}
	return v, true, nil
}

// str is field key as a string, "" when absent, null or not a string.
func (f fields) str(key string) string {
	v, _, _ := f.value(key)
	s, _ := v.(string)
	return s
}

// batch is the rows of one type waiting to be written.
type batch struct {
	rows  entry.BulkRows
	items int
}

func (im *importer) loadEntities(ctx context.Context, tx *content.Tx) error {
	var cur *batch
	seen := map[*schema.ContentType]map[int64]bool{}
	bytes := int64(0)
	n := 0 // lines read
	flush := func() error {
		if cur == nil || len(cur.rows.IDs) == 0 {
			return nil
		}
		if err := tx.BulkInsert(ctx, cur.rows); err != nil {
			return err
		}
		im.rep.Entities[cur.rows.Type.UID()] += len(cur.rows.IDs)
		im.progress("entities", n, bytes) // lines read, as Total counts them
		cur = nil
		return nil
	}
	err := im.lines("entities", func(line []byte) error {
		n++
		bytes += int64(len(line)) + 1
		var l entityLine
		if err := decode(line, &l); err != nil {
			return fmt.Errorf("line %d is not an entity: %w", n, err)
		}
		ct := im.types[l.Type]
		if ct == nil || ct.Kind == schema.ComponentKind {
			why := notImported[l.Type]
			switch {
			case why != "":
			case !im.o.Force:
				return fmt.Errorf("line %d: %s is no content type of the project (--force leaves its rows out)", n, l.Type)
			default:
				why = "the project has no such type (--force)"
			}
			im.skip(l.Type, why)
			return nil
		}
		id, err := l.ID.Int64()
		if err != nil || id <= 0 {
			return fmt.Errorf("line %d: %s's id %q is not a row id", n, l.Type, l.ID)
		}
		if seen[ct] == nil {
			seen[ct] = map[int64]bool{}
		}
		if seen[ct][id] {
			return fmt.Errorf("line %d: %s id %d comes twice", n, l.Type, id)
		}
		seen[ct][id] = true
		if cur != nil && (cur.rows.Type != ct || len(cur.rows.IDs) >= rowBatch || cur.items >= itemBatch) {
			if err := flush(); err != nil {
				return err
			}
		}
		if cur == nil {
			cur = newBatch(ct)
		}
		if err := im.addRow(cur, id, l.Data); err != nil {
			return fmt.Errorf("line %d: %s id %d: %w", n, l.Type, id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	im.progress("entities", n, bytes)
	return nil
}

// newBatch is an empty batch of ct's rows: every field kept in its own
// column, the owning to-one relations left for the links.
func newBatch(ct *schema.ContentType) *batch {
	b := &batch{rows: entry.BulkRows{Type: ct, Locales: []string{}, Components: []map[*schema.Attribute][]entry.Component{}}}
	for _, a := range ct.Attributes {
		if a.IsScalar() && a.Column != "" {
			b.rows.Fields = append(b.rows.Fields, a)
		}
	}
	return b
}

// addRow converts one entity's data into b's next row.
func (im *importer) addRow(b *batch, id int64, data fields) error {
	r := &b.rows
	ct := r.Type
	doc := data.str("documentId")
	switch {
	case doc == "" && im.v4():
		doc = im.documentID(ct.UID(), id)
	case doc == "":
		return errors.New("no documentId")
	}
	created, err := timeOf(data, "createdAt", true)
	if err != nil {
		return err
	}
	updated, err := timeOf(data, "updatedAt", false)
	if err != nil {
		return err
	}
	if updated.IsZero() {
		updated = created
	}
	published, err := timeOf(data, "publishedAt", false)
	if err != nil {
		return err
	}
	if !ct.DraftAndPublish && published.IsZero() {
		published = created // one version, published when made
	}
	locale := ""
	if ct.Localized {
		locale = data.str("locale")
		if !slices.Contains(im.s.Locales(), locale) {
			return fmt.Errorf("its locale %q is not one of the project's (config/i18n.yaml)", locale)
		}
	}
	values := make([]any, len(r.Fields))
	for j, a := range r.Fields {
		if values[j], err = scalarOf(a, data); err != nil {
			return err
		}
		if ct.Builtin && ct.Name == schema.FileType && a.Name == "folderPath" {
			values[j] = "/" // the archive's folders are left out: every file is at the root
		}
	}
	if ct.Builtin && ct.Name == schema.FileType && im.o.Files && im.o.Storage != nil {
		if err := im.relocate(r.Fields, values); err != nil {
			return err
		}
	}
	comps, items, err := im.componentsOf(ct, data)
	if err != nil {
		return err
	}
	r.IDs = append(r.IDs, id)
	r.DocumentIDs = append(r.DocumentIDs, doc)
	r.CreatedAt = append(r.CreatedAt, created)
	r.UpdatedAt = append(r.UpdatedAt, updated)
	r.PublishedAt = append(r.PublishedAt, published)
	r.Locales = append(r.Locales, locale)
	r.Values = append(r.Values, values)
	r.Components = append(r.Components, comps)
	b.items += items
	return nil
}

// timeOf reads a date of the row (Strapi writes them as ISO 8601 in UTC);
// a missing or null one is the zero time, unless required.
func timeOf(data fields, key string, required bool) (time.Time, error) {
	v := data.str(key)
	if v == "" {
		if required {
			return time.Time{}, fmt.Errorf("no %s", key)
		}
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s %q is not a date and time", key, v)
	}
	return t.UTC(), nil
}

// scalarOf is a's canonical value in data: the kind reads it as it reads
// a JSON body's; a field the archive does not hold takes its default
// (Kiln's own fields, such as the user's tokenVersion).
func scalarOf(a *schema.Attribute, data fields) (any, error) {
	raw, ok := data[a.Name]
	if !ok {
		return a.Default, nil
	}
	var v any = json.RawMessage(raw) // a JSON document as written
	if !a.Kind.Caps().Opaque {
		var err error
		if v, _, err = data.value(a.Name); err != nil {
			return nil, err
		}
	}
	if v == nil || string(raw) == "null" {
		return nil, nil
	}
	out, err := a.Kind.FromJSON(v)
	if err != nil {
		var ve *schema.ValueError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("%s", ve.Message(a.Name))
		}
		return nil, fmt.Errorf("%s: %w", a.Name, err)
	}
	return out, nil
}

// componentsOf reads holder's component and zone fields from data, each
// item under the id the archive gives it, and counts the items.
func (im *importer) componentsOf(holder *schema.ContentType, data fields) (map[*schema.Attribute][]entry.Component, int, error) {
	var out map[*schema.Attribute][]entry.Component
	count := 0
	for _, a := range holder.Attributes {
		raw, ok := data[a.Name]
		if !a.IsComponent() || !ok || string(raw) == "null" {
			continue
		}
		var list []fields
		if err := json.Unmarshal(raw, &list); err != nil {
			var one fields
			if err := json.Unmarshal(raw, &one); err != nil {
				return nil, 0, fmt.Errorf("%s is neither a component nor a list of them", a.Name)
			}
			list = []fields{one}
		}
		for i, obj := range list {
			if obj == nil {
				return nil, 0, fmt.Errorf("%s[%d] is not a component", a.Name, i)
			}
			c, n, err := im.componentOf(a, obj)
			if err != nil {
				return nil, 0, fmt.Errorf("%s[%d]: %w", a.Name, i, err)
			}
			if out == nil {
				out = map[*schema.Attribute][]entry.Component{}
			}
			out[a] = append(out[a], c)
			count += n
		}
	}
	return out, count, nil
}

// componentOf reads one item of field a.
func (im *importer) componentOf(a *schema.Attribute, obj fields) (entry.Component, int, error) {
	ct := a.ComponentTypes[0]
	if a.Type == schema.DynamicZone {
		uid := obj.str("__component")
		ct = im.s.Component(uid)
		if ct == nil || !slices.Contains(a.ComponentTypes, ct) {
			return entry.Component{}, 0, fmt.Errorf("the zone holds no component %q", uid)
		}
	}
	v, _, _ := obj.value("id")
	num, _ := v.(json.Number)
	id, err := num.Int64()
	if err != nil || id <= 0 {
		return entry.Component{}, 0, fmt.Errorf("a %s without its row id", ct.Name)
	}
	c := entry.Component{Type: ct, ID: id, Data: entry.Data{Values: map[*schema.Attribute]any{}}}
	for _, f := range ct.Attributes {
		if !f.IsScalar() || f.Column == "" {
			continue
		}
		if c.Data.Values[f], err = scalarOf(f, obj); err != nil {
			return entry.Component{}, 0, err
		}
	}
	nested, n, err := im.componentsOf(ct, obj)
	if err != nil {
		return entry.Component{}, 0, err
	}
	c.Data.Components = nested
	return c, n + 1, nil
}

// relocate points a file row at the storage the import put its bytes in,
// as a move between storages does (upload.Relocated): its provider, its
// url and its formats' urls are the storage's for the same keys; the
// other storage's metadata goes. Formats whose urls stay keep their text.
func (im *importer) relocate(fields []*schema.Attribute, values []any) error {
	at := map[string]int{}
	for j, a := range fields {
		at[a.Name] = j
	}
	str := func(name string) string {
		s, _ := values[at[name]].(string)
		return s
	}
	raw, _ := values[at["formats"]].(json.RawMessage)
	objs, err := upload.Objects(str("hash"), str("ext"), str("mime"), raw)
	if err != nil {
		return err
	}
	url, formats, err := upload.Relocated(im.o.Storage, objs, raw)
	if err != nil {
		return fmt.Errorf("formats: %w", err)
	}
	values[at["provider"]] = im.o.Storage.Provider()
	values[at["url"]] = url
	values[at["provider_metadata"]] = nil
	if formats != nil && !bytes.Equal(formats, raw) {
		values[at["formats"]] = json.RawMessage(formats)
	}
	return nil
}
