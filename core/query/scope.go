package query

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/kiln-cms/kiln/core/schema"
)

// UserParam is the string that, in an ownership scope, stands for the id
// of the user making the request ("$user" in config/permissions.yaml).
const UserParam = "$user"

// CallerID is the value a compiled scope holds where its source said
// UserParam: the caller's user id, unknown until a request comes. The
// store writes the request's user id wherever it meets one, so a scope is
// compiled once at start-up and shared by every request of the role.
type CallerID struct{}

// ParseFilter checks a filter written as Go values — the shape a YAML or
// JSON document decodes to, e.g. {"coach": {"user": {"id": {"$eq": "7"}}}}
// — with the same rules as the filters parameter of a query string. It is
// for filters that come from outside the program, as text; code builds
// its own with the constructors (Eq, In, And, Rel...), which give the
// same tree without a parse or its errors.
func ParseFilter(ct *schema.ContentType, tree any, opts Options) (*Filter, error) {
	c := &checker{opts: opts.normalised()}
	return c.filters(ct, fromGo(tree), at{param: "filters"})
}

// ParseScope is ParseFilter for an ownership scope: UserParam may stand
// for a value of an integer field or an id, where it becomes CallerID.
// A scope can never say more than a client's filter could, except name
// the caller.
func ParseScope(ct *schema.ContentType, tree any, opts Options) (*Filter, error) {
	c := &checker{opts: opts.normalised(), params: true}
	return c.filters(ct, fromGo(tree), at{param: "scope"})
}

// param reports whether s is the caller parameter where a scope may hold
// one, and checks that the field can be compared with a user id.
func (c *checker) param(a *schema.Attribute, s string, l at) (bool, error) {
	if !c.params || s != UserParam {
		return false, nil
	}
	if !a.Kind.Caps().Integral {
		return false, valueError(l, a.Name, "Invalid value %s for %s: the caller's id compares with an id or an integer field only", UserParam, l.path)
	}
	return true, nil
}

// fromGo turns decoded YAML/JSON into the tree qs would have produced:
// every scalar becomes a string, maps keep their keys in sorted order.
func fromGo(v any) *node {
	switch x := v.(type) {
	case nil:
		return nullValue
	case map[string]any:
		n := newObject()
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			n.keys = append(n.keys, k)
			n.vals = append(n.vals, fromGo(x[k]))
		}
		return n
	case []any:
		n := &node{kind: listNode}
		for _, it := range x {
			n.items = append(n.items, fromGo(it))
		}
		return n
	case string:
		return &node{kind: stringNode, str: x}
	case bool:
		return &node{kind: stringNode, str: strconv.FormatBool(x)}
	case int:
		return &node{kind: stringNode, str: strconv.Itoa(x)}
	case int64:
		return &node{kind: stringNode, str: strconv.FormatInt(x, 10)}
	case float64:
		return &node{kind: stringNode, str: strconv.FormatFloat(x, 'f', -1, 64)}
	}
	return &node{kind: stringNode, str: fmt.Sprint(v)}
}
