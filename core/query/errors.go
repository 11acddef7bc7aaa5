package query

import (
	"fmt"
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
// All four read the same, so the answer does not tell them apart.
func keyError(l at, key string) *errs.Error {
	e := errs.InvalidKey(key, l.child(key).path, "query", l.param)
	// errs.InvalidKey names the parent by trimming the last dotted segment,
	// which is wrong for keys that themselves hold a dot ("t1.password").
	e.Message = "Invalid key " + clip(key) + l.suffix()
	return e
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
// and other spellings are simply not names, so they are unknown keys.
func (c *checker) attr(ct *schema.ContentType, key string, l at) (*schema.Attribute, error) {
	a := ct.Field(key)
	switch {
	case a == nil, a.IsPrivate():
		return nil, keyError(l, key)
	case a.IsRelation() && !c.opts.canRead(a.TargetType):
		return nil, keyError(l, key)
	case a.Unavailable():
		return nil, errs.PendingField(key, l.child(key).path, "query", l.param)
	}
	return a, nil
}
