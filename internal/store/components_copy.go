package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Copying a version's components, with their relations, to the other
// version (Publish, AddDraft).

// componentsOf is the component fields of holder's row id as a write's
// Data, every field and level, each item with its row's id: what a copy
// of a version writes again (without the ids, withoutIDs), or what an
// update in place starts from (mergeItems).
// One statement per component type per level.
func (s *Store) componentsOf(ctx context.Context, db database.Conn, holder *schema.ContentType, id int64) (map[*schema.Attribute][]entry.Component, error) {
	all, err := s.componentsOfRows(ctx, db, holder, []int64{id})
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

// componentsOfRows is componentsOf for several rows of holder, in the
// same statements: each row's components, in the order of ids.
func (s *Store) componentsOfRows(ctx context.Context, db database.Conn, holder *schema.ContentType, ids []int64) ([]map[*schema.Attribute][]entry.Component, error) {
	tops := make([]*entry.Entry, len(ids))
	for i, id := range ids {
		tops[i] = &entry.Entry{Type: holder, ID: id}
	}
	kids := map[*entry.Entry]map[*schema.Attribute][]*entry.Entry{}
	joins := map[*entry.Entry]map[*schema.Attribute][]int64{}
	level := map[*schema.ContentType][]*entry.Entry{holder: tops}
	for len(level) > 0 {
		next := map[*schema.ContentType][]*entry.Entry{}
		for h, es := range level {
			fields := componentFields(h)
			ids := make([]int64, len(es))
			for i, e := range es {
				ids[i] = e.ID
			}
			if h.Kind == schema.ComponentKind { // the entry's own links are copyLinks'
				if err := s.readComponentJoins(ctx, db, h, es, ids, joins); err != nil {
					return nil, err
				}
			}
			got, err := s.readComponentRows(ctx, db, func() *sqlgen.Builder { return sqlgen.New(s.DB.Dialect) }, h, fields, ids, func(c *schema.ContentType) (sqlgen.ComponentSelect, bool) {
				scalars, refs := copiedColumns(c)
				return sqlgen.ComponentSelect{Scalars: scalars, Refs: refs}, true
			})
			if err != nil {
				return nil, err
			}
			for _, e := range es {
				m := map[*schema.Attribute][]*entry.Entry{}
				for _, a := range fields {
					m[a] = got[e.ID][a.Name]
					for _, r := range m[a] {
						if r.Type.HoldsComponents() || hasJoinRelations(r.Type) {
							next[r.Type] = append(next[r.Type], r)
						}
					}
				}
				kids[e] = m
			}
		}
		level = next
	}
	var asData func(e *entry.Entry) map[*schema.Attribute][]entry.Component
	asData = func(e *entry.Entry) map[*schema.Attribute][]entry.Component {
		out := map[*schema.Attribute][]entry.Component{}
		for a, list := range kids[e] {
			items := make([]entry.Component, len(list))
			for i, r := range list {
				d := entry.Data{Values: map[*schema.Attribute]any{}, Components: asData(r), Relations: map[*schema.Attribute]entry.RelationChange{}}
				for _, x := range scalarsOf(r.Type) {
					d.Values[x], _ = r.Get(x)
				}
				for _, x := range r.Type.Attributes {
					if !x.IsRelation() {
						continue
					}
					// A draft & publish target by its draft row (every
					// document has one); the write links its versions.
					if id, ok := r.Ref(x, true); ok {
						d.Relations[x] = entry.RelationChange{Set: []int64{id}, SetGiven: true}
					} else if id, ok := r.Ref(x, false); ok {
						d.Relations[x] = entry.RelationChange{Set: []int64{id}, SetGiven: true}
					} else if list, ok := joins[r][x]; ok {
						d.Relations[x] = entry.RelationChange{Set: list, SetGiven: true}
					}
				}
				items[i] = entry.Component{Type: r.Type, Data: d, ID: r.ID}
			}
			out[a] = items
		}
		return out
	}
	out := make([]map[*schema.Attribute][]entry.Component, len(tops))
	for i, top := range tops {
		out[i] = asData(top)
	}
	return out, nil
}

// copiedColumns is what a copy reads of c's rows: every scalar field, and
// every owning to-one relation's foreign keys.
func copiedColumns(c *schema.ContentType) (scalars, refs []*schema.Attribute) {
	for _, a := range c.Attributes {
		if a.IsRelation() && a.Column != "" {
			refs = append(refs, a)
		}
	}
	return scalarsOf(c), refs
}

// readComponentJoins reads the join-table relations of component rows es
// (of c, ids their ids) into joins, each row's targets in order: one
// statement per relation. A draft & publish target is named by its draft
// row, once per document.
func (s *Store) readComponentJoins(ctx context.Context, db database.Conn, c *schema.ContentType, es []*entry.Entry, ids []int64,
	joins map[*entry.Entry]map[*schema.Attribute][]int64) error {
	byID := make(map[int64]*entry.Entry, len(es))
	for _, e := range es {
		byID[e.ID] = e
	}
	for _, a := range c.Attributes {
		if !a.IsRelation() || a.JoinTable == "" {
			continue
		}
		b := sqlgen.New(s.DB.Dialect)
		self, target := sqlgen.Col("j", a.JoinSelf), sqlgen.Col("j", a.JoinTarget)
		b.W("SELECT ", self, ", ", target, " FROM ", sqlgen.Ident(a.JoinTable), " j")
		if a.TargetType.DraftAndPublish {
			b.W(" JOIN ", sqlgen.Ident(a.TargetType.Table), " r ON ", sqlgen.Col("r", schema.ColID), " = ", target, " AND ",
				sqlgen.Col("r", schema.ColPublishedAt), " IS NULL")
		}
		b.W(" WHERE ")
		b.In(self, idKind, toArgs(ids), false)
		b.W(" ORDER BY ", self, ", ", sqlgen.Col("j", schema.JoinOrder(a.JoinTarget)), ", ", sqlgen.Col("j", schema.ColID))
		rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
		if err != nil {
			return fmt.Errorf("reading %s.%s: %w", c.Name, a.Name, err)
		}
		for rows.Next() {
			var from, to int64
			if err := rows.Scan(&from, &to); err != nil {
				rows.Close()
				return err
			}
			e := byID[from]
			if joins[e] == nil {
				joins[e] = map[*schema.Attribute][]int64{}
			}
			joins[e][a] = append(joins[e][a], to)
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return nil
}

// withoutIDs is comps with no item naming a row: a copy's new rows.
func withoutIDs(comps map[*schema.Attribute][]entry.Component) map[*schema.Attribute][]entry.Component {
	out := make(map[*schema.Attribute][]entry.Component, len(comps))
	for a, list := range comps {
		items := make([]entry.Component, len(list))
		for i, c := range list {
			c.ID = 0
			c.Data.Components = withoutIDs(c.Data.Components)
			items[i] = c
		}
		out[a] = items
	}
	return out
}
