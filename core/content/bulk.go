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

// BulkLinks are an import's links of one relation by row id
// (entry.BulkLinks).
type BulkLinks = entry.BulkLinks

// LoadLinks writes an import's links of one relation by row id, wherever
// Kiln keeps the relation, leaving out those whose rows do not exist, and
// reports how many it wrote. Call EndLoad once every link is in.
func (t *Tx) LoadLinks(ctx context.Context, l BulkLinks) (int, error) {
	wrote(ctx)
	return t.s.store.LoadLinks(ctx, t.conn, l)
}

// EndLoad ends an import: the places of every join table are numbered 1,
// 2, 3... in the order loaded, and the id sequences follow the loaded ids.
func (t *Tx) EndLoad(ctx context.Context) error {
	for _, group := range [][]*schema.ContentType{t.s.Schema.Types, t.s.Schema.Components} {
		for _, ct := range group {
			for _, a := range ct.Attributes {
				if a.JoinTable != "" && a.MappedBy == "" && a.Column == "" {
					if err := t.s.store.OrderLinks(ctx, t.conn, a); err != nil {
						return err
					}
				}
			}
		}
	}
	return t.s.store.ResetSequences(ctx, t.conn, t.s.Schema)
}

// DeleteAll removes every entry of every type, with their components and
// links, as strapi import does before it loads an archive, and reports
// how many rows each type's table held.
func (t *Tx) DeleteAll(ctx context.Context) (map[*schema.ContentType]int, error) {
	t.touchUser(ctx, 0, true)
	wrote(ctx)
	return t.s.store.DeleteAll(ctx, t.conn, t.s.Schema)
}

// Snapshot makes the rest of the transaction read one snapshot of the
// database (PostgreSQL's REPEATABLE READ, read only; a SQLite transaction
// already is one): what an export reads. It must come first.
func (t *Tx) Snapshot(ctx context.Context) error {
	if t.s.db.Dialect != database.Postgres {
		return nil
	}
	_, err := t.conn.ExecContext(ctx, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
	return err
}

// DumpRows reads up to limit rows of ct above id after, in id order, with
// their components, as they are stored: an export's batch.
func (t *Tx) DumpRows(ctx context.Context, ct *schema.ContentType, after int64, limit int) (BulkRows, error) {
	return t.s.store.DumpRows(ctx, t.conn, ct, after, limit)
}

// DumpLinks calls fn with every link of relation a, declared on its
// owner's side, by row ids and places (store.DumpLinks).
func (t *Tx) DumpLinks(ctx context.Context, a *schema.Attribute, fn func(owner, target int64, ownerPos, targetPos float64) error) error {
	return t.s.store.DumpLinks(ctx, t.conn, a, fn)
}
