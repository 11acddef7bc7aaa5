package schema

import (
	"fmt"
)

// Relations: resolving each to its target and inverse, and where each
// field is stored (a column, a join table).

// resolveRelation finds the relation's target type and its inverse field,
// checking that the two sides describe one relation. A pair that does not
// match is reported once, by the side that can name the fix. It reports
// whether the field is to be left out: a mappedBy naming a field the
// target does not have, which Strapi starts with (the field holds
// nothing), is a warning, not a problem.
func resolveRelation(s *Schema, ct *ContentType, a *Attribute, probs *Problems) bool {
	add := func(msg string) { *probs = append(*probs, a.problem(msg)) }
	if a.Target == "" || !relationKinds[a.RelationKind] || (a.InversedBy != "" && a.MappedBy != "") {
		return false // ruleProblems has said why
	}
	t := s.byName[a.Target]
	if t == nil {
		add(fmt.Sprintf("target %q is not a content type", a.Target))
		return false
	}
	a.TargetType = t
	switch {
	case a.RelationKind == OneToMany && a.MappedBy == "" && a.InversedBy == "":
		// A one-way oneToMany: in a join table of its own, as Strapi keeps
		// it (assignStorage).
		return false
	case a.RelationKind == OneToMany && a.MappedBy == "":
		add("a oneToMany relation needs mappedBy: the manyToOne field on the target that stores it")
		return false
	}
	inv := a.InversedBy + a.MappedBy
	if inv == "" {
		return false
	}
	other := t.byName[inv]
	switch {
	case other == nil && a.MappedBy != "":
		// Strapi's metadata leaves the side with mappedBy to the other
		// side, which is not there: it starts, and the field holds nothing.
		s.Warnings = append(s.Warnings, a.problem(fmt.Sprintf(
			"inverse field %q does not exist on %q: the field is left out (Strapi starts with it too, and it holds nothing)", inv, t.Name)))
		return true
	case other == nil:
		add(fmt.Sprintf("inverse field %q does not exist on %q", inv, t.Name))
		return false
	case !other.IsRelation() || other.Target != ct.Name:
		add(fmt.Sprintf("inverse field %s.%s is not a relation to %q", t.Name, inv, ct.Name))
		return false
	}
	back := other.InversedBy
	if a.InversedBy != "" {
		back = other.MappedBy
	}
	if back != a.Name {
		want := "mappedBy"
		if a.MappedBy != "" {
			want = "inversedBy"
		}
		add(fmt.Sprintf("inverse field %s.%s must say %s: %s", t.Name, inv, want, a.Name))
		return false
	}
	if !pairs(a.RelationKind, other.RelationKind) {
		if a.MappedBy != "" {
			return false // the inversedBy side reports it
		}
		add(fmt.Sprintf("relation %s does not match its inverse %s.%s (%s)", a.RelationKind, t.Name, inv, other.RelationKind))
		return false
	}
	a.Inverse = other
	return false
}

// drop takes a out of t's fields.
func (t *ContentType) drop(a *Attribute) {
	delete(t.byName, a.Name)
	for i, b := range t.Attributes {
		if b == a {
			t.Attributes = append(t.Attributes[:i:i], t.Attributes[i+1:]...)
			return
		}
	}
}

// pairs reports whether two relation kinds are each other's inverse.
func pairs(a, b RelationKind) bool {
	switch a {
	case OneToOne, ManyToMany:
		return a == b
	case OneToMany:
		return b == ManyToOne
	case ManyToOne:
		return b == OneToMany
	}
	return false
}

// assignStorage decides where each field lives: its own column, a
// foreign-key column, or a join table owned by one side of a manyToMany.
func assignStorage(ct *ContentType) {
	for _, a := range ct.Attributes {
		switch {
		case a.Structured():
			// components and zones: their holder's ComponentJoin table;
			// media: refused (checkStructured)
		case a.IsScalar():
			a.Column = ColumnOf(a.Name)
		case a.TargetType == nil:
		case a.RelationKind == ManyToOne, a.RelationKind == OneToOne && a.MappedBy == "":
			a.Column = fkColumn(a.Name)
			if !ct.DraftAndPublish && a.TargetType.DraftAndPublish {
				// One row links both versions of the target: a column each.
				a.DraftColumn = draftColumn(a.Name)
			}
		case a.RelationKind == ManyToMany && a.MappedBy == "", a.OneWayToMany():
			a.JoinTable = joinTableName(ct, a.Name)
			a.JoinSelf, a.JoinTarget = joinColumns(ct, a.TargetType)
		}
	}
}

// assignMappedJoins gives the mapped side of each manyToMany its owner's join
// table, read the other way round. It runs once every owner is assigned.
func assignMappedJoins(ct *ContentType) {
	for _, a := range ct.Attributes {
		if a.RelationKind == ManyToMany && a.MappedBy != "" && a.Inverse != nil {
			a.JoinTable, a.JoinSelf, a.JoinTarget = a.Inverse.JoinTable, a.Inverse.JoinTarget, a.Inverse.JoinSelf
		}
	}
}

// checkColumns finds two fields of one type that would share a column.
func checkColumns(all []*ContentType, tables map[string]*ContentType, probs *Problems) {
	joins := map[string]*Attribute{}
	for _, ct := range all {
		used := systemColumns(ct)
		for _, a := range ct.Attributes {
			if a.Column == "" {
				continue
			}
			for _, c := range []string{a.Column, a.DraftColumn} {
				if c == "" {
					continue
				}
				if prev, dup := used[c]; dup {
					*probs = append(*probs, a.problem(fmt.Sprintf("column %q is already used by field %q", c, prev)))
				}
				used[c] = a.Name
			}
		}
		for _, a := range ct.Attributes {
			if a.JoinTable == "" || a.MappedBy != "" {
				continue
			}
			if other := tables[tableKey(a.JoinTable)]; other != nil {
				*probs = append(*probs, a.problem(fmt.Sprintf("join table %q clashes with the table of %s", a.JoinTable, other.describe())))
			} else if prev := joins[tableKey(a.JoinTable)]; prev != nil {
				*probs = append(*probs, a.problem(fmt.Sprintf("join table %q is already the join table of %s.%s", a.JoinTable, prev.Owner.Name, prev.Name)))
			}
			joins[tableKey(a.JoinTable)] = a
		}
	}
}
