package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Principal is what authentication needs to know of a user: one query per
// request, no private field but the hash, the token version and the reset
// code's expiry, and only when asked.
type Principal struct {
	ID           int64
	Email        string // as stored: the only address a reset code is mailed to
	Blocked      bool
	Confirmed    bool
	RoleType     string
	PasswordHash string
	// TokenVersion is the version a token must carry to be accepted (0 for
	// rows written before the column existed).
	TokenVersion int64
	// ResetExpiresAt is when the stored reset code stops working; zero when
	// none is set (a code stored before expiries existed never works).
	ResetExpiresAt time.Time
}

// principalSQL selects a user with its role's type from the built-in user
// and role tables.
func principalSQL(s *schema.Schema, where string) string {
	u, r := s.Type("user"), s.Type("role")
	col := func(f string) string { return "u." + sqlgen.Ident(u.Attr(f).Column) }
	return "SELECT u." + sqlgen.Ident(schema.ColID) + ", " + col("email") + ", " + col("blocked") + ", " + col("confirmed") +
		", r." + sqlgen.Ident(r.Attr("type").Column) + ", " + col("password") + ", " + col("tokenVersion") + ", " + col("resetPasswordExpiresAt") +
		" FROM " + sqlgen.Ident(u.Table) + " u LEFT JOIN " + sqlgen.Ident(r.Table) + " r ON r." + sqlgen.Ident(schema.ColID) + " = u." + sqlgen.Ident(u.Attr("role").Column) +
		" WHERE " + where
}

func scanPrincipal(row *sql.Row) (*Principal, error) {
	var p Principal
	var blocked, confirmed, expires any
	var email, role, hash sql.NullString
	var version sql.NullInt64
	if err := row.Scan(&p.ID, &email, &blocked, &confirmed, &role, &hash, &version, &expires); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errs.NotFound()
		}
		return nil, err
	}
	b, _ := boolKind.Decode(orFalse(blocked))
	c, _ := boolKind.Decode(orFalse(confirmed))
	p.Blocked, p.Confirmed = b == true, c == true
	p.Email, p.RoleType, p.PasswordHash, p.TokenVersion = email.String, role.String, hash.String, version.Int64
	if expires != nil {
		t, err := timeKind.Decode(expires)
		if err != nil {
			return nil, fmt.Errorf("store: the reset code's expiry: %w", err)
		}
		p.ResetExpiresAt = t.(time.Time)
	}
	return &p, nil
}

func orFalse(v any) any {
	if v == nil {
		return false
	}
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

// PrincipalByID loads the user a token names; errs.NotFound when it is gone.
func (s *Store) PrincipalByID(ctx context.Context, db database.Conn, sc *schema.Schema, id int64) (*Principal, error) {
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+sqlgen.Ident(schema.ColID)+" = ?"), id))
}

// PrincipalByEmail finds the user whose stored e-mail is exactly email.
// The comparison is byte for byte on both databases: putting an address in
// its normal form is the caller's job (auth.NormalizeEmail), done in Go,
// because the databases' LOWER() disagree about Unicode.
func (s *Store) PrincipalByEmail(ctx context.Context, db database.Conn, sc *schema.Schema, email string) (*Principal, error) {
	u := sc.Type("user")
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+sqlgen.Ident(u.Attr("email").Column)+" = ?"), email))
}

// PrincipalByUsername finds the user whose username is exactly username.
func (s *Store) PrincipalByUsername(ctx context.Context, db database.Conn, sc *schema.Schema, username string) (*Principal, error) {
	u := sc.Type("user")
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+sqlgen.Ident(u.Attr("username").Column)+" = ?"), username))
}

// SetUserSecret writes one of the user's private columns (password hash,
// reset token), which generic writes never touch on a caller's behalf.
func (s *Store) SetUserSecret(ctx context.Context, db database.Conn, sc *schema.Schema, id int64, field string, value any) error {
	u := sc.Type("user")
	a := u.Attr(field)
	if a == nil || !a.IsPrivate() {
		return errors.New("store: SetUserSecret takes a private field of user")
	}
	_, err := db.ExecContext(ctx, "UPDATE "+sqlgen.Ident(u.Table)+" SET "+sqlgen.Ident(a.Column)+" = ?, "+sqlgen.Ident(schema.ColUpdatedAt)+" = ? WHERE "+sqlgen.Ident(schema.ColID)+" = ?",
		a.Kind.Encode(s.DB.Dialect, value), timeKind.Encode(s.DB.Dialect, now()), id)
	return err
}

// SetResetCode stores a user's reset code (its hash) with the moment it
// stops working, replacing any earlier code.
func (s *Store) SetResetCode(ctx context.Context, db database.Conn, sc *schema.Schema, id int64, codeHash string, expires time.Time) error {
	u := sc.Type("user")
	_, err := db.ExecContext(ctx, "UPDATE "+sqlgen.Ident(u.Table)+" SET "+sqlgen.Ident(u.Attr("resetPasswordToken").Column)+" = ?, "+
		sqlgen.Ident(u.Attr("resetPasswordExpiresAt").Column)+" = ? WHERE "+sqlgen.Ident(schema.ColID)+" = ?",
		codeHash, timeKind.Encode(s.DB.Dialect, expires.UTC().Truncate(time.Millisecond)), id)
	return err
}

// RevokeTokens raises the user's token version, so that every token issued
// before is refused; with dropResetCode it also drops a pending reset code.
// It runs on conn, inside the write that calls for it.
func (s *Store) RevokeTokens(ctx context.Context, conn database.Conn, sc *schema.Schema, id int64, dropResetCode bool) error {
	u := sc.Type("user")
	ver := sqlgen.Ident(u.Attr("tokenVersion").Column)
	set := ver + " = COALESCE(" + ver + ", 0) + 1"
	if dropResetCode {
		set += ", " + sqlgen.Ident(u.Attr("resetPasswordToken").Column) + " = NULL, " + sqlgen.Ident(u.Attr("resetPasswordExpiresAt").Column) + " = NULL"
	}
	_, err := conn.ExecContext(ctx, "UPDATE "+sqlgen.Ident(u.Table)+" SET "+set+" WHERE "+sqlgen.Ident(schema.ColID)+" = ?", id)
	return err
}

// UserByResetToken finds the user holding a reset token (stored hashed).
func (s *Store) UserByResetToken(ctx context.Context, db database.Conn, sc *schema.Schema, tokenHash string) (*Principal, error) {
	u := sc.Type("user")
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+sqlgen.Ident(u.Attr("resetPasswordToken").Column)+" = ?"), tokenHash))
}

// NormalizeUserEmails puts the stored user e-mails that are not in normal
// form into it, in one transaction: rows written before e-mails were
// normalised on every write, or behind the API's back. A row whose normal
// form another user already has is left alone and reported in clashes
// (rewriting it would break the unique index, and which of the two
// accounts the address means is for an admin to decide). The candidates
// are found with the database's LOWER(), which changes at least every
// ASCII upper-case letter on both databases; normalize decides.
func (s *Store) NormalizeUserEmails(ctx context.Context, sc *schema.Schema, normalize func(string) string) (fixed, clashes []int64, err error) {
	u := sc.Type("user")
	id, email, table := sqlgen.Ident(schema.ColID), sqlgen.Ident(u.Attr("email").Column), sqlgen.Ident(u.Table)
	err = s.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		fixed, clashes = nil, nil
		rows, err := tx.QueryContext(ctx, "SELECT "+id+", "+email+" FROM "+table+" WHERE "+email+" <> LOWER("+email+") ORDER BY "+id)
		if err != nil {
			return err
		}
		type row struct {
			id    int64
			email string
		}
		var todo []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.email); err != nil {
				rows.Close()
				return err
			}
			if normalize(r.email) != r.email {
				todo = append(todo, r)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range todo {
			var other int64
			err := tx.QueryRowContext(ctx, "SELECT "+id+" FROM "+table+" WHERE "+email+" = ? AND "+id+" <> ?", normalize(r.email), r.id).Scan(&other)
			switch {
			case err == nil:
				clashes = append(clashes, r.id)
				continue
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE "+table+" SET "+email+" = ? WHERE "+id+" = ?", normalize(r.email), r.id); err != nil {
				return err
			}
			fixed = append(fixed, r.id)
		}
		return nil
	})
	return fixed, clashes, err
}

// EnsureRoles creates the roles the policy names that the table lacks
// (matched by type) and returns every role's id by type.
func (s *Store) EnsureRoles(ctx context.Context, db database.Conn, sc *schema.Schema, roles []struct{ Type, Name, Description string }) (map[string]int64, error) {
	r := sc.Type("role")
	ids := map[string]int64{}
	rows, err := db.QueryContext(ctx, "SELECT "+sqlgen.Ident(schema.ColID)+", "+sqlgen.Ident(r.Attr("type").Column)+" FROM "+sqlgen.Ident(r.Table))
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var typ sql.NullString
		if err := rows.Scan(&id, &typ); err != nil {
			rows.Close()
			return nil, err
		}
		ids[typ.String] = id
	}
	rows.Close()
	for _, role := range roles {
		if _, ok := ids[role.Type]; ok {
			continue
		}
		d := entry.Data{Values: map[*schema.Attribute]any{r.Attr("type"): role.Type, r.Attr("name"): role.Name, r.Attr("description"): role.Description}}
		e, err := s.Insert(ctx, db, r, d, true)
		if err != nil {
			return nil, err
		}
		ids[role.Type] = e.ID
	}
	return ids, nil
}
