package transfer

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
)

// How an export writes a row (entities/) and a link (links/) as Strapi
// writes them.

// entityData is row i of r as an entities/ line's data: the
// documentId, the scalars in the type's order, the dates, the locale,
// then the components (with their ids, zone items with __component last).
func (ex *exporter) entityData(only []string, r entry.BulkRows, i int) []byte {
	b := fmt.Appendf(nil, `{"documentId":%s`, jsonString(r.DocumentIDs[i]))
	for j, a := range r.Fields {
		if only != nil && !slices.Contains(only, a.Name) {
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

// place writes a place as Strapi's float order columns read it.
func place(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// jsonTime is t as Strapi writes dates: UTC, milliseconds.
func jsonTime(t time.Time) string {
	return `"` + t.UTC().Format("2006-01-02T15:04:05.000Z") + `"`
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
