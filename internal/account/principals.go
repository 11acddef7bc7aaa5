package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/contentwire"
	"github.com/kiln-cms/kiln/internal/database"
)

// The built-in user's sign-in data: the private columns generic reads
// never show (the password hash, reset codes, the token version), read
// and written here, on the content service's database, for the sign-in
// routes, the identity cache and the commands. The content service
// itself knows nothing of them.

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

var (
	boolKind = schema.KindOf(schema.Boolean)
	timeKind = schema.KindOf(schema.DateTime)
)

// principalSQL selects a user with its role's type from the built-in user
// and role tables.
func principalSQL(s *schema.Schema, where string) string {
	u, r := s.Type("user"), s.Type("role")
	col := func(f string) string { return "u." + database.Ident(u.Attr(f).Column) }
	return "SELECT u." + database.Ident(schema.ColID) + ", " + col("email") + ", " + col("blocked") + ", " + col("confirmed") +
		", r." + database.Ident(r.Attr("type").Column) + ", " + col("password") + ", " + col("tokenVersion") + ", " + col("resetPasswordExpiresAt") +
		" FROM " + database.Ident(u.Table) + " u LEFT JOIN " + database.Ident(r.Table) + " r ON r." + database.Ident(schema.ColID) + " = u." + database.Ident(u.Attr("role").Column) +
		" WHERE " + where
}

// principalWhere reads the one user whose field equals v.
func principalWhere(ctx context.Context, svc *content.Service, field string, v any) (*Principal, error) {
	where := "u." + database.Ident(schema.ColID) + " = ?"
	if field != "" {
		where = "u." + database.Ident(svc.Schema.Type("user").Attr(field).Column) + " = ?"
	}
	return scanPrincipal(contentwire.DB(svc).QueryRowContext(ctx, principalSQL(svc.Schema, where), v))
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
			return nil, fmt.Errorf("account: the reset code's expiry: %w", err)
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

// PrincipalByID loads the user a token names; errs.NotFound when gone.
// Retried once when the database dropped the connection.
func PrincipalByID(ctx context.Context, svc *content.Service, id int64) (p *Principal, err error) {
	err = database.RetryRead(ctx, func() (err error) {
		p, err = principalWhere(ctx, svc, "", id)
		return err
	})
	return p, err
}

// PrincipalByEmail finds the user whose stored e-mail is exactly email.
// The comparison is byte for byte on both databases: putting an address in
// its normal form is the caller's job (auth.NormalizeEmail), done in Go,
// because the databases' LOWER() disagree about Unicode.
func PrincipalByEmail(ctx context.Context, svc *content.Service, email string) (*Principal, error) {
	return principalWhere(ctx, svc, "email", email)
}

// PrincipalByUsername finds the user whose username is exactly username.
func PrincipalByUsername(ctx context.Context, svc *content.Service, username string) (*Principal, error) {
	return principalWhere(ctx, svc, "username", username)
}

// PrincipalByResetCode finds the user holding a reset code (its hash).
func PrincipalByResetCode(ctx context.Context, svc *content.Service, codeHash string) (*Principal, error) {
	return principalWhere(ctx, svc, "resetPasswordToken", codeHash)
}

// SetResetCode stores a user's reset code (its hash) with the moment it
// stops working, replacing any earlier code.
func SetResetCode(ctx context.Context, svc *content.Service, id int64, codeHash string, expires time.Time) error {
	db, u := contentwire.DB(svc), svc.Schema.Type("user")
	_, err := db.ExecContext(ctx, "UPDATE "+database.Ident(u.Table)+" SET "+database.Ident(u.Attr("resetPasswordToken").Column)+" = ?, "+
		database.Ident(u.Attr("resetPasswordExpiresAt").Column)+" = ? WHERE "+database.Ident(schema.ColID)+" = ?",
		codeHash, timeKind.Encode(db.Dialect, expires.UTC().Truncate(time.Millisecond)), id)
	return err
}

// revokeTokens raises the user's token version inside the write ev runs
// in (a hook's), so that every token issued before is refused; with
// dropResetCode it also drops a pending reset code.
func revokeTokens(ctx context.Context, svc *content.Service, ev *hook.Event, id int64, dropResetCode bool) error {
	conn := contentwire.UserWrite(ctx, svc, ev, id)
	u := svc.Schema.Type("user")
	ver := database.Ident(u.Attr("tokenVersion").Column)
	set := ver + " = COALESCE(" + ver + ", 0) + 1"
	if dropResetCode {
		set += ", " + database.Ident(u.Attr("resetPasswordToken").Column) + " = NULL, " + database.Ident(u.Attr("resetPasswordExpiresAt").Column) + " = NULL"
	}
	_, err := conn.ExecContext(ctx, "UPDATE "+database.Ident(u.Table)+" SET "+set+" WHERE "+database.Ident(schema.ColID)+" = ?", id)
	return err
}

// NormalizeUserEmails puts the stored user e-mails that are not in normal
// form into it, in one transaction: rows written before e-mails were
// normalised on every write, or behind the API's back. A row whose normal
// form another user already has is left alone and reported in clashes
// (rewriting it would break the unique index, and which of the two
// accounts the address means is for an admin to decide). The candidates
// are found with the database's LOWER(), which changes at least every
// ASCII upper-case letter on both databases; normalize decides.
func NormalizeUserEmails(ctx context.Context, svc *content.Service, normalize func(string) string) (fixed, clashes []int64, err error) {
	u := svc.Schema.Type("user")
	id, email, table := database.Ident(schema.ColID), database.Ident(u.Attr("email").Column), database.Ident(u.Table)
	err = contentwire.DB(svc).RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
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

// Role is one role a policy names.
type Role = contentwire.Role

// EnsureRoles creates the roles the table lacks (matched by type), as
// entries of the built-in role type written without hooks or events, and
// returns every role's id by type.
func EnsureRoles(ctx context.Context, svc *content.Service, roles []Role) (map[string]int64, error) {
	return contentwire.EnsureRoles(ctx, svc, roles)
}
