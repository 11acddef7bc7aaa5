package store

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Components and dynamic zones are stored as Strapi 5 stores them: a
// component's rows in its own table (id and its scalar fields), linked to
// the row that holds them (an entry, or a component row for a nested
// component) through the holder's schema.ComponentJoin table, each link
// naming the field, the component's uid and the item's place. Every
// statement here covers a whole level of the tree — one per component
// type and one per holder table — never one per row.

// cmpItem is one component row to write: where it goes and what it holds.
type cmpItem struct {
	holder *schema.ContentType
	entity int64
	field  *schema.Attribute
	order  int
	c      entry.Component
}

// writeComponents gives the row id of holder the component fields data
// names: with replace (an update, a copy over a version) what those
// fields held goes first, component rows and all.
func (s *Store) writeComponents(ctx context.Context, db database.Conn, holder *schema.ContentType, id int64, comps map[*schema.Attribute][]entry.Component, replace bool) error {
	if len(comps) == 0 {
		return nil
	}
	var level []cmpItem
	for _, a := range holder.Attributes {
		list, ok := comps[a]
		if !ok || !a.IsComponent() {
			continue
		}
		if replace {
			if err := s.deleteComponents(ctx, db, holder, []int64{id}, a); err != nil {
				return err
			}
		}
		for i, c := range list {
			level = append(level, cmpItem{holder: holder, entity: id, field: a, order: i + 1, c: c})
		}
	}
	for len(level) > 0 {
		next, err := s.insertLevel(ctx, db, level)
		if err != nil {
			return err
		}
		level = next
	}
	return nil
}

// insertLevel writes one level of component rows — one INSERT per
// component type, one per holder's join table — and returns the level
// below: the nested components of the rows it wrote.
func (s *Store) insertLevel(ctx context.Context, db database.Conn, level []cmpItem) ([]cmpItem, error) {
	byType := map[*schema.ContentType][]int{}
	var types []*schema.ContentType
	for i, it := range level {
		if byType[it.c.Type] == nil {
			types = append(types, it.c.Type)
		}
		byType[it.c.Type] = append(byType[it.c.Type], i)
	}
	ids := make([]int64, len(level))
	for _, c := range types {
		if err := s.insertRows(ctx, db, c, level, byType[c], ids); err != nil {
			return nil, err
		}
	}
	byHolder := map[*schema.ContentType][]int{}
	var holders []*schema.ContentType
	for i, it := range level {
		if byHolder[it.holder] == nil {
			holders = append(holders, it.holder)
		}
		byHolder[it.holder] = append(byHolder[it.holder], i)
	}
	for _, h := range holders {
		b := &sqlb{d: s.DB.Dialect}
		b.w("INSERT INTO ", database.Ident(schema.ComponentJoin(h)), " (", idents(schema.CmpEntity, schema.CmpID, schema.CmpType,
			schema.CmpField, schema.CmpOrder), ") VALUES ")
		for n, i := range byHolder[h] {
			it := level[i]
			if n > 0 {
				b.w(", ")
			}
			b.w("(")
			b.arg(idKind, it.entity)
			b.w(", ")
			b.arg(idKind, ids[i])
			b.w(", ")
			b.arg(strKind, it.c.Type.Name)
			b.w(", ")
			b.arg(strKind, it.field.Name)
			b.w(", ")
			b.arg(idKind, int64(it.order))
			b.w(")")
		}
		if err := s.exec(ctx, db, b); err != nil {
			return nil, fmt.Errorf("linking components of %s: %w", h.Name, err)
		}
	}
	if err := s.insertComponentJoins(ctx, db, level, ids); err != nil {
		return nil, err
	}
	var next []cmpItem
	for i, it := range level {
		for _, a := range it.c.Type.Attributes {
			for n, c := range it.c.Data.Components[a] {
				next = append(next, cmpItem{holder: it.c.Type, entity: ids[i], field: a, order: n + 1, c: c})
			}
		}
	}
	return next, nil
}

// insertRows writes the rows of component c at positions at of level in
// one statement, and puts their new ids in ids. The ids come back in the
// order of the VALUES, as PostgreSQL and SQLite return a multi-row
// INSERT's RETURNING (Django's bulk_create relies on the same).
func (s *Store) insertRows(ctx context.Context, db database.Conn, c *schema.ContentType, level []cmpItem, at []int, ids []int64) error {
	// Every column of the row: the scalars, and the to-one relations'
	// foreign keys (a draft & publish target's two).
	type column struct {
		a    *schema.Attribute
		name string
	}
	var cols []column
	for _, a := range c.Attributes {
		switch {
		case a.IsScalar():
			cols = append(cols, column{a, a.Column})
		case a.IsRelation():
			for _, name := range a.Columns() {
				cols = append(cols, column{a, name})
			}
		}
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("INSERT INTO ", database.Ident(c.Table))
	if len(cols) == 0 {
		// A component of nested components only: rows of an id alone.
		b.w(" (", database.Ident(schema.ColID), ") VALUES ")
		for n := range at {
			if n > 0 {
				b.w(", ")
			}
			if s.DB.Dialect == database.SQLite {
				b.w("(NULL)") // SQLite has no DEFAULT here; a NULL id is the next one
			} else {
				b.w("(DEFAULT)")
			}
		}
	} else {
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = c.name
		}
		b.w(" (", idents(names...), ") VALUES ")
		for n, i := range at {
			if n > 0 {
				b.w(", ")
			}
			b.w("(")
			for k, c := range cols {
				if k > 0 {
					b.w(", ")
				}
				v, _ := columnValue(c.a, level[i].c.Data)
				b.colValue(c.a, c.name, v)
			}
			b.w(")")
		}
	}
	b.w(" RETURNING ", database.Ident(schema.ColID))
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return fmt.Errorf("writing %s: %w", c.Name, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if n >= len(at) {
			return fmt.Errorf("writing %s: more ids than rows", c.Name)
		}
		if err := rows.Scan(&ids[at[n]]); err != nil {
			return fmt.Errorf("writing %s: %w", c.Name, err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", c.Name, err)
	}
	if n != len(at) {
		return fmt.Errorf("writing %s: %d ids for %d rows", c.Name, n, len(at))
	}
	return nil
}

// deleteComponents removes the component rows that holder's rows ids hold
// in field (every component field when nil), nested ones first, and
// their links. A statement per component type the fields can reach.
func (s *Store) deleteComponents(ctx context.Context, db database.Conn, holder *schema.ContentType, ids []int64, field *schema.Attribute) error {
	if !holdsComponents(holder) {
		return nil
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("SELECT ", database.Ident(schema.ColID), " FROM ", database.Ident(holder.Table), " WHERE ")
	b.in(database.Ident(schema.ColID), idKind, anyIDs(ids), false)
	if err := s.deleteHeld(ctx, db, holder, b.sb.String(), b.args, field); err != nil {
		return err
	}
	if field == nil {
		return nil // the holder's rows go next, and their links with them
	}
	b = &sqlb{d: s.DB.Dialect}
	b.w("DELETE FROM ", database.Ident(schema.ComponentJoin(holder)), " WHERE ", database.Ident(schema.CmpField), " = ")
	b.arg(strKind, field.Name)
	b.w(" AND ")
	b.in(database.Ident(schema.CmpEntity), idKind, anyIDs(ids), false)
	return s.exec(ctx, db, b)
}

// deleteHeld removes the component rows that the holder rows selected by
// sel (a SELECT of ids, with its args) hold in field (every component
// field when nil), deepest first. Their own links go with them (ON
// DELETE CASCADE); the holder's links to them are the caller's.
func (s *Store) deleteHeld(ctx context.Context, db database.Conn, holder *schema.ContentType, sel string, args []any, field *schema.Attribute) error {
	for _, c := range heldTypes(holder, field) {
		b := &sqlb{d: s.DB.Dialect}
		b.w("SELECT ", database.Ident(schema.CmpID), " FROM ", database.Ident(schema.ComponentJoin(holder)), " WHERE ",
			database.Ident(schema.CmpType), " = ")
		b.arg(strKind, c.Name)
		if field != nil {
			b.w(" AND ", database.Ident(schema.CmpField), " = ")
			b.arg(strKind, field.Name)
		}
		b.w(" AND ", database.Ident(schema.CmpEntity), " IN (", sel, ")")
		// The text's placeholders: ours, then sel's.
		inner, innerArgs := b.sb.String(), append(b.args, args...)
		if err := s.deleteHeld(ctx, db, c, inner, innerArgs, nil); err != nil {
			return err
		}
		d := &sqlb{d: s.DB.Dialect}
		d.w("DELETE FROM ", database.Ident(c.Table), " WHERE ", database.Ident(schema.ColID), " IN (", inner, ")")
		if _, err := db.ExecContext(ctx, d.sb.String(), innerArgs...); err != nil {
			return fmt.Errorf("deleting %s rows: %w", c.Name, err)
		}
	}
	return nil
}

// heldTypes is the component types holder's field (every component field
// when nil) can hold, each once, in uid order.
func heldTypes(holder *schema.ContentType, field *schema.Attribute) []*schema.ContentType {
	seen := map[*schema.ContentType]bool{}
	var out []*schema.ContentType
	for _, a := range holder.Attributes {
		if !a.IsComponent() || (field != nil && a != field) {
			continue
		}
		for _, c := range a.ComponentTypes {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// holdsComponents reports whether ct has a component or dynamic-zone field.
func holdsComponents(ct *schema.ContentType) bool {
	for _, a := range ct.Attributes {
		if a.IsComponent() {
			return true
		}
	}
	return false
}

func anyIDs(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// cmpRow is one component row read: whose it is, where, and its entry.
type cmpRow struct {
	entity int64
	field  string
	order  int64
	e      *entry.Entry
}

// readComponentRows reads the component rows that holder's rows ids hold
// in the fields asked, with the scalar fields fieldsOf gives for each
// component type: one statement per component type, the rows of each
// entity and field in their order.
func (s *Store) readComponentRows(ctx context.Context, db database.Conn, holder *schema.ContentType, fields []*schema.Attribute, ids []int64,
	fieldsOf func(c *schema.ContentType) (scalars, refs []*schema.Attribute)) (map[int64]map[string][]*entry.Entry, error) {
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
		attrs, refs := fieldsOf(c)
		b := &sqlb{d: s.DB.Dialect}
		b.w("SELECT j.", database.Ident(schema.CmpEntity), ", j.", database.Ident(schema.CmpField), ", j.", database.Ident(schema.CmpOrder), ", c.",
			database.Ident(schema.ColID))
		for _, a := range attrs {
			b.w(", c.", database.Ident(a.Column))
		}
		for _, a := range refs {
			b.w(", c.", database.Ident(a.Column), ", c.", database.Ident(cmp(a.DraftColumn, a.Column)))
		}
		b.w(" FROM ", database.Ident(schema.ComponentJoin(holder)), " j JOIN ", database.Ident(c.Table), " c ON c.", database.Ident(schema.ColID),
			" = j.", database.Ident(schema.CmpID), " WHERE j.", database.Ident(schema.CmpType), " = ")
		b.arg(strKind, c.Name)
		b.w(" AND ")
		b.in("j."+database.Ident(schema.CmpField), strKind, names, false)
		b.w(" AND ")
		b.in("j."+database.Ident(schema.CmpEntity), idKind, anyIDs(ids), false)
		list, err := s.scanComponentRows(ctx, db, c, attrs, refs, b)
		if err != nil {
			return nil, err
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

// componentsOf is the component fields of holder's row id as a write's
// Data, every field and level: what a copy of a version writes again.
// One statement per component type per level.
func (s *Store) componentsOf(ctx context.Context, db database.Conn, holder *schema.ContentType, id int64) (map[*schema.Attribute][]entry.Component, error) {
	top := &entry.Entry{Type: holder, ID: id}
	kids := map[*entry.Entry]map[*schema.Attribute][]*entry.Entry{}
	joins := map[*entry.Entry]map[*schema.Attribute][]int64{}
	level := map[*schema.ContentType][]*entry.Entry{holder: {top}}
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
			got, err := s.readComponentRows(ctx, db, h, fields, ids, copiedColumns)
			if err != nil {
				return nil, err
			}
			for _, e := range es {
				m := map[*schema.Attribute][]*entry.Entry{}
				for _, a := range fields {
					m[a] = got[e.ID][a.Name]
					for _, r := range m[a] {
						if holdsComponents(r.Type) || hasJoinRelations(r.Type) {
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
				items[i] = entry.Component{Type: r.Type, Data: d}
			}
			out[a] = items
		}
		return out
	}
	return asData(top), nil
}

// componentFields is ct's component and dynamic-zone fields.
func componentFields(ct *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range ct.Attributes {
		if a.IsComponent() {
			out = append(out, a)
		}
	}
	return out
}

// scalarsOf is every scalar field of c: what a copy reads.
func scalarsOf(c *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range c.Attributes {
		if a.IsScalar() {
			out = append(out, a)
		}
	}
	return out
}

// populateComponents loads component or dynamic-zone field p.Relation for
// entries: one statement per component type the field can hold, per type
// of holder among entries, then each component's own populate, a level
// at a time. A single component is an entry or nil; a repeatable one and
// a zone a list, empty when none.
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
		got, err := s.readComponentRows(ctx, db, h, []*schema.Attribute{a}, ids, func(c *schema.ContentType) ([]*schema.Attribute, []*schema.Attribute) {
			q := componentQuery(p, c)
			return componentSelection(q), populatedToOne(q)
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
// field's own query, a zone's on[c] (c's fields alone when on does not
// name it).
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
// returns: q's fields, else every one that is not private.
func componentSelection(q *query.Query) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range q.Type.Attributes {
		if a.IsScalar() && !a.IsPrivate() && !a.Unavailable() && wanted(q, a) {
			out = append(out, a)
		}
	}
	return out
}

// idents is names quoted, comma-separated.
func idents(names ...string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = database.Ident(n)
	}
	return strings.Join(q, ", ")
}

// insertComponentJoins writes the join-table relations (manyToMany, a
// one-way oneToMany) of a level's new component rows: one statement per
// relation, whatever the number of rows, each row's targets in the order
// given (set, then connect).
func (s *Store) insertComponentJoins(ctx context.Context, db database.Conn, level []cmpItem, ids []int64) error {
	type links struct {
		owners  []int64
		targets [][]int64
	}
	byAttr := map[*schema.Attribute]*links{}
	var attrs []*schema.Attribute
	for i, it := range level {
		for _, a := range it.c.Type.Attributes {
			ch, ok := it.c.Data.Relations[a]
			if !ok || a.JoinTable == "" {
				continue
			}
			add := unique(append(append([]int64(nil), ch.Set...), ch.Connect...))
			if len(add) == 0 {
				continue
			}
			l := byAttr[a]
			if l == nil {
				l = &links{}
				byAttr[a] = l
				attrs = append(attrs, a)
			}
			l.owners = append(l.owners, ids[i])
			l.targets = append(l.targets, add)
		}
	}
	for _, a := range attrs {
		l := byAttr[a]
		table, self, target := database.Ident(a.JoinTable), database.Ident(a.JoinSelf), database.Ident(a.JoinTarget)
		ord, back := database.Ident(schema.JoinOrder(a.JoinTarget)), database.Ident(schema.JoinOrder(a.JoinSelf))
		b := &sqlb{d: s.DB.Dialect}
		b.w("INSERT INTO ", table, " (", self, ", ", target, ", ", ord, ", ", back, ") ")
		first := true
		for k, owner := range l.owners {
			for i, t := range l.targets[k] {
				if !first {
					b.w(" UNION ALL ")
				}
				first = false
				// Each version of a draft & publish target is linked, as a
				// plain owner's links are (versions.go).
				r := b.newAlias()
				b.w("SELECT ")
				b.arg(idKind, owner)
				b.w(", ", col(r, schema.ColID), ", ")
				b.arg(idKind, int64(i+1))
				b.w(", (SELECT COALESCE(MAX(", back, "), 0) + 1 FROM ", table, " WHERE ", target, " = ", col(r, schema.ColID),
					") FROM ", database.Ident(a.TargetType.Table), " ", r, " WHERE ", col(r, schema.ColID), " IN ")
				b.targetRows(a.Owner, a.TargetType, []int64{t})
			}
		}
		if err := s.exec(ctx, db, b); err != nil {
			return fmt.Errorf("linking %s.%s: %w", a.Owner.Name, a.Name, err)
		}
	}
	return nil
}

// cmp is a when it is set, else b.
func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
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
		b := &sqlb{d: s.DB.Dialect}
		self, target := col("j", a.JoinSelf), col("j", a.JoinTarget)
		b.w("SELECT ", self, ", ", target, " FROM ", database.Ident(a.JoinTable), " j")
		if a.TargetType.DraftAndPublish {
			b.w(" JOIN ", database.Ident(a.TargetType.Table), " r ON ", col("r", schema.ColID), " = ", target, " AND ",
				col("r", schema.ColPublishedAt), " IS NULL")
		}
		b.w(" WHERE ")
		b.in(self, idKind, anyIDs(ids), false)
		b.w(" ORDER BY ", self, ", ", col("j", schema.JoinOrder(a.JoinTarget)), ", ", col("j", schema.ColID))
		rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
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

// hasJoinRelations reports whether c has a relation kept in a join table.
func hasJoinRelations(c *schema.ContentType) bool {
	for _, a := range c.Attributes {
		if a.IsRelation() && a.JoinTable != "" {
			return true
		}
	}
	return false
}
