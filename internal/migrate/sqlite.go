package migrate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/internal/database"
)

// alterSQLite plans a table's destructive changes on SQLite. A column is
// dropped in place (SQLite has DROP COLUMN since 3.35; a foreign key
// written inline goes with its column) once Kiln's indexes on it are gone.
// SQLite cannot change a column's type or foreign key, so those rebuild the
// table; a change of field type under the same SQL type (a date becoming a
// datetime, both TEXT) rewrites the values in place.
func (pl *planner) alterSQLite(t TableDef, old *tableState, ch *tableChanges) {
	retyped := slices.ContainsFunc(ch.converts, func(c typeChange) bool { return c.old.Type != c.new.Type })
	if retyped || len(ch.relinks) > 0 {
		pl.rebuild(t, old, ch)
		return
	}
	p := pl.plan
	for _, c := range ch.drops {
		for _, ix := range old.Indexes {
			if slices.Contains(ix.Columns, c.Name) && pl.have.hasIndex(t.Name, ix.Name) {
				pl.destructive = append(pl.destructive, dropIndexStep(ix, "its column "+t.Name+"."+c.Name+" is dropped", true))
			}
		}
		d := describeDrop(t.Name, c)
		p.hold(t.Name, c.Name, PendingDropColumn, d)
		pl.destructive = append(pl.destructive, Step{Description: d, Destructive: true,
			SQL: fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", database.Ident(t.Name), database.Ident(c.Name))})
	}
	for _, c := range ch.converts {
		d := describeConvert(t.Name, c)
		p.hold(t.Name, c.new.Name, PendingConvert, d)
		col := database.Ident(c.new.Name)
		pl.destructive = append(pl.destructive, Step{Description: d, Destructive: true, checks: checksOf(t.Name, c),
			SQL: fmt.Sprintf("UPDATE %s SET %s = %s WHERE %s IS NOT NULL", database.Ident(t.Name), col, c.conv.Expr, col)})
	}
}

// rebuild replaces a table by a new one with the wanted columns, inside the
// migration's transaction, as SQLite's documentation describes: create the
// new table, copy the rows (converting changed columns, leaving re-pointed
// relations empty), drop the old one, rename the new one, make the indexes
// again. Foreign keys are off for the migration (see migrateTx), so the
// drop neither cascades nor fails on the rows that point at this table;
// they point at the new one after the rename. Columns Kiln does not own
// are carried over, and so are indexes Kiln did not make.
func (pl *planner) rebuild(t TableDef, old *tableState, ch *tableChanges) {
	tmp := "kiln_rebuild_" + t.Name
	nt := TableDef{Name: tmp, Columns: slices.Clone(t.Columns)}
	for _, name := range sortedKeys(pl.have.columns[t.Name]) {
		if t.column(name) == nil && old.column(name) == nil {
			nt.Columns = append(nt.Columns, ColumnDef{Name: name, Type: pl.have.columns[t.Name][name]})
		}
	}
	p := pl.plan
	var why []string
	for _, c := range ch.drops {
		why = append(why, describeDrop(t.Name, c))
		p.hold(t.Name, c.Name, PendingDropColumn, why[len(why)-1])
	}
	var checks []check
	exprs := map[string]string{}
	for _, c := range ch.converts {
		why = append(why, describeConvert(t.Name, c))
		p.hold(t.Name, c.new.Name, PendingConvert, why[len(why)-1])
		exprs[c.new.Name] = c.conv.Expr
		checks = append(checks, checksOf(t.Name, c)...)
	}
	for _, c := range ch.relinks {
		why = append(why, describeRelink(t.Name, c))
		p.hold(t.Name, c.new.Name, PendingRelink, why[len(why)-1])
	}
	var cols, vals []string
	for _, c := range nt.Columns {
		if slices.ContainsFunc(ch.relinks, func(r typeChange) bool { return r.new.Name == c.Name }) {
			continue
		}
		cols = append(cols, database.Ident(c.Name))
		if e, ok := exprs[c.Name]; ok {
			vals = append(vals, e)
		} else {
			vals = append(vals, database.Ident(c.Name))
		}
	}
	step := func(desc, sql string) Step {
		return Step{Description: "rebuild table " + t.Name + ": " + desc, SQL: sql, Destructive: true}
	}
	copyRows := step("copy the rows", fmt.Sprintf("INSERT INTO %s (%s) SELECT %s FROM %s",
		database.Ident(tmp), strings.Join(cols, ", "), strings.Join(vals, ", "), database.Ident(t.Name)))
	copyRows.checks = checks
	pl.destructive = append(pl.destructive,
		step("create "+tmp+" to "+strings.Join(why, "; "), CreateTableSQL(pl.d, nt)),
		// AUTOINCREMENT never reuses an id; the new table keeps the old counter.
		step("keep the id sequence", fmt.Sprintf("INSERT INTO sqlite_sequence (name, seq) SELECT %s, seq FROM sqlite_sequence WHERE name = %s",
			sqlString(tmp), sqlString(t.Name))),
		copyRows,
		step("drop the old table", "DROP TABLE "+database.Ident(t.Name)),
		step("rename "+tmp+" to "+t.Name, fmt.Sprintf("ALTER TABLE %s RENAME TO %s", database.Ident(tmp), database.Ident(t.Name))),
	)
	for _, ix := range t.Indexes {
		st := createIndexStep(t.Name, ix, true)
		pl.destructive = append(pl.destructive, step(st.Description, st.SQL))
	}
	for _, name := range sortedKeys(pl.have.indexes) {
		sql := pl.have.indexSQL[name]
		if pl.have.indexes[name] != t.Name || sql == "" || t.index(name) || (old != nil && old.index(name)) {
			continue
		}
		pl.destructive = append(pl.destructive, step("recreate index "+name, sql))
	}
}

func checksOf(table string, c typeChange) []check {
	if c.conv.Check == "" {
		return nil
	}
	return []check{{what: table + "." + c.new.Name + " to " + fieldOr(c.newFld, c.new.Type),
		sql: fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE %s", database.Ident(table), c.conv.Check)}}
}

func (t *TableDef) index(name string) bool {
	return slices.ContainsFunc(t.Indexes, func(ix IndexDef) bool { return ix.Name == name })
}

// sqlString quotes a string literal; used for table names only, which come
// from the schema.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
