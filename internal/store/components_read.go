package store

import (
	"context"
	"fmt"
	"sort"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Reading components: populate, a level of the tree per statement.

// cmpRow is one component row read: whose it is, where, and its entry.
type cmpRow struct {
	entity int64
	field  string
	order  int64
	e      *entry.Entry
}

// cmpSelect is what a read of one component type's rows takes: its
// scalar columns, the owning to-one relations whose keys come with the
// rows, and the populate's filters and sort (q, nil for none).
type cmpSelect struct {
	scalars, refs []*schema.Attribute
	q             *query.Query
}

// readComponentRows reads the component rows that holder's rows ids hold
// in the fields asked, with what selectOf gives for each component type
// (ok false: none of that type): one statement per component type, the
// rows of each entity and field in their order, or in the sort's. b
// starts each statement (the caller's scopes and status for a filter
// through a relation).
func (s *Store) readComponentRows(ctx context.Context, db database.Conn, b func() *sqlb, holder *schema.ContentType, fields []*schema.Attribute, ids []int64,
	selectOf func(c *schema.ContentType) (cmpSelect, bool)) (map[int64]map[string][]*entry.Entry, error) {
	out := map[int64]map[string][]*entry.Entry{}
	if len(ids) == 0 || len(fields) == 0 {
		return out, nil
	}
	names := make([]any, len(fields))
	byType := map[*schema.ContentType]bool{}
	var types []*schema.ContentType
	for i, a := range fields {
		names[i] = a.Name
		for _, c := range a.ComponentTypes {
			if !byType[c] {
				byType[c] = true
				types = append(types, c)
			}
		}
	}
	var rows []cmpRow
	for _, c := range types {
		sel, ok := selectOf(c)
		if !ok {
			continue
		}
		b := b()
		// The sort's joins first: their arguments come before the WHERE
		// clause's (the select list has none).
		var joins string
		var keys []sortKey
		if sel.q != nil {
			joins, keys = b.sortKeys(sel.q, cmpAlias)
		}
		b.w("SELECT j.", database.Ident(schema.CmpEntity), ", j.", database.Ident(schema.CmpField), ", j.", database.Ident(schema.CmpOrder), ", c.",
			database.Ident(schema.ColID))
		for _, a := range sel.scalars {
			b.w(", c.", database.Ident(a.Column))
		}
		for _, a := range sel.refs {
			b.w(", c.", database.Ident(a.Column), ", c.", database.Ident(cmp(a.DraftColumn, a.Column)))
		}
		b.componentLinks(holder, c, names, ids, joins)
		if sel.q != nil && sel.q.Filters != nil {
			b.w(" AND ")
			b.filter(sel.q.Filters, cmpAlias)
		}
		if len(keys) > 0 {
			b.w(" ORDER BY ")
			for _, k := range keys {
				b.w(b.sortExpr(k.expr, k.text, k.desc), ", ")
			}
			b.w("j.", database.Ident(schema.CmpOrder), ", c.", database.Ident(schema.ColID))
		}
		list, err := s.scanComponentRows(ctx, db, c, sel.scalars, sel.refs, b)
		if err != nil {
			return nil, err
		}
		if len(keys) > 0 { // the sort's order within each entity and field
			for i := range list {
				list[i].order = int64(i)
			}
		}
		rows = append(rows, list...)
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.entity != b.entity {
			return a.entity < b.entity
		}
		if a.field != b.field {
			return a.field < b.field
		}
		return a.order < b.order
	})
	for _, r := range rows {
		m := out[r.entity]
		if m == nil {
			m = map[string][]*entry.Entry{}
			out[r.entity] = m
		}
		m[r.field] = append(m[r.field], r.e)
	}
	return out, nil
}

// cmpAlias is the alias of a component's table in the statements that
// read its rows (j is the holder's links).
const cmpAlias = "c"

// componentLinks writes " FROM <holder's links> j JOIN <c's table> c
// <joins> WHERE" the links of c's rows in the fields names of the
// holder's rows ids.
func (b *sqlb) componentLinks(holder, c *schema.ContentType, names []any, ids []int64, joins string) {
	b.w(" FROM ", database.Ident(schema.ComponentJoin(holder)), " j JOIN ", database.Ident(c.Table), " c ON c.", database.Ident(schema.ColID),
		" = j.", database.Ident(schema.CmpID), joins, " WHERE j.", database.Ident(schema.CmpType), " = ")
	b.arg(strKind, c.Name)
	b.w(" AND ")
	b.in("j."+database.Ident(schema.CmpField), strKind, names, false)
	b.w(" AND ")
	b.in("j."+database.Ident(schema.CmpEntity), idKind, toArgs(ids), false)
}

func (s *Store) scanComponentRows(ctx context.Context, db database.Conn, c *schema.ContentType, attrs, refs []*schema.Attribute, b *sqlb) ([]cmpRow, error) {
	rs, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", c.Name, err)
	}
	defer rs.Close()
	raw := make([]any, 4+len(attrs)+2*len(refs))
	dest := make([]any, len(raw))
	for i := range raw {
		dest[i] = &raw[i]
	}
	var out []cmpRow
	for rs.Next() {
		if err := rs.Scan(dest...); err != nil {
			return nil, fmt.Errorf("reading %s: %w", c.Name, err)
		}
		var r cmpRow
		if r.entity, err = decodeID(raw[0]); err != nil {
			return nil, err
		}
		f, err := decode(strKind, raw[1])
		if err != nil {
			return nil, err
		}
		r.field, _ = f.(string)
		if r.order, err = decodeID(raw[2]); err != nil {
			return nil, err
		}
		r.e = entry.New(c)
		if r.e.ID, err = decodeID(raw[3]); err != nil {
			return nil, err
		}
		for i, a := range attrs {
			v, err := decode(a.Kind, raw[4+i])
			if err != nil {
				return nil, fmt.Errorf("reading %s.%s: %w", c.Name, a.Name, err)
			}
			r.e.Set(a, v)
		}
		for i, a := range refs {
			for k, draft := range []bool{false, true} {
				if v := raw[4+len(attrs)+2*i+k]; v != nil {
					fk, err := decodeID(v)
					if err != nil {
						return nil, fmt.Errorf("reading %s.%s: %w", c.Name, a.Name, err)
					}
					r.e.SetRef(a, draft, fk)
				}
			}
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// populateComponents loads component or dynamic-zone field p.Relation for
// entries: one statement per component type the field can hold, per type
// of holder among entries, then each component's own populate, a level
// at a time. A single component is an entry or nil; a repeatable one and
// a zone a list, empty when none; the populate's filters keep the items
// that match (a single component that does not is nil), and its count
// answers how many (countComponents), as Strapi 5 does.
func (s *Store) populateComponents(ctx context.Context, db database.Conn, entries []*entry.Entry, p *query.Populate, status query.Status, ro entry.ReadOptions, bud *budget) error {
	a := p.Relation
	byType := map[*schema.ContentType][]*entry.Entry{}
	var holders []*schema.ContentType
	for _, e := range entries {
		if e.Type != a.Owner {
			continue // a zone's level holds several components
		}
		if byType[e.Type] == nil {
			holders = append(holders, e.Type)
		}
		byType[e.Type] = append(byType[e.Type], e)
	}
	below := map[*schema.ContentType][]*entry.Entry{}
	for _, h := range holders {
		es := byType[h]
		ids := make([]int64, 0, len(es))
		seen := map[int64]bool{}
		for _, e := range es {
			if !seen[e.ID] {
				seen[e.ID] = true
				ids = append(ids, e.ID)
			}
		}
		if p.Count {
			if err := s.countComponents(ctx, db, s.sql(ro, status), h, p, es, ids); err != nil {
				return err
			}
			continue
		}
		got, err := s.readComponentRows(ctx, db, func() *sqlb { return s.sql(ro, status) }, h, []*schema.Attribute{a}, ids, func(c *schema.ContentType) (cmpSelect, bool) {
			// A zone populated with on holds only the components on names,
			// as Strapi 5 answers it.
			if a.Type == schema.DynamicZone && p.On != nil && p.On[c.Name] == nil {
				return cmpSelect{}, false
			}
			q := componentQuery(p, c)
			return cmpSelect{scalars: componentSelection(q), refs: populatedToOne(q), q: q}, true
		})
		if err != nil {
			return err
		}
		for _, e := range es {
			list := got[e.ID][a.Name]
			if err := bud.take(len(list)); err != nil {
				return err
			}
			if a.Type == schema.Component && !a.Repeatable {
				var one *entry.Entry
				if len(list) > 0 {
					one = list[0]
				}
				e.Set(a, one)
			} else {
				if list == nil {
					list = []*entry.Entry{}
				}
				e.Set(a, list)
			}
			for _, r := range list {
				below[r.Type] = append(below[r.Type], r)
			}
		}
	}
	for _, c := range a.ComponentTypes {
		q := *componentQuery(p, c)
		if len(q.Populate) == 0 || len(below[c]) == 0 {
			continue
		}
		q.Status = status // the holder's: a draft shows the drafts its components link to
		if err := s.populate(ctx, db, below[c], &q, ro, bud); err != nil {
			return err
		}
	}
	return nil
}

// populatedToOne is the owning to-one relations q populates: their
// foreign keys are read with the rows.
func populatedToOne(q *query.Query) []*schema.Attribute {
	var out []*schema.Attribute
	for _, p := range q.Populate {
		if p.Relation.IsRelation() && p.Relation.Column != "" {
			out = append(out, p.Relation)
		}
	}
	return out
}

// componentQuery is what a populate asks of component c: a component
// field's own query, a zone's on[c] (c's fields alone when the zone is
// populated without on).
func componentQuery(p *query.Populate, c *schema.ContentType) *query.Query {
	if p.Relation.Type == schema.Component {
		return p.Query
	}
	if q := p.On[c.Name]; q != nil {
		return q
	}
	return &query.Query{Type: c}
}

// componentSelection is the scalar fields a read of component rows
// returns: q's fields and the fields its sort names (Strapi 5.54 answers
// those too), else every one that is not private.
func componentSelection(q *query.Query) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range q.Type.Attributes {
		if a.IsScalar() && !a.IsPrivate() && !a.Unavailable() && (wanted(q, a) || sortsBy(q, a)) {
			out = append(out, a)
		}
	}
	return out
}

// sortsBy reports whether one of q's sort keys is q's own field a.
func sortsBy(q *query.Query, a *schema.Attribute) bool {
	for _, k := range q.Sort {
		if len(k.Path) == 1 && k.Path[0] == a {
			return true
		}
	}
	return false
}

// countComponents answers populate[component][count]=true for holder's
// entries es (ids their distinct ids) with one GROUP BY statement: how
// many items of the field pass its filters, per entry (0 or 1 for a
// single component).
func (s *Store) countComponents(ctx context.Context, db database.Conn, b *sqlb, holder *schema.ContentType, p *query.Populate, es []*entry.Entry, ids []int64) error {
	a := p.Relation
	c := a.ComponentTypes[0]
	b.w("SELECT j.", database.Ident(schema.CmpEntity), ", COUNT(*)")
	b.componentLinks(holder, c, []any{a.Name}, ids, "")
	if p.Query.Filters != nil {
		b.w(" AND ")
		b.filter(p.Query.Filters, cmpAlias)
	}
	b.w(" GROUP BY j.", database.Ident(schema.CmpEntity))
	counts := map[int64]int64{}
	if err := s.scanCounts(ctx, db, b, counts); err != nil {
		return fmt.Errorf("counting %s: %w", c.Name, err)
	}
	for _, e := range es {
		e.Set(a, entry.Count{N: counts[e.ID]})
	}
	return nil
}
