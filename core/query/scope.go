package query

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/kiln-cms/kiln/core/schema"
)

// ParseFilter checks a filter written as Go values — the shape a YAML or
// JSON document decodes to, e.g. {"coach": {"user": {"id": {"$eq": "7"}}}}
// — with the same rules as the filters parameter of a query string. The
// server's own rules (ownership scopes) use it, so they can never say more
// than a client could.
func ParseFilter(ct *schema.ContentType, tree any, opts Options) (*Filter, error) {
	c := &checker{opts: opts.normalised()}
	return c.filters(ct, fromGo(tree), at{param: "filters"})
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
