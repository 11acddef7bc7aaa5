package content

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// checkRules checks a value (not nil) against its attribute's rules and
// returns the first failure's message in Strapi's (yup's) words, or "".
// Required is not the kind's: a missing or null value is required's
// (required.problem).
func checkRules(a *schema.Attribute, v any) string {
	return a.Kind.Check(a, v)
}

// required is how a write checks its required fields, as Strapi 5's
// validator (yup) does for the same write.
type required struct {
	// draft: a draft & publish type's draft, which may be incomplete:
	// required is not checked, but for a repeatable component's and a
	// zone's, which are lists a draft holds too (their null is refused
	// and, on a create, their absence).
	draft bool
	// update: a partial update, where a null is refused by yup's notNull
	// ("cannot be null.") where the kind's type check lets it through. A
	// new localization is a create.
	update bool
	// publish: a draft & publish type's published write, which Strapi
	// checks as it publishes the draft, as a create of what the draft
	// holds: a field a new entry or item leaves out (without a default)
	// is a null there, said as one.
	publish bool
}

// problem is the error of field a at label when it has no value after
// defaults — given: the body sends null, else it leaves a out (the
// caller skips a field an update leaves out, which keeps its value): a
// message and the value it echoes (errs.Null for a null sent, nil for
// none). ok is false when that passes, or is not checked here. A repeatable
// component's or a zone's null is refused even when not required: its
// validator is always yup's notNil or notNull (an empty list is [], and
// is what a create defaults it to when not required).
func (r required) problem(a *schema.Attribute, label string, given bool) (msg string, echo any, ok bool) {
	list := a.Repeatable || a.Type == schema.DynamicZone
	switch {
	case !a.Required && !(list && given):
		return "", nil, false
	case !given && (list || !r.publish):
		if r.draft && !list {
			return "", nil, false
		}
		return label + " must be defined.", nil, true
	case r.draft && !list:
		return "", nil, false
	}
	return nullMessage(a, label, r.update), errs.Null, true
}

// nullMessage is Strapi 5's answer to null for a required field a at
// label: yup runs the type check of the field's schema first, which
// refuses null unless the schema is nullable, and a required field's is
// not; where that check takes any value (a mixed schema, or boolean's,
// nullable), the required test answers (notNil on a create, notNull on
// an update).
func nullMessage(a *schema.Attribute, label string, update bool) string {
	var c nullCheck
	switch {
	case a.Repeatable || a.Type == schema.DynamicZone:
		c = nullCheck{"array", "null"}
	case a.Type == schema.Component:
		c = nullCheck{"object", "null"}
	case a.Kind != nil:
		c = nullChecks[a.Kind.Type()]
	}
	switch {
	case c.typ != "":
		return fmt.Sprintf("%s must be a `%s` type, but the final value was: `%s`.", label, c.typ, c.final)
	case update:
		return label + " cannot be null."
	}
	return label + " must be defined."
}

// nullCheck is the type check that refuses a null for a kind: the type
// yup names and the value null became (a number schema casts it to NaN).
// The zero value is a kind whose schema is yup's mixed: no type check.
type nullCheck struct{ typ, final string }

// nullChecks is each field kind's, from Strapi 5.54's entity validator
// (services/entity-validator/validators): the text kinds are yup
// strings, the number kinds but biginteger yup numbers, blocks a yup
// array; biginteger, boolean (a nullable yup boolean), the date and time
// kinds and json answer their required test. A relation (and media) is
// not checked: Strapi checks a required one only under its
// strictRelations setting, off unless set. Every kind is listed
// (TestNullForEveryKind).
var nullChecks = map[schema.FieldType]nullCheck{
	schema.String:      {"string", "null"},
	schema.Text:        {"string", "null"},
	schema.RichText:    {"string", "null"},
	schema.Email:       {"string", "null"},
	schema.Password:    {"string", "null"},
	schema.UID:         {"string", "null"},
	schema.Enumeration: {"string", "null"},
	schema.Integer:     {"number", "NaN"},
	schema.Float:       {"number", "NaN"},
	schema.Decimal:     {"number", "NaN"},
	schema.BigInteger:  {},
	schema.Boolean:     {},
	schema.Date:        {},
	schema.Time:        {},
	schema.DateTime:    {},
	schema.JSON:        {},
	schema.Blocks:      {"array", "null"},
	schema.Relation:    {},
}

// inYupOrder sorts the failing fields of one object (a type's fields, or
// a component item's at path depth) as Strapi's validator lists them.
// yup sorts an object's errors, stably, by the position of the first
// field whose name occurs in the error's path ("aDatetime" contains
// "aDate": an error of aDatetime sorts with aDate's), from the order its
// fields' checks finished in: it starts them last field first, and a
// component's check takes longer than a scalar's, a list's than a single
// component's (a tie between a scalar aDate and a component aDatetime
// lists aDate first, between two scalars the later field first). The
// errors of one field keep their order.
func inYupOrder(attrs []*schema.Attribute, depth int, list []errs.FieldError) []errs.FieldError {
	pos := make(map[string]int, len(attrs))
	for i, a := range attrs {
		pos[a.Name] = i
	}
	type key struct{ first, rank, own int }
	keys := make(map[string]key, len(list))
	keyOf := func(fe errs.FieldError) key {
		if len(fe.Path) <= depth {
			return key{-1, 0, -1} // the object's own errors first
		}
		name := fe.Path[depth]
		if k, ok := keys[name]; ok {
			return k
		}
		own, ok := pos[name]
		if !ok {
			k := key{-1, 0, -1} // a key the object does not have: first, as before
			keys[name] = k
			return k
		}
		k := key{own, 0, own}
		switch a := attrs[own]; {
		case a.Repeatable || a.Type == schema.DynamicZone:
			k.rank = 2
		case a.Type == schema.Component:
			k.rank = 1
		}
		label := schema.PathString(fe.Path[0], fe.Path[1:depth+1])
		for i, a := range attrs {
			if strings.Contains(label, a.Name) {
				k.first = i
				break
			}
		}
		keys[name] = k
		return k
	}
	sort.SliceStable(list, func(i, j int) bool {
		ki, kj := keyOf(list[i]), keyOf(list[j])
		switch {
		case ki.first != kj.first:
			return ki.first < kj.first
		case ki.rank != kj.rank:
			return ki.rank < kj.rank
		}
		return ki.own > kj.own
	})
	return list
}
