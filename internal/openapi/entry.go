package openapi

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/rest"
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
	zone  bool // a component as a dynamic zone's item, with __component
}

func newEntries(shape rest.Version, schemas obj) *entries {
	return &entries{shape: shape, schemas: schemas, names: map[entryKey]string{}}
}

// need returns the component name of ct's entry in shape, queueing it.
func (e *entries) need(ct *schema.ContentType, shape rest.Version) string {
	k := entryKey{ct, shape, false}
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

// needComponent returns the schema name of component c as answered in
// shape, as a dynamic zone's item when zone, queueing it. A component is
// the same object in both shapes (never wrapped), but a relation inside
// it is answered in the shape.
func (e *entries) needComponent(c *schema.ContentType, shape rest.Version, zone bool) string {
	k := entryKey{c, shape, zone}
	if n, ok := e.names[k]; ok {
		return n
	}
	n := c.Name
	if zone {
		n += ".inZone"
	}
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
		if k.ct.Kind == schema.ComponentKind {
			e.schemas[e.names[k]] = e.componentSchema(k.ct, k.shape, k.zone)
			continue
		}
		e.schemas[e.names[k]] = e.entrySchema(k.ct, k.shape)
	}
}

// componentSchema is one component row as internal/rest writes it: its id, a
// zone item's __component, and its loaded fields (nested components and
// relations only when populated).
func (e *entries) componentSchema(c *schema.ContentType, shape rest.Version, zone bool) obj {
	props := obj{"id": obj{"type": "integer"}}
	required := []string{"id"}
	for _, a := range visible(c) {
		switch {
		case a.IsRelation():
			props[a.Name] = e.relationSchema(a, shape)
		case a.IsComponent():
			props[a.Name] = e.componentFieldSchema(a, shape)
		default:
			props[a.Name] = outputSchema(a)
		}
	}
	desc := "The component " + c.Name
	if zone {
		props["__component"] = obj{"type": "string", "enum": []any{c.Name}}
		required = append(required, "__component")
		desc += ", as an item of a dynamic zone"
	}
	s := object(props, required...)
	s["additionalProperties"] = false
	return withDesc(s, desc)
}

// componentFieldSchema is a populated component or dynamic-zone field: an
// object or null for a single component, a list for a repeatable one, a
// list of the zone's components for a zone, each item told apart by its
// __component (a discriminator); a component populated with count=true
// is {"count": n} (never wrapped, in v1 either).
func (e *entries) componentFieldSchema(a *schema.Attribute, shape rest.Version) obj {
	count := object(obj{"count": obj{"type": "integer", "minimum": 0}}, "count")
	switch {
	case a.Type == schema.DynamicZone:
		items := zoneItem(a, func(c *schema.ContentType) string { return e.needComponent(c, shape, true) })
		return withDesc(arrayOf(items), "the dynamic zone's items in their order; present only when populated")
	case a.Repeatable:
		// No minItems/maxItems here: an entry written before the bounds
		// were set, or a list never sent, answers what it holds.
		s := arrayOf(ref(e.needComponent(a.ComponentTypes[0], shape, false)))
		return withDesc(obj{"anyOf": []any{s, count}}, "the "+a.Component+" items in their order, or their count; present only when populated")
	}
	one := ref(e.needComponent(a.ComponentTypes[0], shape, false))
	return withDesc(obj{"anyOf": []any{one, count, obj{"type": "null"}}}, "the "+a.Component+" component, or its count (0 or 1); present only when populated")
}

// bounds gives a list schema a component field's min and max items.
func bounds(s obj, a *schema.Attribute) {
	if a.Min != nil {
		s["minItems"] = int(*a.Min)
	}
	if a.Max != nil {
		s["maxItems"] = int(*a.Max)
	}
}

// entrySchema is one entry as internal/rest writes it: id and documentId
// always; the loaded fields (any may be left out by fields=); relations
// only when populated. v2 is flat; v1 puts the fields under "attributes"
// and each relation under {"data": ...}.
func (e *entries) entrySchema(ct *schema.ContentType, shape rest.Version) obj {
	fields := obj{}
	for _, a := range visible(ct) {
		switch {
		case a.IsRelation():
			fields[a.Name] = e.relationSchema(a, shape)
		case a.IsComponent():
			fields[a.Name] = e.componentFieldSchema(a, shape)
		default:
			fields[a.Name] = outputSchema(a)
		}
	}
	for _, a := range ct.TrailingFields() {
		fields[a.Name] = outputSchema(a)
	}
	if l := ct.Localizations(); l != nil {
		fields[l.Name] = withDesc(e.relationSchema(l, shape), "the document in its other locales; present only when populated")
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

// zoneItem is one item of dynamic zone a: one of its components' schemas
// (named by name), told apart by the discriminator __component.
func zoneItem(a *schema.Attribute, name func(*schema.ContentType) string) obj {
	var one []any
	mapping := obj{}
	for _, c := range a.ComponentTypes {
		n := name(c)
		one = append(one, ref(n))
		mapping[c.Name] = "#/components/schemas/" + n
	}
	return obj{"oneOf": one, "discriminator": obj{"propertyName": "__component", "mapping": mapping}}
}
