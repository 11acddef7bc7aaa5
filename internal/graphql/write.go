package graphql

import (
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
)

// The writer walks a selection set over the entries the store returned
// and appends the answer's JSON: one object per entry, its keys the
// selection's response keys in order, as graphql-js answers.

// appendEntry writes e as the object type of its content type or
// component; a nil e is null.
func (x *exec) appendEntry(b []byte, e *entry.Entry, set ast.SelectionSet) []byte {
	if e == nil {
		return append(b, "null"...)
	}
	x.rows++
	if x.s.SignFile != nil && e.Type == x.s.Schema.m.file {
		_, _ = x.s.SignFile(x.ctx, e) // a url that cannot be signed stays as stored, as in REST
	}
	start := len(b)
	b = x.appendEntryObject(b, e, set)
	if x.bubble { // a non-null field of e failed: e is null
		x.bubble = false
		b = append(b[:start], "null"...)
	}
	return b
}

// appendEntryObject writes the fields set selects of e; v4's attributes
// and data are e again (a non-null field failing in them makes e null).
func (x *exec) appendEntryObject(b []byte, e *entry.Entry, set ast.SelectionSet) []byte {
	tn := typeName(e.Type)
	b = append(b, '{')
	for i, p := range x.fieldPlans(set, tn, e.Type) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, p.key...)
		if p.forbidden {
			x.fieldError(p.f, errs.New(errs.KindForbidden, "Forbidden access"))
			b = append(b, "null"...)
			continue
		}
		x.path = append(x.path, pathElem{name: p.name})
		if p.self {
			b = x.appendEntryObject(b, e, p.f.SelectionSet)
		} else {
			b = x.appendField(b, e, tn, p)
		}
		x.path = x.path[:len(x.path)-1]
	}
	return append(b, '}')
}

// fieldPlan is what writing one selected field needs, worked out once per
// selection set and type rather than for every entry of a list.
type fieldPlan struct {
	f    *ast.Field
	name string // the response key
	key  []byte // the response key as JSON, with its colon
	attr *schema.Attribute
	conn bool // a _connection
	self bool // v4's attributes or data: the entry itself
	// related: a file's related (files.go)
	related bool
	// forbidden: a relation the caller may not read (null and an error
	// at each place).
	forbidden bool
}

// fieldPlans are the plans of set's fields on the type named tn.
func (x *exec) fieldPlans(set ast.SelectionSet, tn string, ct *schema.ContentType) []fieldPlan {
	if len(set) == 0 {
		return nil
	}
	k := collectKey{first: set[0], last: set[len(set)-1], n: len(set), typeName: tn}
	if plans, ok := x.plans[k]; ok {
		return plans
	}
	fields := x.collect(set, tn)
	plans := make([]fieldPlan, len(fields))
	for i, f := range fields {
		name, conn := strings.CutSuffix(f.Name, "_connection")
		p := fieldPlan{f: f, name: responseKey(f), conn: conn, forbidden: x.forbidden[f.Position]}
		p.key = append(jsonw.AppendString(nil, p.name), ':')
		switch {
		case f.Name == "__typename", f.Name == "documentId", f.Name == "id":
		case x.s.Schema.m.self(ct, f.Name):
			p.self = true
		case f.Name == "related" && ct == x.s.Schema.m.file:
			p.related = true
		default:
			p.attr = ct.Field(name)
		}
		plans[i] = p
	}
	if x.plans == nil {
		x.plans = map[collectKey][]fieldPlan{}
	}
	x.plans[k] = plans
	return plans
}

// appendEntries writes a list of entries.
func (x *exec) appendEntries(b []byte, es []*entry.Entry, set ast.SelectionSet) []byte {
	b = append(b, '[')
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		x.path = append(x.path, pathElem{index: i})
		b = x.appendEntry(b, e, set)
		x.path = x.path[:len(x.path)-1]
	}
	return append(b, ']')
}

// appendField writes one selected field of e.
func (x *exec) appendField(b []byte, e *entry.Entry, tn string, p fieldPlan) []byte {
	f, a := p.f, p.attr
	switch f.Name {
	case "__typename":
		return jsonw.AppendString(b, tn)
	case "documentId":
		return jsonw.AppendString(b, e.DocumentID)
	case "id":
		return jsonw.AppendString(b, strconv.FormatInt(e.ID, 10))
	}
	if p.related {
		v, _ := e.Related()
		if es, ok := v.([]*entry.Entry); ok {
			return x.appendEntries(b, es, f.SelectionSet)
		}
		return append(b, "[]"...) // the caller may find none of the types
	}
	if a == nil {
		return append(b, "null"...)
	}
	v, has := e.Get(a)
	if len(x.extraValues) > 0 { // read apart for this root field (extras.go)
		if values, ok := x.extraValues[f.Position]; ok {
			v, has = values[e.ID]
		}
	}
	if !has || v == nil {
		return x.appendMissing(b, a, f, p.conn)
	}
	switch {
	case a.Type == schema.DynamicZone:
		return x.appendZone(b, v, f.SelectionSet)
	case a.IsComponent() || a.IsRelation():
		return x.appendLinked(b, v, f, p.conn)
	case a.Type == schema.Enumeration:
		if s, ok := v.(string); ok {
			return jsonw.AppendString(b, enumValue(s))
		}
	case a.Type == schema.Time:
		return appendGraphQLTime(b, a.Kind.AppendJSON(nil, v))
	}
	return a.Kind.AppendJSON(b, v)
}

// appendMissing writes a field with no value: an empty list where the
// schema promises one, else null.
func (x *exec) appendMissing(b []byte, a *schema.Attribute, f *ast.Field, conn bool) []byte {
	switch {
	case conn:
		return x.appendObject(b, f.SelectionSet, fieldType(f), func(b []byte, g *ast.Field) []byte {
			if isListField(g.Name) {
				return append(b, "[]"...)
			}
			return append(b, "null"...)
		})
	case a.IsRelation() && a.ToMany():
		return append(b, "[]"...)
	}
	return append(b, "null"...)
}

// appendLinked writes a relation's or component's value: one entry, a
// list (paged by the field's pagination argument), or a _connection.
func (x *exec) appendLinked(b []byte, v any, f *ast.Field, conn bool) []byte {
	switch t := v.(type) {
	case *entry.Entry:
		return x.appendEntry(b, t, f.SelectionSet)
	case []*entry.Entry:
		t = x.window(f, t)
		if !conn {
			return x.appendEntries(b, t, f.SelectionSet)
		}
		return x.appendObject(b, f.SelectionSet, fieldType(f), func(b []byte, g *ast.Field) []byte {
			if isListField(g.Name) {
				return x.appendEntries(b, t, g.SelectionSet)
			}
			return append(b, "null"...)
		})
	}
	return append(b, "null"...)
}

// window applies a nested list's pagination argument.
func (x *exec) window(f *ast.Field, es []*entry.Entry) []*entry.Entry {
	w, ok := x.windows[f.Position]
	if !ok {
		return es
	}
	if w.start >= len(es) {
		return nil
	}
	es = es[w.start:]
	if w.limit >= 0 && w.limit < len(es) {
		es = es[:w.limit]
	}
	return es
}

// appendZone writes a dynamic zone's members, each as its component's
// type.
func (x *exec) appendZone(b []byte, v any, set ast.SelectionSet) []byte {
	members, _ := v.([]*entry.Entry)
	return x.appendEntries(b, members, set)
}

// fieldType is the name of the type f's value has (a list's item type).
func fieldType(f *ast.Field) string {
	if f.Definition == nil {
		return ""
	}
	return f.Definition.Type.Name()
}

// appendGraphQLTime writes a time as Strapi's Time scalar serializes it,
// HH:mm:ss.SSS ("09:00:00.000"), from REST's JSON of it ("09:00:00").
func appendGraphQLTime(b, rest []byte) []byte {
	if len(rest) == len(`"15:04:05"`) && rest[0] == '"' {
		b = append(b, rest[:len(rest)-1]...)
		return append(b, `.000"`...)
	}
	return append(b, rest...)
}

// appendObject writes an object of type tn with the fields set selects:
// __typename is tn, every other field's value is what value appends.
func (x *exec) appendObject(b []byte, set ast.SelectionSet, tn string, value func(b []byte, f *ast.Field) []byte) []byte {
	b = append(b, '{')
	for i, f := range x.collect(set, tn) {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, responseKey(f))
		b = append(b, ':')
		if f.Name == "__typename" {
			b = jsonw.AppendString(b, tn)
			continue
		}
		b = value(b, f)
	}
	return append(b, '}')
}
