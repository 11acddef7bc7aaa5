package migrate

import (
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// TableDef is a table as the schema wants it: the unit migrations compare.
type TableDef struct {
	Name    string
	Columns []ColumnDef
	Indexes []IndexDef
	// Join marks a manyToMany join table.
	Join bool
	// Links, on a join table, is LinksPerVersion when its links are kept
	// per version (internal/store versions.go); the snapshot tells a table
	// from before that layout, whose links the migration converts
	// (relinkSteps).
	Links string `json:",omitempty"`
	// Was is the table's name before Kiln named tables as Strapi does
	// (a long name whole, a join table in Kiln's snake_case), when it
	// differs: a database that has it and not Name gets it renamed.
	Was string `json:"-"`
}

// LinksPerVersion marks, in the snapshot, a relation's column or join
// table whose links are kept per version.
const LinksPerVersion = "versions"

// linksOf is the Links mark of relation a's storage.
func linksOf(a *schema.Attribute) string {
	if a.Versioned() {
		return LinksPerVersion
	}
	return ""
}

// ColumnDef is one column of a TableDef.
type ColumnDef struct {
	Name string
	// Type is the dialect's SQL type ("VARCHAR(255)", "BIGINT", ...).
	Type    string
	NotNull bool
	// PrimaryKey marks the id column, whose definition is Type verbatim.
	PrimaryKey bool
	// Ref is the table a foreign key points at (its id), with the action
	// taken when that row goes.
	Ref      string
	OnDelete string
	// Links is TableDef.Links for a relation's foreign-key column.
	Links string `json:",omitempty"`
	// Default is the column's DEFAULT, an SQL literal: what the rows a
	// table had get when the column is added (a localized type's locale).
	Default string `json:",omitempty"`
	// Was is the column's name before Kiln named columns as Strapi does
	// (schema.LegacyColumn), when it differs: a table that has it and
	// not Name gets it renamed.
	Was string `json:"-"`
}

// IndexDef is one index of a TableDef.
type IndexDef struct {
	Name    string
	Columns []string
	Unique  bool
	// Where makes a partial index: only the rows it holds for are
	// indexed (one version of a draft & publish type).
	Where string `json:",omitempty"`
}

// ColumnType is the SQL type of a field type's column on a dialect (a
// plugin's own table names its columns by field type). Dates and times
// are TEXT on SQLite in fixed-width ISO forms, so that text order is time
// order and comparisons in SQL stay correct.
func ColumnType(d database.Dialect, t schema.FieldType) string {
	if k := schema.KindOf(t); k != nil {
		return k.Column(d)
	}
	return "VARCHAR(255)"
}

// timeKind is the kind of the timestamps' columns.
var timeKind = schema.KindOf(schema.DateTime)

// DesiredTables is every table the schema needs on a dialect, entry tables
// first (in schema order), then the components' tables, then join tables.
func DesiredTables(d database.Dialect, s *schema.Schema) []TableDef {
	var out, joins []TableDef
	for _, ct := range s.Types {
		out = append(out, entryTable(d, ct, s.DefaultLocale()))
		for _, a := range ct.Attributes {
			if a.JoinTable != "" && a.MappedBy == "" {
				joins = append(joins, joinTable(d, a))
			}
		}
	}
	for _, c := range s.Components {
		out = append(out, componentTable(d, c))
		for _, a := range c.Attributes {
			if a.JoinTable != "" {
				joins = append(joins, joinTable(d, a))
			}
		}
	}
	for _, holder := range append(append([]*schema.ContentType(nil), s.Types...), s.Components...) {
		if holder.HoldsComponents() {
			joins = append(joins, componentJoinTable(d, holder))
		}
	}
	return append(out, joins...)
}

// componentTable holds a component's rows: an id, the component's scalar
// fields and its to-one relations' foreign keys, as Strapi 5's component
// tables (no documentId, no timestamps: a component row is part of its
// holder's).
func componentTable(d database.Dialect, c *schema.ContentType) TableDef {
	was, _ := c.LegacyTables()
	t := TableDef{Name: c.Table, Columns: []ColumnDef{idColumn(d)}, Was: legacyTable(d, was, c.Table)}
	for _, a := range c.Attributes {
		switch {
		case a.IsScalar():
			t.Columns = append(t.Columns, ColumnDef{Name: a.Column, Type: a.Kind.Column(d), Was: legacy(a)})
		case a.IsRelation() && a.Column != "":
			for _, col := range a.Columns() {
				t.Columns = append(t.Columns, ColumnDef{Name: col, Type: a.Kind.Column(d), Ref: a.TargetType.Table, OnDelete: "SET NULL", Links: linksOf(a),
					Was: legacyLink(a, col)})
				t.Indexes = append(t.Indexes, IndexDef{Name: indexName(c.Table, col, false), Columns: []string{col}})
			}
		}
	}
	return t
}

// componentJoinTable links a holder's rows to their components' rows
// (schema.ComponentJoin). cmp_id has no foreign key: it points into the
// table of its component_type. A holder's row going takes its links
// with it; the store deletes the component rows themselves.
func componentJoinTable(d database.Dialect, holder *schema.ContentType) TableDef {
	name := schema.ComponentJoin(holder)
	_, was := holder.LegacyTables()
	return TableDef{Name: name, Was: legacyTable(d, was, name),
		Columns: []ColumnDef{idColumn(d),
			{Name: schema.CmpEntity, Type: "BIGINT", NotNull: true, Ref: holder.Table, OnDelete: "CASCADE"},
			{Name: schema.CmpID, Type: "BIGINT", NotNull: true},
			{Name: schema.CmpType, Type: "VARCHAR(255)", NotNull: true},
			{Name: schema.CmpField, Type: "VARCHAR(255)", NotNull: true},
			{Name: schema.CmpOrder, Type: "BIGINT", NotNull: true},
		},
		Indexes: []IndexDef{
			{Name: indexName(name, "uq", true), Columns: []string{schema.CmpEntity, schema.CmpID, schema.CmpField, schema.CmpType}, Unique: true},
			{Name: indexName(name, schema.CmpField, false), Columns: []string{schema.CmpEntity, schema.CmpField, schema.CmpOrder}},
			// From a component row back to its holder: filters on a
			// component's fields, and deleting a component's rows.
			{Name: indexName(name, schema.CmpID, false), Columns: []string{schema.CmpType, schema.CmpID}},
		}}
}

// legacy is a scalar field's column as Kiln named it before following
// Strapi's snake_case ("title2" was title2, now title_2), or "".
func legacy(a *schema.Attribute) string {
	if was := schema.LegacyColumn(a.Name); was != a.Column {
		return was
	}
	return ""
}

// legacyTable is a table's name before Kiln shortened names as Strapi
// does, as the database holds it (PostgreSQL cut it at 63 bytes), or ""
// when it is name.
func legacyTable(d database.Dialect, was, name string) string {
	if d == database.Postgres && len(was) > 63 {
		was = was[:63]
	}
	if was == name {
		return ""
	}
	return was
}

// legacyLink is the name Kiln gave a relation's foreign-key column col
// (its Column, or its DraftColumn) before following Strapi's snake_case,
// or "".
func legacyLink(a *schema.Attribute, col string) string {
	was := schema.LegacyFKColumn(a.Name)
	if col == a.DraftColumn {
		was = strings.TrimSuffix(was, "_id") + "_draft_id"
	}
	if was != col {
		return was
	}
	return ""
}

// RenameColumnSQL renames a column (PostgreSQL, and SQLite since 3.25);
// its indexes follow it.
func RenameColumnSQL(table, from, to string) string {
	return fmt.Sprintf("ALTER TABLE %s RENAME COLUMN %s TO %s", database.Ident(table), database.Ident(from), database.Ident(to))
}

func idColumn(d database.Dialect) ColumnDef {
	if d == database.Postgres {
		return ColumnDef{Name: schema.ColID, Type: "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", PrimaryKey: true}
	}
	return ColumnDef{Name: schema.ColID, Type: "INTEGER PRIMARY KEY AUTOINCREMENT", PrimaryKey: true}
}

func entryTable(d database.Dialect, ct *schema.ContentType, defaultLocale string) TableDef {
	dt := timeKind.Column(d)
	was, _ := ct.LegacyTables()
	t := TableDef{Name: ct.Table, Was: legacyTable(d, was, ct.Table)}
	t.Columns = append(t.Columns, idColumn(d),
		ColumnDef{Name: schema.ColDocumentID, Type: "VARCHAR(24)", NotNull: true})
	t.Indexes = append(t.Indexes, UniqueIndexes(ct, schema.ColDocumentID)...)
	for _, a := range ct.Attributes {
		switch {
		case a.IsScalar():
			t.Columns = append(t.Columns, ColumnDef{Name: a.Column, Type: a.Kind.Column(d), Was: legacy(a)})
			switch {
			case a.Unique:
				t.Indexes = append(t.Indexes, UniqueIndexes(ct, a.Column)...)
			case a.Index:
				t.Indexes = append(t.Indexes, IndexDef{Name: indexName(ct.Table, a.Column, false), Columns: []string{a.Column}})
			case a.Type == schema.Enumeration || a.Type == schema.Boolean:
				t.Indexes = append(t.Indexes, countIndex(ct, a.Column))
			}
		case a.Column != "":
			for _, c := range a.Columns() {
				t.Columns = append(t.Columns, ColumnDef{Name: c, Type: a.Kind.Column(d),
					Ref: a.TargetType.Table, OnDelete: "SET NULL", Links: linksOf(a), Was: legacyLink(a, c)})
				if a.RelationKind == schema.OneToOne {
					t.Indexes = append(t.Indexes, UniqueIndexes(ct, c)...)
				} else {
					t.Indexes = append(t.Indexes, IndexDef{Name: indexName(ct.Table, c, false), Columns: []string{c}})
				}
			}
		}
	}
	t.Columns = append(t.Columns,
		ColumnDef{Name: schema.ColCreatedAt, Type: dt, NotNull: true},
		ColumnDef{Name: schema.ColUpdatedAt, Type: dt, NotNull: true},
		ColumnDef{Name: schema.ColPublishedAt, Type: dt})
	if ct.Localized {
		// The rows of a type that was not localized become the default
		// locale's when the column is added (docs/i18n.md).
		t.Columns = append(t.Columns, ColumnDef{Name: schema.ColLocale, Type: "VARCHAR(35)", NotNull: true,
			Default: "'" + strings.ReplaceAll(defaultLocale, "'", "''") + "'"})
	}
	t.Indexes = append(t.Indexes, IndexDef{Name: indexName(ct.Table, schema.ColPublishedAt, false),
		Columns: []string{schema.ColPublishedAt}})
	return t
}

// joinTable is a manyToMany's links, each with its place in both lists:
// schema.JoinOrder(JoinTarget) orders the targets of one owner (the owning
// side's list), schema.JoinOrder(JoinSelf) the owners of one target (the mapped
// side's). The order columns came after the links: rows from before them
// have NULL there, which sorts first, in id order (see internal/store populate.go).
func joinTable(d database.Dialect, a *schema.Attribute) TableDef {
	wasTable, wasSelf, wasTarget := schema.LegacyJoin(a)
	t := TableDef{Name: a.JoinTable, Join: true, Links: linksOf(a), Was: legacyTable(d, wasTable, a.JoinTable)}
	legacyOrder := func(c string) string { return strings.TrimSuffix(c, "_id") + "_ord" }
	t.Columns = []ColumnDef{idColumn(d),
		{Name: a.JoinSelf, Type: "BIGINT", NotNull: true, Ref: a.Owner.Table, OnDelete: "CASCADE", Was: wasSelf},
		{Name: a.JoinTarget, Type: "BIGINT", NotNull: true, Ref: a.TargetType.Table, OnDelete: "CASCADE", Was: wasTarget},
		{Name: schema.JoinOrder(a.JoinTarget), Type: "BIGINT", Was: legacyOrder(wasTarget)},
		{Name: schema.JoinOrder(a.JoinSelf), Type: "BIGINT", Was: legacyOrder(wasSelf)},
	}
	t.Indexes = []IndexDef{
		{Name: indexName(a.JoinTable, "pair", true), Columns: []string{a.JoinSelf, a.JoinTarget}, Unique: true},
		{Name: indexName(a.JoinTable, a.JoinTarget, false), Columns: []string{a.JoinTarget}},
		// A link appended to a target's list takes the place after the
		// list's last: MAX(order) of one target, read from this index's
		// end instead of from every link the target has.
		{Name: indexName(a.JoinTable, schema.JoinOrder(a.JoinSelf), false), Columns: []string{a.JoinTarget, schema.JoinOrder(a.JoinSelf)}},
	}
	return t
}

// UniqueIndexes makes column unique: "<table>_<column>_uq" on a type
// without draft & publish; on one with it, unique within each version
// (two partial indexes, "_draft_uq" and "_pub_uq"), since a document's
// draft and published rows share their values.
func UniqueIndexes(ct *schema.ContentType, column string) []IndexDef {
	// On a localized type a value is unique within a locale: the index
	// has the locale too, and another name, so that localizing a type
	// replaces the index that held across locales.
	cols, name := []string{column}, column
	if ct.Localized {
		cols, name = []string{column, schema.ColLocale}, column+"_locale"
	}
	if !ct.DraftAndPublish {
		return []IndexDef{{Name: indexName(ct.Table, name, true), Columns: cols, Unique: true}}
	}
	pub := database.Ident(schema.ColPublishedAt)
	return []IndexDef{
		{Name: indexName(ct.Table, name+"_draft", true), Columns: cols, Unique: true, Where: pub + " IS NULL"},
		{Name: indexName(ct.Table, name+"_pub", true), Columns: cols, Unique: true, Where: pub + " IS NOT NULL"},
	}
}

// countIndex is the index a list filtered on an enumeration or a boolean
// counts its total from: the planner reads the matching entries from it
// (an index-only scan once the table is vacuumed) instead of every row of
// the table. On a draft & publish type it has published_at too, which
// every list of one version tests.
func countIndex(ct *schema.ContentType, column string) IndexDef {
	cols := []string{column}
	if ct.DraftAndPublish {
		cols = append(cols, schema.ColPublishedAt)
	}
	return IndexDef{Name: indexName(ct.Table, column, false), Columns: cols}
}

// indexName is "<table>_<column>_idx" (or "_uq"); one longer than
// PostgreSQL's 63 bytes is shortened as Strapi shortens names, with
// hashes, so that two long names never become one.
func indexName(table, column string, unique bool) string {
	suffix := "idx"
	if unique {
		suffix = "uq"
	}
	if name := table + "_" + column + "_" + suffix; len(name) <= 63 {
		return name
	}
	return schema.Identifier(table, column) + "_" + suffix
}

// columnSQL is a column's definition inside CREATE TABLE or ADD COLUMN.
// SQLite takes the foreign key inline; PostgreSQL gets it as a separate
// constraint (see ForeignKeySQL) so tables can be created in any order.
func columnSQL(d database.Dialect, c ColumnDef) string {
	s := database.Ident(c.Name) + " " + c.Type
	if c.NotNull {
		s += " NOT NULL"
	}
	if c.Default != "" {
		s += " DEFAULT " + c.Default
	}
	if c.Ref != "" && d == database.SQLite {
		s += fmt.Sprintf(" REFERENCES %s (%s) ON DELETE %s", database.Ident(c.Ref), database.Ident(schema.ColID), c.OnDelete)
	}
	return s
}

// CreateTableSQL creates a table with its columns (no indexes).
func CreateTableSQL(d database.Dialect, t TableDef) string {
	cols := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = columnSQL(d, c)
	}
	return fmt.Sprintf("CREATE TABLE %s (\n  %s\n)", database.Ident(t.Name), strings.Join(cols, ",\n  "))
}

// AddColumnSQL adds one column to an existing table. On PostgreSQL a
// foreign key is added inline here, since the target table exists by then.
func AddColumnSQL(d database.Dialect, table string, c ColumnDef) string {
	s := fmt.Sprintf("ALTER TABLE %s ADD COLUMN %s", database.Ident(table), columnSQL(d, c))
	if c.Ref != "" && d == database.Postgres {
		s += fmt.Sprintf(" REFERENCES %s (%s) ON DELETE %s", database.Ident(c.Ref), database.Ident(schema.ColID), c.OnDelete)
	}
	return s
}

// CreateIndexSQL creates an index if it is missing.
func CreateIndexSQL(table string, ix IndexDef) string {
	cols := make([]string, len(ix.Columns))
	for i, c := range ix.Columns {
		cols[i] = database.Ident(c)
	}
	kw := "INDEX"
	if ix.Unique {
		kw = "UNIQUE INDEX"
	}
	where := ""
	if ix.Where != "" {
		where = " WHERE " + ix.Where
	}
	return fmt.Sprintf("CREATE %s IF NOT EXISTS %s ON %s (%s)%s", kw, database.Ident(ix.Name), database.Ident(table), strings.Join(cols, ", "), where)
}

// ForeignKeySQL adds a column's foreign-key constraint (PostgreSQL only),
// named ForeignKeyName.
func ForeignKeySQL(table string, c ColumnDef) string {
	name := ForeignKeyName(table, c.Name)
	return fmt.Sprintf("ALTER TABLE %s ADD CONSTRAINT %s FOREIGN KEY (%s) REFERENCES %s (%s) ON DELETE %s",
		database.Ident(table), database.Ident(name), database.Ident(c.Name), database.Ident(c.Ref), database.Ident(schema.ColID), c.OnDelete)
}

// ForeignKeyName is the name of the constraint ForeignKeySQL gives a
// column's foreign key: "<table>_<column>_fk", cut to PostgreSQL's 63
// bytes. The store maps a violation back to its relation by it.
func ForeignKeyName(table, column string) string {
	return strings.TrimSuffix(indexName(table, column, false), "_idx") + "_fk"
}

// CreateStatements is the SQL that builds the whole schema on an empty
// database: tables, then (on PostgreSQL) foreign keys, then indexes.
func CreateStatements(d database.Dialect, s *schema.Schema) []string {
	tables := DesiredTables(d, s)
	var out, fks, idx []string
	for _, t := range tables {
		out = append(out, CreateTableSQL(d, t))
		for _, c := range t.Columns {
			if c.Ref != "" && d == database.Postgres {
				fks = append(fks, ForeignKeySQL(t.Name, c))
			}
		}
		for _, ix := range t.Indexes {
			idx = append(idx, CreateIndexSQL(t.Name, ix))
		}
	}
	return append(append(out, fks...), idx...)
}
