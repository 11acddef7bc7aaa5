package store

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// A file's related (query related.go) is read back from the media fields
// that hold it: Strapi keeps one polymorphic table of links, Kiln each
// media field on its holder's side (a foreign key for a single one, a
// join table with its order for a multiple one). So one statement per
// content type with media fields, whatever the number of files: the
// type's rows joined to the UNION ALL of its media fields' links to the
// files asked for, under the caller's scope (a row the caller may not
// see is not listed) and its draft rights (a role that may not read a
// type's drafts sees only its published rows; any other caller both
// versions, each a row of its own, as Strapi lists them).
//
// Each link is one item, so an entry holding the file in two fields is
// listed twice, as in Strapi. Strapi orders a file's links by their
// place in their field (1 for a single field) and leaves ties in the
// order the database returns them; Kiln breaks ties by the type (the
// schema's order), the row's id and the field's place in its type.
// Components and zone members are never listed: Strapi drops them.

// relatedLink is one link of a file to an entry row.
type relatedLink struct {
	file  int64
	place float64
	typ   int // index in Related.Types
	field int
	e     *entry.Entry
}

// populateRelated sets each file's related: its links' entries, or their
// count.
func (s *Store) populateRelated(ctx context.Context, db database.Conn, files []*entry.Entry, r *query.Related, ro entry.ReadOptions, bud *budget) error {
	ids := ownerIDs(files)
	if r.Count {
		counts := map[int64]int64{}
		for _, tq := range r.Types {
			fields := sqlgen.MediaFields(tq.Type)
			if len(fields) == 0 {
				continue
			}
			b := sqlgen.RelatedCount(s.DB.Dialect, tq.Type, fields, ids, ro)
			one := map[int64]int64{}
			if err := s.scanCounts(ctx, db, b, one); err != nil {
				return fmt.Errorf("counting the entries of %s holding files: %w", tq.Type.Plural, err)
			}
			for f, n := range one {
				counts[f] += n
			}
		}
		for _, e := range files {
			e.SetRelated(entry.Count{N: counts[e.ID]})
		}
		return nil
	}
	var links []relatedLink
	for ti, tq := range r.Types {
		fields := sqlgen.MediaFields(tq.Type)
		if len(fields) == 0 {
			continue
		}
		got, err := s.readRelated(ctx, db, tq, fields, ids, ti, ro, bud)
		if err != nil {
			return fmt.Errorf("reading the entries of %s holding files: %w", tq.Type.Plural, err)
		}
		list := make([]*entry.Entry, len(got))
		for i, l := range got {
			list[i] = l.e
		}
		if err := s.populate(ctx, db, list, tq, ro, bud); err != nil {
			return err
		}
		links = append(links, got...)
	}
	sort.SliceStable(links, func(i, j int) bool {
		a, b := links[i], links[j]
		switch {
		case a.file != b.file:
			return a.file < b.file
		case a.place != b.place:
			return a.place < b.place
		case a.typ != b.typ:
			return a.typ < b.typ
		case a.e.ID != b.e.ID:
			return a.e.ID < b.e.ID
		}
		return a.field < b.field
	})
	byFile := make(map[int64][]*entry.Entry, len(ids))
	for _, l := range links {
		byFile[l.file] = append(byFile[l.file], l.e)
	}
	for _, e := range files {
		list := byFile[e.ID]
		if list == nil {
			list = []*entry.Entry{} // none is an empty list, never null
		}
		e.SetRelated(list)
	}
	return nil
}

// readRelated reads the rows of tq's type holding the files ids in its
// media fields, one item per link, in one statement.
func (s *Store) readRelated(ctx context.Context, db database.Conn, tq *query.Query, fields []*schema.Attribute, ids []any, ti int, ro entry.ReadOptions, bud *budget) ([]relatedLink, error) {
	b, cols := sqlgen.Related(s.DB.Dialect, tq, fields, ids, ro)
	rows, err := db.QueryContext(ctx, b.SQL(), b.Args()...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	n := len(cols)
	raw := make([]any, n+3)
	dest := make([]any, n+3)
	for i := range raw {
		dest[i] = &raw[i]
	}
	var out []relatedLink
	for rows.Next() {
		if err := bud.take(1); err != nil {
			return nil, err
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		e, err := entryOf(tq.Type, cols, raw[:n], false) // publishedAt as stored: null on a draft row
		if err != nil {
			return nil, err
		}
		e.SetMorph()
		l := relatedLink{typ: ti, e: e}
		if l.file, err = decodeID(raw[n]); err != nil {
			return nil, err
		}
		if l.place, err = decodePlace(raw[n+1]); err != nil {
			return nil, err
		}
		k, err := decodeID(raw[n+2])
		if err != nil {
			return nil, err
		}
		l.field = int(k)
		out = append(out, l)
	}
	return out, rows.Err()
}

// decodePlace reads a link's place: an integer or a float (a join
// table's order), NULL (a row from before the order columns) first.
func decodePlace(v any) (float64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int64:
		return float64(x), nil
	case int32:
		return float64(x), nil
	case float64:
		return x, nil
	case float32:
		return float64(x), nil
	case []byte:
		return strconv.ParseFloat(string(x), 64)
	case string:
		return strconv.ParseFloat(x, 64)
	}
	return 0, fmt.Errorf("a link's place of type %T", v)
}
