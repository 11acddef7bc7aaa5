package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
)

// tri is a value of SQL's three-valued logic, ordered so that AND is the
// least of its operands and OR the greatest.
type tri int8

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
// In Strapi's LEFT JOIN. A relation or component inside it is absent too.
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

// nullWanted reads $null / $notNull as "the value must be NULL".
func nullWanted(f *query.Filter) bool {
	v, _ := f.Value.(bool)
	if f.Operator == query.OpNotNull {
		return !v
	}
	return v
}

const (
	no tri = iota
	unknown
	yes
)
