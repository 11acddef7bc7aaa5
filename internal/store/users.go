package store

import (
	"context"
	"database/sql"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// EnsureRoles creates the roles the policy names that the table lacks
// (matched by type) and returns every role's id by type.
func (s *Store) EnsureRoles(ctx context.Context, db database.Conn, sc *schema.Schema, roles []struct{ Type, Name, Description string }) (map[string]int64, error) {
	r := sc.Type("role")
	ids := map[string]int64{}
	rows, err := db.QueryContext(ctx, "SELECT "+database.Ident(schema.ColID)+", "+database.Ident(r.Attr("type").Column)+" FROM "+database.Ident(r.Table))
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
