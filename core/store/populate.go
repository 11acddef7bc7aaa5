package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// populate loads q's relations for entries: one batched query per relation
// per level, whatever the number of entries, then recurses into each
// relation's own populate with everything that level loaded. A level with
// nothing to load runs no query.
func (s *Store) populate(ctx context.Context, db Conn, entries []*Entry, q *query.Query, ro ReadOptions, bud *budget) error {
	if len(entries) == 0 {
		return nil
	}
	links, err := s.draftLinks(ctx, db, entries, q, ro)
	if err != nil {
		return err
	}
	for _, p := range q.Populate {
		nq := nested(p, q.Status)
		var err error
		switch {
		case p.Count:
			err = s.countRelation(ctx, db, entries, p.Relation, nq, ro, links)
		case p.Relation.Column != "":
			err = s.populateToOne(ctx, db, entries, p.Relation, nq, ro, bud)
		default:
			err = s.populateByOwner(ctx, db, entries, p.Relation, nq, ro, bud, links)
		}
		if err != nil {
			return fmt.Errorf("populating %s.%s: %w", q.Type.Name, p.Relation.Name, err)
		}
	}
	return nil
}

// nested is the query a populate runs on its target type: its own fields,
// filters, sort and populate, no pagination, and the parent's status — a
// draft read shows the drafts it links to, a published read only
// published targets.
func nested(p *query.Populate, status query.Status) *query.Query {
	n := query.Query{}
	if p.Query != nil {
		n = *p.Query
	}
	n.Type = p.Relation.TargetType
	n.Pagination = query.Pagination{}
	n.Status = status
	return &n
}

// populateToOne loads the targets our foreign keys name, WHERE id IN
// (...), and gives each entry its own (nil when it has none, or the target
// is filtered out). Entries naming the same target share its *Entry.
func (s *Store) populateToOne(ctx context.Context, db Conn, entries []*Entry, a *schema.Attribute, nq *query.Query, ro ReadOptions, bud *budget) error {
	ids := make([]any, 0, len(entries))
	seen := make(map[int64]bool, len(entries))
	for _, e := range entries {
		if id, ok := e.refs[a]; ok && !seen[id] {
			ids = append(ids, id)
			seen[id] = true
		}
	}
	byID := make(map[int64]*Entry, len(ids))
	if len(ids) > 0 {
		cols := selection(nq)
		var b *sqlb
		swap := readsDrafts(nq, ro)
		if swap {
			// The keys name the documents' link rows: read their draft
			// versions, keyed by the link row (drafts.go).
			b = s.sql(ro, nq.Status)
			b.versioned = true
			t := Ident(nq.Type.Table)
			s.selectInto(b, nq, cols, "l."+Ident(schema.ColID), " FROM "+t+" "+root+" JOIN "+t+" l ON l."+
				Ident(schema.ColDocumentID)+" = "+col(root, schema.ColDocumentID),
				func(b *sqlb) { b.in("l."+Ident(schema.ColID), idKind, ids, false) })
		} else {
			b = s.selectSQL(nq, ro, cols, func(b *sqlb) { b.in(col(root, schema.ColID), idKind, ids, false) })
		}
		targets, err := s.scan(ctx, db, nq, cols, b, swap, bud)
		if err != nil {
			return err
		}
		for _, t := range targets {
			if swap {
				byID[t.owner] = t
			} else {
				byID[t.ID] = t
			}
		}
		if err := s.populate(ctx, db, targets, nq, ro, bud); err != nil {
			return err
		}
	}
	for _, e := range entries {
		var t *Entry
		if id, ok := e.refs[a]; ok {
			t = byID[id]
		}
		e.Set(a, t)
	}
	return nil
}

// populateByOwner loads the targets that point back at the entries —
// through their foreign key (oneToMany, mapped oneToOne) or a join table
// (manyToMany) — in one query that also returns each row's owner, and
// groups them by owner in the query's order.
func (s *Store) populateByOwner(ctx context.Context, db Conn, entries []*Entry, a *schema.Attribute, nq *query.Query, ro ReadOptions, bud *budget, links map[int64]int64) error {
	ids := ownerIDs(entries, links)
	cols := selection(nq)
	extra, from, link := ownerLink(a, nq)
	b := s.sql(ro, nq.Status)
	// Both versions of a draft & publish target hold its own foreign key:
	// the read takes the one of the status (drafts.go).
	b.versioned = a.JoinTable == ""
	if a.JoinTable != "" && readsDrafts(nq, ro) {
		// Join rows name the link row: read its document's draft.
		t := Ident(nq.Type.Table)
		from = " FROM " + Ident(a.JoinTable) + " j JOIN " + t + " l ON l." + Ident(schema.ColID) + " = j." + Ident(a.JoinTarget) +
			" JOIN " + t + " " + root + " ON " + col(root, schema.ColDocumentID) + " = l." + Ident(schema.ColDocumentID)
		b.versioned = true
	}
	s.selectInto(b, nq, cols, extra, from, func(b *sqlb) { b.in(link, idKind, ids, false) })
	if a.JoinTable != "" {
		joinOrdered(b, a)
	}
	targets, err := s.scan(ctx, db, nq, cols, b, true, bud)
	if err != nil {
		return err
	}
	if err := s.populate(ctx, db, targets, nq, ro, bud); err != nil {
		return err
	}
	groups := make(map[int64][]*Entry, len(ids))
	for _, t := range targets {
		groups[t.owner] = append(groups[t.owner], t)
	}
	for _, e := range entries {
		list := groups[linkKey(links, e.ID)]
		if a.ToMany() {
			if list == nil {
				list = []*Entry{} // none is an empty list, never null
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

// ownerLink is how a relation stored on the target side reaches its owners:
// the owner-id expression to select, the FROM clause (the join table joined
// to the target for a manyToMany), and the column to match the owner ids.
func ownerLink(a *schema.Attribute, nq *query.Query) (owner, from, link string) {
	if a.JoinTable != "" {
		owner = "j." + Ident(a.JoinSelf)
		from = " FROM " + Ident(a.JoinTable) + " j JOIN " + Ident(nq.Type.Table) + " " + root +
			" ON " + col(root, schema.ColID) + " = j." + Ident(a.JoinTarget)
		return owner, from, owner
	}
	owner = col(root, a.Inverse.Column)
	return owner, " FROM " + Ident(nq.Type.Table) + " " + root, owner
}

// joinOrdered puts a manyToMany's own order (see writeJoin) before the
// last key of b's ORDER BY, the target's id: after the populate's sort
// keys, if any, the list comes in the order it was connected or placed;
// rows from before the order columns (NULL) first, by id, as they came
// until then.
func joinOrdered(b *sqlb, a *schema.Attribute) {
	sql, last := b.sb.String(), col(root, schema.ColID)
	if !strings.HasSuffix(sql, last) { // selectInto always ends with it
		return
	}
	b.sb.Reset()
	b.w(sql[:len(sql)-len(last)], "j.", Ident(JoinOrder(a.JoinTarget)), " ", nullsFirst, ", ", last)
}

// ownerIDs is the distinct ids of entries (a level loaded through a
// manyToMany can hold the same entry once per owner), each as links maps
// it (see draftLinks).
func ownerIDs(entries []*Entry, links map[int64]int64) []any {
	ids := make([]any, 0, len(entries))
	seen := make(map[int64]bool, len(entries))
	for _, e := range entries {
		if id := linkKey(links, e.ID); !seen[id] {
			ids = append(ids, id)
			seen[id] = true
		}
	}
	return ids
}

// countRelation answers populate[x][count]=true with one GROUP BY query:
// how many related entries pass the nested filters, the scope and the
// status, per owner.
func (s *Store) countRelation(ctx context.Context, db Conn, entries []*Entry, a *schema.Attribute, nq *query.Query, ro ReadOptions, links map[int64]int64) error {
	var ids []any
	var owner, from string
	if a.Column != "" {
		// A to-one relation counts 0 or 1: is our foreign key's target there?
		seen := map[int64]bool{}
		for _, e := range entries {
			if id, ok := e.refs[a]; ok && !seen[id] {
				ids = append(ids, id)
				seen[id] = true
			}
		}
		owner, from = col(root, schema.ColID), " FROM "+Ident(nq.Type.Table)+" "+root
	} else {
		ids = ownerIDs(entries, links)
		owner, from, _ = ownerLink(a, nq)
	}
	counts := map[int64]int64{}
	if len(ids) > 0 {
		b := s.sql(ro, nq.Status)
		b.versioned = a.Column == "" && a.JoinTable == "" // as in populateByOwner
		b.w("SELECT ", owner, ", COUNT(*)", from)
		b.whereClause(nq, root, func(b *sqlb) { b.in(owner, idKind, ids, false) })
		b.w(" GROUP BY ", owner)
		if err := s.scanCounts(ctx, db, b, counts); err != nil {
			return err
		}
	}
	for _, e := range entries {
		key := linkKey(links, e.ID)
		if a.Column != "" {
			key = e.refs[a]
		}
		e.Set(a, Count{N: counts[key]})
	}
	return nil
}

func (s *Store) scanCounts(ctx context.Context, db Conn, b *sqlb, into map[int64]int64) error {
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
		into[id] = n
	}
	return rows.Err()
}
