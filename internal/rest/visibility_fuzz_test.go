package rest_test

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// FuzzHiddenRows builds random filters over relation paths — nested
// hops, $and, $or, $not, every kind of comparison, with values taken from
// rows the role may and may not see — and checks the differential
// property of TestHiddenRowsChangeNothing on each: the role's answer on
// the data set is the admin's on the copy without the hidden rows.
//
//	go test ./internal/rest -run '^$' -fuzz FuzzHiddenRows -fuzztime 60s
func FuzzHiddenRows(f *testing.F) {
	for _, seed := range []string{"", "\x03\x05\x01\x02\x00\x07", "\x02\x08\x02\x01\x03\x00\x01\x04\x01\x00",
		"\x01\x02\x04\x01\x01\x00\x05", "\x03\x0a\x03\x01\x02\x01\x04\x00\x06\x01\x01\x00\x02"} {
		f.Add([]byte(seed))
	}
	w := newVisWorld(f, database.SQLite)
	refs := map[string]*apptest.Harness{}
	for _, role := range scopedRoles {
		refs[role] = w.reference(f, role)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &filterGen{w: w, data: data}
		role := scopedRoles[g.next()%len(scopedRoles)]
		g.role, g.vis = role, w.visible(role)
		roots := w.listable(role)
		root := roots[g.next()%len(roots)]
		var pairs []string
		g.tree(root, "filters", 0, &pairs)
		path := "/api/" + root.Plural + "?pagination[pageSize]=100&" + strings.Join(pairs, "&")
		ref := *refs[role] // reporting to the fuzz target's t, not to f
		ref.T = t
		sameAnswer(t, role, path, w.as(t, role, path), ref.Do("GET", path, nil))
	})
}

// listable are the types the role may list, in schema order.
func (w *visWorld) listable(role string) []*schema.ContentType {
	var out []*schema.ContentType
	for _, ct := range w.s.Types {
		if !ct.Builtin && ct.Kind == schema.CollectionType && w.canRead(role, ct) {
			out = append(out, ct)
		}
	}
	return out
}

// filterGen turns fuzz bytes into a filter, one decision a byte (zeros
// once the bytes run out, so every input is a finite, valid filter).
type filterGen struct {
	w    *visWorld
	data []byte
	role string
	vis  map[*schema.ContentType]map[int64]bool
}

func (g *filterGen) next() int {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b)
}

// tree appends the query-string pairs of one filter node on ct at key.
func (g *filterGen) tree(ct *schema.ContentType, key string, depth int, out *[]string) {
	kind := g.next() % 6
	if depth >= 4 {
		kind = 0
	}
	switch kind {
	case 1, 5: // a hop through a relation the role may read
		var rels []*schema.Attribute
		for _, a := range ct.Attributes {
			if a.IsRelation() && g.w.canRead(g.role, a.TargetType) {
				rels = append(rels, a)
			}
		}
		if len(rels) > 0 {
			a := rels[g.next()%len(rels)]
			if g.next()%4 == 0 {
				null := []string{"$null", "$notNull"}[g.next()%2]
				*out = append(*out, key+"["+a.Name+"]["+null+"]="+[]string{"true", "false"}[g.next()%2])
				return
			}
			g.tree(a.TargetType, key+"["+a.Name+"]", depth+1, out)
			return
		}
	case 2, 3: // $and / $or of two
		op := []string{"$and", "$or"}[kind-2]
		g.tree(ct, key+"["+op+"][0]", depth+1, out)
		g.tree(ct, key+"["+op+"][1]", depth+1, out)
		return
	case 4:
		g.tree(ct, key+"[$not]", depth+1, out)
		return
	}
	g.cond(ct, key, out)
}

// cond compares ct's probe field (or id) with a value of a hidden or a
// visible row.
func (g *filterGen) cond(ct *schema.ContentType, key string, out *[]string) {
	field, hidden, shown := g.w.sample(ct, g.vis[ct])
	values := g.values(ct)
	v := shown
	switch g.next() % 3 {
	case 0:
		v = hidden
	case 1:
		if len(values) > 0 {
			v = values[g.next()%len(values)]
		}
	}
	if v == "" {
		v = "1"
	}
	ops := []string{"$eq", "$ne", "$in", "$notIn", "$lt", "$gte"}
	if field != "id" {
		ops = append(ops, "$startsWith", "$containsi", "$endsWith", "$eqi", "$notContains")
	}
	op := ops[g.next()%len(ops)]
	if op == "$startsWith" && len(v) > 2 {
		v = v[:2]
	}
	*out = append(*out, key+"["+field+"]["+op+"]"+map[bool]string{true: "[0]", false: ""}[op == "$in" || op == "$notIn"]+"="+qv(v))
}

// values are every probe value of ct, in id order.
func (g *filterGen) values(ct *schema.ContentType) []string {
	if probeField(ct) == nil {
		var out []string
		for _, id := range g.w.rows.ids[ct] {
			out = append(out, strconv.FormatInt(id, 10))
		}
		return out
	}
	m := g.w.rows.probe[ct]
	ids := make([]int64, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = m[id]
	}
	return out
}
