package store

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// bulkBatch is how many rows one INSERT carries: large enough to amortise
// the round trip, small enough to keep statements a few hundred KiB.
const bulkBatch = 500

// BulkInsert writes rows with multi-row INSERTs on db (a transaction, so
// a failure leaves nothing half-loaded), then their components a level
// of the tree per statement, then moves PostgreSQL's id sequence past
// the largest id.
func (s *Store) BulkInsert(ctx context.Context, db database.Conn, r entry.BulkRows) error {
	locale := r.Locales != nil && r.Type.Localized
	for start := 0; start < len(r.IDs); start += bulkBatch {
		end := min(start+bulkBatch, len(r.IDs))
		b := sqlgen.New(s.DB.Dialect)
		b.W("INSERT INTO ", sqlgen.Ident(r.Type.Table), " (", sqlgen.Ident(schema.ColID), ", ", sqlgen.Ident(schema.ColDocumentID), ", ",
			sqlgen.Ident(schema.ColCreatedAt), ", ", sqlgen.Ident(schema.ColUpdatedAt), ", ", sqlgen.Ident(schema.ColPublishedAt))
		if locale {
			b.W(", ", sqlgen.Ident(schema.ColLocale))
		}
		for _, f := range r.Fields {
			b.W(", ", sqlgen.Ident(f.Column))
		}
		b.W(") VALUES ")
		for i := start; i < end; i++ {
			if i > start {
				b.W(", ")
			}
			b.W("(")
			b.Arg(idKind, r.IDs[i])
			b.W(", ")
			b.Arg(strKind, r.DocumentIDs[i])
			b.W(", ")
			b.Arg(timeKind, r.CreatedAt[i])
			b.W(", ")
			if r.UpdatedAt != nil {
				b.Arg(timeKind, r.UpdatedAt[i])
			} else {
				b.Arg(timeKind, r.CreatedAt[i])
			}
			b.W(", ")
			switch {
			case r.PublishedAt != nil && r.PublishedAt[i].IsZero():
				b.W("NULL")
			case r.PublishedAt != nil:
				b.Arg(timeKind, r.PublishedAt[i])
			case r.Published == nil || r.Published[i]:
				b.Arg(timeKind, r.CreatedAt[i])
			default:
				b.W("NULL")
			}
			if locale {
				b.W(", ")
				b.Arg(strKind, r.Locales[i])
			}
			for j, f := range r.Fields {
				b.W(", ")
				b.Arg(f.Kind, r.Values[i][j])
			}
			b.W(")")
		}
		if _, err := db.ExecContext(ctx, b.SQL(), b.Args()...); err != nil {
			return fmt.Errorf("loading %s: %w", r.Type.Plural, s.writeError(ctx, db, r.Type, entry.Data{}, err))
		}
	}
	if r.Components != nil {
		var level []cmpItem
		for i, comps := range r.Components {
			for _, a := range r.Type.Attributes {
				for n, c := range comps[a] {
					level = append(level, cmpItem{holder: r.Type, entity: r.IDs[i], field: a, order: n + 1, c: c})
				}
			}
		}
		if err := s.insertLevels(ctx, db, level); err != nil {
			return fmt.Errorf("loading the components of %s: %w", r.Type.Plural, err)
		}
	}
	return s.resetSequence(ctx, db, r.Type.Table)
}

// BulkLink writes manyToMany pairs (owner id, target id) of relation a.
func (s *Store) BulkLink(ctx context.Context, db database.Conn, a *schema.Attribute, pairs [][2]int64) error {
	for start := 0; start < len(pairs); start += bulkBatch {
		end := min(start+bulkBatch, len(pairs))
		b := sqlgen.New(s.DB.Dialect)
		b.W("INSERT INTO ", sqlgen.Ident(a.JoinTable), " (", sqlgen.Ident(a.JoinSelf), ", ", sqlgen.Ident(a.JoinTarget), ") VALUES ")
		for i := start; i < end; i++ {
			if i > start {
				b.W(", ")
			}
			b.W("(")
			b.Arg(idKind, pairs[i][0])
			b.W(", ")
			b.Arg(idKind, pairs[i][1])
			b.W(")")
		}
		if _, err := db.ExecContext(ctx, b.SQL(), b.Args()...); err != nil {
			return fmt.Errorf("linking %s.%s: %w", a.Owner.Name, a.Name, err)
		}
	}
	return s.resetSequence(ctx, db, a.JoinTable)
}

// resetSequence makes PostgreSQL's next generated id follow the loaded
// ones (SQLite's AUTOINCREMENT follows explicit ids by itself).
func (s *Store) resetSequence(ctx context.Context, db database.Conn, table string) error {
	if s.DB.Dialect != database.Postgres {
		return nil
	}
	q := fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), COALESCE((SELECT MAX(id) FROM %s), 0) + 1, false)", table, sqlgen.Ident(table))
	_, err := db.ExecContext(ctx, q)
	return err
}

// Empty reports whether a type has no entries yet (first-run seeding).
func (s *Store) Empty(ctx context.Context, db database.Conn, ct *schema.ContentType) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM (SELECT 1 FROM "+sqlgen.Ident(ct.Table)+" LIMIT 1) t").Scan(&n)
	return n == 0, err
}
