package query

import (
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// Filters for Go callers. A plugin's own condition is built from its
// model's attributes and Go values, with no text to write and no parse
// error to handle:
//
//	query.And(
//		query.Rel(m.EvProgram, query.Eq(schema.SysID, programID)),
//		query.Eq(m.EvStatus, "scheduled"),
//	)
//
// Each constructor returns the node ParseFilter returns for the same
// filter written as text — the same attribute, operator and canonical
// value of the field's kind — so the store writes the same SQL for both.
// ParseFilter stays for text that comes from outside the program.
//
// A value the field's kind cannot hold, an operator the field does not
// take, a nil filter or a relation hop into the wrong type is a mistake
// in the calling code, not input: the constructor panics, naming it, as
// regexp.MustCompile does. The limits of Options (depth, list lengths)
// are for clients and do not apply.

// Eq matches entries whose field a equals v; v nil matches an empty
// field. On a relation it compares the related entries' id (v an id), and
// nil matches entries with no related entry.
func Eq(a *schema.Attribute, v any) *Filter { return Compare(a, OpEq, v) }

// Ne is Eq's negation: v nil matches a field that is set.
func Ne(a *schema.Attribute, v any) *Filter { return Compare(a, OpNe, v) }

// Lt matches a field below v.
func Lt(a *schema.Attribute, v any) *Filter { return Compare(a, OpLt, v) }

// Lte matches a field at most v.
func Lte(a *schema.Attribute, v any) *Filter { return Compare(a, OpLte, v) }

// Gt matches a field above v.
func Gt(a *schema.Attribute, v any) *Filter { return Compare(a, OpGt, v) }

// Gte matches a field at least v.
func Gte(a *schema.Attribute, v any) *Filter { return Compare(a, OpGte, v) }

// In matches a field equal to one of vs (none: no entry); on a relation,
// entries related to one of the ids vs.
func In[T any](a *schema.Attribute, vs ...T) *Filter { return Compare(a, OpIn, anys(vs)) }

// NotIn matches a field equal to none of vs.
func NotIn[T any](a *schema.Attribute, vs ...T) *Filter { return Compare(a, OpNotIn, anys(vs)) }

// Between matches a field from lo to hi, both included.
func Between[T any](a *schema.Attribute, lo, hi T) *Filter {
	return Compare(a, OpBetween, []any{lo, hi})
}

// Null matches entries whose field a is empty; on a relation, entries
// with no related entry.
func Null(a *schema.Attribute) *Filter { return Compare(a, OpNull, true) }

// NotNull matches entries whose field a is set; on a relation, entries
// with at least one related entry.
func NotNull(a *schema.Attribute) *Filter { return Compare(a, OpNotNull, true) }

// Compare is the comparison op of field a with v, for every operator of
// the filter language: v is a []any for $in, $notIn (any length) and
// $between (two), a bool for $null and $notNull, a string for the text
// operators ($contains, $startsWithi...), and otherwise a value of a's
// kind, as FromJSON takes it from a plugin (int64 or int for integers and
// ids, float64, bool, string; a time.Time for a date-time, a date or a
// time, read in its own location; for json, the Go value of the document).
// The result holds the kind's canonical value, as Filter.Value says.
func Compare(a *schema.Attribute, op Operator, v any) *Filter {
	f, err := compare(a, op, v)
	if err != nil {
		panic(fmt.Sprintf("query: %s %s %v: %v", attrName(a), op, v, err))
	}
	return f
}

// compare is Compare, mirroring the checker's cond and relOperators.
func compare(a *schema.Attribute, op Operator, v any) (*Filter, error) {
	if a == nil {
		return nil, errors.New("no attribute")
	}
	if _, ok := comparisons[string(op)]; !ok {
		return nil, errors.New("not an operator")
	}
	if a.IsRelation() {
		switch {
		case op == OpNull || op == OpNotNull:
		case (op == OpEq || op == OpNe) && v == nil:
			return nullCond(a, op == OpEq), nil
		default: // the related entries' id
			sub, err := compare(schema.SysID, op, v)
			if err != nil {
				return nil, err
			}
			return &Filter{Kind: KindRel, Relation: a, Sub: sub}, nil
		}
	}
	caps := a.Kind.Caps()
	switch {
	case caps.Opaque && orderOps[op]:
		return nil, errors.New("json fields have no order to compare by")
	case stringOps[op] && !caps.Text && !caps.Opaque:
		return nil, errors.New("it applies to text fields only")
	}
	val, err := operandOf(a, op, v)
	if err != nil {
		return nil, err
	}
	return &Filter{Kind: KindCond, Field: a, Operator: op, Value: val}, nil
}

// operandOf is the canonical value of one comparison, as operand reads it
// from text.
func operandOf(a *schema.Attribute, op Operator, v any) (any, error) {
	switch op {
	case OpNull, OpNotNull:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return nil, errors.New("expected a bool")
	case OpIn, OpNotIn, OpBetween:
		list, ok := v.([]any)
		switch {
		case !ok:
			return nil, errors.New("expected a []any")
		case op == OpBetween && len(list) != 2:
			return nil, fmt.Errorf("expected 2 values, got %d", len(list))
		}
		out := make([]any, len(list))
		for i, x := range list {
			c, err := canonical(a, x)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	if v == nil {
		if op == OpEq || op == OpNe {
			return nil, nil
		}
		return nil, errors.New("expected a value, got nil")
	}
	if stringOps[op] {
		if s, ok := v.(string); ok {
			return s, nil
		}
		return nil, errors.New("expected a string")
	}
	return canonical(a, v)
}

// canonical is a's kind's value for the Go value v: FromJSON's, with a
// time.Time first written as the text the kind reads.
func canonical(a *schema.Attribute, v any) (any, error) {
	if t, ok := v.(time.Time); ok {
		switch a.Type {
		case schema.DateTime:
			v = t.Format(time.RFC3339Nano)
		case schema.Date:
			v = t.Format(time.DateOnly)
		case schema.Time:
			v = t.Format("15:04:05.999999999")
		}
	}
	c, err := a.Kind.FromJSON(v)
	if err != nil {
		var ve *schema.ValueError
		if errors.As(err, &ve) {
			return nil, errors.New("expected " + ve.Want)
		}
		return nil, err
	}
	return c, nil
}

// anys is vs as a []any.
func anys[T any](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// And matches what every filter of fs matches: all of none is every
// entry. It is the node of {"$and": [...]}.
func And(fs ...*Filter) *Filter { return group(KindAnd, "And", fs) }

// Or matches what any filter of fs matches: any of none is no entry. It
// is the node of {"$or": [...]}.
func Or(fs ...*Filter) *Filter { return group(KindOr, "Or", fs) }

func group(kind FilterKind, name string, fs []*Filter) *Filter {
	for i, f := range fs {
		if f == nil {
			panic(fmt.Sprintf("query.%s: filter %d is nil", name, i))
		}
	}
	return &Filter{Kind: kind, Children: append(make([]*Filter, 0, len(fs)), fs...)}
}

// Not matches what f does not.
func Not(f *Filter) *Filter {
	if f == nil {
		panic("query.Not: the filter is nil")
	}
	return &Filter{Kind: KindNot, Children: []*Filter{f}}
}

// Rel matches entries with at least one related entry, through relation,
// that sub matches; sub is built on the relation's target type (hop on
// with Rel inside it: Rel(m.EvCoach, Rel(m.CoachUser, Eq(schema.SysID,
// id))), or Rel(m.EvCoach, Eq(m.CoachUser, id)) for the same tree). A
// related entry the reader may not see never matches.
func Rel(relation *schema.Attribute, sub *Filter) *Filter {
	switch {
	case relation == nil || !relation.IsRelation() || relation.TargetType == nil:
		panic(fmt.Sprintf("query.Rel: %s is not a relation", attrName(relation)))
	case sub == nil:
		panic(fmt.Sprintf("query.Rel(%s): the filter is nil (NotNull tests for some related entry)", relation.Name))
	}
	if a := foreign(relation.TargetType, sub); a != nil {
		panic(fmt.Sprintf("query.Rel(%s): %s is not a field of %s", relation.Name, fieldPath(a), relation.TargetType.Name))
	}
	return &Filter{Kind: KindRel, Relation: relation, Sub: sub}
}

// foreign returns the first attribute f names at its own level (not past
// its relation hops, which Rel checked when they were built) that is not
// a field of ct, or nil.
func foreign(ct *schema.ContentType, f *Filter) *schema.Attribute {
	var a *schema.Attribute
	switch f.Kind {
	case KindCond:
		a = f.Field
	case KindRel, KindComponent:
		a = f.Relation
	default:
		for _, c := range f.Children {
			if x := foreign(ct, c); x != nil {
				return x
			}
		}
		return nil
	}
	if a.System || a.Owner == ct {
		return nil
	}
	return a
}

// fieldPath is "type.field" for a message.
func fieldPath(a *schema.Attribute) string {
	if a.Owner == nil {
		return a.Name
	}
	return a.Owner.Name + "." + a.Name
}
