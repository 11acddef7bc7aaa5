package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Resolve turns references — documentIds, or ids written in decimal — into
// row ids, in one query. References that name nothing are absent from the
// map. Drafts resolve too: a relation may point at an unpublished entry.
func (s *Store) Resolve(ctx context.Context, db database.Conn, ct *schema.ContentType, refs []string) (map[string]int64, error) {
	return s.ResolveVisible(ctx, db, ct, refs, entry.ReadOptions{})
}

// ResolveVisible is Resolve under the read options: a reference to an
// entry the caller may not see (outside their scope on ct, or a draft they
// may not read) is absent from the map, exactly as one to an entry that
// does not exist. Still one query.
func (s *Store) ResolveVisible(ctx context.Context, db database.Conn, ct *schema.ContentType, refs []string, ro entry.ReadOptions) (map[string]int64, error) {
	out, err := s.ResolveMany(ctx, db, []entry.Refs{{Type: ct, Refs: refs}}, ro)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// ResolveMany is ResolveVisible for several lists, of one type or of
// many, in one statement whatever their number: a UNION ALL of one SELECT
// per list, so that a write resolves every relation it names at once. The
// answer has a map per list, in order; no statement when no list names
// anything.
//
// Each SELECT pairs the named row (n) with the rows of its document (t0),
// and the reference resolves to one row of its document (Document.Link):
// on a draft & publish type the published row when there is one the
// caller may see, else the draft; elsewhere the row itself.
func (s *Store) ResolveMany(ctx context.Context, db database.Conn, lists []entry.Refs, ro entry.ReadOptions) ([]map[string]int64, error) {
	out := make([]map[string]int64, len(lists))
	for i, l := range lists {
		out[i] = make(map[string]int64, len(l.Refs))
	}
	b, some := sqlgen.Resolve(s.DB.Dialect, lists, ro)
	if !some {
		return out, nil
	}
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, fmt.Errorf("resolving references: %w", err)
	}
	defer rows.Close()
	type found struct {
		link          map[string]int64 // document -> its link row
		linkPublished map[string]bool  // whether that row is published
		docOf         map[int64]string // named row -> its document
	}
	seen := make([]found, len(lists))
	for rows.Next() {
		var k int
		var named, id int64
		var doc string
		var draft bool
		if err := rows.Scan(&k, &named, &id, &doc, &draft); err != nil {
			return nil, err
		}
		if k < 0 || k >= len(lists) {
			return nil, fmt.Errorf("resolving references: list %d of %d", k, len(lists))
		}
		f := &seen[k]
		if f.link == nil {
			f.link, f.linkPublished, f.docOf = map[string]int64{}, map[string]bool{}, map[int64]string{}
		}
		f.docOf[named] = doc
		if _, ok := f.link[doc]; !ok || (!draft && !f.linkPublished[doc]) {
			f.link[doc], f.linkPublished[doc] = id, !draft
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, l := range lists {
		f := seen[i]
		for _, r := range l.Refs {
			if id, ok := f.link[r]; ok {
				out[i][r] = id
			} else if n, err := strconv.ParseInt(r, 10, 64); err == nil && len(r) < 24 && f.docOf[n] != "" {
				out[i][r] = f.link[f.docOf[n]]
			}
		}
	}
	return out, nil
}

// ForeignKeys returns, for each entry, the id its owning to-one relation a
// points at (absent when NULL), in one query.
func (s *Store) ForeignKeys(ctx context.Context, db database.Conn, a *schema.Attribute, entries []*entry.Entry) (map[int64]int64, error) {
	out := make(map[int64]int64, len(entries))
	if len(entries) == 0 || a.Column == "" {
		return out, nil
	}
	ids := make([]any, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	b := sqlgen.New(s.DB.Dialect)
	b.W("SELECT ", sqlgen.Ident(schema.ColID), ", ", sqlgen.Ident(a.Column), " FROM ", sqlgen.Ident(a.Owner.Table), " WHERE ", sqlgen.Ident(a.Column), " IS NOT NULL AND ")
	b.In(sqlgen.Ident(schema.ColID), idKind, ids, false)
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, fmt.Errorf("reading %s.%s: %w", a.Owner.Name, a.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, fk int64
		if err := rows.Scan(&id, &fk); err != nil {
			return nil, err
		}
		out[id] = fk
	}
	return out, rows.Err()
}

// ForeignKeyGuards reports whether the database itself refuses a write
// that links, through relation a, to a row that does not exist, with
// nothing about the target's visibility left to read under ro. Then a
// reference by row id needs no lookup before the write: the write fails
// on the foreign key instead. It holds when a is stored in a column of
// its own type or in a join table (a foreign key checks every row it
// writes; a relation stored in the target's column is an UPDATE that
// matches nothing), the target has no draft & publish (an id there names
// a row whose document may link another one) and ro does not narrow the
// target (a hidden entry must answer as a missing one).
func (s *Store) ForeignKeyGuards(a *schema.Attribute, ro entry.ReadOptions) bool {
	t := a.TargetType
	if t == nil || t.DraftAndPublish || (a.Column == "" && a.JoinTable == "") {
		return false
	}
	return !s.sql(ro, query.Draft).Narrows(t)
}
