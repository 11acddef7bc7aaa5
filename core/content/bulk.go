package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Empty reports whether ct has no entry at all.
func (s *Service) Empty(ctx context.Context, ct *schema.ContentType) (bool, error) {
	return s.store.Empty(ctx, s.db, ct)
}

// BulkRows are rows of a data set to load (entry.BulkRows).
type BulkRows = entry.BulkRows

// BulkInsert writes a data set's rows as they are, in multi-row INSERTs:
// for loading a deterministic data set into an empty database (kiln seed),
// with no checks and no hooks. Everything else writes through Create.
func (t *Tx) BulkInsert(ctx context.Context, rows BulkRows) error {
	t.touchUser(ctx, 0, true) // rows as they are, maybe users and roles
	wrote(ctx)
	return t.s.store.BulkInsert(ctx, t.conn, rows)
}

// BulkLink writes a data set's manyToMany pairs of relation a, as
// BulkInsert writes rows.
func (t *Tx) BulkLink(ctx context.Context, a *schema.Attribute, pairs [][2]int64) error {
	wrote(ctx)
	return t.s.store.BulkLink(ctx, t.conn, a, pairs)
}

// CompleteVersions ends a bulk load: every draft & publish document the
// load wrote as its published row gets its draft, and every relation of
// such a type its links per version, as writes keep them
// (store.CompleteVersions). Call it once the rows and links are in.
func (t *Tx) CompleteVersions(ctx context.Context) error {
	wrote(ctx)
	return t.s.store.CompleteVersions(ctx, t.conn, t.s.Schema)
}

// Analyze refreshes the database's planner statistics after a bulk load;
// on PostgreSQL it vacuums too, so that the visibility map lets a count
// read an index alone (an index-only scan) before autovacuum gets there.
func (s *Service) Analyze(ctx context.Context) error {
	q := "ANALYZE"
	if s.db.Dialect == database.Postgres {
		q = "VACUUM ANALYZE"
	}
	_, err := s.db.ExecContext(ctx, q)
	return err
}
