package graphql

import (
	"encoding/json"
	"strconv"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A list's arguments become the same parameters a REST query string
// gives, checked by the same parsers: filters with their operators
// prefixed by $ (as Strapi's graphQLFiltersToStrapiQuery does), sort as
// its strings, pagination as its object.

// logical are the operators that combine filters.
var logical = map[string]bool{"and": true, "or": true, "not": true}

// filters reads a <Type>FiltersInput value on ct.
func (x *exec) filters(ct *schema.ContentType, v any) (*query.Filter, error) {
	tree, ok := strapiFilters(ct, v).(map[string]any)
	if !ok || len(tree) == 0 {
		return nil, nil
	}
	return query.ParseFilter(ct, tree, x.opts)
}

// strapiFilters turns a FiltersInput value on ct into Strapi's filters
// object: logical operators and every key of a scalar's filter input
// become $-operators, relation and component keys descend into their
// target's input.
func strapiFilters(ct *schema.ContentType, v any) any {
	switch t := v.(type) {
	case []any:
		out := make([]any, len(t))
		for i, it := range t {
			out[i] = strapiFilters(ct, it)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, val := range t {
			if logical[k] {
				out["$"+k] = strapiFilters(ct, val)
				continue
			}
			a := ct.Field(k)
			switch {
			case a == nil && k == "documentId":
				out[k] = operators(val)
			case a == nil:
				out[k] = val // refused by the parser, by name
			case a.IsComponent() && len(a.ComponentTypes) == 1:
				out[k] = strapiFilters(a.ComponentTypes[0], val)
			case a.IsRelation() && a.TargetType != nil:
				out[k] = strapiFilters(a.TargetType, val)
			default:
				out[k] = operators(val)
			}
		}
		return out
	}
	return v
}

// operators prefixes a scalar filter input's keys with $, and its nested
// logical operators' too.
func operators(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(map[string]any, len(m))
	for k, val := range m {
		if k == "not" {
			val = operators(val)
		}
		if l, ok := val.([]any); ok && (k == "and" || k == "or") {
			items := make([]any, len(l))
			for i, it := range l {
				items[i] = operators(it)
			}
			val = items
		}
		out["$"+k] = val
	}
	return out
}

// sort reads a sort argument: a string or a list of strings.
func (x *exec) sort(ct *schema.ContentType, v any) ([]query.SortKey, error) {
	if l, ok := v.([]any); ok && len(l) == 0 {
		return nil, nil
	}
	return query.ParseSort(ct, v, x.opts)
}

// pagination reads a PaginationArg with the endpoint's default and
// maximum sizes.
func (x *exec) pagination(v map[string]any) (query.Pagination, error) {
	opts := x.opts
	opts.DefaultPageSize = x.s.Config.DefaultLimit
	opts.MaxPageSize = x.s.Config.MaxLimit
	clean := make(map[string]any, len(v))
	for k, val := range v {
		if val != nil {
			clean[k] = val
		}
	}
	// Strapi's plugin never refuses a size: it lowers one past the cap to
	// the cap, reads limit -1 as the cap and a size of 0 as 1, and page 0
	// as the first page (testdata/graphql, G3.10-G3.15).
	maxSize := int64(x.s.Config.MaxLimit)
	for _, k := range []string{"pageSize", "limit"} {
		n, ok := asInt(clean[k])
		switch {
		case !ok:
		case n < 0 && maxSize > 0:
			clean[k] = maxSize
		case n == 0:
			clean[k] = int64(1)
		case maxSize > 0 && n > maxSize:
			clean[k] = maxSize
		}
	}
	if n, ok := asInt(clean["page"]); ok && n < 1 {
		clean["page"] = int64(1)
	}
	if n, ok := asInt(clean["start"]); ok && n < 0 {
		clean["start"] = int64(0)
	}
	p, err := query.ParsePagination(clean, opts)
	if err != nil {
		return p, err
	}
	return p, nil
}

func asInt(v any) (int64, bool) {
	switch t := v.(type) {
	case json.Number:
		n, err := t.Int64()
		return n, err == nil
	case int64:
		return t, true
	case int:
		return int64(t), true
	case float64:
		return int64(t), true
	}
	return 0, false
}

// idArg is an ID argument's text: GraphQL's ID takes a string or an
// integer (a file's id sent as a number in the variables).
func idArg(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case json.Number:
		return t.String()
	case int64:
		return strconv.FormatInt(t, 10)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return ""
}
