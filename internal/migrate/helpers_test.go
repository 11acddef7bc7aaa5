package migrate_test

import (
	"context"
	"database/sql"
	"flag"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func updating() bool { return *update }

var (
	schemaOnce sync.Once
	theSchema  *schema.Schema
	schemaErr  error
)

// loadSchema is the project's content types, loaded once: the schema is
// data that no test changes.
func loadSchema(t testing.TB) *schema.Schema {
	t.Helper()
	schemaOnce.Do(func() { theSchema, schemaErr = schema.LoadDir("../../content-types") })
	if schemaErr != nil {
		t.Fatal(schemaErr)
	}
	return theSchema
}

func mustLoad(t *testing.T, files map[string]string) *schema.Schema {
	t.Helper()
	src := map[string][]byte{}
	for k, v := range files {
		src[k] = []byte(v)
	}
	s, err := schema.Load(src)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func exec(t *testing.T, db *database.DB, sql string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func count(t *testing.T, db *database.DB, sql string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// strs runs a query whose rows are one text column each.
func strs(t *testing.T, db *database.DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s.Valid {
			out = append(out, s.String)
		} else {
			out = append(out, "NULL")
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// The introspection below is the tests' own, written apart from the
// migrator's so that a mistake in one does not hide in the other.

// tablesOf lists the database's tables, SQLite's internal ones left out.
func tablesOf(t *testing.T, db *database.DB) []string {
	if db.Dialect == database.Postgres {
		return strs(t, db, `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`)
	}
	return strs(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
}

// columnsOf lists a table's columns in their order.
func columnsOf(t *testing.T, db *database.DB, table string) []string {
	if db.Dialect == database.Postgres {
		return strs(t, db, `SELECT column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`, table)
	}
	return strs(t, db, `SELECT name FROM pragma_table_info(?) ORDER BY cid`, table)
}

// columnType is a column's type as the database reports it.
func columnType(t *testing.T, db *database.DB, table, col string) string {
	var got []string
	if db.Dialect == database.Postgres {
		got = strs(t, db, `SELECT data_type FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?`, table, col)
	} else {
		got = strs(t, db, `SELECT type FROM pragma_table_info(?) WHERE name = ?`, table, col)
	}
	if len(got) != 1 {
		return ""
	}
	return got[0]
}

// indexesOf lists a table's indexes, primary keys left out.
func indexesOf(t *testing.T, db *database.DB, table string) []string {
	if db.Dialect == database.Postgres {
		return strs(t, db, `SELECT indexname FROM pg_indexes
			WHERE schemaname = current_schema() AND tablename = ? AND indexname NOT LIKE '%\_pkey' ORDER BY indexname`, table)
	}
	return strs(t, db, `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`, table)
}

// foreignKeysOf lists a table's foreign keys as "column -> table".
func foreignKeysOf(t *testing.T, db *database.DB, table string) []string {
	if db.Dialect == database.Postgres {
		return strs(t, db, `SELECT kcu.column_name || ' -> ' || ccu.table_name
			FROM information_schema.table_constraints tc
			JOIN information_schema.key_column_usage kcu
			  ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
			JOIN information_schema.constraint_column_usage ccu
			  ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
			WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema() AND tc.table_name = ?
			ORDER BY 1`, table)
	}
	return strs(t, db, `SELECT "from" || ' -> ' || "table" FROM pragma_foreign_key_list(?) ORDER BY 1`, table)
}

// snapshotOf lists the tables the migrator's snapshot records.
func snapshotOf(t *testing.T, db *database.DB) []string {
	return strs(t, db, `SELECT name FROM kiln_schema_state ORDER BY name`)
}

func sameList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}

func descriptions(steps []migrate.Step) []string {
	out := []string{}
	for _, s := range steps {
		out = append(out, s.Description)
	}
	return out
}

// writeSpy records every statement that could change a database, to prove
// that a dry run or a second migration wrote nothing.
type writeSpy struct {
	mu     sync.Mutex
	writes []string
}

func spyOn(db *database.DB) *writeSpy {
	s := &writeSpy{}
	db.Observe(s.record)
	return s
}

// record keeps a statement that writes (DB.Observe).
func (s *writeSpy) record(query string, _ []any) {
	word, _, _ := strings.Cut(strings.TrimSpace(query), " ")
	switch strings.ToUpper(word) {
	case "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP":
		s.mu.Lock()
		s.writes = append(s.writes, query)
		s.mu.Unlock()
	}
}

func (s *writeSpy) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.writes
	s.writes = nil
	return w
}
