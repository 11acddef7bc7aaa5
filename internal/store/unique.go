package store

import (
	"context"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// Taken reports whether an entry other than exceptID holds v in a's column.
// On a draft & publish type the other rows of exceptID's document (its
// other version) do not count, and a value held by either version of
// another document does: a draft cannot take what would collide once it
// is published.
//
// On a localized type a value is unique within a locale: only the rows of
// locale count.
func (s *Store) Taken(ctx context.Context, db database.Conn, ct *schema.ContentType, a *schema.Attribute, v any, exceptID int64, locale string) (bool, error) {
	q := "SELECT EXISTS (SELECT * FROM " + sqlgen.Ident(ct.Table) + " WHERE (" + sqlgen.Ident(a.Column) + " = ?) AND (" + sqlgen.Ident(schema.ColID) + " <> ?)"
	args := []any{a.Kind.Encode(s.DB.Dialect, v), exceptID}
	if ct.Localized {
		q += " AND " + sqlgen.Ident(schema.ColLocale) + " = ?"
		args = append(args, locale)
	}
	if ct.DraftAndPublish {
		q += " AND (" + sqlgen.DocKey(ct, "") + " NOT IN (SELECT " + sqlgen.DocCols(ct, "") + " FROM " + sqlgen.Ident(ct.Table) + " WHERE " + sqlgen.Ident(schema.ColID) + " = ?))"
		args = append(args, exceptID)
	}
	var taken bool
	err := db.QueryRowContext(ctx, q+")", args...).Scan(&taken)
	return taken, err
}

// WithPrefix returns the values of a's column that start with prefix (uid
// generation asks once, then picks a free suffix in Go).
func (s *Store) WithPrefix(ctx context.Context, db database.Conn, ct *schema.ContentType, a *schema.Attribute, prefix string) (map[string]bool, error) {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(prefix)
	out := map[string]bool{}
	rows, err := db.QueryContext(ctx, "SELECT "+sqlgen.Ident(a.Column)+" FROM "+sqlgen.Ident(ct.Table)+" WHERE ("+sqlgen.Ident(a.Column)+` LIKE ? ESCAPE '\')`, esc+"%")
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return out, err
		}
		out[v] = true
	}
	return out, rows.Err()
}
