package migrate

import (
	"fmt"
	"slices"

	"github.com/kiln-cms/kiln/internal/database"
)

// alterPostgres drops and converts columns in place; dropping a column
// drops its indexes and foreign key with it.
func (pl *planner) alterPostgres(t TableDef, ch *tableChanges) {
	p := pl.plan
	for _, c := range ch.drops {
		d := describeDrop(t.Name, c)
		p.hold(t.Name, c.Name, PendingDropColumn, d)
		pl.destructive = append(pl.destructive, Step{Description: d, Destructive: true,
			SQL: fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", database.Ident(t.Name), database.Ident(c.Name))})
	}
	for _, c := range ch.converts {
		d := describeConvert(t.Name, c)
		p.hold(t.Name, c.new.Name, PendingConvert, d)
		pl.destructive = append(pl.destructive, Step{Description: d, Destructive: true,
			SQL: fmt.Sprintf("ALTER TABLE %s ALTER COLUMN %s TYPE %s USING %s", database.Ident(t.Name), database.Ident(c.new.Name), c.new.Type, c.conv.Expr)})
	}
	for _, c := range ch.relinks {
		d := describeRelink(t.Name, c)
		p.hold(t.Name, c.new.Name, PendingRelink, d)
		pl.destructive = append(pl.destructive,
			Step{Description: d, Destructive: true, SQL: fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", database.Ident(t.Name), database.Ident(c.new.Name))},
			Step{Description: "add column " + t.Name + "." + c.new.Name, Destructive: true, SQL: AddColumnSQL(pl.d, t.Name, c.new)})
		for _, ix := range t.Indexes {
			if slices.Contains(ix.Columns, c.new.Name) {
				pl.destructive = append(pl.destructive, createIndexStep(t.Name, ix, true))
			}
		}
	}
}
