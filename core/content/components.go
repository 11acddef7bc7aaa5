package content

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// A component or dynamic-zone field's value in a write body: a single
// component is an object or null, a repeatable one a list of objects, a
// zone a list of objects that each name their component in
// "__component". The items replace what the field held (internal/store
// components.go). Every failing part is reported with its path, as
// Strapi's validator names it: ["openingHours", "2", "day"], said
// "openingHours[2].day".

// componentPath is where a part of a component field is in the body.
type componentPath []string

func (p componentPath) label() string {
	if len(p) == 0 {
		return ""
	}
	return schema.PathString(p[0], p[1:])
}

// fields is the path without its indexes, dotted: where Strapi says an
// invalid key is ("seo.social" for seo.social[0].nope).
func (p componentPath) fields() string {
	var out []string
	for _, s := range p {
		if _, err := strconv.Atoi(s); err != nil {
			out = append(out, s)
		}
	}
	return strings.Join(out, ".")
}

func (p componentPath) child(s string) componentPath {
	return append(append(componentPath(nil), p...), s)
}

// componentReader reads a write's component fields; rels collects the
// relations inside their items, which the write resolves with its own in
// one statement (Service.prepare).
type componentReader struct {
	rels []relationRefs
	// invalid is the first key an item has that its component does not:
	// the write's error, whatever else is wrong.
	invalid *errs.Error
	// req checks required, as the write's top level does (prepare).
	req required
}

// readComponents checks the value v of component or dynamic-zone field a,
// at path, and returns its items; problems lists every failing part.
func (cr *componentReader) readComponents(a *schema.Attribute, v any, path componentPath) ([]entry.Component, []errs.FieldError) {
	fail := func(msg string) ([]entry.Component, []errs.FieldError) {
		return nil, []errs.FieldError{errs.FieldAt(path, msg).WithValue(v)}
	}
	if v == nil { // as Strapi: [] clears a list, null is refused
		if msg, echo, ok := cr.req.problem(a, path.label(), true); ok {
			return nil, []errs.FieldError{errs.FieldAt(path, msg).WithValue(echo)}
		}
		return []entry.Component{}, nil
	}
	if a.Type == schema.Component && !a.Repeatable {
		obj, ok := v.(map[string]any)
		if !ok {
			return fail(path.label() + " must be an object")
		}
		item, probs := cr.readItem(a.ComponentTypes[0], bodyItem(a.ComponentTypes[0], obj), path)
		return []entry.Component{item}, probs
	}
	list, ok := v.([]any)
	if !ok {
		return fail(path.label() + " must be an array")
	}
	var (
		items []entry.Component
		probs []errs.FieldError
	)

	for i, x := range list {
		at := path.child(strconv.Itoa(i))
		obj, ok := x.(map[string]any)
		if !ok {
			probs = append(probs, errs.FieldAt(at, at.label()+" must be an object").WithValue(x))
			continue
		}
		c := a.ComponentTypes[0]
		if a.Type == schema.DynamicZone {
			var p *errs.FieldError
			if c, p = zoneComponent(a, obj, at); p != nil {
				probs = append(probs, *p)
				continue
			}
		}
		item, list := cr.readItem(c, bodyItem(c, obj), at)
		probs = append(probs, list...)
		items = append(items, item)
	}
	// The count is checked with every item, and said after them, as
	// Strapi's validator lists them.
	if msg := countProblem(a, len(list), path); msg != "" {
		probs = append(probs, errs.FieldAt(path, msg).WithValue(v))
	}
	return items, probs
}

// countProblem checks a list's length against required, min and max.
// The messages are Strapi 5's (yup's), and as in Strapi an empty list of
// a field that is not required passes its min.
func countProblem(a *schema.Attribute, n int, path componentPath) string {
	switch {
	case a.Min != nil && float64(n) < *a.Min && (n > 0 || a.Required):
		return fmt.Sprintf("%s field must have at least %s items", path.label(), strconv.FormatFloat(*a.Min, 'f', -1, 64))
	case a.Max != nil && float64(n) > *a.Max:
		return fmt.Sprintf("%s field must have less than or equal to %s items", path.label(), strconv.FormatFloat(*a.Max, 'f', -1, 64))
	}
	return ""
}

// zoneComponent is the component a zone's item names in __component:
// one the zone allows. Strapi 5.54 writes an item of another component
// into the zone and answers it afterwards; Kiln refuses it
// (docs/strapi-differences.md).
func zoneComponent(a *schema.Attribute, obj map[string]any, at componentPath) (*schema.ContentType, *errs.FieldError) {
	key := at.child("__component")
	raw, given := obj["__component"]
	uid, _ := raw.(string)
	switch {
	case !given || raw == nil:
		fe := errs.FieldAt(key, key.label()+" is a required field")
		return nil, &fe
	case uid == "" || a.ComponentOf(uid) == nil:
		fe := errs.FieldAt(key, key.label()+" must be one of the following values: "+strings.Join(a.Components, ", ")).WithValue(raw)
		return nil, &fe
	}
	return a.ComponentOf(uid), nil
}

// bodyItem is the write of one item of a body's component field: its keys
// but id, which names the row it updates in place (itemID), and
// __component, which zoneComponent read.
func bodyItem(c *schema.ContentType, obj map[string]any) *Write {
	w := NewWrite(c)
	for k, v := range obj {
		if k != "id" && k != "__component" {
			w.fields[k] = &input{fromBody: true, value: v}
		}
	}
	w.id, _ = itemID(obj["id"])
	return w
}

// components reads component or dynamic-zone field a's input at path: a
// body's value, null, or the items of Write.Component.
func (cr *componentReader) components(a *schema.Attribute, in *input, path componentPath) ([]entry.Component, []errs.FieldError) {
	switch {
	case in.isItems && in.null(a):
		return cr.readComponents(a, nil, path)
	case in.isItems:
		return cr.readItems(a, in.items, path)
	case in.fromBody || (in.value == nil && in.rel == nil):
		return cr.readComponents(a, in.value, path)
	}
	return nil, []errs.FieldError{errs.FieldAt(path, path.label()+" is a component field: write it with Component")}
}

// readItems checks the items a Go caller gave component or dynamic-zone
// field a (Write.Component), as readComponents checks a body's: each a
// write of the field's component (of one of the zone's), checked by
// readItem.
func (cr *componentReader) readItems(a *schema.Attribute, list []*Write, path componentPath) ([]entry.Component, []errs.FieldError) {
	if a.Type == schema.Component && !a.Repeatable && len(list) > 1 {
		return nil, []errs.FieldError{errs.FieldAt(path, path.label()+" must be an object")}
	}
	var (
		items []entry.Component
		probs []errs.FieldError
	)
	for i, w := range list {
		at := path
		if a.Repeatable || a.Type == schema.DynamicZone {
			at = path.child(strconv.Itoa(i))
		}
		c := a.ComponentTypes[0]
		switch {
		case a.Type == schema.DynamicZone && a.ComponentOf(typeName(w.ct)) == nil:
			key := at.child("__component")
			probs = append(probs, errs.FieldAt(key, key.label()+" must be one of the following values: "+strings.Join(a.Components, ", ")).WithValue(typeName(w.ct)))
			continue
		case a.Type == schema.DynamicZone:
			c = w.ct
		case w.ct != c:
			probs = append(probs, errs.FieldAt(at, at.label()+" must be a "+c.Name+", not a "+typeName(w.ct)))
			continue
		}
		item, list := cr.readItem(c, w, at)
		probs = append(probs, list...)
		items = append(items, item)
	}
	if a.Repeatable || a.Type == schema.DynamicZone {
		if msg := countProblem(a, len(list), path); msg != "" {
			probs = append(probs, errs.FieldAt(path, msg))
		}
	}
	return items, probs
}

// readItem checks one component item: its keys are the component's fields
// (its id, when it has one, names the field's item it updates in place);
// a new item's absent scalar fields take their defaults, and every rule
// holds; an item updated in place is checked on what it sends.
func (cr *componentReader) readItem(c *schema.ContentType, w *Write, path componentPath) (entry.Component, []errs.FieldError) {
	d := entry.Data{Values: map[*schema.Attribute]any{}, Components: map[*schema.Attribute][]entry.Component{},
		Relations: map[*schema.Attribute]entry.RelationChange{}}
	var probs []errs.FieldError
	failed := map[*schema.Attribute]bool{}
	// An item with its id updates that row in place (the store checks it
	// is one of the field's): only what it sends is checked, as a partial
	// update's fields are.
	id, inPlace := w.id, w.id > 0
	for _, key := range w.keys() {
		in := w.fields[key]
		at := path.child(key)
		a := c.Attr(key)
		if a == nil { // a private field is written, as at the top level, never answered
			// As Strapi: the whole body is refused for it, named at the
			// component field's path ("Invalid key nope at body").
			if cr.invalid == nil {
				where := path.fields()
				cr.invalid = errs.New(errs.KindValidation, "Invalid key "+key+" at "+where).
					WithDetails(map[string]any{"key": key, "path": where, "source": "body"})
			}
			continue
		}
		if a.IsComponent() {
			items, list := cr.components(a, in, at)
			probs = append(probs, list...)
			d.Components[a] = items
			continue
		}
		if a.IsRelation() {
			r, err := relationOf(a, in)
			if err != nil {
				list, ok := fieldErrors(err)
				if !ok {
					list = []errs.FieldError{errs.FieldAt(at, at.label()+" is invalid").WithValue(in.value)}
				}
				failed[a] = true
				probs = append(probs, at[:len(at)-1].relabel(a, list)...)
				continue
			}
			r.into, r.path = d.Relations, at[:len(at)-1]
			cr.rels = append(cr.rels, r)
			continue
		}
		v, fe := coerce(a, in, at)
		if fe != nil {
			failed[a] = true
			probs = append(probs, *fe)
			continue
		}
		d.Values[a] = v
	}
	if !inPlace {
		applyDefaults(c, d.Values)
	}
	for _, a := range c.Attributes {
		at := path.child(a.Name)
		switch {
		case failed[a]:
		case a.IsScalar():
			v, given := d.Values[a]
			if inPlace && !given {
				continue
			}
			if v == nil {
				if msg, echo, ok := cr.req.problem(a, at.label(), given); ok {
					probs = append(probs, errs.FieldAt(at, msg).WithValue(echo))
				}
				continue
			}
			if msg := checkRules(a, v); msg != "" {
				probs = append(probs, errs.FieldAt(at, at.label()+strings.TrimPrefix(msg, a.Name)).WithValue(v))
			}
		case a.IsComponent():
			if _, given := d.Components[a]; !given && !inPlace {
				if msg, echo, ok := cr.req.problem(a, at.label(), false); ok {
					probs = append(probs, errs.FieldAt(at, msg).WithValue(echo))
				}
			}
		}
	}
	// In the component's field order, as Strapi's validator lists them;
	// unknown keys first.
	return entry.Component{Type: c, Data: d, ID: id}, inYupOrder(c.Attributes, len(path), probs)
}

// itemID reads an item's "id": a positive integer, as a number or a
// string of digits; anything else is no id (a new row).
func itemID(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// coerce turns field a's input at path into the canonical Go value of
// a's kind, or says why it cannot: the field's error, at the part of the
// value to blame when the kind names one (a blocks document's
// ["content", "0", "children", "1", "url"]). A body's value is read as
// decoded JSON (numbers as json.Number, a string through the kind's
// Parse, as a filter value is), a Go caller's by its Go type.
func coerce(a *schema.Attribute, in *input, path componentPath) (any, *errs.FieldError) {
	v := in.value
	if in.rel != nil || in.isItems {
		what := "a relation"
		if in.isItems {
			what = "a component field"
		}
		fe := errs.FieldAt(path, path.label()+" is not "+what+": write it with Set")
		return nil, &fe
	}
	if v == nil {
		return nil, nil
	}
	read := a.Kind.FromGo
	if in.fromBody {
		read = a.Kind.FromJSON
	}
	c, err := read(v)
	if err == nil {
		return c, nil
	}
	var ve *schema.ValueError
	if !errors.As(err, &ve) {
		fe := errs.FieldAt(path, path.label()+" is invalid").WithValue(v)
		return nil, &fe
	}
	full := append(append([]string(nil), path...), ve.Path...)
	at := v
	if len(ve.Path) > 0 {
		at = ve.At
	}
	fe := errs.FieldAt(full, schema.PathString(path[0], full[1:])+" must "+ve.Must).WithValue(at)
	return nil, &fe
}

// null reports whether in gives component field a no value: null, or no
// item for a single component.
func (in *input) null(a *schema.Attribute) bool {
	if in.isItems {
		return len(in.items) == 0 && a.Type == schema.Component && !a.Repeatable
	}
	return in.rel == nil && in.value == nil
}

// relabel says field errors of field a, written at the top level (path
// [a, ...], message "a ..."), at the item path p holds a at.
func (p componentPath) relabel(a *schema.Attribute, list []errs.FieldError) []errs.FieldError {
	if len(p) == 0 {
		return list
	}
	at := p.child(a.Name)
	out := make([]errs.FieldError, len(list))
	for i, fe := range list {
		if len(fe.Path) > 0 && fe.Path[0] == a.Name {
			fe.Path = append(append([]string(nil), at...), fe.Path[1:]...)
		}
		if rest, ok := strings.CutPrefix(fe.Message, a.Name); ok {
			fe.Message = at.label() + rest
		}
		out[i] = fe
	}
	return out
}
