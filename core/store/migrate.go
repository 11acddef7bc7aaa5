package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// ErrDestructivePending says a migration left out changes that would lose
// data (a removed field or type, a changed type): they run only when the
// caller allows them.
var ErrDestructivePending = errors.New("destructive schema changes are pending")

// stateTable keeps, per table Kiln created, the definition it last applied:
// it tells which tables and columns are Kiln's to drop, and what type a
// column was given (introspected type names differ between databases).
const stateTable = "kiln_schema_state"

// MigrateOptions choose what Migrate may do.
type MigrateOptions struct {
	// AllowDestructive applies drops and type changes too.
	AllowDestructive bool
	// DryRun plans and applies nothing.
	DryRun bool
}

// Step is one statement of a migration.
type Step struct {
	Description string
	SQL         string
	Destructive bool
}

// Plan is the steps that bring a database to a schema, additive ones first.
type Plan struct {
	Steps []Step
	state []TableDef
	drop  []string // state rows to remove (dropped tables)
}

// Empty reports whether the database already matches the schema.
func (p *Plan) Empty() bool { return p == nil || len(p.Steps) == 0 }

// Additive returns the steps that lose nothing.
func (p *Plan) Additive() []Step { return p.filter(false) }

// Destructive returns the steps that drop or convert data.
func (p *Plan) Destructive() []Step { return p.filter(true) }

func (p *Plan) filter(destructive bool) []Step {
	if p == nil {
		return nil
	}
	var out []Step
	for _, s := range p.Steps {
		if s.Destructive == destructive {
			out = append(out, s)
		}
	}
	return out
}

// String lists the steps with their SQL; destructive ones are marked.
func (p *Plan) String() string {
	var b strings.Builder
	for _, s := range p.Steps {
		mark := "+"
		if s.Destructive {
			mark = "! DESTRUCTIVE:"
		}
		fmt.Fprintf(&b, "-- %s %s\n%s;\n", mark, s.Description, s.SQL)
	}
	return b.String()
}

// Migrate plans the changes that bring db to s and applies them in one
// transaction, with the record of what was applied. Destructive steps run
// only with AllowDestructive; otherwise the additive ones still run and
// the error is ErrDestructivePending, with the plan listing what waits.
func Migrate(ctx context.Context, db *DB, s *schema.Schema, opts MigrateOptions) (*Plan, error) {
	plan, err := PlanMigration(ctx, db, s)
	if err != nil || opts.DryRun {
		return plan, err
	}
	pending := len(plan.Destructive()) > 0 && !opts.AllowDestructive
	err = db.RunInTx(ctx, func(ctx context.Context, tx Conn) error {
		for _, st := range plan.Steps {
			if st.Destructive && !opts.AllowDestructive {
				continue
			}
			if _, err := tx.ExecContext(ctx, st.SQL); err != nil {
				return fmt.Errorf("%s: %w", st.Description, err)
			}
		}
		return saveState(ctx, tx, plan, opts.AllowDestructive)
	})
	if err != nil {
		return plan, err
	}
	if pending {
		return plan, ErrDestructivePending
	}
	return plan, nil
}

// PlanMigration compares the schema with the database and the record of
// what Kiln applied before.
func PlanMigration(ctx context.Context, db *DB, s *schema.Schema) (*Plan, error) {
	have, err := introspect(ctx, db)
	if err != nil {
		return nil, err
	}
	state, err := loadState(ctx, db, have)
	if err != nil {
		return nil, err
	}
	p := &Plan{}
	if !have.tables[stateTable] {
		p.Steps = append(p.Steps, Step{Description: "create table " + stateTable,
			SQL: fmt.Sprintf("CREATE TABLE %s (%s VARCHAR(255) PRIMARY KEY, %s TEXT NOT NULL)", Ident(stateTable), Ident("name"), Ident("def"))})
	}
	want := DesiredTables(db.Dialect, s)
	var fks, idx []Step
	for _, t := range want {
		p.state = append(p.state, t)
		if !have.tables[t.Name] {
			p.Steps = append(p.Steps, Step{Description: "create table " + t.Name, SQL: CreateTableSQL(db.Dialect, t)})
			for _, c := range t.Columns {
				if c.Ref != "" && db.Dialect == Postgres {
					fks = append(fks, Step{Description: "add foreign key " + t.Name + "." + c.Name, SQL: ForeignKeySQL(t.Name, c)})
				}
			}
		} else {
			p.Steps = append(p.Steps, columnSteps(db.Dialect, t, have, state[t.Name])...)
		}
		for _, ix := range t.Indexes {
			if !have.indexes[ix.Name] {
				idx = append(idx, Step{Description: "create index " + ix.Name, SQL: CreateIndexSQL(t.Name, ix)})
			}
		}
	}
	p.Steps = append(append(p.Steps, fks...), idx...)
	p.Steps = append(p.Steps, dropSteps(want, have, state, p)...)
	return p, nil
}

// columnSteps adds missing columns, and plans drops and type changes of
// columns Kiln created before.
func columnSteps(d Dialect, t TableDef, have *dbState, old *TableDef) []Step {
	var steps []Step
	wanted := map[string]bool{}
	for _, c := range t.Columns {
		wanted[c.Name] = true
		if !have.columns[t.Name][c.Name] {
			steps = append(steps, Step{Description: "add column " + t.Name + "." + c.Name, SQL: AddColumnSQL(d, t.Name, c)})
			continue
		}
		if prev := old.column(c.Name); prev != nil && prev.Type != c.Type && !c.PrimaryKey {
			steps = append(steps, Step{Description: fmt.Sprintf("change type of %s.%s from %s to %s (values are converted)", t.Name, c.Name, prev.Type, c.Type),
				SQL: changeTypeSQL(d, t.Name, c), Destructive: true})
		}
	}
	if old == nil {
		return steps
	}
	for _, c := range old.Columns {
		if wanted[c.Name] || !have.columns[t.Name][c.Name] {
			continue
		}
		for _, ix := range old.Indexes {
			if d == SQLite && contains(ix.Columns, c.Name) && have.indexes[ix.Name] {
				steps = append(steps, Step{Description: "drop index " + ix.Name, SQL: "DROP INDEX IF EXISTS " + Ident(ix.Name), Destructive: true})
			}
		}
		steps = append(steps, Step{Description: fmt.Sprintf("drop column %s.%s (its data is lost)", t.Name, c.Name),
			SQL: fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", Ident(t.Name), Ident(c.Name)), Destructive: true})
	}
	return steps
}

// changeTypeSQL converts a column's values. SQLite's column types are only
// affinities, so its values are cast in place.
func changeTypeSQL(d Dialect, table string, c ColumnDef) string {
	if d == Postgres {
		return fmt.Sprintf("ALTER TABLE %s ALTER COLUMN %s TYPE %s USING %s::%s", Ident(table), Ident(c.Name), c.Type, Ident(c.Name), c.Type)
	}
	affinity := "TEXT"
	switch {
	case strings.HasPrefix(c.Type, "INTEGER"):
		affinity = "INTEGER"
	case c.Type == "REAL":
		affinity = "REAL"
	}
	return fmt.Sprintf("UPDATE %s SET %s = CAST(%s AS %s)", Ident(table), Ident(c.Name), Ident(c.Name), affinity)
}

// dropSteps plans dropping the tables Kiln created that the schema no
// longer has; join tables first, since they reference entry tables.
func dropSteps(want []TableDef, have *dbState, state map[string]*TableDef, p *Plan) []Step {
	wanted := map[string]bool{}
	for _, t := range want {
		wanted[t.Name] = true
	}
	var joins, entries []Step
	for name, def := range state {
		if wanted[name] || !have.tables[name] {
			continue
		}
		p.drop = append(p.drop, name)
		st := Step{Description: "drop table " + name + " (its data is lost)", SQL: "DROP TABLE " + Ident(name), Destructive: true}
		if def.Join {
			joins = append(joins, st)
		} else {
			entries = append(entries, st)
		}
	}
	sortSteps(joins)
	sortSteps(entries)
	return append(joins, entries...)
}

func sortSteps(s []Step) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].SQL < s[j-1].SQL; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func (t *TableDef) column(name string) *ColumnDef {
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// saveState records what is now applied. Tables whose destructive changes
// were held back keep their old record, so the next plan shows them again.
func saveState(ctx context.Context, tx Conn, p *Plan, destructiveApplied bool) error {
	held := map[string]bool{}
	if !destructiveApplied {
		for _, st := range p.Destructive() {
			held[tableOf(st.Description)] = true
		}
	}
	for _, t := range p.state {
		if held[t.Name] {
			continue
		}
		def, err := json.Marshal(t)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+Ident(stateTable)+" WHERE "+Ident("name")+" = ?", t.Name); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+Ident(stateTable)+" ("+Ident("name")+", "+Ident("def")+") VALUES (?, ?)", t.Name, string(def)); err != nil {
			return err
		}
	}
	if destructiveApplied {
		for _, name := range p.drop {
			if _, err := tx.ExecContext(ctx, "DELETE FROM "+Ident(stateTable)+" WHERE "+Ident("name")+" = ?", name); err != nil {
				return err
			}
		}
	}
	return nil
}

// tableOf reads the table out of a step description ("drop column t.c ...").
func tableOf(desc string) string {
	fields := strings.Fields(desc)
	for _, f := range fields {
		if i := strings.IndexByte(f, '.'); i > 0 {
			return f[:i]
		}
	}
	if len(fields) >= 3 && fields[1] == "table" {
		return fields[2]
	}
	return ""
}
