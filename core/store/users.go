package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// Principal is what authentication needs to know of a user: one query per
// request, no private field but the hash, and only when asked.
type Principal struct {
	ID           int64
	Blocked      bool
	Confirmed    bool
	RoleType     string
	PasswordHash string
}

// principalSQL selects a user with its role's type from the built-in user
// and role tables.
func principalSQL(s *schema.Schema, where string) string {
	u, r := s.Type("user"), s.Type("role")
	return "SELECT u." + Ident(schema.ColID) + ", u." + Ident(u.Attr("blocked").Column) + ", u." + Ident(u.Attr("confirmed").Column) +
		", r." + Ident(r.Attr("type").Column) + ", u." + Ident(u.Attr("password").Column) +
		" FROM " + Ident(u.Table) + " u LEFT JOIN " + Ident(r.Table) + " r ON r." + Ident(schema.ColID) + " = u." + Ident(u.Attr("role").Column) +
		" WHERE " + where
}

func scanPrincipal(row *sql.Row) (*Principal, error) {
	var p Principal
	var blocked, confirmed any
	var role, hash sql.NullString
	if err := row.Scan(&p.ID, &blocked, &confirmed, &role, &hash); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errs.NotFound()
		}
		return nil, err
	}
	b, _ := decodeBool(orFalse(blocked))
	c, _ := decodeBool(orFalse(confirmed))
	p.Blocked, p.Confirmed = b.(bool), c.(bool)
	p.RoleType, p.PasswordHash = role.String, hash.String
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
func (s *Store) PrincipalByID(ctx context.Context, db Conn, sc *schema.Schema, id int64) (*Principal, error) {
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+Ident(schema.ColID)+" = ?"), id))
}

// PrincipalByIdentifier finds a local user by e-mail (case-insensitive) or
// username, as Strapi's login does.
func (s *Store) PrincipalByIdentifier(ctx context.Context, db Conn, sc *schema.Schema, identifier string) (*Principal, error) {
	u := sc.Type("user")
	where := "(LOWER(u." + Ident(u.Attr("email").Column) + ") = ? OR u." + Ident(u.Attr("username").Column) + " = ?)" +
		" ORDER BY u." + Ident(schema.ColID) + " LIMIT 1"
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, where), strings.ToLower(identifier), identifier))
}

// SetUserSecret writes one of the user's private columns (password hash,
// reset token), which generic writes never touch on a caller's behalf.
func (s *Store) SetUserSecret(ctx context.Context, db Conn, sc *schema.Schema, id int64, field string, value any) error {
	u := sc.Type("user")
	a := u.Attr(field)
	if a == nil || !a.IsPrivate() {
		return errors.New("store: SetUserSecret takes a private field of user")
	}
	_, err := db.ExecContext(ctx, "UPDATE "+Ident(u.Table)+" SET "+Ident(a.Column)+" = ?, "+Ident(schema.ColUpdatedAt)+" = ? WHERE "+Ident(schema.ColID)+" = ?",
		Encode(s.DB.Dialect, a.Type, value), Encode(s.DB.Dialect, schema.DateTime, now()), id)
	return err
}

// UserByResetToken finds the user holding a reset token (stored hashed).
func (s *Store) UserByResetToken(ctx context.Context, db Conn, sc *schema.Schema, tokenHash string) (*Principal, error) {
	u := sc.Type("user")
	return scanPrincipal(db.QueryRowContext(ctx, principalSQL(sc, "u."+Ident(u.Attr("resetPasswordToken").Column)+" = ?"), tokenHash))
}

// EnsureRoles creates the roles the policy names that the table lacks
// (matched by type) and returns every role's id by type.
func (s *Store) EnsureRoles(ctx context.Context, db Conn, sc *schema.Schema, roles []struct{ Type, Name, Description string }) (map[string]int64, error) {
	r := sc.Type("role")
	ids := map[string]int64{}
	rows, err := db.QueryContext(ctx, "SELECT "+Ident(schema.ColID)+", "+Ident(r.Attr("type").Column)+" FROM "+Ident(r.Table))
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
		d := Data{Values: map[*schema.Attribute]any{r.Attr("type"): role.Type, r.Attr("name"): role.Name, r.Attr("description"): role.Description}}
		e, err := s.Insert(ctx, db, r, d, true)
		if err != nil {
			return nil, err
		}
		ids[role.Type] = e.ID
	}
	return ids, nil
}
