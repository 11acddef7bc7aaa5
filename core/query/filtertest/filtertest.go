// Package filtertest generates the cases that hold core/query's filter
// constructors to the parser: for every content type and field of a
// schema and every operator, a filter built with the constructors from Go
// values, and the same filter written as text in every spelling
// ParseFilter takes, its values written out by hand rather than by the
// constructors' own conversion. core/query's tests compare the trees,
// internal/store's the SQL.
package filtertest

import (
	"fmt"
	"slices"
	"time"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Case is one filter built two ways.
type Case struct {
	Name string
	Type *schema.ContentType
	// Build calls the constructors; it panics where they refuse.
	Build func() *query.Filter
	// Texts are the filter as ParseFilter takes it on Type, in each
	// spelling that means it: every one must parse to Build's tree, or,
	// when Build panics, be refused.
	Texts []map[string]any
}

// sample is one value of a field's kind: as a Go caller passes it, and
// as a client writes it.
type sample struct {
	v    any
	text any // a string, or nil
}

// operators are all the comparison operators, in the docs' order.
var operators = []query.Operator{
	query.OpEq, query.OpEqi, query.OpNe, query.OpNei, query.OpLt, query.OpLte, query.OpGt, query.OpGte,
	query.OpIn, query.OpNotIn, query.OpContains, query.OpNotContains, query.OpContainsi, query.OpNotContainsi,
	query.OpNull, query.OpNotNull, query.OpBetween, query.OpStartsWith, query.OpStartsWithi,
	query.OpEndsWith, query.OpEndsWithi,
}

// plus2 is a zone two hours east of UTC, so that a time.Time's own
// location shows in what it means.
var plus2 = time.FixedZone("UTC+2", 2*60*60)

// samples are values of a's kind, the first two accepted (in order, for
// $between) and the last one refused by the kind.
func samples(a *schema.Attribute) []sample {
	if a.IsRelation() {
		return []sample{{int64(12), "12"}, {7, "7"}, {"twelve", "twelve"}}
	}
	switch a.Type {
	case schema.Integer, schema.BigInteger:
		return []sample{{int64(-3), "-3"}, {42, "42"}, {"ten", "ten"}}
	case schema.Float, schema.Decimal:
		return []sample{{int64(3), "3"}, {2.5, "2.5"}, {"abc", "abc"}}
	case schema.Boolean:
		return []sample{{false, "false"}, {true, "true"}, {"maybe", "maybe"}}
	case schema.Date:
		return []sample{{"2024-05-01", "2024-05-01"}, {time.Date(2024, 5, 2, 1, 30, 0, 0, plus2), "2024-05-02"}, {"May 1", "May 1"}}
	case schema.Time:
		return []sample{{"09:30", "09:30:00"}, {time.Date(1, 1, 1, 9, 30, 15, 250e6, time.UTC), "09:30:15.250"}, {"25:00", "25:00"}}
	case schema.DateTime:
		return []sample{{"2024-05-01", "2024-05-01T00:00:00Z"},
			{time.Date(2024, 5, 1, 10, 30, 0, 123456789, plus2), "2024-05-01T08:30:00.123Z"}, {"tomorrow", "tomorrow"}}
	case schema.JSON:
		return []sample{{map[string]any{"b": []any{1, "x"}, "a": true}, `{"a":true,"b":[1,"x"]}`}, {"x", `"x"`},
			{"\x00", `"\u0000"`}}
	case schema.Enumeration:
		return []sample{{a.Enum[0], a.Enum[0]}, {a.Enum[len(a.Enum)-1], a.Enum[len(a.Enum)-1]}, {"a\x00", "a\x00"}}
	}
	return []sample{{"ann", "ann"}, {"Bo", "Bo"}, {"a\x00", "a\x00"}}
}

// Cases are the cases of every content type of s.
func Cases(s *schema.Schema) []Case {
	var out []Case
	for _, ct := range s.Types {
		out = append(out, typeCases(ct)...)
	}
	return out
}

// fields are the fields of ct a client may filter on.
func fields(ct *schema.ContentType) []*schema.Attribute {
	var out []*schema.Attribute
	for _, a := range append(slices.Clone(schema.SystemFields), ct.Attributes...) {
		if !a.IsPrivate() && !a.Unavailable() {
			out = append(out, a)
		}
	}
	return out
}

// typeCases are ct's comparisons on every field with every operator, and
// the logical operators and relation hops over them.
func typeCases(ct *schema.ContentType) []Case {
	var out []Case
	for _, a := range fields(ct) {
		for _, op := range operators {
			out = append(out, comparisons(ct, a, op)...)
		}
	}
	return append(out, combined(ct)...)
}

// comparisons are a op v for a's samples, through the named constructor
// when there is one and through Compare.
func comparisons(ct *schema.ContentType, a *schema.Attribute, op query.Operator) []Case {
	ss := samples(a)
	name := func(v any) string { return fmt.Sprintf("%s.%s %s %#v", ct.Name, a.Name, op, v) }
	one := func(v any, spellings ...any) Case {
		texts := make([]map[string]any, len(spellings))
		for i, sp := range spellings {
			texts[i] = map[string]any{a.Name: sp}
		}
		return Case{Name: name(v), Type: ct, Build: func() *query.Filter { return named(a, op, v) }, Texts: texts}
	}
	operand := func(text any) map[string]any { return map[string]any{string(op): text} }
	var out []Case
	switch op {
	case query.OpNull, query.OpNotNull:
		out = append(out, one(true, operand("true"), operand("t"), operand("1")), one(false, operand("false"), operand("0")),
			one("yes", operand("yes")))
	case query.OpIn, query.OpNotIn:
		vs, texts := []any{ss[0].v, ss[1].v}, []any{ss[0].text, ss[1].text}
		spellings := []any{operand(texts)}
		if op == query.OpIn {
			spellings = append(spellings, texts) // a bare array is $in
		}
		out = append(out, one(vs, spellings...), one([]any{}, operand([]any{})),
			one([]any{ss[0].v, ss[2].v}, operand([]any{ss[0].text, ss[2].text})))
	case query.OpBetween:
		out = append(out, one([]any{ss[0].v, ss[1].v}, operand([]any{ss[0].text, ss[1].text})),
			one([]any{ss[0].v}, operand([]any{ss[0].text})))
	default:
		if opTakesText(op) {
			out = append(out, one("an", operand("an")))
			break
		}
		for _, s := range ss {
			spellings := []any{operand(s.text)}
			if op == query.OpEq {
				spellings = append(spellings, s.text) // a bare value is $eq
			}
			out = append(out, one(s.v, spellings...))
		}
		if op == query.OpEq || op == query.OpNe || op == query.OpLt {
			spellings := []any{operand(nil)}
			if op == query.OpEq {
				spellings = append(spellings, nil) // a bare null is $eq null
			}
			out = append(out, one(nil, spellings...))
		}
	}
	if a.IsRelation() && op != query.OpNull && op != query.OpNotNull {
		// An operator on a relation compares its target's id, as one on
		// the target's id field does.
		for i := range out {
			for _, t := range slices.Clone(out[i].Texts) {
				if m, ok := t[a.Name].(map[string]any); ok && m[string(op)] != nil {
					out[i].Texts = append(out[i].Texts, map[string]any{a.Name: map[string]any{"id": m}})
				}
			}
		}
	}
	return out
}

// opTakesText reports the operators whose value stays a string.
func opTakesText(op query.Operator) bool {
	switch op {
	case query.OpEqi, query.OpNei, query.OpContains, query.OpNotContains, query.OpContainsi,
		query.OpNotContainsi, query.OpStartsWith, query.OpStartsWithi, query.OpEndsWith, query.OpEndsWithi:
		return true
	}
	return false
}

// named builds a op v with the constructor named after op, or Compare.
func named(a *schema.Attribute, op query.Operator, v any) *query.Filter {
	switch op {
	case query.OpEq:
		return query.Eq(a, v)
	case query.OpNe:
		return query.Ne(a, v)
	case query.OpLt:
		return query.Lt(a, v)
	case query.OpLte:
		return query.Lte(a, v)
	case query.OpGt:
		return query.Gt(a, v)
	case query.OpGte:
		return query.Gte(a, v)
	case query.OpIn, query.OpNotIn:
		vs, ok := v.([]any)
		if !ok {
			return query.Compare(a, op, v)
		}
		if op == query.OpIn {
			return query.In(a, vs...)
		}
		return query.NotIn(a, vs...)
	case query.OpBetween:
		if vs, ok := v.([]any); ok && len(vs) == 2 {
			return query.Between(a, vs[0], vs[1])
		}
	case query.OpNull, query.OpNotNull:
		if v == true && op == query.OpNull {
			return query.Null(a)
		}
		if v == true {
			return query.NotNull(a)
		}
	}
	return query.Compare(a, op, v)
}

// leaf is one accepted comparison on a field of ct, for the combined
// cases: the first sample, $eq.
type leaf struct {
	build func() *query.Filter
	name  string
	text  any
}

// leaves are ct's fields each compared with an accepted value, skipping
// relations (the hops cover them).
func leaves(ct *schema.ContentType) []leaf {
	var out []leaf
	for _, a := range fields(ct) {
		if a.IsRelation() {
			continue
		}
		s := samples(a)[0]
		out = append(out, leaf{func() *query.Filter { return query.Eq(a, s.v) }, a.Name, map[string]any{"$eq": s.text}})
	}
	return out
}

// combined are the logical operators over ct's comparisons, and each
// relation hop of ct, one and two deep.
func combined(ct *schema.ContentType) []Case {
	ls := leaves(ct)
	x, y := ls[0], ls[len(ls)-1]
	first, second := x, y // the keys' order
	if second.name < first.name {
		first, second = second, first
	}
	tx, ty := map[string]any{x.name: x.text}, map[string]any{y.name: y.text}
	out := []Case{
		{Name: ct.Name + " $and", Type: ct, Build: func() *query.Filter { return query.And(x.build(), y.build()) },
			Texts: []map[string]any{{"$and": []any{tx, ty}}}},
		{Name: ct.Name + " $or", Type: ct, Build: func() *query.Filter { return query.Or(x.build(), y.build()) },
			Texts: []map[string]any{{"$or": []any{tx, ty}}}},
		{Name: ct.Name + " $not", Type: ct, Build: func() *query.Filter { return query.Not(x.build()) },
			Texts: []map[string]any{{"$not": tx}}},
		{Name: ct.Name + " $and of none", Type: ct, Build: func() *query.Filter { return query.And() },
			Texts: []map[string]any{{"$and": []any{}}}},
		{Name: ct.Name + " $or of none", Type: ct, Build: func() *query.Filter { return query.Or() },
			Texts: []map[string]any{{"$or": []any{}}}},
		// Several keys of one object are an AND in the keys' order.
		{Name: ct.Name + " keys", Type: ct, Build: func() *query.Filter { return query.And(first.build(), second.build()) },
			Texts: []map[string]any{{x.name: x.text, y.name: y.text}}},
	}
	for _, a := range fields(ct) {
		if !a.IsRelation() {
			continue
		}
		out = append(out, hops(ct, a)...)
	}
	return out
}

// hops are filters through relation a of ct: on a field of the target,
// on a logical group there, and one hop further by id.
func hops(ct *schema.ContentType, a *schema.Attribute) []Case {
	tl := leaves(a.TargetType)
	z, w := tl[0], tl[len(tl)-1]
	name := ct.Name + "." + a.Name + " -> "
	out := []Case{
		{Name: name + z.name, Type: ct, Build: func() *query.Filter { return query.Rel(a, z.build()) },
			Texts: []map[string]any{{a.Name: map[string]any{z.name: z.text}}}},
		{Name: name + "$or", Type: ct, Build: func() *query.Filter { return query.Rel(a, query.Or(z.build(), w.build())) },
			Texts: []map[string]any{{a.Name: map[string]any{"$or": []any{map[string]any{z.name: z.text}, map[string]any{w.name: w.text}}}}}},
		{Name: name + "not there", Type: ct, Build: func() *query.Filter { return query.Not(query.Rel(a, z.build())) },
			Texts: []map[string]any{{"$not": map[string]any{a.Name: map[string]any{z.name: z.text}}}}},
	}
	for _, b := range fields(a.TargetType) {
		if !b.IsRelation() {
			continue
		}
		out = append(out, Case{Name: name + b.Name + " id", Type: ct,
			Build: func() *query.Filter { return query.Rel(a, query.Eq(b, int64(5))) },
			Texts: []map[string]any{
				{a.Name: map[string]any{b.Name: map[string]any{"id": map[string]any{"$eq": "5"}}}},
				{a.Name: map[string]any{b.Name: map[string]any{"$eq": "5"}}},
				{a.Name: map[string]any{b.Name: "5"}},
			}},
			Case{Name: name + b.Name + " -> id", Type: ct,
				Build: func() *query.Filter { return query.Rel(a, query.Rel(b, query.Gt(schema.SysID, 5))) },
				Texts: []map[string]any{{a.Name: map[string]any{b.Name: map[string]any{"id": map[string]any{"$gt": "5"}}}}}},
		)
	}
	return out
}
