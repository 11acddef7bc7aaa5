package store

import (
	"context"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// Taken reports whether an entry other than exceptID holds v in a's column.
// On a draft & publish type the other rows of exceptID's document (its
// other version) do not count, and a value held by either version of
// another document does: a draft cannot take what would collide once it
// is published.
func (s *Store) Taken(ctx context.Context, db Conn, ct *schema.ContentType, a *schema.Attribute, v any, exceptID int64) (bool, error) {
	q := db.NewSelect().TableExpr(Ident(ct.Table)).
		Where(Ident(a.Column)+" = ?", a.Kind.Encode(s.DB.Dialect, v)).
		Where(Ident(schema.ColID)+" <> ?", exceptID)
	if ct.DraftAndPublish {
		doc := Ident(schema.ColDocumentID)
		q = q.Where(doc+" NOT IN (SELECT "+doc+" FROM "+Ident(ct.Table)+" WHERE "+Ident(schema.ColID)+" = ?)", exceptID)
	}
	return q.Exists(ctx)
}

// WithPrefix returns the values of a's column that start with prefix (uid
// generation asks once, then picks a free suffix in Go).
func (s *Store) WithPrefix(ctx context.Context, db Conn, ct *schema.ContentType, a *schema.Attribute, prefix string) (map[string]bool, error) {
	var vals []string
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(prefix)
	err := db.NewSelect().TableExpr(Ident(ct.Table)).ColumnExpr(Ident(a.Column)).
		Where(Ident(a.Column)+` LIKE ? ESCAPE '\'`, esc+"%").
		Scan(ctx, &vals)
	out := make(map[string]bool, len(vals))
	for _, v := range vals {
		out[v] = true
	}
	return out, err
}
