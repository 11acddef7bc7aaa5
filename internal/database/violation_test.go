package database_test

import (
	"context"
	"errors"
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestViolationOf: the driver's own errors of a broken unique index and a
// broken foreign key, on both databases, as ViolationOf reads them — the
// constraint's name from PostgreSQL, the table and column from SQLite's
// message — and anything else as no violation.
func TestViolationOf(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		for _, stmt := range []string{
			`CREATE TABLE parents (id INTEGER PRIMARY KEY, code VARCHAR(8) NOT NULL)`,
			`CREATE UNIQUE INDEX parents_code_uq ON parents (code)`,
			`CREATE TABLE kids (id INTEGER PRIMARY KEY, parent_id INTEGER CONSTRAINT kids_parent_id_fk REFERENCES parents (id))`,
			`INSERT INTO parents (id, code) VALUES (1, 'a')`,
		} {
			if _, err := db.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		_, dup := db.ExecContext(ctx, `INSERT INTO parents (id, code) VALUES (2, 'a')`)
		_, orphan := db.ExecContext(ctx, `INSERT INTO kids (id, parent_id) VALUES (1, 99)`)
		_, syntax := db.ExecContext(ctx, `INSERT INTO nowhere VALUES (1)`)
		want := map[string]struct {
			err error
			v   database.Violation
			ok  bool
		}{
			"unique":             {dup, database.Violation{Kind: database.UniqueViolation, Constraint: "parents_code_uq"}, true},
			"foreign key":        {orphan, database.Violation{Kind: database.ForeignKeyViolation, Constraint: "kids_parent_id_fk"}, true},
			"other":              {syntax, database.Violation{}, false},
			"not the database's": {errors.New("boom"), database.Violation{}, false},
			"none":               {nil, database.Violation{}, false},
		}
		if db.Dialect == database.SQLite {
			u := want["unique"]
			u.v = database.Violation{Kind: database.UniqueViolation, Table: "parents", Column: "code"}
			want["unique"] = u
			f := want["foreign key"]
			f.v = database.Violation{Kind: database.ForeignKeyViolation}
			want["foreign key"] = f
		}
		for name, c := range want {
			v, ok := database.ViolationOf(c.err)
			if v != c.v || ok != c.ok {
				t.Errorf("%s (%v): %+v %v, want %+v %v", name, c.err, v, ok, c.v, c.ok)
			}
			if unique := database.IsUnique(c.err); unique != (name == "unique") {
				t.Errorf("%s: IsUnique = %v", name, unique)
			}
		}
	})
}
