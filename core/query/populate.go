package query

import (
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// maxPopulateEntries is Strapi's cap on the entries of one populate.
const maxPopulateEntries = 100

// populate checks a populate value on ct at nesting depth (1 for the
// top level): "*", a name or comma list, an array of dot paths, or an
// object of relations with their options.
func (c *checker) populate(ct *schema.ContentType, v *node, l at, depth int) ([]*Populate, error) {
	if blank(v) {
		return nil, nil
	}
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	if s, ok := scalar(v); ok {
		return c.populateList(ct, splitList(s), l, depth)
	}
	if items, ok := asList(v); ok {
		paths, err := stringItems(items, l)
		if err != nil {
			return nil, err
		}
		return c.populateList(ct, paths, l, depth)
	}
	if v.kind != objectNode {
		return nil, valueError(l, l.param, "Invalid populate%s: expected a name, a list or an object", l.suffix())
	}
	return c.populateObject(ct, v, l, depth)
}

// tooMany refuses a populate with more entries than Strapi allows.
func tooMany(n int, l at) error {
	if n <= maxPopulateEntries {
		return nil
	}
	return valueError(l, l.param, "Too many populate entries (%d)%s, the maximum is %d", n, l.suffix(), maxPopulateEntries)
}

// populateList is a populate given as names: Kiln's deep populate at the
// top level (deep.go), as the plugins read it there, or dot paths.
func (c *checker) populateList(ct *schema.ContentType, paths []string, l at, depth int) ([]*Populate, error) {
	if depth == 1 {
		if n, ok, err := c.deepDepth(ct, paths, l); ok || err != nil {
			return c.deepPopulate(ct, n), err
		}
	}
	return c.populatePaths(ct, paths, l, depth)
}

// populatePaths merges dot paths ("modules.sessions") into one tree, in the
// order the paths first name each relation.
func (c *checker) populatePaths(ct *schema.ContentType, paths []string, l at, depth int) ([]*Populate, error) {
	if err := tooMany(len(paths), l); err != nil {
		return nil, err
	}
	var out []*Populate
	for _, p := range paths {
		var err error
		if out, err = c.addPath(ct, out, strings.Split(p, "."), l, depth); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// addPath adds one dot path, split into segs, to list.
func (c *checker) addPath(ct *schema.ContentType, list []*Populate, segs []string, l at, depth int) ([]*Populate, error) {
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	if segs[0] == "*" && len(segs) == 1 {
		return c.populateAll(ct, list), nil
	}
	if segs[0] == "related" && isFileType(ct) {
		if p := c.relatedAll(); p != nil && len(segs) == 1 && find(list, relatedAttr) == nil {
			list = append(list, p)
		}
		return list, nil
	}
	if c.hidden(ct, segs[0]) {
		return list, nil
	}
	a, err := c.relationAttr(ct, segs[0], l)
	if err != nil {
		return nil, err
	}
	p := find(list, a)
	if p == nil {
		p = newPopulate(a)
		list = append(list, p)
	}
	if len(segs) > 1 && a.Type == schema.DynamicZone {
		return nil, valueError(l, a.Name, "Invalid populate %s%s: a dynamic zone's components are populated with populate[%s][on]", quote(strings.Join(segs, ".")), l.suffix(), a.Name)
	}
	if len(segs) > 1 {
		sub := p.Query
		if sub.Populate, err = c.addPath(sub.Type, sub.Populate, segs[1:], l.child(a.Name), depth+1); err != nil {
			return nil, err
		}
		takeRelated(sub)
	}
	return list, nil
}

// populateAll adds every relation of ct the caller may read, one level, in
// schema order, and a localized type's localizations last, as Strapi 5
// does. Unreadable and private relations are skipped, not refused: "*"
// names none of them.
func (c *checker) populateAll(ct *schema.ContentType, list []*Populate) []*Populate {
	for _, a := range ct.Attributes {
		if a.IsComponent() && !a.IsPrivate() && !a.Unavailable() && find(list, a) == nil {
			list = append(list, newPopulate(a))
		}
		if a.IsRelation() && !a.IsPrivate() && !a.Unavailable() && c.opts.canRead(a.TargetType) && find(list, a) == nil {
			list = append(list, newPopulate(a))
		}
	}
	if l := ct.Localizations(); l != nil && find(list, l) == nil {
		list = append(list, newPopulate(l))
	}
	if isFileType(ct) && find(list, relatedAttr) == nil {
		if p := c.relatedAll(); p != nil {
			list = append(list, p)
		}
	}
	return list
}

// populateObject checks populate[rel]=true|false and populate[rel][...].
func (c *checker) populateObject(ct *schema.ContentType, v *node, l at, depth int) ([]*Populate, error) {
	if err := tooMany(len(v.keys), l); err != nil {
		return nil, err
	}
	var out []*Populate
	for i, key := range v.keys {
		if key == "related" && isFileType(ct) {
			p, err := c.relatedEntry(v.vals[i], l.child(key), depth)
			if err != nil {
				return nil, err
			}
			if p != nil && find(out, relatedAttr) == nil {
				out = append(out, p)
			}
			continue
		}
		if c.hidden(ct, key) {
			continue
		}
		a, err := c.relationAttr(ct, key, l)
		if err != nil {
			return nil, err
		}
		p, err := c.populateEntry(a, v.vals[i], l.child(key), depth)
		if err != nil {
			return nil, err
		}
		if p != nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// populateEntry checks the value under populate[rel]: a boolean (false
// omits the relation), "*" (the relation, as true does: clients write
// populate[modules][populate][sessions]=* to mean "and its sessions"), or
// an object of options; nil when omitted.
func (c *checker) populateEntry(a *schema.Attribute, v *node, l at, depth int) (*Populate, error) {
	if s, ok := scalar(v); ok {
		if s == "*" {
			return newPopulate(a), nil
		}
		on, ok := parseBool(s)
		if !ok {
			return nil, valueError(l, a.Name, "Invalid populate value %s%s: expected true, false or an object", quote(s), l.suffix())
		}
		if !on {
			return nil, nil
		}
		return newPopulate(a), nil
	}
	if v.kind != objectNode {
		return nil, valueError(l, a.Name, "Invalid populate value%s: expected true, false or an object", l.suffix())
	}
	return c.populateOptions(a, v, l, depth)
}

// populateOptions checks populate[rel][populate|fields|filters|sort|count].
// Anything else (limit, start, on, pagination) is an invalid key: REST
// populate cannot be paginated, and on belongs to dynamic zones
// (zoneOptions). Components (the same keys) and zones have options of
// their own.
func (c *checker) populateOptions(a *schema.Attribute, v *node, l at, depth int) (*Populate, error) {
	switch a.Type {
	case schema.Component:
		return c.componentOptions(a, v, l, depth)
	case schema.DynamicZone:
		return c.zoneOptions(a, v, l, depth)
	}
	p := newPopulate(a)
	q, target := p.Query, a.TargetType
	for i, key := range v.keys {
		val := v.vals[i]
		var err error
		switch key {
		case "populate":
			q.Populate, err = c.populate(target, val, l, depth+1)
			takeRelated(q)
		case "fields":
			q.Fields, err = c.fields(target, val, l)
		case "filters":
			q.Filters, err = c.nestedFilters(target, val, l)
		case "sort":
			q.Sort, err = c.sort(target, val, l)
		case "count":
			p.Count, err = countFlag(val, l)
		default:
			err = unknownKey(l, key, populateOptionKeys)
		}
		if err != nil {
			return nil, err
		}
	}
	return p, nil
}

// populateOptionKeys are the keys populate[rel][...] takes.
var populateOptionKeys = []string{"populate", "fields", "filters", "sort", "count"}

// nestedFilters checks populate[rel][filters]; no value means none.
func (c *checker) nestedFilters(ct *schema.ContentType, v *node, l at) (*Filter, error) {
	if blank(v) {
		return nil, nil
	}
	return c.filters(ct, v, l)
}

// countFlag reads populate[rel][count], which must be boolean-like.
func countFlag(v *node, l at) (bool, error) {
	s, _ := scalar(v)
	b, ok := parseBool(s)
	if !ok || v.kind == nullNode {
		return false, valueError(l, "count", `Invalid count%s: expected "true", "t", "1", "false", "f" or "0"`, l.suffix())
	}
	return b, nil
}

// hidden reports a populate name that is a relation to a type the caller
// may not read: Strapi 5.54's sanitizer drops it from the populate, with
// whatever options it carries (200, the relation absent), where filters,
// sort and fields naming it are a 400 (attr). A private relation is not
// hidden but unknown.
func (c *checker) hidden(ct *schema.ContentType, name string) bool {
	a := ct.Field(name)
	return a != nil && a.IsRelation() && !a.IsPrivate() && has(ct, a) && !c.opts.canRead(a.TargetType)
}

// relationAttr resolves a populate name: a readable, non-private relation.
func (c *checker) relationAttr(ct *schema.ContentType, name string, l at) (*schema.Attribute, error) {
	a, err := c.attr(ct, name, l, inPopulate)
	if err != nil {
		return nil, err
	}
	if !a.IsRelation() && !a.IsComponent() {
		return nil, unknownKey(l, name, c.validNames(ct, inPopulate)).
			WithReason("not a relation: choose it with fields")
	}
	return a, nil
}

func newPopulate(a *schema.Attribute) *Populate {
	switch a.Type {
	case schema.Component:
		return &Populate{Relation: a, Query: &Query{Type: a.ComponentTypes[0]}}
	case schema.DynamicZone:
		return &Populate{Relation: a, Query: &Query{}}
	}
	return &Populate{Relation: a, Query: &Query{Type: a.TargetType}}
}

// componentOptions checks populate[component][populate|fields|filters|sort|count],
// what Strapi 5 takes on a component as on a relation: filters keep the
// items that match (a single component that does not is null), sort
// orders a repeatable one's items, count answers {"count": n}. Anything
// else (pagination, limit, start, on, status) is an invalid key, as in
// Strapi.
func (c *checker) componentOptions(a *schema.Attribute, v *node, l at, depth int) (*Populate, error) {
	p := newPopulate(a)
	q := p.Query
	for i, key := range v.keys {
		val := v.vals[i]
		var err error
		switch key {
		case "populate":
			q.Populate, err = c.populate(q.Type, val, l, depth+1)
		case "fields":
			q.Fields, err = c.fields(q.Type, val, l)
		case "filters":
			q.Filters, err = c.nestedFilters(q.Type, val, l)
		case "sort":
			q.Sort, err = c.sort(q.Type, val, l)
		case "count":
			p.Count, err = countFlag(val, l)
		default:
			err = unknownKey(l, key, populateOptionKeys)
		}
		if err != nil {
			return nil, err
		}
	}
	return p, nil
}

// zoneOptions checks populate[zone][on][uid][...] and populate[zone][populate]:
// Strapi 5 details a zone's populate per component, with on.
func (c *checker) zoneOptions(a *schema.Attribute, v *node, l at, depth int) (*Populate, error) {
	p := newPopulate(a)
	for i, key := range v.keys {
		val := v.vals[i]
		switch key {
		case "on":
			if val.kind != objectNode {
				return nil, valueError(l, "on", "Invalid populate on%s: expected an object of components", l.suffix())
			}
			p.On = map[string]*Query{}
			for k, uid := range val.keys {
				comp, allowed := a.ComponentOf(uid), true
				if comp == nil && c.opts.Component != nil {
					comp, allowed = c.opts.Component(uid), false
				}
				if comp == nil {
					return nil, unknownKey(l.child("on"), uid, a.Components)
				}
				one, err := c.componentOptionsOf(comp, val.vals[k], l.child("on").child(uid), depth)
				if err != nil {
					return nil, err
				}
				if allowed { // another component's options are checked, then ignored, as Strapi does
					p.On[uid] = one
				}
			}
		case "populate":
			// populate[zone][populate]=* : every component with its own
			// first level, as populate=* one level down.
			s, _ := scalar(val)
			if s != "*" {
				return nil, valueError(l, "populate", "Invalid populate%s: a dynamic zone's components are populated with on", l.suffix())
			}
			p.On = map[string]*Query{}
			for _, comp := range a.ComponentTypes {
				p.On[comp.Name] = &Query{Type: comp, Populate: c.populateAll(comp, nil)}
			}
		case "fields":
			return nil, valueError(l, "fields", "Invalid populate%s: fields of a dynamic zone are chosen per component, with on", l.suffix())
		case "count":
			// Taken and ignored, as Strapi 5 does: the zone is populated.
			if _, err := countFlag(val, l); err != nil {
				return nil, err
			}
		default:
			return nil, unknownKey(l, key, zoneOptionKeys)
		}
	}
	return p, nil
}

// zoneOptionKeys are the keys populate[zone][...] takes.
var zoneOptionKeys = []string{"on", "populate", "count"}

// componentOptionsOf is the query populate[zone][on][uid] asks of comp:
// true, "*", or an object of populate, fields and filters (the zone's
// items of comp that match; the others are answered whole). A sort and a
// count are checked and ignored, as Strapi 5 ignores them there: a zone
// keeps its order and answers its items.
func (c *checker) componentOptionsOf(comp *schema.ContentType, v *node, l at, depth int) (*Query, error) {
	q := &Query{Type: comp}
	if s, ok := scalar(v); ok {
		if on, ok := parseBool(s); (ok && on) || s == "*" {
			return q, nil
		}
		return nil, valueError(l, comp.Name, "Invalid populate value %s%s: expected true or an object", quote(s), l.suffix())
	}
	if v.kind != objectNode {
		return nil, valueError(l, comp.Name, "Invalid populate value%s: expected true or an object", l.suffix())
	}
	for i, key := range v.keys {
		val := v.vals[i]
		var err error
		switch key {
		case "populate":
			q.Populate, err = c.populate(comp, val, l, depth+1)
		case "fields":
			q.Fields, err = c.fields(comp, val, l)
		case "filters":
			q.Filters, err = c.nestedFilters(comp, val, l)
		case "sort":
			_, err = c.sort(comp, val, l)
		case "count":
			_, err = countFlag(val, l)
		default:
			err = unknownKey(l, key, populateOptionKeys)
		}
		if err != nil {
			return nil, err
		}
	}
	return q, nil
}

func find(list []*Populate, a *schema.Attribute) *Populate {
	for _, p := range list {
		if p.Relation == a {
			return p
		}
	}
	return nil
}

// AllComponents is the populate of every component and dynamic-zone field
// of ct, every level down, and of nothing else (no relation): what a
// webhook's entry carries, as Strapi 5's does.
func AllComponents(ct *schema.ContentType) []*Populate {
	var out []*Populate
	for _, a := range ct.Attributes {
		if !a.IsComponent() || a.IsPrivate() || a.Unavailable() {
			continue
		}
		p := newPopulate(a)
		if a.Type == schema.DynamicZone {
			p.On = map[string]*Query{}
			for _, c := range a.ComponentTypes {
				p.On[c.Name] = &Query{Type: c, Populate: AllComponents(c)}
			}
		} else {
			p.Query.Populate = AllComponents(p.Query.Type)
		}
		out = append(out, p)
	}
	return out
}
