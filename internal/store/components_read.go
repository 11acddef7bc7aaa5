package store

import (
	"context"
	"fmt"
	"sort"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Reading components: populate, a level of the tree per statement.

// cmpRow is one component row read: whose it is, where, and its entry.
type cmpRow struct {
	entity int64
	field  string
	order  int64
	e      *entry.Entry
}

// readComponentRows reads the component rows that holder's rows ids hold
// in the fields asked, with what selectOf gives for each component type
// (ok false: none of that type): one statement per component type, the
// rows of each entity and field in their order, or in the sort's. b
// starts each statement (the caller's scopes and status for a filter
// through a relation).
func (s *Store) readComponentRows(ctx context.Context, db database.Conn, b func() *sqlgen.Builder, holder *schema.ContentType, fields []*schema.Attribute, ids []int64,
	selectOf func(c *schema.ContentType) (sqlgen.ComponentSelect, bool)) (map[int64]map[string][]*entry.Entry, error) {
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
		sorted := b.ComponentRows(holder, c, names, ids, sel)
		list, err := s.scanComponentRows(ctx, db, c, sel.Scalars, sel.Refs, b)
		if err != nil {
			return nil, err
		}
		if sorted { // the sort's order within each entity and field
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

func (s *Store) scanComponentRows(ctx context.Context, db database.Conn, c *schema.ContentType, attrs, refs []*schema.Attribute, b *sqlgen.Builder) ([]cmpRow, error) {
	rs, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
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
		got, err := s.readComponentRows(ctx, db, func() *sqlgen.Builder { return s.sql(ro, status) }, h, []*schema.Attribute{a}, ids, func(c *schema.ContentType) (sqlgen.ComponentSelect, bool) {
			// A zone populated with on holds only the components on names,
			// as Strapi 5 answers it.
			if a.Type == schema.DynamicZone && p.On != nil && p.On[c.Name] == nil {
				return sqlgen.ComponentSelect{}, false
			}
			q := sqlgen.ComponentQuery(p, c)
			return sqlgen.ComponentSelect{Scalars: sqlgen.ComponentSelection(q), Refs: sqlgen.PopulatedToOne(q), Query: q}, true
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
		q := *sqlgen.ComponentQuery(p, c)
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

// countComponents answers populate[component][count]=true for holder's
// entries es (ids their distinct ids) with one GROUP BY statement: how
// many items of the field pass its filters, per entry (0 or 1 for a
// single component).
func (s *Store) countComponents(ctx context.Context, db database.Conn, b *sqlgen.Builder, holder *schema.ContentType, p *query.Populate, es []*entry.Entry, ids []int64) error {
	a := p.Relation
	c := a.ComponentTypes[0]
	b.ComponentCount(holder, p, ids)
	counts := map[int64]int64{}
	if err := s.scanCounts(ctx, db, b, counts); err != nil {
		return fmt.Errorf("counting %s: %w", c.Name, err)
	}
	for _, e := range es {
		e.Set(a, entry.Count{N: counts[e.ID]})
	}
	return nil
}
