package schema

import (
	"fmt"
	"strconv"
)

// relationKind is a link to entries of another type. Its value is not the
// field's own: core/content reads connect/disconnect/set bodies and core/
// store keeps the links in a foreign-key column (BIGINT, the target's id)
// or a join table. What the kind says is for that column: an id.
//
// Parse: an id's digits. FromJSON: an id as a JSON number or string.
// Canonical: int64 (an id). Rules: relation, target, inversedBy, mappedBy.
type relationKind struct{ whole }

func (relationKind) Type() FieldType         { return Relation }
func (relationKind) Caps() Caps              { return Caps{Integral: true, Relation: true, NoIndex: true} }
func (relationKind) Column(d Dialect) string { return "BIGINT" }

func (relationKind) Parse(s string) (any, error) { return parseWhole(s, errRelation) }
func (relationKind) FromJSON(v any) (any, error) { return wholeFromJSON(v, errRelation) }

func (relationKind) Check(a *Attribute, v any) string { return "" }

func (relationKind) AppendJSON(b []byte, v any) []byte {
	if n, ok := v.(int64); ok {
		return strconv.AppendInt(b, n, 10)
	}
	return appendAny(b, v)
}

func (relationKind) OutputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "integer"}
}

func (relationKind) InputSchema(a *Attribute) map[string]any {
	return map[string]any{"type": "integer"}
}

func (relationKind) Default(a *Attribute, v any) (any, string) {
	return nil, "is not allowed on a relation field"
}

// Problems checks the relation's own keys; its target and inverse are
// resolved once every type is known (see resolveRelation).
func (relationKind) Problems(a *Attribute) []string {
	var out []string
	switch a.RelationKind {
	case OneToOne, OneToMany, ManyToOne, ManyToMany:
	case "":
		out = append(out, "relation is required (oneToOne, oneToMany, manyToOne or manyToMany)")
	default:
		out = append(out, fmt.Sprintf("unknown relation %q (oneToOne, oneToMany, manyToOne or manyToMany)", a.RelationKind))
	}
	if a.Target == "" {
		out = append(out, "target is required")
	}
	if a.InversedBy != "" && a.MappedBy != "" {
		out = append(out, "a relation has inversedBy or mappedBy, not both")
	}
	if a.Unique {
		out = append(out, "a relation cannot be unique")
	}
	return out
}

func (k relationKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return numberFrom(d, from, k, c, true)
}
