package openapi

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/rest"
)

// typeSchemas writes a content type's components beside its entry: the
// create and update bodies' data, and the list and single envelopes. A
// single type has no list and no create (its PUT creates or updates).
func (b *builder) typeSchemas(ct *schema.ContentType) {
	if b.typed[ct] {
		return
	}
	b.typed[ct] = true
	entry := ref(b.entries.need(ct, b.v.Shape))
	if ct.Kind == schema.SingleType {
		b.schemas[ct.Name+"Update"] = b.dataSchema(ct, false)
		b.schemas[ct.Name+"Response"] = withDesc(object(obj{"data": entry, "meta": ref("Meta")}, "data", "meta"), "The "+ct.Name)
		return
	}
	b.schemas[ct.Name+"Create"] = b.dataSchema(ct, true)
	b.schemas[ct.Name+"Update"] = b.dataSchema(ct, false)
	b.schemas[ct.Name+"List"] = withDesc(object(obj{"data": arrayOf(entry),
		"meta": object(obj{"pagination": ref("Pagination")}, "pagination")}, "data", "meta"), "A page of "+ct.Plural)
	b.schemas[ct.Name+"Response"] = withDesc(object(obj{"data": entry, "meta": ref("Meta")}, "data", "meta"), "One "+ct.Name)
}

// dataSchema is the "data" object of a create (every rule, required
// fields required) or an update (partial: what is sent is checked).
// Unknown keys are a 400; publishedAt is taken and ignored, as Strapi does.
func (b *builder) dataSchema(ct *schema.ContentType, create bool) obj {
	props := obj{}
	var required []string
	for _, a := range visible(ct) {
		var must bool
		props[a.Name], must = b.fieldInput(a)
		if create && must {
			required = append(required, a.Name)
		}
	}
	props["publishedAt"] = obj{"readOnly": true, "description": "ignored: publishing goes by the status parameter"}
	s := object(props, required...)
	s["additionalProperties"] = false
	verb := "updates (partial: only the fields sent change)"
	if create {
		verb = "creates"
	}
	s["description"] = "The fields of the " + ct.Name + " the request " + verb + "."
	return s
}

// generated is the operation of one generated route, in the document's
// version: find, findOne, create, update or delete on ct.
func (b *builder) generated(ct *schema.ContentType, verb string) obj {
	b.typeSchemas(ct)
	if ct.Kind == schema.SingleType {
		return b.single(ct, verb)
	}
	list, single := ref(ct.Name+"List"), ref(ct.Name+"Response")
	body := func(name string) obj {
		s := object(obj{"data": ref(name)}, "data")
		s["additionalProperties"] = false
		return jsonBody(s, true)
	}
	op := obj{}
	switch verb {
	case "find":
		op["summary"] = "List " + ct.Plural
		op["description"] = "Every query parameter applies: filters, populate, fields, sort, pagination" + statusWord(ct) + "."
		op["parameters"] = listParams(ct)
		op["responses"] = merge(obj{"200": jsonResponse("A page of "+ct.Plural, list)}, errorsFor(false, false, false))
	case "findOne":
		op["summary"] = "Get a " + ct.Name + " by documentId or id"
		op["parameters"] = entryParams(ct, true)
		op["responses"] = merge(obj{"200": jsonResponse("The "+ct.Name, single)}, errorsFor(true, false, false))
	case "create":
		op["summary"] = "Create a " + ct.Name
		op["description"] = "Relations are given by id or documentId, as a list, or as {connect, disconnect, set}."
		op["parameters"] = entryParams(ct, true)
		op["requestBody"] = body(ct.Name + "Create")
		op["responses"] = merge(obj{"201": jsonResponse("The created "+ct.Name, single)}, errorsFor(false, true, true))
	case "update":
		op["summary"] = "Update a " + ct.Name
		op["description"] = "Partial: fields not sent keep their values. Relations as on create."
		op["parameters"] = entryParams(ct, true)
		op["requestBody"] = body(ct.Name + "Update")
		op["responses"] = merge(obj{"200": jsonResponse("The updated "+ct.Name, single)}, errorsFor(true, true, true))
	case "delete":
		op["summary"] = "Delete a " + ct.Name
		ok := obj{"204": obj{"description": "Deleted; no body (Strapi 5)", "headers": limitedHeaders()}}
		if b.v.Shape == rest.V1 {
			ok = obj{"200": jsonResponse("The deleted "+ct.Name+" (Strapi 4)", single)}
		}
		op["responses"] = merge(ok, errorsFor(true, false, true))
	default:
		return nil
	}
	return op
}

// single is the operation of one route of a single type: its one entry
// at /<singularName>, read (find), created or changed (update) and
// removed (delete); no list, no id.
func (b *builder) single(ct *schema.ContentType, verb string) obj {
	one := ref(ct.Name + "Response")
	op := obj{}
	switch verb {
	case "find":
		op["summary"] = "Get the " + ct.Name
		op["description"] = "The one entry of this single type; 404 when there is none" + drafts(ct) +
			". fields and populate apply; filters, when given, must match it (else 404)."
		op["parameters"] = append([]any{refTo("parameters", "filters")}, entryParams(ct, true)...)
		op["responses"] = merge(obj{"200": jsonResponse("The "+ct.Name, one)}, errorsFor(true, false, false))
	case "update":
		body := object(obj{"data": ref(ct.Name + "Update")}, "data")
		body["additionalProperties"] = false
		op["summary"] = "Create or update the " + ct.Name
		op["description"] = "Creates the entry when there is none (the required fields must then be sent), " +
			"otherwise changes the fields sent; 200 either way. Relations as on a collection's create." + statusOnWrite(ct)
		op["parameters"] = entryParams(ct, ct.DraftAndPublish)
		op["requestBody"] = jsonBody(body, true)
		op["responses"] = merge(obj{"200": jsonResponse("The "+ct.Name+" as saved", one)}, errorsFor(true, true, true))
	case "delete":
		op["summary"] = "Delete the " + ct.Name
		op["description"] = "Removes the entry, in every status. With none, a deletion still answers 204."
		ok := obj{"204": obj{"description": "Deleted, or there was nothing to delete; no body (Strapi 5)", "headers": limitedHeaders()}}
		if b.v.Shape == rest.V1 {
			ok = obj{"200": jsonResponse("The deleted "+ct.Name+" (Strapi 4)", one),
				"204": obj{"description": "There was nothing to delete; no body", "headers": limitedHeaders()}}
		}
		op["responses"] = merge(ok, errorsFor(true, false, true))
	default:
		return nil
	}
	return op
}

// drafts says what a single type's read finds when it has drafts.
func drafts(ct *schema.ContentType) string {
	if ct.DraftAndPublish {
		return " in the status asked for (a draft alone is 404 to a published read)"
	}
	return ""
}

// statusOnWrite says what status does on a write of a draft & publish type.
func statusOnWrite(ct *schema.ContentType) string {
	if ct.DraftAndPublish {
		return " status works as on a collection type's create and update (status=draft writes the draft)."
	}
	return ""
}

func statusWord(ct *schema.ContentType) string {
	if ct.DraftAndPublish {
		return ", status"
	}
	return ""
}

// merge copies b's keys over a's and returns a.
func merge(a, b obj) obj {
	for k, v := range b {
		a[k] = v
	}
	return a
}

// fieldInput is what a write body may send for field a, and whether a
// create (or a component item, always written whole) must send it.
func (b *builder) fieldInput(a *schema.Attribute) (obj, bool) {
	switch {
	case a.IsRelation() && a.ToMany():
		return withDesc(ref("ToManyInput"), "the "+a.Target+" entries, by id or documentId"), false
	case a.IsRelation():
		return withDesc(ref("ToOneInput"), "the "+a.Target+" entry, by id or documentId"), false
	case a.IsComponent():
		return b.componentInput(a), a.Required
	}
	return inputSchema(a), requiredOnCreate(a)
}

// componentInput is what a write body may send for a component or
// dynamic-zone field: an object (null clears a single component that is
// not required), a list of them for a repeatable one, a list of the
// zone's components, each naming itself in __component, for a zone. The
// items replace what the field held.
func (b *builder) componentInput(a *schema.Attribute) obj {
	if a.Type == schema.DynamicZone {
		return withDesc(arrayOf(zoneItem(a, func(c *schema.ContentType) string { return b.componentInputSchema(c, true) })),
			"the zone's items in their order, each naming its component in __component")
	}
	item := ref(b.componentInputSchema(a.ComponentTypes[0], false))
	if a.Repeatable {
		s := arrayOf(item)
		bounds(s, a)
		return withDesc(s, "the "+a.Component+" items in their order")
	}
	if a.Required {
		return withDesc(item, "the "+a.Component+" component")
	}
	return withDesc(orNull(item), "the "+a.Component+" component, or null to clear it")
}

// componentInputSchema names (writing it once) the write shape of
// component c, as a zone's item when zone: every rule of its fields, its
// required fields required (an item is always written whole).
func (b *builder) componentInputSchema(c *schema.ContentType, zone bool) string {
	name := c.Name + "Input"
	if zone {
		name = c.Name + ".inZoneInput"
	}
	if _, done := b.schemas[name]; done {
		return name
	}
	b.schemas[name] = obj{} // taken, should c hold itself (the schema refuses that)
	props := obj{"id": obj{"type": "integer", "description": "the field's item this one updates in place; none: a new item"}}
	var required []string
	for _, a := range visible(c) { // a private field is written, never named, as at the top level
		var must bool
		if props[a.Name], must = b.fieldInput(a); must {
			required = append(required, a.Name)
		}
	}
	if zone {
		props["__component"] = obj{"type": "string", "enum": []any{c.Name}}
		required = append(required, "__component")
	}
	s := object(props, required...)
	s["additionalProperties"] = false
	b.schemas[name] = withDesc(s, "The fields of a "+c.Name+" component a write sends")
	return name
}
