package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
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
// statement (sqlgen.Page), and populates nothing yet (Chunks.Next does).
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

// findPageRows is FindChunks' statement (sqlgen.Page): the page's
// entries, unpopulated, and the total.
func (s *Store) findPageRows(ctx context.Context, db database.Conn, q *query.Query, ro entry.ReadOptions, bud *budget) ([]*entry.Entry, int64, error) {
	b, cols := sqlgen.Page(s.DB.Dialect, q, ro)
	return s.scanPage(ctx, db, q, cols, b, bud)
}

// scanPage is scan for FindPage's statement: the entries, and the total
// every row ends with. A row without an id is the empty page's.
func (s *Store) scanPage(ctx context.Context, db database.Conn, q *query.Query, cols []sqlgen.Column, b *sqlgen.Builder, bud *budget) ([]*entry.Entry, int64, error) {
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
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
	draft := q.Type.DraftAndPublish && !b.HidesDrafts(q.Type)
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
// see sqlgen.ByRef) selects the published one's.
func (s *Store) FindRef(ctx context.Context, db database.Conn, q *query.Query, ref string, ro entry.ReadOptions) (*entry.Entry, error) {
	where, ok := sqlgen.ByRef(q, ref)
	if !ok {
		return nil, errs.NotFound()
	}
	return s.findOneWhere(ctx, db, q, ro, where)
}
