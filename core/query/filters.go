package query

import (
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// comparisons are the operators that compare a field with a value.
var comparisons = map[string]Operator{}

// operatorKeys are the keys valid in an object of operators: the
// comparisons, in Strapi's documented order, then the logical operators.
var operatorKeys []string

// operators are the comparison operators, in Strapi's documented order.
var operators = []Operator{
	OpEq, OpEqi, OpNe, OpNei, OpLt, OpLte, OpGt, OpGte, OpIn, OpNotIn,
	OpContains, OpNotContains, OpContainsi, OpNotContainsi, OpNull, OpNotNull,
	OpBetween, OpStartsWith, OpStartsWithi, OpEndsWith, OpEndsWithi,
}

// Operators is every comparison operator the language knows, in Strapi's
// documented order: what a compiler of the tree must cover (the SQL
// compiler's golden tests take their cases from it).
func Operators() []Operator { return append([]Operator(nil), operators...) }

func init() {
	for _, op := range operators {
		comparisons[string(op)] = op
		operatorKeys = append(operatorKeys, string(op))
	}
	operatorKeys = append(operatorKeys, logicalOps...)
}

// stringOps keep their value a string and make sense on text fields only.
var stringOps = map[Operator]bool{
	OpEqi: true, OpNei: true, OpContains: true, OpNotContains: true, OpContainsi: true,
	OpNotContainsi: true, OpStartsWith: true, OpStartsWithi: true, OpEndsWith: true, OpEndsWithi: true,
}

// each checks one item of a logical group at the given depth.
type each func(v *node, depth int) (*Filter, error)

// filters checks the filters parameter (or populate[x][filters]) on ct.
func (c *checker) filters(ct *schema.ContentType, v *node, l at) (*Filter, error) {
	return c.where(ct, v, l, 0)
}

// where checks an object whose keys are fields of ct or $and/$or/$not;
// several keys are ANDed.
func (c *checker) where(ct *schema.ContentType, v *node, l at, depth int) (*Filter, error) {
	if v.kind != objectNode {
		return nil, valueError(l, l.param, "Invalid filters%s: expected an object of fields and operators", l.suffix())
	}
	kids := make([]*Filter, 0, len(v.keys))
	for i, key := range v.keys {
		f, err := c.whereKey(ct, key, v.vals[i], l, depth)
		if err != nil {
			return nil, err
		}
		kids = append(kids, f)
	}
	return all(kids), nil
}

// whereKey checks one key of a where object. A comparison operator here
// ("filters[$eq]=1") has no field to compare, so it is an invalid key.
func (c *checker) whereKey(ct *schema.ContentType, key string, v *node, l at, depth int) (*Filter, error) {
	sub := func(it *node, d int) (*Filter, error) { return c.where(ct, it, l, d) }
	switch key {
	case "$and", "$or":
		return c.group(key, v, l, depth, sub)
	case "$not":
		return c.not(v, l, depth, sub)
	}
	a, err := c.attr(ct, key, l, inFilters)
	if err != nil {
		return nil, err
	}
	if a.IsRelation() {
		return c.relation(a, v, l.child(key), depth+1)
	}
	if a.IsComponent() {
		return c.component(a, v, l.child(key), depth+1)
	}
	return c.value(a, v, l.child(key), depth)
}

// component checks a filter on component field a: the fields of its
// component (filters[seo][metaTitle][$eq]=...), which at least one item
// must match; on a dynamic zone, Kiln's extension of Strapi's filters, an
// object of the zone's components, each with its fields
// (filters[body][blocks.quote][body][$containsi]=...).
func (c *checker) component(a *schema.Attribute, v *node, l at, depth int) (*Filter, error) {
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	if v.kind != objectNode {
		what := "a component: expected an object of its fields"
		if a.Type == schema.DynamicZone {
			what = "a dynamic zone: expected an object of its components, each with its fields"
		}
		return nil, valueError(l, a.Name, "Invalid filter%s: %s is %s", l.suffix(), a.Name, what)
	}
	if a.Type == schema.Component {
		comp := a.ComponentTypes[0]
		// $null / $notNull test the component itself (whether the entry
		// holds one), as Strapi's do; the other keys, its fields.
		var kids []*Filter
		rest := &node{kind: objectNode}
		for i, k := range v.keys {
			op, isNull := comparisons[k]
			if !isNull || (op != OpNull && op != OpNotNull) {
				rest.keys, rest.vals = append(rest.keys, k), append(rest.vals, v.vals[i])
				continue
			}
			s, _ := scalar(v.vals[i])
			b, ok := parseBool(s)
			if !ok || v.vals[i].kind == nullNode {
				return nil, valueError(l.child(k), k, `Invalid %s%s: expected "true", "t", "1", "false", "f" or "0"`, k, l.suffix())
			}
			kids = append(kids, &Filter{Kind: KindComponent, Relation: a, Component: comp, Operator: op, Value: b})
		}
		if len(rest.keys) > 0 || len(kids) == 0 {
			sub, err := c.where(comp, rest, l, depth)
			if err != nil {
				return nil, err
			}
			kids = append(kids, &Filter{Kind: KindComponent, Relation: a, Component: comp, Sub: sub})
		}
		return all(kids), nil
	}
	kids := make([]*Filter, 0, len(v.keys))
	for i, uid := range v.keys {
		comp := a.ComponentOf(uid)
		if comp == nil {
			return nil, unknownKey(l, uid, a.Components)
		}
		sub, err := c.where(comp, v.vals[i], l.child(uid), depth+1)
		if err != nil {
			return nil, err
		}
		kids = append(kids, &Filter{Kind: KindComponent, Relation: a, Component: comp, Sub: sub})
	}
	return all(kids), nil
}

// group checks $and/$or, which must be arrays: Strapi answers 500 to an
// object here, Kiln 400.
func (c *checker) group(op string, v *node, l at, depth int, fn each) (*Filter, error) {
	items, ok := asList(v)
	if !ok {
		return nil, valueError(l, op, "Invalid value for %s%s: expected an array", op, l.suffix())
	}
	kind := KindAnd
	if op == "$or" {
		kind = KindOr
	}
	return c.many(kind, op, items, l, depth, fn)
}

// many builds an And or Or over items, one level deeper.
func (c *checker) many(kind FilterKind, key string, items []*node, l at, depth int, fn each) (*Filter, error) {
	depth++
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	if err := c.checkLen(len(items), key, l); err != nil {
		return nil, err
	}
	f := &Filter{Kind: kind, Children: make([]*Filter, 0, len(items))}
	for _, it := range items {
		sub, err := fn(it, depth)
		if err != nil {
			return nil, err
		}
		f.Children = append(f.Children, sub)
	}
	return f, nil
}

// not checks $not, one level deeper.
func (c *checker) not(v *node, l at, depth int, fn each) (*Filter, error) {
	depth++
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	sub, err := fn(v, depth)
	if err != nil {
		return nil, err
	}
	return &Filter{Kind: KindNot, Children: []*Filter{sub}}, nil
}

// checkLen bounds a list the client wrote.
func (c *checker) checkLen(n int, key string, l at) error {
	if n > c.opts.MaxInList {
		return valueError(l, key, "Too many values for %s%s (%d), the maximum is %d", key, l.suffix(), n, c.opts.MaxInList)
	}
	return nil
}

// value checks what a scalar field is compared with: a plain value ($eq),
// no value (IS NULL), an array ($in, or an OR when the items are not all
// plain) or an object of operators.
func (c *checker) value(a *schema.Attribute, v *node, l at, depth int) (*Filter, error) {
	if v.kind == nullNode || isPlain(v) {
		return c.cond(a, OpEq, v, l)
	}
	if items, ok := asList(v); ok {
		if allPlain(items) {
			return c.cond(a, OpIn, v, l)
		}
		return c.many(KindOr, a.Name, items, l, depth, func(it *node, d int) (*Filter, error) {
			return c.value(a, it, l, d)
		})
	}
	return c.operators(a, v, l, depth)
}

// operators checks an object of operators on one scalar field; any other
// key is invalid there, since a scalar has no sub-fields.
func (c *checker) operators(a *schema.Attribute, v *node, l at, depth int) (*Filter, error) {
	sub := func(it *node, d int) (*Filter, error) { return c.value(a, it, l, d) }
	kids := make([]*Filter, 0, len(v.keys))
	for i, key := range v.keys {
		var f *Filter
		var err error
		switch op, ok := comparisons[key]; {
		case key == "$and" || key == "$or":
			f, err = c.group(key, v.vals[i], l, depth, sub)
		case key == "$not":
			f, err = c.not(v.vals[i], l, depth, sub)
		case ok:
			f, err = c.cond(a, op, v.vals[i], l)
		default:
			err = unknownKey(l, key, operatorKeys)
		}
		if err != nil {
			return nil, err
		}
		kids = append(kids, f)
	}
	return all(kids), nil
}

// relation checks a filter on relation a (l and depth already one hop in):
// fields of the target, or operators on the target's id, or $null/$notNull
// on the relation itself; never both fields and operators.
func (c *checker) relation(a *schema.Attribute, v *node, l at, depth int) (*Filter, error) {
	if depth > c.opts.MaxDepth {
		return nil, depthError(l, c.opts.MaxDepth)
	}
	switch {
	case v.kind == nullNode:
		return nullCond(a, true), nil
	case isPlain(v):
		return c.relID(a, OpEq, v, l)
	}
	if items, ok := asList(v); ok {
		if allPlain(items) {
			return c.relID(a, OpIn, v, l)
		}
		return c.many(KindOr, a.Name, items, l, depth, func(it *node, d int) (*Filter, error) {
			return c.relation(a, it, l, d)
		})
	}
	op, field, err := c.classify(a, v, l)
	switch {
	case err != nil:
		return nil, err
	case op == "":
		sub, err := c.where(a.TargetType, v, l, depth)
		if err != nil {
			return nil, err
		}
		return &Filter{Kind: KindRel, Relation: a, Sub: sub}, nil
	case field != "":
		return nil, valueError(l.child(field), field,
			"Invalid key %s%s: fields and operators (%s) cannot be mixed in one filter", clip(field), l.suffix(), op)
	}
	return c.relOperators(a, v, l)
}

// classify returns the first comparison operator and the first other key
// (a field or a logical operator) of relation a's filter object.
func (c *checker) classify(a *schema.Attribute, v *node, l at) (op, field string, err error) {
	for _, k := range v.keys {
		_, isOp := comparisons[k]
		switch {
		case isOp:
			if op == "" {
				op = k
			}
		case k == "$and" || k == "$or" || k == "$not" || !strings.HasPrefix(k, "$"):
			if field == "" {
				field = k
			}
		default:
			valid := append(c.validNames(a.TargetType, inFilters), operatorKeys[:len(operatorKeys)-len(logicalOps)]...)
			return "", "", unknownKey(l, k, valid)
		}
	}
	return op, field, nil
}

// relOperators checks operators written directly on a relation: $null and
// $notNull (and $eq/$ne with no value) test the relation itself, the others
// compare the target's id.
func (c *checker) relOperators(a *schema.Attribute, v *node, l at) (*Filter, error) {
	var kids, ids []*Filter
	for i, k := range v.keys {
		op, val := comparisons[k], v.vals[i]
		switch {
		case op == OpNull || op == OpNotNull:
			f, err := c.cond(a, op, val, l)
			if err != nil {
				return nil, err
			}
			kids = append(kids, f)
		case (op == OpEq || op == OpNe) && val.kind == nullNode:
			kids = append(kids, nullCond(a, op == OpEq))
		default:
			f, err := c.cond(schema.SysID, op, val, l)
			if err != nil {
				return nil, err
			}
			ids = append(ids, f)
		}
	}
	if len(ids) > 0 {
		kids = append(kids, &Filter{Kind: KindRel, Relation: a, Sub: all(ids)})
	}
	return all(kids), nil
}

// relID compares the related entries' id.
func (c *checker) relID(a *schema.Attribute, op Operator, v *node, l at) (*Filter, error) {
	f, err := c.cond(schema.SysID, op, v, l)
	if err != nil {
		return nil, err
	}
	return &Filter{Kind: KindRel, Relation: a, Sub: f}, nil
}

// nullCond tests whether relation a has no (isNull) or some related entry.
// A Rel with "id IS NULL" inside would match nothing, so IS NULL on a
// relation is always this form.
func nullCond(a *schema.Attribute, isNull bool) *Filter {
	op := OpNotNull
	if isNull {
		op = OpNull
	}
	return &Filter{Kind: KindCond, Field: a, Operator: op, Value: true}
}

// all ANDs kids, or returns the only one.
func all(kids []*Filter) *Filter {
	if len(kids) == 1 {
		return kids[0]
	}
	return &Filter{Kind: KindAnd, Children: kids}
}

func isPlain(v *node) bool { return v.kind == stringNode || v.kind == trueNode }

func allPlain(items []*node) bool {
	for _, it := range items {
		if !isPlain(it) {
			return false
		}
	}
	return true
}
