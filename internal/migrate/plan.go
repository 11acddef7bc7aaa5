package migrate

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// Step is one statement of a migration.
type Step struct {
	SQL string
	// Destructive marks a step that drops or converts data: it runs only
	// with Options.AllowDestructive.
	Destructive bool
	// Description says what the step does to whom, for a person:
	// "add column programs.capacity", "drop column programs.old (data loss)".
	Description string

	// checks run before the step, on SQLite: each counts the rows whose
	// values cannot convert, and the migration stops when there are any.
	checks []check
	// optional steps (a plugin's constraint) run after their before
	// statements in a savepoint; a failure is a warning, not an error.
	optional bool
	before   []string
}

// check is a count of unconvertible values (what: "notes.pages to integer").
type check struct{ sql, what string }

// Plan is what brings a database to a schema: additive steps first, then
// destructive ones, in the order they run.
type Plan struct {
	Steps []Step
	// Warnings are the optional steps that could not be applied, and why.
	Warnings []string

	// pending says what the destructive steps change.
	pending []Pending
	// loaded is the snapshot as read; full and held are the snapshot to
	// write after applying every step, or only the additive ones.
	loaded     map[string]string
	full, held map[string]*tableState
}

// Empty reports whether the database already matches the schema.
func (p *Plan) Empty() bool { return p == nil || len(p.Steps) == 0 }

// Additive returns the steps that lose nothing (creating tables, columns and
// indexes, and dropping indexes no longer wanted).
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

// String lists each step as an SQL comment with its description (marked
// DESTRUCTIVE when it is) followed by its statement: what `kiln migrate
// --dry-run` prints, and a script a person could run by hand.
func (p *Plan) String() string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	for i, s := range p.Steps {
		if i > 0 {
			b.WriteByte('\n')
		}
		mark := ""
		if s.Destructive {
			mark = "DESTRUCTIVE: "
		}
		fmt.Fprintf(&b, "-- %s%s\n", mark, s.Description)
		for _, before := range s.before {
			fmt.Fprintf(&b, "%s;\n", before)
		}
		fmt.Fprintf(&b, "%s;\n", s.SQL)
	}
	return b.String()
}

// Preview compares what the schema (and the plugins' extra) wants with
// what the database has (introspected) and what Kiln applied before (the
// snapshot), and returns the steps without running any.
func Preview(ctx context.Context, db *database.DB, s *schema.Schema, extra Extra) (*Plan, error) {
	return planMigration(ctx, db, db.Dialect, s, extra)
}

func planMigration(ctx context.Context, conn database.Conn, d database.Dialect, s *schema.Schema, extra Extra) (*Plan, error) {
	have, err := introspect(ctx, conn, d)
	if err != nil {
		return nil, err
	}
	old, raw, err := loadState(ctx, conn, have)
	if err != nil {
		return nil, err
	}
	pl := &planner{d: d, have: have, old: old, fields: desiredFields(s),
		plan: &Plan{loaded: raw, full: map[string]*tableState{}, held: map[string]*tableState{}}}
	if pl.copies, err = draftCopies(ctx, conn, have, s); err != nil {
		return nil, err
	}
	pl.rels = storageOf(s)
	pl.run(append(DesiredTables(d, s), extra.Tables...))
	pl.constraints(extra.Constraints)
	return pl.plan, nil
}

// planner builds a Plan. Steps are collected by kind and joined in the order
// they can run: tables, columns, foreign keys, indexes, then everything
// destructive, table drops last.
type planner struct {
	d      database.Dialect
	have   *dbState
	old    map[string]*tableState
	fields map[string]map[string]schema.FieldType
	plan   *Plan

	creates, adds, fks, dropIdx, addIdx, destructive []Step
	// copies give published rows their draft version (drafts.go), and
	// relinks keep the links of relations from before per version
	// (relinkSteps); rels finds the relation of a column or join table.
	copies, relinks []Step
	rels            map[string]*schema.Attribute
}

func (pl *planner) run(want []TableDef) {
	if !pl.have.hasTable(stateTable) {
		pl.creates = append(pl.creates, Step{Description: "create table " + stateTable + " (what Kiln applied)", SQL: createStateSQL()})
	}
	// The core's own tables, like the state table, are made when missing
	// and are no part of the snapshot: no schema change alters or drops them.
	for _, t := range coreTables(pl.d) {
		if !pl.have.hasTable(t.Name) {
			pl.createTable(t, &pl.creates, &pl.fks, &pl.addIdx, false)
		}
	}
	wanted := map[string]bool{}
	for _, t := range want {
		wanted[t.Name] = true
	}
	for _, t := range want {
		if t.Was != "" && !wanted[t.Was] && !pl.have.hasTable(t.Name) && pl.have.hasTable(t.Was) {
			pl.renameTable(t)
		}
		next := &tableState{TableDef: t, Fields: pl.fields[t.Name]}
		pl.plan.full[t.Name] = next
		old := pl.old[t.Name]
		switch {
		case !pl.have.hasTable(t.Name):
			pl.createTable(t, &pl.creates, &pl.fks, &pl.addIdx, false)
			pl.plan.held[t.Name] = next
		case t.Join && pl.joinChanged(t, old):
			pl.recreateJoin(t)
			if old != nil {
				pl.plan.held[t.Name] = old
			}
		default:
			pl.plan.held[t.Name] = pl.alterTable(next, old)
			pl.relinkSteps(t, old)
		}
	}
	drops := pl.dropTables(want)
	p := pl.plan
	for _, list := range [][]Step{pl.creates, pl.adds, pl.fks, pl.dropIdx, pl.addIdx, pl.copies, pl.relinks, pl.destructive, drops} {
		p.Steps = append(p.Steps, list...)
	}
}

// renameTable renames a table Kiln named before it named tables as Strapi
// does, and its columns named the old way, first of all steps; the plan
// then goes on as if the database had them under their new names. The
// table's indexes follow it; those no longer wanted are dropped.
func (pl *planner) renameTable(t TableDef) {
	pl.creates = append(pl.creates, Step{Description: "rename table " + t.Was + " to " + t.Name,
		SQL: "ALTER TABLE " + database.Ident(t.Was) + " RENAME TO " + database.Ident(t.Name)})
	cols := pl.have.columns[t.Was]
	renamed := map[string]string{}
	for _, c := range t.Columns {
		if _, ok := cols[c.Name]; ok || c.Was == "" {
			continue
		}
		if typ, ok := cols[c.Was]; ok {
			pl.creates = append(pl.creates, Step{Description: "rename column " + t.Name + "." + c.Was + " to " + c.Name,
				SQL: RenameColumnSQL(t.Name, c.Was, c.Name)})
			delete(cols, c.Was)
			cols[c.Name] = typ
			renamed[c.Was] = c.Name
		}
	}
	delete(pl.have.columns, t.Was)
	pl.have.columns[t.Name] = cols
	for ix, table := range pl.have.indexes {
		if table == t.Was {
			pl.have.indexes[ix] = t.Name
		}
	}
	if old := pl.old[t.Was]; old != nil {
		// The snapshot as if Kiln had made the table under its new names.
		moved := &tableState{TableDef: old.TableDef, Fields: map[string]schema.FieldType{}}
		moved.Name, moved.Columns = t.Name, slices.Clone(old.Columns)
		for i, c := range moved.Columns {
			if n, ok := renamed[c.Name]; ok {
				moved.Columns[i].Name = n
			}
		}
		for col, f := range old.Fields {
			if n, ok := renamed[col]; ok {
				col = n
			}
			moved.Fields[col] = f
		}
		delete(pl.old, t.Was)
		pl.old[t.Name] = moved
	}
	// Foreign keys follow a renamed table in both databases.
	for _, other := range pl.old {
		for i, c := range other.Columns {
			if c.Ref == t.Was {
				other.Columns[i].Ref = t.Name
			}
		}
	}
}

// createTable adds the steps that create t: on PostgreSQL its foreign keys
// come later, once every table they point at exists.
func (pl *planner) createTable(t TableDef, creates, fks, idx *[]Step, destructive bool) {
	*creates = append(*creates, Step{Description: "create table " + t.Name, SQL: CreateTableSQL(pl.d, t), Destructive: destructive})
	for _, c := range t.Columns {
		if c.Ref != "" && pl.d == database.Postgres {
			*fks = append(*fks, Step{Description: fmt.Sprintf("add foreign key %s.%s -> %s", t.Name, c.Name, c.Ref),
				SQL: ForeignKeySQL(t.Name, c), Destructive: destructive})
		}
	}
	for _, ix := range t.Indexes {
		*idx = append(*idx, createIndexStep(t.Name, ix, destructive))
	}
}

func createIndexStep(table string, ix IndexDef, destructive bool) Step {
	return Step{Description: fmt.Sprintf("create index %s on %s (%s)", ix.Name, table, strings.Join(ix.Columns, ", ")),
		SQL: CreateIndexSQL(table, ix), Destructive: destructive}
}

// uniqueAdded makes the step that adds a unique index to a table that has
// rows optional: rows may already share a value (a field just made
// unique), and the database then refuses the index. Failing the whole
// migration for it would stop the server from starting; instead the plan's
// Warnings say so, the content service keeps refusing new duplicates, and
// the next migration tries again once the rows are fixed.
func uniqueAdded(st Step, ix IndexDef) Step {
	if ix.Unique {
		st.optional = true
		st.Description += " (optional: not made while rows share a value)"
	}
	return st
}

func dropIndexStep(ix IndexDef, why string, destructive bool) Step {
	return Step{Description: "drop index " + ix.Name + " (" + why + ")",
		SQL: "DROP INDEX IF EXISTS " + database.Ident(ix.Name), Destructive: destructive}
}

// joinChanged reports whether a join table exists with other link columns
// than the schema wants (its relation now targets another type): links
// between other tables cannot be kept, so it is dropped and made again. A
// missing order column is only added (alterTable).
func (pl *planner) joinChanged(t TableDef, old *tableState) bool {
	for _, c := range t.Columns {
		if c.Ref == "" && !c.PrimaryKey {
			continue
		}
		if !pl.have.hasColumn(t.Name, c.Name) {
			return true
		}
		if prev := old.column(c.Name); old != nil && (prev == nil || prev.Ref != c.Ref) {
			return true
		}
	}
	return false
}

func (pl *planner) recreateJoin(t TableDef) {
	why := fmt.Sprintf("recreate join table %s (data loss: its links now join other tables)", t.Name)
	pl.plan.hold(t.Name, "", PendingRecreateJoin, why)
	pl.destructive = append(pl.destructive, Step{Description: why, SQL: "DROP TABLE " + database.Ident(t.Name), Destructive: true})
	var fks, idx []Step
	pl.createTable(t, &pl.destructive, &fks, &idx, true)
	pl.destructive = append(append(pl.destructive, fks...), idx...)
}

// tableChanges is what happens to the columns of a table that stays.
type tableChanges struct {
	drops    []ColumnDef  // columns Kiln made that the schema no longer has
	converts []typeChange // columns whose type changed
	relinks  []typeChange // relation columns that now point at another table
}

func (ch *tableChanges) empty() bool {
	return len(ch.drops)+len(ch.converts)+len(ch.relinks) == 0
}

func (ch *tableChanges) dropped(col string) bool {
	return slices.ContainsFunc(ch.drops, func(c ColumnDef) bool { return c.Name == col })
}

// alterTable plans an existing table: missing columns and indexes at once,
// the rest as destructive steps. It returns the snapshot to keep when the
// destructive steps are held back: the old definitions of what they change,
// so that the next plan offers them again.
func (pl *planner) alterTable(next *tableState, old *tableState) *tableState {
	t := next.TableDef
	renamed := map[string]bool{}
	for _, c := range t.Columns {
		switch {
		case pl.have.hasColumn(t.Name, c.Name):
		case c.Was != "" && pl.have.hasColumn(t.Name, c.Was) && t.column(c.Was) == nil:
			// The field's column from before Kiln named columns as
			// Strapi does: renamed, its values kept.
			pl.adds = append(pl.adds, Step{Description: "rename column " + t.Name + "." + c.Was + " to " + c.Name,
				SQL: RenameColumnSQL(t.Name, c.Was, c.Name)})
			renamed[c.Was] = true
		default:
			pl.adds = append(pl.adds, Step{Description: "add column " + t.Name + "." + c.Name, SQL: AddColumnSQL(pl.d, t.Name, c)})
		}
	}
	ch := pl.changes(next, old)
	ch.drops = slices.DeleteFunc(ch.drops, func(c ColumnDef) bool { return renamed[c.Name] })
	wanted := map[string]bool{}
	for _, ix := range t.Indexes {
		wanted[ix.Name] = true
		if !pl.have.hasIndex(t.Name, ix.Name) {
			pl.addIdx = append(pl.addIdx, uniqueAdded(createIndexStep(t.Name, ix, false), ix))
		}
	}
	held := &tableState{TableDef: t, Fields: maps.Clone(next.Fields)}
	held.Columns, held.Indexes = slices.Clone(t.Columns), slices.Clone(t.Indexes)
	if old != nil {
		for _, ix := range old.Indexes {
			if wanted[ix.Name] || !pl.have.hasIndex(t.Name, ix.Name) {
				continue
			}
			if slices.ContainsFunc(ix.Columns, ch.dropped) {
				held.Indexes = append(held.Indexes, ix) // goes with its column
				continue
			}
			pl.dropIdx = append(pl.dropIdx, dropIndexStep(ix, "no longer wanted", false))
		}
	}
	if ch.empty() {
		return next
	}
	for _, c := range slices.Concat(ch.converts, ch.relinks) {
		i := slices.IndexFunc(held.Columns, func(h ColumnDef) bool { return h.Name == c.new.Name })
		held.Columns[i] = c.old
		setField(held, c.old.Name, c.oldField)
	}
	for _, c := range ch.drops {
		held.Columns = append(held.Columns, c)
		setField(held, c.Name, old.Fields[c.Name])
	}
	if pl.d == database.Postgres {
		pl.alterPostgres(t, ch)
	} else {
		pl.alterSQLite(t, old, ch)
	}
	return held
}

func setField(t *tableState, col string, f schema.FieldType) {
	if f == "" {
		delete(t.Fields, col)
		return
	}
	if t.Fields == nil {
		t.Fields = map[string]schema.FieldType{}
	}
	t.Fields[col] = f
}

// changes compares an existing table with the snapshot. Only columns the
// snapshot lists are Kiln's: a column someone else added is left alone, and
// without a snapshot nothing is dropped or converted.
func (pl *planner) changes(next, old *tableState) *tableChanges {
	ch := &tableChanges{}
	if old == nil {
		return ch
	}
	t := next.TableDef
	for _, c := range t.Columns {
		prev := old.column(c.Name)
		if prev == nil || c.PrimaryKey || !pl.have.hasColumn(t.Name, c.Name) {
			continue
		}
		tc := typeChange{old: *prev, new: c, oldField: old.Fields[c.Name], newFld: next.Fields[c.Name]}
		if prev.Ref != c.Ref {
			ch.relinks = append(ch.relinks, tc)
			continue
		}
		if tc.oldField == "" || tc.newFld == "" {
			tc.oldField, tc.newFld = "", "" // the SQL type is all there is to go on
		}
		if prev.Type == c.Type && tc.oldField == tc.newFld {
			continue
		}
		conv, ok := convert(pl.d, c.Name, *prev, c, tc.oldField, tc.newFld)
		if ok {
			tc.conv = conv
			ch.converts = append(ch.converts, tc)
		}
	}
	for _, c := range old.Columns {
		if t.column(c.Name) == nil && pl.have.hasColumn(t.Name, c.Name) {
			ch.drops = append(ch.drops, c)
		}
	}
	return ch
}

func (t *TableDef) column(name string) *ColumnDef {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// describeDrop and the next say what a change does, in the plan's words.
func describeDrop(table string, c ColumnDef) string {
	return fmt.Sprintf("drop column %s.%s (data loss)", table, c.Name)
}

func describeConvert(table string, c typeChange) string {
	from, to := c.old.Type, c.new.Type
	if c.oldField != c.newFld {
		from, to = string(c.oldField), string(c.newFld)
	}
	return fmt.Sprintf("change type of %s.%s from %s to %s (values converted)", table, c.new.Name, from, to)
}

func describeRelink(table string, c typeChange) string {
	if c.new.Ref == "" {
		return fmt.Sprintf("replace relation column %s.%s by a %s field (data loss)", table, c.new.Name, fieldOr(c.newFld, c.new.Type))
	}
	if c.old.Ref == "" {
		return fmt.Sprintf("replace column %s.%s by a relation to %s (data loss)", table, c.new.Name, c.new.Ref)
	}
	return fmt.Sprintf("point %s.%s at %s instead of %s (data loss: its links are cleared)", table, c.new.Name, c.new.Ref, c.old.Ref)
}

// fieldOr names a column's type by its field type when known.
func fieldOr(f schema.FieldType, sqlType string) string {
	if f != "" {
		return string(f)
	}
	return sqlType
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// constraints appends a step for each plugin constraint missing from its
// table, on PostgreSQL: optional, after everything else.
func (pl *planner) constraints(list []ConstraintDef) {
	if pl.d != database.Postgres {
		return
	}
	for _, c := range list {
		// Already there, or its table is neither there nor made now (a
		// plugin's constraint on a content type this project lacks).
		if pl.have.constraints[c.Name] == c.Table || (!pl.have.hasTable(c.Table) && pl.plan.full[c.Table] == nil) {
			continue
		}
		pl.plan.Steps = append(pl.plan.Steps, Step{
			Description: fmt.Sprintf("add constraint %s on %s (optional: kept by its plugin when it cannot be added)", c.Name, c.Table),
			SQL:         "ALTER TABLE " + database.Ident(c.Table) + " ADD CONSTRAINT " + database.Ident(c.Name) + " " + c.SQL,
			optional:    true, before: c.Before,
		})
	}
}
