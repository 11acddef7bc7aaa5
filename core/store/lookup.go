package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Resolve turns references — documentIds, or ids written in decimal — into
// row ids, in one query. References that name nothing are absent from the
// map. Drafts resolve too: a relation may point at an unpublished entry.
func (s *Store) Resolve(ctx context.Context, db Conn, ct *schema.ContentType, refs []string) (map[string]int64, error) {
	return s.ResolveVisible(ctx, db, ct, refs, ReadOptions{})
}

// ResolveVisible is Resolve under the read options: a reference to an
// entry the caller may not see (outside their scope on ct, or a draft they
// may not read) is absent from the map, exactly as one to an entry that
// does not exist. Still one query.
func (s *Store) ResolveVisible(ctx context.Context, db Conn, ct *schema.ContentType, refs []string, ro ReadOptions) (map[string]int64, error) {
	var nums, docs []any
	for _, r := range refs {
		if n, err := strconv.ParseInt(r, 10, 64); err == nil && n > 0 && len(r) < 24 {
			nums = append(nums, n)
		} else if r != "" && len(r) <= 64 {
			docs = append(docs, r)
		}
	}
	out := make(map[string]int64, len(refs))
	if len(nums)+len(docs) == 0 {
		return out, nil
	}
	if ct.DraftAndPublish {
		return s.resolveLinks(ctx, db, ct, refs, nums, docs, ro)
	}
	// A draft is a valid target unless the caller may not read drafts.
	b := s.sql(ro, query.Draft)
	b.w("SELECT ", col(root, schema.ColID), ", ", col(root, schema.ColDocumentID), " FROM ", Ident(ct.Table), " ", root, " WHERE (")
	// Only the lists that have items: "id IN (1) OR 1=0" keeps SQLite
	// from using the primary key, and a create then scanned the table.
	switch {
	case len(nums) > 0 && len(docs) > 0:
		b.in(col(root, schema.ColID), idKind, nums, false)
		b.w(" OR ")
		b.in(col(root, schema.ColDocumentID), strKind, docs, false)
	case len(nums) > 0:
		b.in(col(root, schema.ColID), idKind, nums, false)
	default:
		b.in(col(root, schema.ColDocumentID), strKind, docs, false)
	}
	b.w(")")
	if b.narrows(ct) {
		b.w(" AND ")
		b.visible(ct, root)
	}
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, fmt.Errorf("resolving %s references: %w", ct.Name, err)
	}
	defer rows.Close()
	byDoc := map[string]int64{}
	byID := map[int64]bool{}
	for rows.Next() {
		var id int64
		var doc string
		if err := rows.Scan(&id, &doc); err != nil {
			return nil, err
		}
		byDoc[doc] = id
		byID[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, r := range refs {
		if id, ok := byDoc[r]; ok {
			out[r] = id
		} else if n, err := strconv.ParseInt(r, 10, 64); err == nil && byID[n] && len(r) < 24 {
			out[r] = n
		}
	}
	return out, nil
}

// resolveLinks is ResolveVisible on a draft & publish type: a reference —
// a documentId, or the id of either row of a document — resolves to the
// row links point at (Document.Link): the published row when there is
// one the caller may see, else the draft. One query, which pairs each
// named row (t1) with the rows of its document (t0).
func (s *Store) resolveLinks(ctx context.Context, db Conn, ct *schema.ContentType, refs []string, nums, docs []any, ro ReadOptions) (map[string]int64, error) {
	b := s.sql(ro, query.Draft)
	t := Ident(ct.Table)
	b.w("SELECT t1.", Ident(schema.ColID), ", ", col(root, schema.ColID), ", ", col(root, schema.ColDocumentID), ", ",
		col(root, schema.ColPublishedAt), " IS NULL FROM ", t, " ", root, " JOIN ", t, " t1 ON t1.", Ident(schema.ColDocumentID),
		" = ", col(root, schema.ColDocumentID), " WHERE (")
	b.alias = 1
	switch {
	case len(nums) > 0 && len(docs) > 0:
		b.in("t1."+Ident(schema.ColID), idKind, nums, false)
		b.w(" OR ")
		b.in("t1."+Ident(schema.ColDocumentID), strKind, docs, false)
	case len(nums) > 0:
		b.in("t1."+Ident(schema.ColID), idKind, nums, false)
	default:
		b.in("t1."+Ident(schema.ColDocumentID), strKind, docs, false)
	}
	b.w(")")
	if b.narrows(ct) {
		b.w(" AND ")
		b.visible(ct, root)
	}
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, fmt.Errorf("resolving %s references: %w", ct.Name, err)
	}
	defer rows.Close()
	link := map[string]int64{}         // document -> its link row
	linkPublished := map[string]bool{} // whether that row is published
	docOf := map[int64]string{}        // named row -> its document
	for rows.Next() {
		var named, id int64
		var doc string
		var draft bool
		if err := rows.Scan(&named, &id, &doc, &draft); err != nil {
			return nil, err
		}
		docOf[named] = doc
		if _, ok := link[doc]; !ok || (!draft && !linkPublished[doc]) {
			link[doc], linkPublished[doc] = id, !draft
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(refs))
	for _, r := range refs {
		if id, ok := link[r]; ok {
			out[r] = id
		} else if n, err := strconv.ParseInt(r, 10, 64); err == nil && len(r) < 24 && docOf[n] != "" {
			out[r] = link[docOf[n]]
		}
	}
	return out, nil
}

// ForeignKeys returns, for each entry, the id its owning to-one relation a
// points at (absent when NULL), in one query.
func (s *Store) ForeignKeys(ctx context.Context, db Conn, a *schema.Attribute, entries []*Entry) (map[int64]int64, error) {
	out := make(map[int64]int64, len(entries))
	if len(entries) == 0 || a.Column == "" {
		return out, nil
	}
	ids := make([]any, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	b := &sqlb{d: s.DB.Dialect}
	b.w("SELECT ", Ident(schema.ColID), ", ", Ident(a.Column), " FROM ", Ident(a.Owner.Table), " WHERE ", Ident(a.Column), " IS NOT NULL AND ")
	b.in(Ident(schema.ColID), idKind, ids, false)
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
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
