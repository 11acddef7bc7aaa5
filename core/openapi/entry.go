package openapi

import (
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

// entries writes the entry schemas a document needs, each once: a route or
// a relation asks for an entry with need, and drain writes every schema
// asked for, following relations. A document's own shape is named after
// the type ("program", which plugins may $ref); the flat shape in the v1
// document, which only the users routes answer in, is "<type>Flat".
type entries struct {
	shape   rest.Version // the document's shape
	schemas obj          // components.schemas
	names   map[entryKey]string
	queue   []entryKey
}

type entryKey struct {
	ct    *schema.ContentType
	shape rest.Version
}

func newEntries(shape rest.Version, schemas obj) *entries {
	return &entries{shape: shape, schemas: schemas, names: map[entryKey]string{}}
}

// need returns the component name of ct's entry in shape, queueing it.
func (e *entries) need(ct *schema.ContentType, shape rest.Version) string {
	k := entryKey{ct, shape}
	if n, ok := e.names[k]; ok {
		return n
	}
	n := ct.Name
	if shape != e.shape {
		n += "Flat"
	}
	e.names[k] = n
	e.queue = append(e.queue, k)
	return n
}

// drain writes every queued schema, and the ones their relations need.
func (e *entries) drain() {
	for len(e.queue) > 0 {
		k := e.queue[0]
		e.queue = e.queue[1:]
		e.schemas[e.names[k]] = e.entrySchema(k.ct, k.shape)
	}
}

// entrySchema is one entry as core/rest writes it: id and documentId
// always; the loaded fields (any may be left out by fields=); relations
// only when populated. v2 is flat; v1 puts the fields under "attributes"
// and each relation under {"data": ...}.
func (e *entries) entrySchema(ct *schema.ContentType, shape rest.Version) obj {
	fields := obj{}
	for _, a := range visible(ct) {
		if a.IsRelation() {
			fields[a.Name] = e.relationSchema(a, shape)
		} else {
			fields[a.Name] = outputSchema(a)
		}
	}
	for _, a := range []*schema.Attribute{schema.SysCreatedAt, schema.SysUpdatedAt, schema.SysPublishedAt} {
		fields[a.Name] = outputSchema(a)
	}
	desc := ct.DisplayName
	if ct.Description != "" {
		desc += ": " + ct.Description
	}
	ids := obj{"id": obj{"type": "integer"}, "documentId": obj{"type": "string", "description": "the entry's stable public id"}}
	if shape == rest.V1 {
		ids["attributes"] = obj{"type": "object", "properties": fields, "additionalProperties": false}
		return withDesc(object(ids, "id", "documentId", "attributes"), desc+" (v1 shape)")
	}
	for k, v := range ids {
		fields[k] = v
	}
	s := object(fields, "id", "documentId")
	s["additionalProperties"] = false
	return withDesc(s, desc)
}

// relationSchema is a populated relation: an entry or null for to-one, a
// list for to-many, or {count} when populated with count; wrapped in
// {"data": ...} in v1.
func (e *entries) relationSchema(a *schema.Attribute, shape rest.Version) obj {
	target := ref(e.need(a.TargetType, shape))
	var s obj
	if a.ToMany() {
		count := object(obj{"count": obj{"type": "integer", "minimum": 0}}, "count")
		if shape == rest.V1 {
			count = object(obj{"attributes": count}, "attributes")
		}
		s = obj{"anyOf": []any{arrayOf(target), count}}
	} else {
		s = orNull(target)
	}
	desc := "the populated " + a.Target
	if a.ToMany() {
		desc += " entries"
	} else {
		desc += " entry"
	}
	if shape == rest.V1 {
		return withDesc(object(obj{"data": s}, "data"), desc+", under data; present only when populated")
	}
	return withDesc(s, desc+"; present only when populated")
}
