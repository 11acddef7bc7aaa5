package query

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// A file's related: Strapi links files to entries through a polymorphic
// table, so its upload plugin's file has a morphToMany "related", the
// entries whose media fields hold the file (each link once, with the
// entry's __type). Kiln keeps media fields on the entries' side; the
// store reads the links back from them (internal/store related.go). What
// Strapi 5.54 answers, and so Kiln (testdata/media, the M7 steps):
//
//   - populate=related, populate[0]=related, populate[related]=true and
//     populate=* list every content type the caller may find (its "find"
//     action); populate[related][on][<uid>]=true or {fields, filters,
//     populate, sort} only the types named that the caller may find, each
//     with its own options. A uid that names no content type is an
//     invalid key.
//   - populate[related][count]=true counts the links.
//   - Any other value — populate[related]=*, populate[related][fields],
//     populate[related][populate] — drops related silently, and so does
//     a request whose types the caller may find none of: the file answers
//     without the key (the sanitizer of Strapi's content API removes it).
//   - Components and zone members holding a file are never listed (their
//     uid has no find action in Strapi).

// relatedAttr marks, in a populate list, the file's related while the
// list is checked; takeRelated moves it to its Query's Related.
var relatedAttr = &schema.Attribute{Name: "related"}

// Related is what populate asks of a file's related: the content types
// listed, each with the query its rows are read with (its Type, Fields,
// Filters and Populate; Sort does not order them: a file's related comes
// in the order of its links), in the schema's order; or their count.
type Related struct {
	Types []*Query
	Count bool
}

// isFileType reports whether ct is the built-in file type, which alone
// has related.
func isFileType(ct *schema.ContentType) bool {
	return ct != nil && ct.Builtin && ct.Name == schema.FileType
}

// relatedPopulate is the populate entry of a file's related over types,
// or nil when the caller may find none of them (related is then dropped).
func relatedPopulate(types []*Query, count bool) *Populate {
	if len(types) == 0 {
		return nil
	}
	return &Populate{Relation: relatedAttr, related: &Related{Types: types, Count: count}}
}

// relatedAll is populate=related: every content type the caller may find.
func (c *checker) relatedAll() *Populate {
	var types []*Query
	for _, ct := range c.opts.Types {
		if ct.Kind != schema.ComponentKind && !isFileType(ct) && c.opts.canRead(ct) {
			types = append(types, &Query{Type: ct})
		}
	}
	return relatedPopulate(types, false)
}

// relatedEntry checks populate[related]'s value: true (every type), false
// or "*" (nothing), or an object of on and count; any other key drops it,
// as Strapi does.
func (c *checker) relatedEntry(v *node, l at, depth int) (*Populate, error) {
	if s, ok := scalar(v); ok {
		if on, ok := parseBool(s); ok && on {
			return c.relatedAll(), nil
		}
		return nil, nil
	}
	if v.kind != objectNode {
		return nil, nil
	}
	var on *node
	count := false
	for i, key := range v.keys {
		switch key {
		case "on":
			on = v.vals[i]
		case "count":
			b, err := countFlag(v.vals[i], l)
			if err != nil {
				return nil, err
			}
			count = b
		default:
			return nil, nil
		}
	}
	if on == nil {
		if !count {
			return nil, nil
		}
		p := c.relatedAll()
		if p != nil {
			p.related.Count = true
		}
		return p, nil
	}
	return c.relatedOn(on, l.child("on"), depth, count)
}

// relatedOn checks populate[related][on][<uid>]: the content types named,
// each true, "*" or an object of fields, filters, populate and sort.
func (c *checker) relatedOn(v *node, l at, depth int, count bool) (*Populate, error) {
	if v.kind != objectNode {
		return nil, valueError(l, "on", "Invalid populate on%s: expected an object of content types", l.suffix())
	}
	byUID := map[string]*schema.ContentType{}
	var uids []string
	for _, ct := range c.opts.Types {
		if ct.Kind != schema.ComponentKind {
			byUID[ct.UID()] = ct
			uids = append(uids, ct.UID())
		}
	}
	named := map[*schema.ContentType]*Query{}
	for i, uid := range v.keys {
		ct := byUID[uid]
		if ct == nil {
			return nil, unknownKey(l, uid, uids)
		}
		q, err := c.relatedType(ct, v.vals[i], l.child(uid), depth)
		if err != nil {
			return nil, err
		}
		if q != nil && c.opts.canRead(ct) && !isFileType(ct) {
			named[ct] = q
		}
	}
	var types []*Query
	for _, ct := range c.opts.Types { // in the schema's order
		if q := named[ct]; q != nil {
			types = append(types, q)
		}
	}
	return relatedPopulate(types, count), nil
}

// relatedType is the query populate[related][on][<uid>] asks of ct; nil
// for false.
func (c *checker) relatedType(ct *schema.ContentType, v *node, l at, depth int) (*Query, error) {
	q := &Query{Type: ct}
	if s, ok := scalar(v); ok {
		on, isBool := parseBool(s)
		switch {
		case on || s == "*":
			return q, nil
		case isBool:
			return nil, nil
		}
		return nil, valueError(l, ct.UID(), "Invalid populate value %s%s: expected true or an object", quote(s), l.suffix())
	}
	if v.kind != objectNode {
		return nil, valueError(l, ct.UID(), "Invalid populate value%s: expected true or an object", l.suffix())
	}
	for i, key := range v.keys {
		val := v.vals[i]
		var err error
		switch key {
		case "populate":
			q.Populate, err = c.populate(ct, val, l, depth+1)
			if err == nil {
				takeRelated(q)
			}
		case "fields":
			q.Fields, err = c.fields(ct, val, l)
		case "filters":
			q.Filters, err = c.nestedFilters(ct, val, l)
		case "sort":
			q.Sort, err = c.sort(ct, val, l)
		default:
			err = unknownKey(l, key, []string{"populate", "fields", "filters", "sort"})
		}
		if err != nil {
			return nil, err
		}
	}
	return q, nil
}

// takeRelated moves a file's related out of q's populate list into
// q.Related: the store reads it apart from the relations.
func takeRelated(q *Query) {
	for i, p := range q.Populate {
		if p.Relation == relatedAttr {
			q.Related = p.related
			q.Populate = append(q.Populate[:i:i], q.Populate[i+1:]...)
			return
		}
	}
}
