package sqlgen

import (
	"strings"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

func boolSQL(v bool) string {
	if v {
		return "1=1"
	}
	return "1=0"
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
func (b *Builder) cond(f *query.Filter, c string) {
	t := f.Field.Kind
	if t.Caps().Opaque {
		b.jsonCond(f, c)
		return
	}
	switch f.Operator {
	case query.OpEq, query.OpNe:
		if f.Value == nil {
			b.W(c, nullSQL(f.Operator == query.OpEq))
			return
		}
		b.W(c, comparisons[f.Operator])
		b.Arg(t, f.Value)
	case query.OpLt, query.OpLte, query.OpGt, query.OpGte:
		b.W(b.ordered(c, t), comparisons[f.Operator])
		b.Arg(t, f.Value)
	case query.OpEqi, query.OpNei:
		op := ") = LOWER("
		if f.Operator == query.OpNei {
			op = ") <> LOWER("
		}
		b.W("LOWER(", b.asText(c, t), op)
		b.Arg(textKind, f.Value)
		b.W(")")
	case query.OpIn, query.OpNotIn:
		list, _ := f.Value.([]any)
		b.In(c, t, list, f.Operator == query.OpNotIn)
	case query.OpBetween:
		list, _ := f.Value.([]any)
		if len(list) != 2 {
			b.W(boolSQL(false))
			return
		}
		b.W(b.ordered(c, t), " BETWEEN ")
		b.Arg(t, list[0])
		b.W(" AND ")
		b.Arg(t, list[1])
	case query.OpNull, query.OpNotNull:
		b.W(c, nullSQL(nullWanted(f)))
	default:
		b.like(f, c)
	}
}

// ordered is the column as range comparisons see it. PostgreSQL compares
// text in the database's collation (en_US puts "acme" before "B"), SQLite
// by bytes: COLLATE "C" gives PostgreSQL SQLite's order, the one sort uses.
func (b *Builder) ordered(c string, k schema.Kind) string {
	if b.d == schema.Postgres && k.Caps().Text {
		return c + ` COLLATE "C"`
	}
	return c
}

// asText is the column as the text operators see it. The parser allows
// them on text fields only; PostgreSQL, which has no implicit cast to text,
// still gets one for a hand-built filter on another type.
func (b *Builder) asText(c string, k schema.Kind) string {
	if b.d == schema.Postgres && !k.Caps().Text {
		return "CAST(" + c + " AS TEXT)"
	}
	return c
}

// In writes c [NOT] IN (...). An empty list matches nothing for IN and
// everything for NOT IN, as Strapi's knex does.
func (b *Builder) In(c string, k schema.Kind, list []any, not bool) {
	if len(list) == 0 {
		b.W(boolSQL(not))
		return
	}
	if not {
		b.W(c, " NOT IN (")
	} else {
		b.W(c, " IN (")
	}
	for i, v := range list {
		if i > 0 {
			b.W(", ")
		}
		b.Arg(k, v)
	}
	b.W(")")
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
func (b *Builder) like(f *query.Filter, c string) {
	shape, ok := likeShapes[f.Operator]
	if !ok {
		b.W(boolSQL(false)) // not an operator of the language: match nothing
		return
	}
	s, _ := f.Value.(string)
	if shape.negate {
		b.W("NOT ")
	}
	c = b.asText(c, f.Field.Kind)
	if !shape.insensitive && b.d == schema.SQLite {
		b.W(c, " GLOB ")
		b.Arg(textKind, pattern(globEscaper.Replace(s), "*", shape))
		return
	}
	if shape.insensitive {
		b.W("LOWER(", c, ") LIKE LOWER(")
		b.Arg(textKind, pattern(likeEscaper.Replace(s), "%", shape))
		b.W(`) ESCAPE '\'`)
		return
	}
	b.W(c, " LIKE ")
	b.Arg(textKind, pattern(likeEscaper.Replace(s), "%", shape))
	b.W(` ESCAPE '\'`)
}

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

var (
	likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	globEscaper = strings.NewReplacer(`[`, `[[]`, `*`, `[*]`, `?`, `[?]`)
)
