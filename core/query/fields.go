package query

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// IDsOnly is the Fields of a query that wants nothing but id and
// documentId: an empty list, which nil (every field) is not. A write
// asked for it answers from the row it wrote, without reading it back.
// It is a function, not a variable, so no package can change what it
// means for the others.
func IDsOnly() []*schema.Attribute { return []*schema.Attribute{} }

// fields checks fields=a,b, fields[0]=a or fields=* on ct and returns the
// chosen fields in the order an entry shows them (id, documentId, the
// attributes, then the timestamps), without duplicates; nil means all.
// Only scalar, non-private fields can be chosen: relations are populated,
// and a private field must not even be named.
func (c *checker) fields(ct *schema.ContentType, v *node, l at) ([]*schema.Attribute, error) {
	if blank(v) {
		return nil, nil
	}
	names, err := fieldNames(v, l)
	if err != nil {
		return nil, err
	}
	chosen := make(map[*schema.Attribute]bool, len(names))
	all := false
	for _, name := range names {
		if name == "*" {
			all = true
			continue
		}
		a, err := c.attr(ct, name, l, inFields)
		if err != nil {
			return nil, err
		}
		if a.IsRelation() {
			return nil, unknownKey(l, name, c.validNames(ct, inFields)).
				WithReason("a relation, not a field: populate it to read its fields")
		}
		if a.IsComponent() {
			return nil, unknownKey(l, name, c.validNames(ct, inFields)).
				WithReason("a component, not a field: populate it to read its fields")
		}
		chosen[a] = true
	}
	if all || len(chosen) == 0 {
		return nil, nil
	}
	return inEntryOrder(ct, chosen), nil
}

// fieldNames reads a comma list or an array of comma lists.
func fieldNames(v *node, l at) ([]string, error) {
	if s, ok := scalar(v); ok {
		return splitList(s), nil
	}
	if items, ok := asList(v); ok {
		return stringItems(items, l)
	}
	return nil, valueError(l, l.param, "Invalid fields%s: expected a list of names", l.suffix())
}

// inEntryOrder lists the chosen fields in the order an entry shows them.
func inEntryOrder(ct *schema.ContentType, chosen map[*schema.Attribute]bool) []*schema.Attribute {
	out := make([]*schema.Attribute, 0, len(chosen))
	add := func(list []*schema.Attribute) {
		for _, a := range list {
			if chosen[a] {
				out = append(out, a)
			}
		}
	}
	add(schema.SystemFields[:2])
	add(ct.Attributes)
	add(ct.TrailingFields())
	return out
}
