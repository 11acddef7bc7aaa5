package rest

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/kiln-cms/kiln/internal/route"
)

// The permissions of Strapi's content-type-builder routes of the content
// API (plugin::content-type-builder.content-types.getContentTypes and the
// others in Strapi), which a client such as an admin panel reads the
// schema from.
const (
	ActionContentTypes   = "contentTypes.find"
	ActionContentType    = "contentTypes.findOne"
	ActionComponents     = "components.find"
	ActionComponentOfUID = "components.findOne"
)

// ContentTypeBuilderRoutes are GET /api/content-type-builder/content-types
// (?kind=collectionType|singleType), /content-types/:uid, /components and
// /components/:uid: the schema in the shape Strapi 5 answers it, built
// once from s (the schema does not change while the server runs).
// docs/content-types.md, "Reading the schema over the API".
func ContentTypeBuilderRoutes(sec *Security, s *schema.Schema) route.Table {
	types := map[string][]byte{}
	typeOf := map[string]*schema.ContentType{}
	var all, collections, singles [][]byte
	for _, ct := range s.Types {
		b := mustJSON(ctbType(ct))
		types[ct.UID()], typeOf[ct.UID()] = b, ct
		all = append(all, b)
		if ct.Kind == schema.SingleType {
			singles = append(singles, b)
		} else {
			collections = append(collections, b)
		}
	}
	comps := map[string][]byte{}
	var compList [][]byte
	for _, c := range s.Components {
		b := mustJSON(ctbComponent(c))
		comps[c.Name] = b
		compList = append(compList, b)
	}
	list := func(items [][]byte) []byte {
		return append(append([]byte(`{"data":[`), bytes.Join(items, []byte(","))...), "]}"...)
	}
	byKind := map[string][]byte{"": list(all), "collectionType": list(collections), "singleType": list(singles)}
	one := func(b []byte) []byte { return append(append([]byte(`{"data":`), b...), '}') }
	visible := func(ct *schema.ContentType) bool { return !hiddenInBuilder(ct) }

	h := func(action string, fn func(c *fiber.Ctx) error) []fiber.Handler {
		return []fiber.Handler{func(c *fiber.Ctx) error {
			if err := sec.Allow(c, action); err != nil {
				return err
			}
			return fn(c)
		}}
	}
	row := func(path, action string, fn func(c *fiber.Ctx) error) route.Route {
		return route.Route{Method: fiber.MethodGet, Path: "/content-type-builder" + path, Prefixes: route.API,
			Action: action, Source: route.SourceCore, Handlers: h(action, fn)}
	}
	return route.Table{
		row("/content-types", ActionContentTypes, func(c *fiber.Ctx) error {
			kind := c.Query("kind")
			body, ok := byKind[kind]
			if !ok {
				// Strapi's answer, as its yup check words it: an error
				// object of its own, not the usual envelope.
				return send(c, fiber.StatusBadRequest, mustJSON(ordered{{"error", ordered{
					{"name", "ValidationError"}, {"message", kindMessage},
					{"details", ordered{{"errors", []ordered{{
						{"path", []string{}}, {"message", kindMessage}, {"name", "ValidationError"}, {"value", kind}}}}}}}}}))
			}
			return send(c, fiber.StatusOK, body)
		}),
		row("/content-types/:uid", ActionContentType, func(c *fiber.Ctx) error {
			uid := c.Params("uid")
			b, ok := types[uid]
			if !ok || !visible(typeOf[uid]) {
				return send(c, fiber.StatusNotFound, []byte(`{"error":"contentType.notFound"}`))
			}
			return send(c, fiber.StatusOK, one(b))
		}),
		row("/components", ActionComponents, func(c *fiber.Ctx) error {
			return send(c, fiber.StatusOK, list(compList))
		}),
		row("/components/:uid", ActionComponentOfUID, func(c *fiber.Ctx) error {
			b, ok := comps[c.Params("uid")]
			if !ok {
				return send(c, fiber.StatusNotFound, []byte(`{"error":"component.notFound"}`))
			}
			return send(c, fiber.StatusOK, one(b))
		}),
	}
}

const kindMessage = "this must be one of the following values: singleType, collectionType"

// hiddenInBuilder are the built-in types Strapi keeps out of its
// builder (pluginOptions content-type-builder.visible false): roles and
// files.
func hiddenInBuilder(ct *schema.ContentType) bool {
	return ct.Builtin && ct.Name != "user"
}

// ctbType is a content type as Strapi's formatContentType writes it,
// keys in its order.
func ctbType(ct *schema.ContentType) ordered {
	out := ordered{{"uid", ct.UID()}}
	if ct.Builtin {
		plugin := "users-permissions"
		if ct.Name == schema.FileType {
			plugin = "upload"
		}
		out = append(out, kv{"plugin", plugin})
	}
	if ct.Plugin != "" {
		out = append(out, kv{"plugin", ct.Plugin})
	}
	out = append(out, kv{"apiID", ct.Name})
	sch := ordered{{"draftAndPublish", ct.DraftAndPublish}}
	if ct.Builtin && ct.Name == "user" {
		sch = append(sch, kv{"timestamps", true})
	}
	if !ct.Builtin {
		// Strapi spreads the file's options here, every key of them.
		sch = append(sch, writtenKeys(ct.Options, "draftAndPublish")...)
	}
	sch = append(sch, kv{"displayName", ct.DisplayName}, kv{"singularName", ct.Name}, kv{"pluralName", ct.Plural},
		kv{"description", ct.Description})
	switch {
	case hiddenInBuilder(ct):
		sch = append(sch, kv{"pluginOptions", ordered{{"content-manager", ordered{{"visible", false}}}, {"content-type-builder", ordered{{"visible", false}}}}})
	case ct.Builtin: // the user: Strapi's schema has no pluginOptions
	case ct.PluginOptions != nil:
		sch = append(sch, kv{"pluginOptions", ct.PluginOptions})
	case !strings.HasSuffix(ct.File, ".json"):
		// A type of Kiln's YAML answers as the schema.json Strapi's
		// builder writes for it, which says pluginOptions: {}; a
		// schema.json that says none gets none, as in Strapi.
		sch = append(sch, kv{"pluginOptions", ordered{}})
	}
	kind := "collectionType"
	if ct.Kind == schema.SingleType {
		kind = "singleType"
	}
	sch = append(sch, kv{"kind", kind}, kv{"collectionName", ct.CollectionName()}, kv{"attributes", ctbAttributes(ct)},
		kv{"visible", !hiddenInBuilder(ct)})
	if hiddenInBuilder(ct) {
		sch = append(sch, kv{"restrictRelationsTo", []string{}})
	} else {
		sch = append(sch, kv{"restrictRelationsTo", nil})
	}
	return append(out, kv{"schema", sch})
}

// ctbComponent is a component as Strapi's formatComponent writes it.
func ctbComponent(c *schema.ContentType) ordered {
	_, api, _ := strings.Cut(c.Name, ".")
	sch := ordered{{"displayName", c.DisplayName}, {"description", c.Description}}
	if c.Icon != "" {
		sch = append(sch, kv{"icon", c.Icon})
	}
	sch = append(sch, kv{"collectionName", c.CollectionName()})
	if c.PluginOptions != nil {
		sch = append(sch, kv{"pluginOptions", c.PluginOptions})
	}
	sch = append(sch, kv{"attributes", ctbAttributes(c)})
	return ordered{{"uid", c.Name}, {"category", c.Category}, {"apiId", api}, {"schema", sch}}
}

// ctbAttributes are a type's fields as its schema file writes them, with
// a relation's target as a uid and its targetAttribute, as Strapi adds.
func ctbAttributes(ct *schema.ContentType) ordered {
	out := ordered{}
	for _, a := range ct.Attributes {
		out = append(out, kv{a.Name, ctbAttribute(a)})
	}
	return out
}

func ctbAttribute(a *schema.Attribute) any {
	written := ordered{}
	var fields map[string]json.RawMessage
	if json.Unmarshal(a.Written, &fields) == nil {
		written = writtenInOrder(a.Written, fields)
	}
	get := func(k string) (json.RawMessage, bool) { v, ok := fields[k]; return v, ok }
	switch a.Type {
	case schema.Media:
		// Strapi rebuilds a media field: its flags, then the types and
		// the pluginOptions it writes.
		o := ordered{{"type", "media"}, {"multiple", a.Multiple}, {"required", a.Required}}
		if c, ok := get("configurable"); ok && string(c) == "false" {
			o = append(o, kv{"configurable", false})
		}
		o = append(o, kv{"private", a.Private})
		if a.AllowedTypes != nil {
			o = append(o, kv{"allowedTypes", a.AllowedTypes})
		}
		if p, ok := get("pluginOptions"); ok {
			o = append(o, kv{"pluginOptions", p})
		}
		return o
	case schema.Relation:
		// As written, the target as a uid (Kiln's YAML names it by its
		// singular name), then what Strapi adds: the other side's field,
		// and required and private when the file leaves them out.
		o := ordered{}
		for _, p := range written {
			if p.Key == "target" && a.TargetType != nil {
				p.Value = a.TargetType.UID()
			}
			o = append(o, p)
		}
		// The other side's field as the file names it, whatever Kiln
		// made of a pair whose sides disagree.
		var other any
		for _, k := range []string{"inversedBy", "mappedBy"} {
			var name string
			if v, ok := get(k); ok && json.Unmarshal(v, &name) == nil && name != "" && other == nil {
				other = name
			}
		}
		o = append(o, kv{"targetAttribute", other})
		if _, ok := get("required"); !ok {
			o = append(o, kv{"required", false})
		}
		if _, ok := get("private"); !ok {
			o = append(o, kv{"private", false})
		}
		return o
	}
	return written
}

// writtenKeys are the keys of the object raw, in its order, but skip.
func writtenKeys(raw json.RawMessage, skip string) ordered {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return nil
	}
	var out ordered
	for _, p := range writtenInOrder(raw, fields) {
		if p.Key != skip {
			out = append(out, p)
		}
	}
	return out
}

// writtenInOrder is the object raw as an ordered list of its keys, in
// the order raw writes them.
func writtenInOrder(raw json.RawMessage, fields map[string]json.RawMessage) ordered {
	var out ordered
	for _, m := range jsonw.InOrder(raw) {
		out = append(out, kv{m.Key, fields[m.Key]})
	}
	return out
}

// kv and ordered write a JSON object with its keys in the given order,
// as Strapi's answers have them.
type kv struct {
	Key   string
	Value any
}

type ordered []kv

func (o ordered) MarshalJSON() ([]byte, error) {
	return jsonw.MarshalOrdered(len(o), func(i int) (string, any) { return o[i].Key, o[i].Value })
}

// mustJSON marshals values built above, which always marshal.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
