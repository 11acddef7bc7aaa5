package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// dbState is what the database has now.
type dbState struct {
	tables  map[string]bool
	columns map[string]map[string]bool
	indexes map[string]bool
}

// introspect reads the tables, columns and indexes of the current schema
// (SQLite's main database, or PostgreSQL's current_schema()).
func introspect(ctx context.Context, db *DB) (*dbState, error) {
	st := &dbState{tables: map[string]bool{}, columns: map[string]map[string]bool{}, indexes: map[string]bool{}}
	var colsSQL, idxSQL string
	if db.Dialect == Postgres {
		colsSQL = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`
		idxSQL = `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`
	} else {
		colsSQL = `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`
		idxSQL = `SELECT name FROM sqlite_master WHERE type = 'index'`
	}
	rows, err := db.Bun.QueryContext(ctx, colsSQL)
	if err != nil {
		return nil, fmt.Errorf("reading the database's tables: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			return nil, err
		}
		st.tables[t] = true
		if st.columns[t] == nil {
			st.columns[t] = map[string]bool{}
		}
		st.columns[t][c] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	irows, err := db.Bun.QueryContext(ctx, idxSQL)
	if err != nil {
		return nil, fmt.Errorf("reading the database's indexes: %w", err)
	}
	defer irows.Close()
	for irows.Next() {
		var n string
		if err := irows.Scan(&n); err != nil {
			return nil, err
		}
		st.indexes[n] = true
	}
	return st, irows.Err()
}

// loadState reads the record of what Kiln applied, if there is one.
func loadState(ctx context.Context, db *DB, have *dbState) (map[string]*TableDef, error) {
	out := map[string]*TableDef{}
	if !have.tables[stateTable] {
		return out, nil
	}
	rows, err := db.Bun.QueryContext(ctx, "SELECT "+Ident("name")+", "+Ident("def")+" FROM "+Ident(stateTable))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", stateTable, err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return nil, err
		}
		var t TableDef
		if err := json.Unmarshal([]byte(def), &t); err != nil {
			return nil, fmt.Errorf("reading %s row %q: %w", stateTable, name, err)
		}
		out[name] = &t
	}
	return out, rows.Err()
}
