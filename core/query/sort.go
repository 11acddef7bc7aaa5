package query

import (
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// sort checks the sort forms: "title", "title:desc,createdAt", arrays of
// those, and objects (sort[title]=desc, sort[customer][name]=asc).
func (c *checker) sort(ct *schema.ContentType, v *node, l at) ([]SortKey, error) {
	var keys []SortKey
	if err := c.sortValue(ct, v, l, &keys); err != nil {
		return nil, err
	}
	return keys, nil
}

// sortValue appends the keys of one sort value to out.
func (c *checker) sortValue(ct *schema.ContentType, v *node, l at, out *[]SortKey) error {
	if s, ok := scalar(v); ok {
		for _, item := range splitList(s) {
			k, err := c.sortString(ct, item, l)
			if err != nil {
				return err
			}
			*out = append(*out, k)
			if err := c.checkLen(len(*out), l.param, l); err != nil {
				return err
			}
		}
		return nil
	}
	if items, ok := asList(v); ok {
		for _, it := range items {
			if it.kind == listNode || blank(it) {
				return valueError(l, l.param, "Invalid sort%s: expected a field, field:order or an object", l.suffix())
			}
			if err := c.sortValue(ct, it, l, out); err != nil {
				return err
			}
		}
		return nil
	}
	if v.kind != objectNode {
		return valueError(l, l.param, "Invalid sort%s: expected a field, field:order or an object", l.suffix())
	}
	return c.sortObject(ct, v, l, nil, out)
}

// sortString reads "path[:order]", path dotted through relations and
// components.
func (c *checker) sortString(ct *schema.ContentType, s string, l at) (SortKey, error) {
	field, order, hasOrder := strings.Cut(s, ":")
	path, err := c.sortPath(ct, strings.Split(strings.TrimSpace(field), "."), l)
	if err != nil {
		return SortKey{}, err
	}
	desc := false
	if hasOrder {
		if desc, err = sortOrder(order, l); err != nil {
			return SortKey{}, err
		}
	}
	return SortKey{Path: path, Desc: desc}, nil
}

// sortPath resolves the segments of a dotted sort path.
func (c *checker) sortPath(ct *schema.ContentType, segs []string, l at) ([]*schema.Attribute, error) {
	if len(segs) > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	path := make([]*schema.Attribute, 0, len(segs))
	for i, name := range segs {
		a, err := c.sortStep(ct, name, l, i == len(segs)-1)
		if err != nil {
			return nil, err
		}
		if sortThrough(a) == nil && i < len(segs)-1 {
			return nil, unknownKey(l.child(name), segs[i+1], nil) // nothing follows a field
		}
		path = append(path, a)
		ct, l = sortThrough(a), l.child(name)
	}
	return path, nil
}

// sortStep resolves one segment: a readable attribute; a relation or a
// component only when followed by a field of it. As in Strapi 5, a
// to-many relation or a repeatable component orders each entry by its
// least value ascending and its greatest descending (store's sortKeys).
func (c *checker) sortStep(ct *schema.ContentType, name string, l at, last bool) (*schema.Attribute, error) {
	a, err := c.attr(ct, name, l, inSort)
	switch {
	case err != nil:
		return nil, err
	case a.Localizations, a.Type == schema.DynamicZone && last:
		// Neither orders an entry (fits); a zone followed by a path is
		// refused at the path's next segment, as a field's is.
		return nil, unknownKey(l, name, c.validNames(ct, inSort))
	case sortThrough(a) == nil:
		return a, nil
	case last && a.IsComponent():
		valid := slices.DeleteFunc(c.validNames(ct, inSort), func(s string) bool { return s == name })
		return nil, unknownKey(l, name, valid).WithReason("a component: sort by a field of it (" + name + ".<field>)")
	case last:
		return nil, valueError(l.child(name), name,
			"Invalid key %s%s: sorting on a relation needs a field of it (%s.id)", name, l.suffix(), name)
	}
	return a, nil
}

// sortThrough is the type whose fields a sort path continues with after
// a: a relation's target, a component field's component; nil for a field
// (and a dynamic zone, whose items are of several components).
func sortThrough(a *schema.Attribute) *schema.ContentType {
	switch {
	case a.IsRelation():
		return a.TargetType
	case a.Type == schema.Component && len(a.ComponentTypes) == 1:
		return a.ComponentTypes[0]
	}
	return nil
}

// sortObject reads sort[field]=order and sort[relation][field]=order (or
// a component's); prefix is the path walked so far.
func (c *checker) sortObject(ct *schema.ContentType, v *node, l at, prefix []*schema.Attribute, out *[]SortKey) error {
	if len(prefix) >= c.opts.MaxDepth {
		return depthError(l, c.opts.MaxDepth)
	}
	for i, key := range v.keys {
		if err := c.sortEntry(ct, key, v.vals[i], l, prefix, out); err != nil {
			return err
		}
	}
	return nil
}

// sortEntry reads one key of a sort object: an order for a scalar, an
// object for a relation or a component.
func (c *checker) sortEntry(ct *schema.ContentType, key string, val *node, l at, prefix []*schema.Attribute, out *[]SortKey) error {
	order, plain := scalar(val)
	if !plain && val.kind != objectNode {
		return valueError(l.child(key), key, "Invalid sort at %s: expected asc or desc", l.child(key).path)
	}
	a, err := c.sortStep(ct, key, l, plain)
	if err != nil {
		return err
	}
	path := append(slices.Clip(prefix), a)
	switch {
	case !plain && sortThrough(a) != nil:
		return c.sortObject(sortThrough(a), val, l.child(key), path, out)
	case !plain:
		return unknownKey(l.child(key), val.keys[0], nil) // nothing follows a field
	}
	desc, err := sortOrder(order, l.child(key))
	if err != nil {
		return err
	}
	*out = append(*out, SortKey{Path: path, Desc: desc})
	return c.checkLen(len(*out), l.param, l)
}

// sortOrder reads asc/desc in any case. Strapi answered 500 to anything
// else until 2026; Kiln answers its current 400.
func sortOrder(order string, l at) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(order)) {
	case "asc":
		return false, nil
	case "desc":
		return true, nil
	}
	return false, errs.New(errs.KindValidation, "Invalid order. order can only be one of asc|desc|ASC|DESC").
		WithDetails(details(clip(order), l.path, l.param))
}
