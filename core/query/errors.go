package query

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// at locates what is being checked: the top-level parameter the error is
// reported under and the dotted attribute path so far ("" at the root).
// Operators never enter the path, as in Strapi's path.attribute.
type at struct {
	param string
	path  string
}

// child is the location of a key under l.
func (l at) child(key string) at {
	if l.path == "" {
		return at{param: l.param, path: key}
	}
	return at{param: l.param, path: l.path + "." + key}
}

// suffix is " at <path>" for messages, or "" at the root.
func (l at) suffix() string {
	if l.path == "" {
		return ""
	}
	return " at " + l.path
}

// details is Strapi's throwInvalidKey details shape.
func details(key, path, param string) map[string]any {
	var p any
	if path != "" {
		p = path
	}
	return map[string]any{"key": key, "path": p, "source": "query", "param": param}
}

// keyError is Strapi's "Invalid key X [at parent]" for a key under l that is
// unknown, private, of the wrong kind or on a type the caller may not read.
// All four read the same message, as in Strapi; the details add what is
// valid there (unknownKey) or why the key is not (WithReason). A private
// field is never among the valid names, so it reads as an unknown one.
func keyError(l at, key string) *errs.Error {
	e := errs.InvalidKey(key, l.child(key).path, "query", l.param)
	// errs.InvalidKey names the parent by trimming the last dotted segment,
	// which is wrong for keys that themselves hold a dot ("t1.password").
	e.Message = "Invalid key " + clip(key) + l.suffix()
	return e
}

// unknownKey is keyError for a key that is not valid under l, with the
// keys that are (valid) and the closest of them in its details.
func unknownKey(l at, key string, valid []string) *errs.Error {
	return keyError(l, key).WithValid(key, valid)
}

// place is where a name of a content type is read, which decides the
// names valid there (validNames).
type place int

const (
	inFilters  place = iota // a field or relation, or $and, $or, $not
	inFields                // a scalar field
	inSort                  // a scalar field, or a relation or component on the way to one
	inPopulate              // a relation
)

// logicalOps are the operators that group conditions, valid wherever a
// filter object is.
var logicalOps = []string{"$and", "$or", "$not"}

// validNames are the names a caller may write at p on ct, in the order an
// entry shows them: never a private field, a field a pending schema change
// makes unavailable, or a relation to a type the caller may not read.
func (c *checker) validNames(ct *schema.ContentType, p place) []string {
	var out []string
	add := func(list []*schema.Attribute) {
		for _, a := range list {
			if c.readable(a) && fits(a, p) {
				out = append(out, a.Name)
			}
		}
	}
	lead, trail := systemFields(ct)
	add(lead)
	add(ct.Attributes)
	add(trail)
	if p == inFilters {
		out = append(out, logicalOps...)
	}
	return out
}

// systemFields are the system fields an entry of ct shows before and
// after its own: a component's item has its id alone, a localized type's
// entry its locale and localizations too.
func systemFields(ct *schema.ContentType) (lead, trail []*schema.Attribute) {
	if ct.Kind == schema.ComponentKind {
		return schema.SystemFields[:1], nil
	}
	if l := ct.Localizations(); l != nil {
		return schema.SystemFields[:2], append(slices.Clone(ct.TrailingFields()), l)
	}
	return schema.SystemFields[:2], ct.TrailingFields()
}

// has reports whether a, which ct.Field found, is a key of ct: a
// component has no documentId and no dates.
func has(ct *schema.ContentType, a *schema.Attribute) bool {
	return ct.Kind != schema.ComponentKind || !a.System || a == schema.SysID
}

// readable reports whether a may be named at all by this caller.
func (c *checker) readable(a *schema.Attribute) bool {
	return !a.IsPrivate() && !a.Unavailable() && (!a.IsRelation() || c.opts.canRead(a.TargetType))
}

// fits reports whether a readable attribute may stand at p.
func fits(a *schema.Attribute, p place) bool {
	switch p {
	case inFields:
		return !a.IsRelation() && !a.IsComponent()
	case inSort:
		// A zone's items are of several components; a type's
		// localizations are its own other rows: neither orders an entry.
		return a.Type != schema.DynamicZone && !a.Localizations
	case inPopulate:
		return a.IsRelation() || a.IsComponent()
	}
	return true
}

// notPermitted is the reason of an invalid key that names a relation to
// a type the caller may not read: the relation exists (the schema is
// public: the OpenAPI documents show it), its target is not theirs to
// read. It says nothing of rows: scopes never make a key invalid.
func notPermitted(target *schema.ContentType) string {
	return "not permitted: you may not read " + target.Name
}

// valueError is a 400 about the value at l (l.path names the field), keyed
// by key: the field, operator or parameter the client wrote.
func valueError(l at, key, format string, args ...any) *errs.Error {
	return errs.New(errs.KindValidation, fmt.Sprintf(format, args...)).
		WithDetails(details(key, l.path, l.param))
}

// depthError says the nesting passed Options.MaxDepth.
func depthError(l at, max int) *errs.Error {
	return valueError(l, l.param, "Invalid %s: nested deeper than %d levels%s", l.param, max, l.suffix())
}

// quote echoes a client value in a message, shortened.
func quote(s string) string { return strconv.Quote(clip(s)) }

// attr resolves a key the way every parameter must: the exact declared name
// (or a system field), never a private field, and for a relation only one
// whose target the caller may read. Raw column names, aliases, dotted paths
// and other spellings are simply not names, so they are unknown keys,
// answered with the names valid at p.
func (c *checker) attr(ct *schema.ContentType, key string, l at, p place) (*schema.Attribute, error) {
	a := ct.Field(key)
	switch {
	case a == nil, a.IsPrivate(), !has(ct, a):
		return nil, unknownKey(l, key, c.validNames(ct, p))
	case a.IsRelation() && !c.opts.canRead(a.TargetType):
		return nil, keyError(l, key).WithReason(notPermitted(a.TargetType))
	case a.Unavailable():
		return nil, errs.PendingField(key, l.child(key).path, "query", l.param)
	}
	return a, nil
}
