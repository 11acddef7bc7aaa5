package store

import (
	"context"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// populate loads q's relations for entries: one batched query per relation
// per level, whatever the number of entries, then recurses into the
// relations' own populate with everything that level loaded.
func (s *Store) populate(ctx context.Context, db Conn, entries []*Entry, q *query.Query, ro ReadOptions) error {
	if len(entries) == 0 {
		return nil
	}
	for _, p := range q.Populate {
		var err error
		switch {
		case p.Count:
			err = s.countRelation(ctx, db, entries, p, ro)
		case p.Relation.Column != "":
			err = s.populateToOne(ctx, db, entries, p, ro)
		default:
			err = s.populateByOwner(ctx, db, entries, p, ro)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nested is the query a populate runs on its target type: its own fields,
// filters, sort and populate, no pagination.
func nested(p *query.Populate) *query.Query {
	if p.Query != nil {
		n := *p.Query
		n.Type = p.Relation.TargetType
		n.Pagination = query.Pagination{}
		return &n
	}
	return &query.Query{Type: p.Relation.TargetType}
}

// populateToOne loads the targets our foreign keys name: WHERE id IN (...).
func (s *Store) populateToOne(ctx context.Context, db Conn, entries []*Entry, p *query.Populate, ro ReadOptions) error {
	a := p.Relation
	ids := make([]any, 0, len(entries))
	seen := map[int64]bool{}
	for _, e := range entries {
		if id, ok := e.refs[a]; ok && !seen[id] {
			ids = append(ids, id)
			seen[id] = true
		}
	}
	byID := map[int64]*Entry{}
	if len(ids) > 0 {
		nq := nested(p)
		targets, err := s.loadTargets(ctx, db, nq, ro, ids, "", nil)
		if err != nil {
			return err
		}
		for _, t := range targets {
			byID[t.ID] = t
		}
		if err := s.populate(ctx, db, targets, nq, ro); err != nil {
			return err
		}
	}
	for _, e := range entries {
		t := byID[e.refs[a]] // nil when there is none, or it is filtered out
		e.Set(a, t)
	}
	return nil
}

// populateByOwner loads the targets that point back at the entries (through
// their foreign key, or a join table) and groups them by owner.
func (s *Store) populateByOwner(ctx context.Context, db Conn, entries []*Entry, p *query.Populate, ro ReadOptions) error {
	a := p.Relation
	ids := make([]any, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	nq := nested(p)
	targets, err := s.loadTargets(ctx, db, nq, ro, ids, "by-owner", a)
	if err != nil {
		return err
	}
	if err := s.populate(ctx, db, targets, nq, ro); err != nil {
		return err
	}
	groups := map[int64][]*Entry{}
	for _, t := range targets {
		groups[t.owner] = append(groups[t.owner], t)
	}
	for _, e := range entries {
		list := groups[e.ID]
		if a.ToMany() {
			if list == nil {
				list = []*Entry{}
			}
			e.Set(a, list)
			continue
		}
		var one *Entry
		if len(list) > 0 {
			one = list[0]
		}
		e.Set(a, one)
	}
	return nil
}

// loadTargets selects nq's entries whose id (mode "") or owner (mode
// "by-owner", through relation a) is in ids, with nq's filters, the scope,
// the status and nq's sort.
func (s *Store) loadTargets(ctx context.Context, db Conn, nq *query.Query, ro ReadOptions, ids []any, mode string, a *schema.Attribute) ([]*Entry, error) {
	cols := selection(nq)
	b := &sqlb{d: s.DB.Dialect}
	b.selectColumns(cols)
	from := " FROM " + Ident(nq.Type.Table) + " " + root
	var link string
	switch {
	case mode == "":
		link = col(root, schema.ColID)
	case a.JoinTable != "":
		b.w(", j.", Ident(a.JoinSelf))
		from = " FROM " + Ident(a.JoinTable) + " j JOIN " + Ident(nq.Type.Table) + " " + root +
			" ON " + col(root, schema.ColID) + " = j." + Ident(a.JoinTarget)
		link = "j." + Ident(a.JoinSelf)
	default:
		b.w(", ", col(root, a.Inverse.Column))
		link = col(root, a.Inverse.Column)
	}
	where := &sqlb{d: s.DB.Dialect, alias: 100}
	where.in(link, schema.Integer, ids, false)
	where.w(" AND ")
	where.whereClause(nq, ro, root)
	order := &sqlb{d: s.DB.Dialect, alias: 200}
	joins := order.orderBy(nq, root)
	b.w(from, joins, " WHERE ", where.sb.String(), order.sb.String())
	b.args = append(b.args, where.args...)
	return s.scan(ctx, db, nq, cols, b, mode != "")
}

// countRelation answers populate[x][count]=true: one GROUP BY query.
func (s *Store) countRelation(ctx context.Context, db Conn, entries []*Entry, p *query.Populate, ro ReadOptions) error {
	a := p.Relation
	nq := nested(p)
	ids := make([]any, 0, len(entries))
	var owner string
	from := " FROM " + Ident(nq.Type.Table) + " " + root
	switch {
	case a.Column != "":
		// A to-one relation counts 0 or 1: is our foreign key's target there?
		for _, e := range entries {
			if id, ok := e.refs[a]; ok {
				ids = append(ids, id)
			}
		}
		owner = col(root, schema.ColID)
	case a.JoinTable != "":
		for _, e := range entries {
			ids = append(ids, e.ID)
		}
		from = " FROM " + Ident(a.JoinTable) + " j JOIN " + Ident(nq.Type.Table) + " " + root +
			" ON " + col(root, schema.ColID) + " = j." + Ident(a.JoinTarget)
		owner = "j." + Ident(a.JoinSelf)
	default:
		for _, e := range entries {
			ids = append(ids, e.ID)
		}
		owner = col(root, a.Inverse.Column)
	}
	counts := map[int64]int64{}
	if len(ids) > 0 {
		b := &sqlb{d: s.DB.Dialect, alias: 100}
		b.w("SELECT ", owner, ", COUNT(*)", from, " WHERE ")
		b.in(owner, schema.Integer, ids, false)
		b.w(" AND ")
		b.whereClause(nq, ro, root)
		b.w(" GROUP BY ", owner)
		rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, n int64
			if err := rows.Scan(&id, &n); err != nil {
				return err
			}
			counts[id] = n
		}
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for _, e := range entries {
		key := e.ID
		if a.Column != "" {
			key = e.refs[a]
		}
		e.Set(a, Count{N: counts[key]})
	}
	return nil
}
