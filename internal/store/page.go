package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// FindPage is Find and, when count is set, Count, in one statement: the
// page and the number of entries q selects regardless of pagination
// (-1 when not counted). See FindChunks for the statement; FindPage
// populates the whole page at once.
func (s *Store) FindPage(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, count bool) ([]*entry.Entry, int64, error) {
	c, err := s.FindChunks(ctx, db, q, ro, count)
	if err != nil {
		return nil, 0, err
	}
	entries, err := c.Next(ctx, db, 0)
	if err != nil {
		return nil, 0, err
	}
	return entries, c.Total, nil
}

// Chunks is a page read but not yet populated: Next populates its entries
// a chunk at a time, so that a caller that encodes each chunk and drops it
// holds one chunk's populated entries at once, not the whole page's.
type Chunks struct {
	// Total is the number of entries q selects regardless of pagination,
	// -1 when not counted.
	Total int64
	s     *Store
	q     *query.Query
	ro    entry.ReadOptions
	bud   *budget // counts the whole answer, across chunks
	rest  []*entry.Entry
}

// FindChunks reads q's page, and when count is set the total, in one
// statement, and populates nothing yet (Chunks.Next does). The statement
// joins the page and the count as subqueries, each planned as it would be
// alone:
//
//	SELECT p.c0, ..., c.n
//	FROM (SELECT COUNT(*) AS n FROM <type> t0 WHERE ...) c
//	LEFT JOIN (SELECT <cols> AS c0..., <sort keys> AS k0...
//	           FROM ... WHERE ... ORDER BY ... LIMIT ... OFFSET ...) p ON 1=1
//	ORDER BY p.k0 ..., p.c0
//
// The count is one row, always, so an empty page still answers it (one row
// of NULLs and the total); the outer ORDER BY repeats the page's, on the
// keys the page selects, since a join keeps no order. count(*) OVER ()
// would count in the page's own scan, which then reads every matching row
// instead of stopping at the limit.
func (s *Store) FindChunks(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, count bool) (*Chunks, error) {
	c := &Chunks{s: s, q: q, ro: ro, bud: s.newBudget(ro.MaxAnswerRows), Total: -1}
	var err error
	switch {
	case !count:
		c.rest, err = s.findRows(ctx, db, q, ro, c.bud)
	case q.Pagination.Size() <= 0 && q.Pagination.Offset() <= 0:
		// No window (a server read, never a request): the page is
		// every match, and its length the total.
		c.rest, err = s.findRows(ctx, db, q, ro, c.bud)
		c.Total = int64(len(c.rest))
	default:
		c.rest, c.Total, err = s.findPageRows(ctx, db, q, ro, c.bud)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Next populates the next n entries of the page (all that are left when
// n <= 0) with the same batched statements a whole page runs, restricted
// to theirs, and returns them; nil once the page is done. The chunk is
// the only reference to its entries left: the page forgets them. The row
// budget counts the whole answer: each chunk's entries are added to what
// the chunks before answered. A failed Next leaves the chunk where it was,
// to be tried again.
func (c *Chunks) Next(ctx context.Context, db database.Conn, n int) ([]*entry.Entry, error) {
	if len(c.rest) == 0 {
		return nil, nil
	}
	if n <= 0 || n > len(c.rest) {
		n = len(c.rest)
	}
	chunk := append([]*entry.Entry(nil), c.rest[:n]...)
	saved := *c.bud
	if err := c.s.populate(ctx, db, chunk, c.q, c.ro, c.bud); err != nil {
		*c.bud = saved
		return nil, err
	}
	if err := c.bud.check(chunk); err != nil {
		return nil, err
	}
	clear(c.rest[:n])
	c.rest = c.rest[n:]
	return chunk, nil
}

// findPageRows is FindChunks' statement: the page's entries, unpopulated,
// and the total.
func (s *Store) findPageRows(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, bud *budget) ([]*entry.Entry, int64, error) {
	cols := selection(q)
	b := s.sql(ro, q.Status)
	b.versioned = true
	// The outer select list has no arguments, so it can be written after
	// the subqueries, whose arguments come in text order.
	count0 := b.capture(func() {
		b.w(" FROM (SELECT COUNT(*) AS n FROM ", database.Ident(q.Type.Table), " ", root)
		b.whereClause(q, root, nil)
		b.w(") c LEFT JOIN (")
	})
	page := b.capture(func() {
		joins, keys := b.sortKeys(q, root)
		b.w("SELECT ")
		for i, c := range cols {
			if i > 0 {
				b.w(", ")
			}
			b.w(c.sql, " AS c", strconv.Itoa(i))
		}
		for i, k := range keys {
			b.w(", ", k.expr, " AS k", strconv.Itoa(i))
		}
		b.w(" FROM ", database.Ident(q.Type.Table), " ", root, joins)
		b.whereClause(q, root, nil)
		b.w(" ORDER BY ")
		for _, k := range keys {
			b.w(b.sortExpr(k.expr, k.text, k.desc), ", ")
		}
		b.w(col(root, schema.ColID))
		b.page(q.Pagination)
		b.w(") p ON 1=1 ORDER BY ")
		for i, k := range keys {
			b.w(b.sortExpr("p.k"+strconv.Itoa(i), k.text, k.desc), ", ")
		}
		b.w("p.c0")
	})
	// The outer select converts (selected): inside, below a sort, a
	// datetime's text would be made for every matching row, not the page's.
	b.w("SELECT ")
	for i, c := range cols {
		c.sql = "p.c" + strconv.Itoa(i)
		b.selected(c)
		b.w(", ")
	}
	b.w("c.n", count0, page)
	return s.scanPage(ctx, db, q, cols, b, bud)
}

// scanPage is scan for FindPage's statement: the entries, and the total
// every row ends with. A row without an id is the empty page's.
func (s *Store) scanPage(ctx context.Context, db database.Conn, q *query.Query, cols []column, b *sqlb, bud *budget) ([]*entry.Entry, int64, error) {
	rows, err := db.QueryContext(ctx, b.sb.String(), b.args...)
	if err != nil {
		return nil, 0, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
	}
	defer rows.Close()
	n := len(cols)
	raw := make([]any, n+1)
	dest := make([]any, n+1)
	for i := range raw {
		dest[i] = &raw[i]
	}
	draft := q.Type.DraftAndPublish && !b.hidesDrafts(q.Type)
	var out []*entry.Entry
	total := int64(-1)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, 0, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		if total, err = decodeID(raw[n]); err != nil {
			return nil, 0, fmt.Errorf("counting %s: %w", q.Type.Plural, err)
		}
		if raw[0] == nil {
			continue
		}
		if err := bud.take(1); err != nil {
			return nil, 0, err
		}
		e, err := entryOf(q.Type, cols, raw, draft)
		if err != nil {
			return nil, 0, fmt.Errorf("reading %s: %w", q.Type.Plural, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if total < 0 {
		return nil, 0, fmt.Errorf("counting %s: no row", q.Type.Plural)
	}
	return out, total, nil
}

// FindRef returns the entry ref names — a documentId, or the numeric id of
// either row of its document — in the version q's status reads, if q's
// filters and the scope let it through, with q's fields and populate;
// otherwise errs.NotFound. One statement reads the row, then populate's.
//
// A draft read names the version by id: the draft row, else the published
// row (Document.Version), each found through its own partial unique index
// on document_id; a published read's condition (published_at IS NOT NULL,
// see visible) selects the published one's.
func (s *Store) FindRef(ctx context.Context, db database.Conn, q *query.Query, ref string, ro entry.ReadOptions) (*entry.Entry, error) {
	ct := q.Type
	t := database.Ident(ct.Table)
	var doc func(b *sqlb) // writes the document_id ref names
	n, err := strconv.ParseInt(ref, 10, 64)
	byID := err == nil && n > 0 && len(ref) < 24
	switch {
	case byID:
		doc = func(b *sqlb) {
			a := b.newAlias()
			b.w("(SELECT ", col(a, schema.ColDocumentID), " FROM ", t, " ", a, " WHERE ", col(a, schema.ColID), " = ")
			b.arg(idKind, n)
			b.w(")")
		}
	case ref != "" && len(ref) <= 64:
		doc = func(b *sqlb) { b.arg(strKind, ref) }
	default:
		return nil, errs.NotFound()
	}
	link := func(b *sqlb) {
		switch {
		case byID && !ct.DraftAndPublish: // the one row of the document
			b.w(col(root, schema.ColID), " = ")
			b.arg(idKind, n)
		case b.readsDrafts(ct):
			version := func(published string) {
				a := b.newAlias()
				b.w("(SELECT ", col(a, schema.ColID), " FROM ", t, " ", a, " WHERE ", col(a, schema.ColDocumentID), " = ")
				doc(b)
				if readsLocale(q) {
					b.w(" AND ", col(a, schema.ColLocale), " = ")
					b.arg(strKind, q.Locale)
				}
				b.w(" AND ", col(a, schema.ColPublishedAt), published, ")")
			}
			b.w(col(root, schema.ColID), " = COALESCE(")
			version(" IS NULL")
			b.w(", ")
			version(" IS NOT NULL")
			b.w(")")
		default:
			b.w(col(root, schema.ColDocumentID), " = ")
			doc(b)
		}
	}
	return s.findOneWhere(ctx, db, q, ro, link)
}
