package store

import (
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// sqlb accumulates a SQL statement and its arguments. Identifiers come only
// from the schema (quoted with Ident); every value is a ? argument that bun
// formats for the dialect, never text pasted from a request.
type sqlb struct {
	d     database.Dialect
	sb    strings.Builder
	args  []any
	alias int // the last table alias handed out: root is t0

	// ro is what the caller may see, applied at every hop into a type
	// (see visible), and status the read's draft & publish status.
	ro     entry.ReadOptions
	status query.Status
	// inScope counts the scopes being written: a scope is the server's
	// own rule, so the hops inside it are not narrowed again.
	inScope int
	// versioned marks a read of documents (a list, a count): on a draft &
	// publish type it reads one row per document, the version of the
	// status (see drafts.go).
	versioned bool
}

// sql starts a statement that reads under ro with the status.
func (s *Store) sql(ro entry.ReadOptions, status query.Status) *sqlb {
	return &sqlb{d: s.DB.Dialect, ro: ro, status: status}
}

func (b *sqlb) w(parts ...string) {
	for _, p := range parts {
		b.sb.WriteString(p)
	}
}

// arg writes a placeholder for v, encoded for a column of kind k. The
// caller parameter of a scope becomes the caller's id.
func (b *sqlb) arg(k schema.Kind, v any) {
	if _, ok := v.(query.CallerID); ok {
		v = b.ro.User
	}
	b.sb.WriteByte('?')
	v = k.Encode(b.d, v)
	b.args = append(b.args, v)
	if n, ok := v.(int64); ok && b.d == database.Postgres && int64(int32(n)) != n {
		// PostgreSQL takes a parameter beside an INTEGER column for an
		// INTEGER, and refuses a value past its range instead of finding
		// no row; a BIGINT compares with it as the literal did.
		b.sb.WriteString("::BIGINT")
	}
}

// typedArg writes a placeholder for v where nothing around it gives
// PostgreSQL its type (a CASE branch, an INSERT's SELECT list, a UNION):
// a value bound as a parameter would be taken for text there, so it is
// cast to the type of its Go value.
func (b *sqlb) typedArg(k schema.Kind, v any) {
	b.arg(k, v)
	if b.d != database.Postgres {
		return
	}
	var t string
	switch b.args[len(b.args)-1].(type) {
	case int64:
		t = "BIGINT"
	case float64:
		t = "DOUBLE PRECISION"
	case bool:
		t = "BOOLEAN"
	case time.Time:
		t = "TIMESTAMPTZ"
	default:
		return
	}
	b.sb.WriteString("::" + t)
}

// capture returns what fn writes instead of writing it; the arguments fn
// adds stay in order, so the text must go where it was written (sort
// joins: before the WHERE clause, after a select list without values).
func (b *sqlb) capture(fn func()) string {
	saved := b.sb
	b.sb = strings.Builder{}
	fn()
	out := b.sb.String()
	b.sb = saved
	return out
}

// hidesDrafts reports whether only the published entries of ct exist for
// this statement: a published read, or a caller who may not read drafts.
func (b *sqlb) hidesDrafts(ct *schema.ContentType) bool {
	return ct.DraftAndPublish && (b.status == query.Published || b.ro.NoDrafts[ct])
}

// narrows reports whether a hop into ct must be limited to the entries
// the caller may see. Inside a scope nothing is narrowed.
func (b *sqlb) narrows(ct *schema.ContentType) bool {
	return b.inScope == 0 && (b.ro.Scopes[ct] != nil || b.hidesDrafts(ct))
}

// visible writes the condition that a row of ct, aliased alias, is one
// the caller may see: the scope, and published when drafts are hidden.
// Call it only where narrows(ct) holds.
func (b *sqlb) visible(ct *schema.ContentType, alias string) {
	and := false
	if sc := b.ro.Scopes[ct]; sc != nil {
		b.inScope++
		b.filter(sc, alias)
		b.inScope--
		and = true
	}
	if b.hidesDrafts(ct) {
		if and {
			b.w(" AND ")
		}
		b.w(col(alias, schema.ColPublishedAt), " IS NOT NULL")
	}
}

// newAlias hands out t1, t2, ...: one counter per statement, so the
// subqueries of filters and the joins of sort keys never share a name.
func (b *sqlb) newAlias() string {
	b.alias++
	return "t" + strconv.Itoa(b.alias)
}

func col(alias, column string) string { return alias + "." + database.Ident(column) }

// filter writes f as a boolean expression on the table aliased alias.
func (b *sqlb) filter(f *query.Filter, alias string) { b.filterNeg(f, alias, false) }

// filterNeg writes f, or its negation when neg is set, as Strapi's SQL
// means it. Strapi LEFT JOINs every relation and component a filter goes
// through and keeps the entries with at least one joined row on which the
// whole condition holds, in SQL's three-valued logic: an entry without
// the relation or component has one row of NULLs, and a $not is applied
// row by row. So $not is pushed down to the conditions (De Morgan; the
// NOT of a hop is a hop whose rows fail the condition), and a hop also
// matches an entry that has no row when the condition holds on a row of
// NULLs (see nullRow): {seo: {metaTitle: {$null: true}}} finds the
// entries without an seo, {$not: {owner: {name: "Ann"}}} those whose
// owner is named otherwise, not those without an owner.
//
// A scope is the server's own rule (visible) and keeps plain logic: a
// NOT is "no related row matches", and an entry without a relation
// matches no condition through it.
func (b *sqlb) filterNeg(f *query.Filter, alias string, neg bool) {
	switch f.Kind {
	case query.KindAnd, query.KindOr:
		and := (f.Kind == query.KindAnd) != neg
		if len(f.Children) == 0 {
			b.w(boolSQL(and)) // all of nothing holds; any of nothing does not
			return
		}
		op := " AND "
		if !and {
			op = " OR "
		}
		b.w("(")
		for i, c := range f.Children {
			if i > 0 {
				b.w(op)
			}
			b.filterNeg(c, alias, neg)
		}
		b.w(")")
	case query.KindNot:
		if b.inScope > 0 {
			b.w("NOT (")
			b.filterNeg(f.Children[0], alias, neg)
			b.w(")")
			return
		}
		b.filterNeg(f.Children[0], alias, !neg)
	case query.KindRel:
		b.through(f, alias, neg, func() { b.related(f.Relation, alias, f.Sub, neg) },
			func() { b.related(f.Relation, alias, nil, false) })
	case query.KindComponent:
		if f.Sub == nil {
			b.componentHeld(f, alias, nullWanted(f) != neg)
			return
		}
		b.through(f, alias, neg, func() { b.componentMatch(f, alias, neg) },
			func() { b.componentHeld(f, alias, false) })
	case query.KindCond:
		if f.Field.IsRelation() {
			b.relationNull(f, alias, neg)
			return
		}
		if neg {
			b.w("NOT (")
			b.cond(f, col(alias, f.Field.Column))
			b.w(")")
			return
		}
		b.cond(f, col(alias, f.Field.Column))
	}
}

// through writes a condition through a relation or a component (match), and
// where the entry's row of NULLs would satisfy it, "or it has none" (has
// writes whether it has one).
func (b *sqlb) through(f *query.Filter, alias string, neg bool, match, has func()) {
	if b.inScope > 0 || f.Sub == nil || nullRow(f.Sub, neg) != yes {
		match()
		return
	}
	b.w("(")
	match()
	b.w(" OR NOT ")
	has()
	b.w(")")
}

// tri is a value of SQL's three-valued logic, ordered so that AND is the
// least of its operands and OR the greatest.
type tri int8

const (
	no tri = iota
	unknown
	yes
)

func triOf(v bool) tri {
	if v {
		return yes
	}
	return no
}

// not is NOT v: unknown stays unknown.
func (v tri) not(neg bool) tri {
	if neg {
		return yes - v
	}
	return v
}

// nullRow is what f (negated when neg is set) is on a row whose every
// column is NULL: the row an entry without the relation or component has
// in Strapi's LEFT JOIN. A relation or component inside it is absent too.
func nullRow(f *query.Filter, neg bool) tri {
	switch f.Kind {
	case query.KindAnd, query.KindOr:
		and := (f.Kind == query.KindAnd) != neg
		acc := triOf(and)
		for _, c := range f.Children {
			v := nullRow(c, neg)
			if and {
				acc = min(acc, v)
			} else {
				acc = max(acc, v)
			}
		}
		return acc
	case query.KindNot:
		return nullRow(f.Children[0], !neg)
	case query.KindRel:
		if f.Sub == nil {
			return no.not(neg)
		}
		return nullRow(f.Sub, neg)
	case query.KindComponent:
		if f.Sub == nil {
			return triOf(nullWanted(f)).not(neg)
		}
		return nullRow(f.Sub, neg)
	}
	return condOnNull(f).not(neg)
}

// condOnNull is what cond writes for f on a NULL column: only the tests
// for NULL and the constant answers are known; a comparison is unknown.
func condOnNull(f *query.Filter) tri {
	if f.Field.IsRelation() {
		return triOf(nullWanted(f))
	}
	switch f.Operator {
	case query.OpNull, query.OpNotNull:
		return triOf(nullWanted(f))
	case query.OpEq, query.OpNe:
		if f.Value == nil {
			return triOf(f.Operator == query.OpEq)
		}
	case query.OpIn, query.OpNotIn:
		if list, _ := f.Value.([]any); len(list) == 0 {
			return triOf(f.Operator == query.OpNotIn)
		}
	case query.OpBetween:
		if list, _ := f.Value.([]any); len(list) != 2 {
			return no
		}
	case query.OpLt, query.OpLte, query.OpGt, query.OpGte, query.OpEqi, query.OpNei:
	default:
		if _, ok := likeShapes[f.Operator]; !ok {
			return no
		}
	}
	return unknown
}

func boolSQL(v bool) string {
	if v {
		return "1=1"
	}
	return "1=0"
}

// related writes "<our key> IN (SELECT <their key> FROM <target> WHERE
// sub AND visible)": the entries with at least one related row that
// satisfies sub (any related row when sub is nil) and that the caller may
// see. A hidden related row therefore never matches, and never counts as
// "some related row" for $notNull, NOT or $null. It is a non-correlated
// semi-join rather than the correlated EXISTS one might write first:
// SQLite runs a correlated subquery once per outer row, while it builds an
// IN list once and probes it through the index (a filter two relations
// deep went from 28 to 3,550 requests per second on the benchmark data;
// PostgreSQL plans both as a semi-join). Like EXISTS, it never duplicates
// outer rows. The left side is never NULL, so NOT (...) means "no visible
// related row matches", exactly as NOT EXISTS would.
//
// The links followed are those of the row the read shows (versions.go):
// a plain owner's lead to both versions of a draft & publish target, of
// which the version shown is tested; a mismatched hop goes through the
// linked row's document.
func (b *sqlb) related(a *schema.Attribute, alias string, sub *query.Filter, neg bool) {
	t := b.newAlias()
	target := a.TargetType
	narrow := b.narrows(target)
	mis := b.mismatched(a)
	// A plain owner links both versions of a draft & publish target: the
	// target's row is needed to keep the version shown.
	both := target.DraftAndPublish && !a.Owner.DraftAndPublish
	ours := col(alias, schema.ColID)
	where := " WHERE "
	switch {
	case a.Localizations: // the document's rows in the other locales, in the version shown
		l := b.newAlias()
		b.w("(", ours, " IN (SELECT ", col(l, schema.ColID), " FROM ", database.Ident(target.Table), " ", l, " JOIN ",
			database.Ident(target.Table), " ", t, " ON ", otherLocale(target, t, l))
		if target.DraftAndPublish {
			b.w(" AND ")
			b.versionCond(target, t)
		}
	case a.Column != "": // owning to-one: our foreign key names the target
		fk := col(alias, b.toOneColumn(a))
		if mis { // the key names a row of the other version: test its document's
			l := b.newAlias()
			b.w("(", fk, " IS NOT NULL AND ", fk, " IN (SELECT ", col(l, schema.ColID), " FROM ", database.Ident(target.Table), " ", l)
			b.versionJoin(target, l, t)
			break
		}
		b.w("(", fk, " IS NOT NULL AND ", fk, " IN (SELECT ", col(t, schema.ColID), " FROM ", database.Ident(target.Table), " ", t)
	case a.JoinTable != "": // manyToMany, from either side
		j := b.newAlias()
		b.w("(", ours, " IN (SELECT ", col(j, a.JoinSelf), " FROM ", database.Ident(a.JoinTable), " ", j)
		switch {
		case mis:
			l := b.newAlias()
			b.w(" JOIN ", database.Ident(target.Table), " ", l, " ON ", col(l, schema.ColID), " = ", col(j, a.JoinTarget))
			b.versionJoin(target, l, t)
		case both:
			b.w(" JOIN ", database.Ident(target.Table), " ", t, " ON ", col(t, schema.ColID), " = ", col(j, a.JoinTarget), " AND ")
			b.versionCond(target, t)
		case sub != nil || narrow: // the target's own row is only needed to test it
			b.w(" JOIN ", database.Ident(target.Table), " ", t, " ON ", col(t, schema.ColID), " = ", col(j, a.JoinTarget))
		}
	default: // the target's foreign key names us (oneToMany, mapped oneToOne)
		c := b.inverseColumn(a)
		if mis {
			l := b.newAlias()
			fk := col(l, c)
			b.w("(", ours, " IN (SELECT ", fk, " FROM ", database.Ident(target.Table), " ", l)
			b.versionJoin(target, l, t)
			b.w(" WHERE ", fk, " IS NOT NULL")
		} else {
			fk := col(t, c)
			b.w("(", ours, " IN (SELECT ", fk, " FROM ", database.Ident(target.Table), " ", t, " WHERE ", fk, " IS NOT NULL")
			if both {
				b.w(" AND ")
				b.versionCond(target, t)
			}
		}
		where = " AND "
	}
	if sub != nil {
		b.w(where)
		b.filterNeg(sub, t, neg)
		where = " AND "
	}
	if narrow {
		b.w(where)
		b.visible(target, t)
	}
	b.w("))")
}

// relationNull writes $null / $notNull on a relation: an owning to-one
// tests its foreign key, unless the caller may not see every target (a
// key naming a hidden row is no relation for them); the others, and that
// case, test whether any visible related row exists.
func (b *sqlb) relationNull(f *query.Filter, alias string, neg bool) {
	isNull := nullWanted(f) != neg
	if f.Field.Column != "" && !b.narrows(f.Field.TargetType) && !b.mismatched(f.Field) {
		b.w(col(alias, b.toOneColumn(f.Field)), nullSQL(isNull))
		return
	}
	if isNull {
		b.w("NOT ")
	}
	b.related(f.Field, alias, nil, false)
}

// nullWanted reads $null / $notNull as "the value must be NULL".
func nullWanted(f *query.Filter) bool {
	v, _ := f.Value.(bool)
	if f.Operator == query.OpNotNull {
		return !v
	}
	return v
}

func nullSQL(isNull bool) string {
	if isNull {
		return " IS NULL"
	}
	return " IS NOT NULL"
}

var comparisons = map[query.Operator]string{
	query.OpEq: " = ", query.OpNe: " <> ", query.OpLt: " < ", query.OpLte: " <= ", query.OpGt: " > ", query.OpGte: " >= ",
}

// cond writes one comparison on a scalar column c, with Strapi's SQL for
// each operator (docs/api.md, "Filters").
func (b *sqlb) cond(f *query.Filter, c string) {
	t := f.Field.Kind
	if t.Caps().Opaque {
		b.jsonCond(f, c)
		return
	}
	switch f.Operator {
	case query.OpEq, query.OpNe:
		if f.Value == nil {
			b.w(c, nullSQL(f.Operator == query.OpEq))
			return
		}
		b.w(c, comparisons[f.Operator])
		b.arg(t, f.Value)
	case query.OpLt, query.OpLte, query.OpGt, query.OpGte:
		b.w(b.ordered(c, t), comparisons[f.Operator])
		b.arg(t, f.Value)
	case query.OpEqi, query.OpNei:
		op := ") = LOWER("
		if f.Operator == query.OpNei {
			op = ") <> LOWER("
		}
		b.w("LOWER(", b.asText(c, t), op)
		b.arg(textKind, f.Value)
		b.w(")")
	case query.OpIn, query.OpNotIn:
		list, _ := f.Value.([]any)
		b.in(c, t, list, f.Operator == query.OpNotIn)
	case query.OpBetween:
		list, _ := f.Value.([]any)
		if len(list) != 2 {
			b.w(boolSQL(false))
			return
		}
		b.w(b.ordered(c, t), " BETWEEN ")
		b.arg(t, list[0])
		b.w(" AND ")
		b.arg(t, list[1])
	case query.OpNull, query.OpNotNull:
		b.w(c, nullSQL(nullWanted(f)))
	default:
		b.like(f, c)
	}
}

// ordered is the column as range comparisons see it. PostgreSQL compares
// text in the database's collation (en_US puts "acme" before "B"), SQLite
// by bytes: COLLATE "C" gives PostgreSQL SQLite's order, the one sort uses.
func (b *sqlb) ordered(c string, k schema.Kind) string {
	if b.d == database.Postgres && k.Caps().Text {
		return c + ` COLLATE "C"`
	}
	return c
}

// asText is the column as the text operators see it. The parser allows
// them on text fields only; PostgreSQL, which has no implicit cast to text,
// still gets one for a hand-built filter on another type.
func (b *sqlb) asText(c string, k schema.Kind) string {
	if b.d == database.Postgres && !k.Caps().Text {
		return "CAST(" + c + " AS TEXT)"
	}
	return c
}

// in writes c [NOT] IN (...). An empty list matches nothing for IN and
// everything for NOT IN, as Strapi's knex does.
func (b *sqlb) in(c string, k schema.Kind, list []any, not bool) {
	if len(list) == 0 {
		b.w(boolSQL(not))
		return
	}
	if not {
		b.w(c, " NOT IN (")
	} else {
		b.w(c, " IN (")
	}
	for i, v := range list {
		if i > 0 {
			b.w(", ")
		}
		b.arg(k, v)
	}
	b.w(")")
}

// likeShape is where a substring operator lets the pattern be open.
type likeShape struct {
	before, after bool // the value may be preceded / followed by anything
	insensitive   bool
	negate        bool
}

var likeShapes = map[query.Operator]likeShape{
	query.OpContains:     {before: true, after: true},
	query.OpNotContains:  {before: true, after: true, negate: true},
	query.OpContainsi:    {before: true, after: true, insensitive: true},
	query.OpNotContainsi: {before: true, after: true, insensitive: true, negate: true},
	query.OpStartsWith:   {after: true},
	query.OpStartsWithi:  {after: true, insensitive: true},
	query.OpEndsWith:     {before: true},
	query.OpEndsWithi:    {before: true, insensitive: true},
}

// like writes the substring operators, with the value's metacharacters
// escaped so that it always matches literally.
//
// The case-insensitive ones are Strapi's LOWER(col) LIKE LOWER(?) ESCAPE
// '\' on both databases: LOWER runs in SQL on both sides, so each database
// folds the column and the value alike.
//
// The case-sensitive ones must really be case-sensitive. PostgreSQL's LIKE
// is. SQLite's LIKE ignores ASCII case, and PRAGMA case_sensitive_like
// would have to be set on every pooled connection (it is per connection,
// and deprecated), so SQLite gets GLOB instead: the same match with * for
// %, case-sensitive by definition, its metacharacters * ? [ escaped by
// putting each in a one-character class ([*] matches a literal *).
func (b *sqlb) like(f *query.Filter, c string) {
	shape, ok := likeShapes[f.Operator]
	if !ok {
		b.w(boolSQL(false)) // not an operator of the language: match nothing
		return
	}
	s, _ := f.Value.(string)
	if shape.negate {
		b.w("NOT ")
	}
	c = b.asText(c, f.Field.Kind)
	if !shape.insensitive && b.d == database.SQLite {
		b.w(c, " GLOB ")
		b.arg(textKind, pattern(globEscaper.Replace(s), "*", shape))
		return
	}
	if shape.insensitive {
		b.w("LOWER(", c, ") LIKE LOWER(")
		b.arg(textKind, pattern(likeEscaper.Replace(s), "%", shape))
		b.w(`) ESCAPE '\'`)
		return
	}
	b.w(c, " LIKE ")
	b.arg(textKind, pattern(likeEscaper.Replace(s), "%", shape))
	b.w(` ESCAPE '\'`)
}

var (
	likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	globEscaper = strings.NewReplacer(`[`, `[[]`, `*`, `[*]`, `?`, `[?]`)
)

// pattern opens an escaped value on the sides the shape asks for.
func pattern(s, wildcard string, shape likeShape) string {
	if shape.before {
		s = wildcard + s
	}
	if shape.after {
		s += wildcard
	}
	return s
}

// componentHeld writes whether the entry holds an item of the
// component field (isNull: whether it holds none): $null and $notNull on
// the field.
func (b *sqlb) componentHeld(f *query.Filter, alias string, isNull bool) {
	if isNull {
		b.w("NOT ")
	}
	j := b.newAlias()
	b.w("(", col(alias, schema.ColID), " IN (SELECT ", col(j, schema.CmpEntity), " FROM ", database.Ident(schema.ComponentJoin(f.Relation.Owner)), " ", j,
		" WHERE ", col(j, schema.CmpField), " = ")
	b.arg(strKind, f.Relation.Name)
	b.w("))")
}

// componentMatch writes "<our id> IN (SELECT the holders of the field's
// items of the component that satisfy sub)" (that fail it, with neg): a
// non-correlated semi-join, as related writes it, through the holder's
// component links.
func (b *sqlb) componentMatch(f *query.Filter, alias string, neg bool) {
	j, c := b.newAlias(), b.newAlias()
	b.w("(", col(alias, schema.ColID), " IN (SELECT ", col(j, schema.CmpEntity), " FROM ", database.Ident(schema.ComponentJoin(f.Relation.Owner)), " ", j,
		" JOIN ", database.Ident(f.Component.Table), " ", c, " ON ", col(c, schema.ColID), " = ", col(j, schema.CmpID),
		" WHERE ", col(j, schema.CmpField), " = ")
	b.arg(strKind, f.Relation.Name)
	b.w(" AND ", col(j, schema.CmpType), " = ")
	b.arg(strKind, f.Component.Name)
	b.w(" AND ")
	b.filterNeg(f.Sub, c, neg)
	b.w("))")
}
