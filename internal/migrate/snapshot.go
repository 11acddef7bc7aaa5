package migrate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// stateTable keeps, per table Kiln created, the definition it last applied.
// Introspection says what exists; only this record says which tables and
// columns are Kiln's to drop, and which type a column was given (a database
// reports "integer" for INTEGER and BIGINT alike, and SQLite's TEXT holds
// dates, times and JSON).
const stateTable = "kiln_schema_state"

// tableState is one row of the snapshot: the TableDef as applied, with the
// schema's field type of each column.
type tableState struct {
	TableDef
	// Fields tells field-type changes the SQL type hides: on SQLite a date
	// turning into a datetime is TEXT before and after, yet its values must
	// be rewritten. Rows written before it existed have none.
	Fields map[string]schema.FieldType `json:",omitempty"`
}

func (t *tableState) column(name string) *ColumnDef {
	if t == nil {
		return nil
	}
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// createStateSQL makes the snapshot table; plain types both databases share.
func createStateSQL() string {
	return fmt.Sprintf("CREATE TABLE %s (\n  %s VARCHAR(255) PRIMARY KEY,\n  %s TEXT NOT NULL\n)",
		database.Ident(stateTable), database.Ident("name"), database.Ident("def"))
}

// loadState reads the snapshot: each row decoded, and its JSON as stored so
// that saving rewrites only the rows that change.
func loadState(ctx context.Context, conn database.Conn, have *dbState) (map[string]*tableState, map[string]string, error) {
	defs, raw := map[string]*tableState{}, map[string]string{}
	if !have.hasTable(stateTable) {
		return defs, raw, nil
	}
	q := "SELECT " + database.Ident("name") + ", " + database.Ident("def") + " FROM " + database.Ident(stateTable)
	var bad error
	err := scanRows(ctx, conn, q, func(f []string) {
		var t tableState
		if err := json.Unmarshal([]byte(f[1]), &t); err != nil && bad == nil {
			bad = fmt.Errorf("reading %s row %q: %w", stateTable, f[0], err)
		}
		defs[f[0]], raw[f[0]] = &t, f[1]
	}, 2)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", stateTable, err)
	}
	return defs, raw, bad
}

// saveState writes the snapshot that matches what was applied, touching only
// the rows that differ from what was loaded: a migration with nothing to do
// writes nothing.
func saveState(ctx context.Context, tx database.Conn, loaded map[string]string, next map[string]*tableState) error {
	del := "DELETE FROM " + database.Ident(stateTable) + " WHERE " + database.Ident("name") + " = ?"
	ins := "INSERT INTO " + database.Ident(stateTable) + " (" + database.Ident("name") + ", " + database.Ident("def") + ") VALUES (?, ?)"
	for _, name := range sortedKeys(next) {
		b, err := json.Marshal(next[name])
		if err != nil {
			return fmt.Errorf("encoding the snapshot of %s: %w", name, err)
		}
		if old, ok := loaded[name]; ok && old == string(b) {
			continue
		}
		if _, err := tx.ExecContext(ctx, del, name); err != nil {
			return fmt.Errorf("updating the snapshot of %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, ins, name, string(b)); err != nil {
			return fmt.Errorf("updating the snapshot of %s: %w", name, err)
		}
	}
	for _, name := range sortedKeys(loaded) {
		if _, ok := next[name]; !ok {
			if _, err := tx.ExecContext(ctx, del, name); err != nil {
				return fmt.Errorf("removing the snapshot of %s: %w", name, err)
			}
		}
	}
	return nil
}

// desiredFields is the field type of every column the schema wants, by
// table: what the snapshot records next to the SQL types.
func desiredFields(s *schema.Schema) map[string]map[string]schema.FieldType {
	out := map[string]map[string]schema.FieldType{}
	for _, ct := range s.Types {
		f := map[string]schema.FieldType{schema.ColDocumentID: schema.String,
			schema.ColCreatedAt: schema.DateTime, schema.ColUpdatedAt: schema.DateTime, schema.ColPublishedAt: schema.DateTime}
		for _, a := range ct.Attributes {
			if a.Column != "" {
				f[a.Column] = a.Type
			}
			if a.JoinTable != "" && a.MappedBy == "" {
				out[a.JoinTable] = map[string]schema.FieldType{a.JoinSelf: schema.Relation, a.JoinTarget: schema.Relation}
			}
		}
		out[ct.Table] = f
	}
	for _, c := range s.Components {
		f := map[string]schema.FieldType{}
		for _, a := range c.Attributes {
			if a.Column != "" {
				f[a.Column] = a.Type
			}
			if a.JoinTable != "" {
				out[a.JoinTable] = map[string]schema.FieldType{a.JoinSelf: schema.Relation, a.JoinTarget: schema.Relation}
			}
		}
		out[c.Table] = f
	}
	return out
}
