package migrate

import (
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/internal/database"
)

// dropTables plans dropping the tables Kiln made that the schema no longer
// wants: join tables first, then each entry table before the tables it
// points at, since PostgreSQL refuses to drop a table still referenced.
// Tables nobody lists in the snapshot (the snapshot itself, tables of other
// programs) are never dropped.
func (pl *planner) dropTables(want []TableDef) []Step {
	wanted := map[string]bool{}
	for _, t := range want {
		wanted[t.Name] = true
	}
	var joins, entries []string
	for _, name := range sortedKeys(pl.old) {
		if wanted[name] || name == stateTable || !pl.have.hasTable(name) {
			continue
		}
		pl.plan.held[name] = pl.old[name]
		if pl.old[name].Join {
			joins = append(joins, name)
		} else {
			entries = append(entries, name)
		}
	}
	var steps []Step
	drop := func(names ...string) {
		d := "drop table " + strings.Join(names, ", ") + " (data loss)"
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = database.Ident(n)
		}
		for _, n := range names {
			pl.plan.hold(n, "", PendingDropTable, d)
		}
		steps = append(steps, Step{Description: d, SQL: "DROP TABLE " + strings.Join(quoted, ", "), Destructive: true})
	}
	for _, n := range joins {
		drop(n)
	}
	for len(entries) > 0 {
		// The next table is one no remaining table points at.
		i := slices.IndexFunc(entries, func(n string) bool {
			return !slices.ContainsFunc(entries, func(o string) bool { return o != n && pl.refers(o, n) })
		})
		if i < 0 {
			drop(entries...) // a cycle: one statement drops them together
			break
		}
		drop(entries[i])
		entries = slices.Delete(entries, i, i+1)
	}
	return steps
}

// refers reports whether the snapshot's table from has a foreign key to to.
func (pl *planner) refers(from, to string) bool {
	return slices.ContainsFunc(pl.old[from].Columns, func(c ColumnDef) bool { return c.Ref == to })
}
