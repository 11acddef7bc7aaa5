package query

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// orderOps compare by order. A json field has none worth a filter: Strapi
// compares jsonb by its type-then-value order there, or answers 500.
var orderOps = map[Operator]bool{OpLt: true, OpLte: true, OpGt: true, OpGte: true, OpBetween: true}

// cond checks one comparison on field a. On a json field the equality
// operators take a JSON document ($eq=["a", "b"]) and the text operators
// match the document's canonical text (see package jsontext). An array given to an operator that
// takes one value is an OR of the operator over each item, as in Strapi.
func (c *checker) cond(a *schema.Attribute, op Operator, v *node, l at) (*Filter, error) {
	caps := a.Kind.Caps()
	if caps.Opaque && orderOps[op] {
		return nil, valueError(l, string(op),
			"Invalid operator %s%s: json fields have no order to compare by", op, l.suffix())
	}
	if stringOps[op] && !caps.Text && !caps.Opaque {
		return nil, valueError(l, string(op), "Invalid operator %s%s: it applies to text fields only", op, l.suffix())
	}
	if items, ok := asList(v); ok && op != OpIn && op != OpNotIn && op != OpBetween {
		if err := c.checkLen(len(items), string(op), l); err != nil {
			return nil, err
		}
		f := &Filter{Kind: KindOr, Children: make([]*Filter, 0, len(items))}
		for _, it := range items {
			sub, err := c.cond(a, op, it, l)
			if err != nil {
				return nil, err
			}
			f.Children = append(f.Children, sub)
		}
		return f, nil
	}
	val, err := c.operand(a, op, v, l)
	if err != nil {
		return nil, err
	}
	return &Filter{Kind: KindCond, Field: a, Operator: op, Value: val}, nil
}

// operand is the typed value of one comparison (see Filter.Value). With
// strictNullHandling a key with no '=' is null: IS NULL for $eq, IS NOT
// NULL for $ne, and meaningless, so refused, for the others.
func (c *checker) operand(a *schema.Attribute, op Operator, v *node, l at) (any, error) {
	switch op {
	case OpNull, OpNotNull:
		return nullFlag(op, v, l)
	case OpIn, OpNotIn:
		return c.list(a, op, v, l, 0)
	case OpBetween:
		return c.list(a, op, v, l, 2)
	}
	if v.kind == nullNode {
		if op == OpEq || op == OpNe {
			return nil, nil
		}
		return nil, valueError(l, string(op), "Invalid value for %s%s: expected a value, got null", op, l.suffix())
	}
	s, ok := scalar(v)
	if !ok {
		return nil, valueError(l, string(op), "Invalid value for %s%s: expected a single value", op, l.suffix())
	}
	if stringOps[op] {
		return s, nil
	}
	return c.coerce(a, s, l)
}

// nullFlag reads the boolean of $null/$notNull. Strapi takes any other value
// by JavaScript truthiness; Kiln refuses it.
func nullFlag(op Operator, v *node, l at) (bool, error) {
	s, _ := scalar(v)
	b, ok := parseBool(s)
	if !ok || v.kind == nullNode {
		return false, valueError(l, string(op),
			`Invalid value for %s%s: expected "true", "t", "1", "false", "f" or "0"`, op, l.suffix())
	}
	return b, nil
}

// list reads the values of $in/$notIn (a plain value is a list of one, and
// "1,2" is one value, as in Strapi) or of $between (want 2).
func (c *checker) list(a *schema.Attribute, op Operator, v *node, l at, want int) ([]any, error) {
	items, ok := asList(v)
	if !ok {
		items = []*node{v}
	}
	if want > 0 && len(items) != want {
		return nil, valueError(l, string(op), "Invalid value for %s%s: expected %d values, got %d",
			op, l.suffix(), want, len(items))
	}
	if err := c.checkLen(len(items), string(op), l); err != nil {
		return nil, err
	}
	out := make([]any, len(items))
	for i, it := range items {
		s, ok := scalar(it)
		if !ok {
			return nil, valueError(l, string(op), "Invalid value for %s%s: expected a list of values", op, l.suffix())
		}
		val, err := c.coerce(a, s, l)
		if err != nil {
			return nil, err
		}
		out[i] = val
	}
	return out, nil
}

// coerce is the package's coerce, with the caller parameter of a scope.
func (c *checker) coerce(a *schema.Attribute, s string, l at) (any, error) {
	if ok, err := c.param(a, s, l); ok || err != nil {
		return CallerID{}, err
	}
	return coerce(a, s, l)
}
