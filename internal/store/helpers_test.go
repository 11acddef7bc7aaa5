package store_test

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Helpers of the tests that change tables by hand, as internal/migrate's do.

// at0 is a timestamp as SQL text, for rows inserted by hand.
const at0 = "'2026-01-01T00:00:00.000Z'"

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

func count(t *testing.T, db *database.DB, sql string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), sql).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

func exec(t *testing.T, db *database.DB, sql string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
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

func sameList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}
