package content

import (
	"context"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
)

// Principal is what authentication needs of a user (store.Principal).
type Principal = store.Principal

// The built-in user's sign-in data. They read and write the private
// columns generic reads never show (the password hash, reset codes, the
// token version), for internal/rest's sign-in routes and the commands.

// PrincipalByID loads the user a token names; errs.NotFound when gone.
// Retried once when the database dropped the connection.
func (s *Service) PrincipalByID(ctx context.Context, id int64) (p *Principal, err error) {
	err = database.RetryRead(ctx, func() (err error) {
		p, err = s.store.PrincipalByID(ctx, s.db, s.Schema, id)
		return err
	})
	return p, err
}

// PrincipalByEmail finds the user with the e-mail, compared exactly (pass
// it in normal form).
func (s *Service) PrincipalByEmail(ctx context.Context, email string) (*Principal, error) {
	return s.store.PrincipalByEmail(ctx, s.db, s.Schema, email)
}

// PrincipalByUsername finds the user with the username, compared exactly.
func (s *Service) PrincipalByUsername(ctx context.Context, username string) (*Principal, error) {
	return s.store.PrincipalByUsername(ctx, s.db, s.Schema, username)
}

// PrincipalByResetCode finds the user holding a reset code (its hash).
func (s *Service) PrincipalByResetCode(ctx context.Context, codeHash string) (*Principal, error) {
	return s.store.UserByResetToken(ctx, s.db, s.Schema, codeHash)
}

// SetResetCode stores a user's reset code (its hash) and its expiry,
// replacing any earlier code.
func (s *Service) SetResetCode(ctx context.Context, id int64, codeHash string, expires time.Time) error {
	return s.store.SetResetCode(ctx, s.db, s.Schema, id, codeHash, expires)
}

// RevokeTokens raises the user's token version inside the hook's write, so
// that every token issued before is refused; with dropResetCode it also
// drops a pending reset code.
func (t *Tx) RevokeTokens(ctx context.Context, id int64, dropResetCode bool) error {
	t.touchUser(ctx, id, false)
	wrote(ctx)
	return t.s.store.RevokeTokens(ctx, t.conn, t.s.Schema, id, dropResetCode)
}

// NormalizeUserEmails puts stored user e-mails in normal form (see
// store.Store.NormalizeUserEmails).
func (s *Service) NormalizeUserEmails(ctx context.Context, normalize func(string) string) (fixed, clashes []int64, err error) {
	return s.store.NormalizeUserEmails(ctx, s.Schema, normalize)
}

// Role is one role a policy names.
type Role = struct{ Type, Name, Description string }

// EnsureRoles creates the roles the table lacks and returns every role's
// id by type.
func (s *Service) EnsureRoles(ctx context.Context, roles []Role) (map[string]int64, error) {
	return s.store.EnsureRoles(ctx, s.db, s.Schema, roles)
}

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
