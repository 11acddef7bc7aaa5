package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// populate loads q's relations for entries: one batched query per relation
// per level, whatever the number of entries, then recurses into each
// relation's own populate with everything that level loaded. A level with
// nothing to load runs no query.
func (s *Store) populate(ctx context.Context, db database.Conn, entries []*entry.Entry, q *query.Query, ro entry.ReadOptions, bud *budget) error {
	if len(entries) == 0 {
		return nil
	}
	for _, p := range q.Populate {
		if p.Relation.IsComponent() {
			if err := s.populateComponents(ctx, db, entries, p, q.Status, ro, bud); err != nil {
				return fmt.Errorf("populating %s.%s: %w", q.Type.Name, p.Relation.Name, err)
			}
			continue
		}
		nq := sqlgen.Nested(p, q.Status)
		var err error
		switch {
		case p.Count:
			err = s.countRelation(ctx, db, entries, p.Relation, nq, ro)
		case p.Relation.Column != "":
			err = s.populateToOne(ctx, db, entries, p.Relation, nq, ro, bud)
		default:
			err = s.populateByOwner(ctx, db, entries, p.Relation, nq, ro, bud)
		}
		if err != nil {
			return fmt.Errorf("populating %s.%s: %w", q.Type.Name, p.Relation.Name, err)
		}
	}
	if q.Related != nil {
		if err := s.populateRelated(ctx, db, entries, q.Related, ro, bud); err != nil {
			return fmt.Errorf("populating %s.related: %w", q.Type.Name, err)
		}
	}
	return nil
}

// populateToOne loads the targets our foreign keys name, WHERE id IN
// (...), and gives each entry its own (nil when it has none, or the target
// is filtered out). Entries naming the same target share its *Entry.
func (s *Store) populateToOne(ctx context.Context, db database.Conn, entries []*entry.Entry, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions, bud *budget) error {
	draft := s.sql(ro, nq.Status).ToOneColumn(a) != a.Column
	ids := refIDs(entries, a, draft)
	byID := make(map[int64]*entry.Entry, len(ids))
	if len(ids) > 0 {
		targets, err := s.readHop(ctx, db, a, nq, ro, ids, bud)
		if err != nil {
			return err
		}
		for _, t := range targets {
			byID[t.Owner()] = t
		}
		if err := s.populate(ctx, db, targets, nq, ro, bud); err != nil {
			return err
		}
	}
	for _, e := range entries {
		var t *entry.Entry
		if id, ok := e.Ref(a, draft); ok {
			t = byID[id]
		}
		e.Set(a, t)
	}
	return nil
}

// refIDs is the distinct foreign keys of a the entries hold: the draft
// column's when draft.
func refIDs(entries []*entry.Entry, a *schema.Attribute, draft bool) []any {
	ids := make([]any, 0, len(entries))
	seen := make(map[int64]bool, len(entries))
	for _, e := range entries {
		if id, ok := e.Ref(a, draft); ok && !seen[id] {
			ids = append(ids, id)
			seen[id] = true
		}
	}
	return ids
}

// readHop reads the targets of a for the owner keys ids, each with its
// owner key: one statement (sqlgen.Hop).
func (s *Store) readHop(ctx context.Context, db database.Conn, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions, ids []any, bud *budget) ([]*entry.Entry, error) {
	b, cols, owner := sqlgen.Hop(s.DB.Dialect, a, nq, ro, ids)
	list, err := s.scan(ctx, db, nq, cols, b, owner, bud)
	if !owner {
		for _, t := range list {
			t.SetOwner(t.ID)
		}
	}
	return list, err
}

// populateByOwner loads the targets that point back at the entries —
// through their foreign key (oneToMany, mapped oneToOne) or a join table
// (manyToMany) — in one query that also returns each row's owner, and
// groups them by owner in the query's order.
func (s *Store) populateByOwner(ctx context.Context, db database.Conn, entries []*entry.Entry, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions, bud *budget) error {
	ids := ownerIDs(entries)
	targets, err := s.readHop(ctx, db, a, nq, ro, ids, bud)
	if err != nil {
		return err
	}
	if err := s.populate(ctx, db, targets, nq, ro, bud); err != nil {
		return err
	}
	groups := make(map[int64][]*entry.Entry, len(ids))
	for _, t := range targets {
		groups[t.Owner()] = append(groups[t.Owner()], t)
	}
	for _, e := range entries {
		list := groups[e.ID]
		if a.ToMany() {
			if list == nil {
				list = []*entry.Entry{} // none is an empty list, never null
			}
			e.Set(a, list)
			continue
		}
		var one *entry.Entry
		if len(list) > 0 {
			one = list[0]
		}
		e.Set(a, one)
	}
	return nil
}

// ownerIDs is the distinct ids of entries (a level loaded through a
// manyToMany can hold the same entry once per owner).
func ownerIDs(entries []*entry.Entry) []any {
	ids := make([]any, 0, len(entries))
	seen := make(map[int64]bool, len(entries))
	for _, e := range entries {
		if !seen[e.ID] {
			ids = append(ids, e.ID)
			seen[e.ID] = true
		}
	}
	return ids
}

// countRelation answers populate[x][count]=true with one GROUP BY query
// (sqlgen.HopCount): how many related entries pass the nested filters,
// the scope and the status, per owner. A to-one relation counts 0 or 1: is our foreign
// key's target there?
func (s *Store) countRelation(ctx context.Context, db database.Conn, entries []*entry.Entry, a *schema.Attribute, nq *query.Query, ro entry.ReadOptions) error {
	draft := a.Column != "" && s.sql(ro, nq.Status).ToOneColumn(a) != a.Column
	var ids []any
	if a.Column != "" {
		ids = refIDs(entries, a, draft)
	} else {
		ids = ownerIDs(entries)
	}
	counts := map[int64]int64{}
	if len(ids) > 0 {
		if err := s.scanCounts(ctx, db, sqlgen.HopCount(s.DB.Dialect, a, nq, ro, ids), counts); err != nil {
			return err
		}
	}
	for _, e := range entries {
		key := e.ID
		if a.Column != "" {
			key, _ = e.Ref(a, draft)
		}
		e.Set(a, entry.Count{N: counts[key]})
	}
	return nil
}

func (s *Store) scanCounts(ctx context.Context, db database.Conn, b *sqlgen.Builder, into map[int64]int64) error {
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
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
