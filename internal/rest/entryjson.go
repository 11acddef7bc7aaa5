package rest

import (
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
)

// Version is a response shape.
type Version int

// The response versions (docs/api.md, "Versions").
const (
	V1 Version = 1 // Strapi 4: {id, documentId, attributes: {...}}, relations as {data: ...}
	V2 Version = 2 // Strapi 5: flat entries, relations inline
)

// appendEntry writes one entry in the version's shape: id and documentId,
// the loaded scalar fields in schema order, the timestamps, then the
// populated relations in schema order. Private fields are never written,
// whatever was loaded.
func appendEntry(b []byte, e *entry.Entry, v Version) []byte { return encEntry(b, e, v, nil) }

// encEntry is appendEntry handing what it has written to s at each entry
// of a to-many relation (answer.flush), so that a large answer never sits
// whole in memory; a nil s keeps everything in b.
func encEntry(b []byte, e *entry.Entry, v Version, s *answer) []byte {
	if e.Type.Kind == schema.ComponentKind {
		return encComponent(b, e, v, false, s)
	}
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, e.ID, 10)
	b = append(b, `,"documentId":`...)
	b = appendString(b, e.DocumentID)
	if v == V1 {
		b = append(b, `,"attributes":{`...)
		b = appendFields(b, e, v, true, s)
		return append(b, "}}"...)
	}
	b = appendFields(b, e, v, false, s)
	if e.Morph() { // one of a file's related: its type, last, as Strapi writes it
		b = append(b, `,"__type":`...)
		b = appendString(b, e.Type.UID())
	}
	return append(b, '}')
}

// appendFields writes the loaded fields; first says no comma is due yet.
func appendFields(b []byte, e *entry.Entry, v Version, first bool, s *answer) []byte {
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	ct := e.Type
	for i, a := range ct.Attributes {
		if !e.Has[i] || !a.IsScalar() || a.IsPrivate() {
			continue
		}
		sep()
		b = appendKey(b, a.Name)
		b = a.Kind.AppendJSON(b, e.Values[i])
	}
	n := len(ct.Attributes)
	for i, a := range ct.TrailingFields() {
		if e.Has[n+i] {
			sep()
			b = appendKey(b, a.Name)
			b = a.Kind.AppendJSON(b, e.Values[n+i])
		}
	}
	for i, a := range ct.Attributes {
		if !e.Has[i] || a.IsPrivate() {
			continue
		}
		switch {
		case a.IsRelation():
			sep()
			b = appendKey(b, a.Name)
			b = appendRelation(b, e.Values[i], v, s)
		case a.IsComponent():
			sep()
			b = appendKey(b, a.Name)
			b = appendComponents(b, e.Values[i], v, a.Type == schema.DynamicZone, s)
		}
	}
	if rel, ok := e.Related(); ok { // a file's related, after its own fields as in Strapi
		sep()
		b = appendKey(b, "related")
		b = appendRelated(b, rel, s)
	}
	if ct.Localized && e.Has[n+4] { // populate=localizations, the type's last relation as in Strapi
		sep()
		b = appendKey(b, "localizations")
		b = appendRelation(b, e.Values[n+4], v, s)
	}
	return b
}

// appendComponents writes a populated component field: an object or null
// for a single component, a list for a repeatable one or a zone, whose
// items name their component in __component. Components are never
// wrapped in {"data": ...}, in v1 either, as Strapi 4 did not wrap them;
// nor is a count, {"count": n}, in either version (Strapi 5.54 answers
// populate[component][count] so).
func appendComponents(b []byte, val any, v Version, zone bool, s *answer) []byte {
	switch x := val.(type) {
	case entry.Count:
		b = append(b, `{"count":`...)
		b = strconv.AppendInt(b, x.N, 10)
		return append(b, '}')
	case *entry.Entry:
		if x == nil {
			return append(b, "null"...)
		}
		return encComponent(b, x, v, zone, s)
	case []*entry.Entry:
		b = append(b, '[')
		for i, c := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = encComponent(b, c, v, zone, s)
		}
		return append(b, ']')
	}
	return append(b, "null"...)
}

// encComponent writes one component row: Strapi 5 puts a zone item's
// __component first, Strapi 4 after its id.
func encComponent(b []byte, e *entry.Entry, v Version, zone bool, s *answer) []byte {
	b = append(b, '{')
	if zone && v == V2 {
		b = append(b, `"__component":`...)
		b = appendString(b, e.Type.Name)
		b = append(b, ',')
	}
	b = append(b, `"id":`...)
	b = strconv.AppendInt(b, e.ID, 10)
	if zone && v == V1 {
		b = append(b, `,"__component":`...)
		b = appendString(b, e.Type.Name)
	}
	b = appendFields(b, e, v, false, s)
	return append(b, '}')
}

func appendKey(b []byte, k string) []byte {
	b = appendString(b, k)
	return append(b, ':')
}

// appendRelation writes a populated relation: an entry or null for to-one,
// a list for to-many, {"count": n} for a count; wrapped in {"data": ...}
// in v1.
func appendRelation(b []byte, val any, v Version, s *answer) []byte {
	if v == V1 {
		b = append(b, `{"data":`...)
	}
	switch x := val.(type) {
	case *entry.Entry:
		if x == nil {
			b = append(b, "null"...)
		} else {
			b = encEntry(b, x, v, s)
		}
	case []*entry.Entry:
		b = encEntries(b, x, v, s)
	case entry.Count:
		if v == V1 {
			b = append(b, `{"attributes":{"count":`...)
			b = strconv.AppendInt(b, x.N, 10)
			b = append(b, "}}"...)
		} else {
			b = append(b, `{"count":`...)
			b = strconv.AppendInt(b, x.N, 10)
			b = append(b, '}')
		}
	default:
		b = append(b, "null"...)
	}
	if v == V1 {
		b = append(b, '}')
	}
	return b
}

// appendRelated writes a file's related: its entries flat, each with its
// __type, or {"count": n}; never wrapped in {"data": ...}, in v1 either,
// as Strapi answers a morph relation.
func appendRelated(b []byte, val any, s *answer) []byte {
	switch x := val.(type) {
	case []*entry.Entry:
		return encEntries(b, x, V2, s)
	case entry.Count:
		b = append(b, `{"count":`...)
		b = strconv.AppendInt(b, x.N, 10)
		return append(b, '}')
	}
	return append(b, "[]"...)
}

func appendEntries(b []byte, list []*entry.Entry, v Version) []byte {
	return encEntries(b, list, v, nil)
}

func encEntries(b []byte, list []*entry.Entry, v Version, s *answer) []byte {
	b = append(b, '[')
	b = encItems(b, list, v, s, true)
	return append(b, ']')
}

// encItems writes list's entries as items of a JSON array, the first
// after a comma unless first; a list's page is written chunk by chunk.
func encItems(b []byte, list []*entry.Entry, v Version, s *answer, first bool) []byte {
	for _, e := range list {
		if s.stopped() {
			break // the answer is an error now
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = encEntry(b, e, v, s)
		b = s.flush(b)
	}
	return b
}
