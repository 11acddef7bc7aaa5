package schema

import (
	"fmt"
)

// Relations: resolving each to its target and inverse, and where each
// field is stored (a column, a join table).

// resolveRelations finds each relation's target type and pairs the two
// sides of each two-way relation, as Strapi 5 builds its metadata
// (@strapi/database, metadata/relations): the side that says inversedBy
// owns the relation and gives the field it names the relation's links;
// mappedBy alone gives a field nothing. So Kiln loads a pair whose sides
// disagree as Strapi does, with a warning saying what it made of it, and
// refuses only what Strapi refuses to start with. It returns the fields
// to leave out: a mappedBy that no inversedBy names, which holds nothing.
func resolveRelations(s *Schema, all []*ContentType, probs *Problems) []*Attribute {
	var rels []*Attribute
	for _, ct := range all {
		for _, a := range ct.Attributes {
			if a.IsRelation() && resolveTarget(s, a, probs) && ct.Kind != ComponentKind {
				rels = append(rels, a)
			}
		}
	}
	warn := func(a *Attribute, msg string) { s.Warnings = append(s.Warnings, a.problem(msg)) }
	partner := map[*Attribute]*Attribute{}
	var pairs [][2]*Attribute
	// Both sides name each other: a pair, unless both only say mappedBy.
	for _, a := range rels {
		b := declared(a)
		if b == nil || b == a || partner[a] != nil || partner[b] != nil || declared(b) != a || a.InversedBy == "" && b.InversedBy == "" {
			continue
		}
		partner[a], partner[b] = b, a
		pairs = append(pairs, [2]*Attribute{a, b})
	}
	// An inversedBy gives the field it names the relation's links, as
	// Strapi does, when that field is no other relation's side. A field
	// that says neither owns links of its own, unless Strapi built it
	// first and this side then gave it its own (Strapi builds types in
	// the order Kiln reads them: by folder).
	order := map[*Attribute]int{}
	for i, a := range rels {
		order[a] = i
	}
	for _, a := range rels {
		b := declared(a)
		if a.InversedBy == "" || partner[a] != nil || b == nil || b == a || partner[b] != nil || b.InversedBy != "" ||
			b.MappedBy == "" && order[b] > order[a] {
			continue
		}
		said := "says no inversedBy or mappedBy"
		if b.MappedBy != "" {
			said = fmt.Sprintf("says mappedBy: %s, which does not name it back", b.MappedBy)
		}
		warn(b, fmt.Sprintf("%s, and %s.%s names it in inversedBy: Kiln reads it as the other side of %s.%s, as Strapi does",
			said, a.Owner.Name, a.Name, a.Owner.Name, a.Name))
		partner[a], partner[b] = b, a
		pairs = append(pairs, [2]*Attribute{a, b})
	}
	for _, p := range pairs {
		pair(s, p[0], p[1])
	}
	var dropped []*Attribute
	for _, a := range rels {
		switch {
		case partner[a] != nil:
		case a.InversedBy != "":
			warn(a, fmt.Sprintf("inverse field %s.%s %s: Kiln reads this field as a one-way relation", a.Target, a.InversedBy, whyNotInverse(a)))
			a.InversedBy = ""
		case a.MappedBy != "":
			warn(a, mappedNothing(a)+": the field is left out (Strapi starts with it too, and it holds nothing)")
			dropped = append(dropped, a)
		}
	}
	return dropped
}

// resolveTarget finds a relation's target type, and refuses what Strapi
// refuses to start with: an owning side whose inverse is not a relation,
// a oneToMany that would own a two-way relation, a manyToOne that would
// not. It reports whether the field can take part in a pair.
func resolveTarget(s *Schema, a *Attribute, probs *Problems) bool {
	add := func(msg string) { *probs = append(*probs, a.problem(msg)) }
	refused := func(msg string) { add(fmt.Sprintf("%s (line %d; Strapi refuses it too)", msg, a.line)) }
	if a.Target == "" || !relationKinds[a.RelationKind] || (a.InversedBy != "" && a.MappedBy != "") {
		return false // ruleProblems has said why
	}
	t := s.byName[a.Target]
	if t == nil {
		add(fmt.Sprintf("target %q is not a content type", a.Target))
		return false
	}
	a.TargetType = t
	switch other := t.byName[a.InversedBy]; {
	case a.RelationKind == OneToMany && a.InversedBy != "":
		refused("a oneToMany relation needs mappedBy: the manyToOne field on the target that stores it")
	case a.RelationKind == ManyToOne && a.MappedBy != "":
		refused("a manyToOne relation stores the relation: it says inversedBy, not mappedBy")
	case a.InversedBy == "":
		return true
	case other == nil:
		refused(fmt.Sprintf("inverse field %q does not exist on %q", a.InversedBy, t.Name))
	case !other.IsRelation():
		refused(fmt.Sprintf("inverse field %s.%s is not a relation", t.Name, a.InversedBy))
	default:
		return true
	}
	return false
}

// declared is the field a's inversedBy or mappedBy names, when it is a
// relation back to a's type; else nil.
func declared(a *Attribute) *Attribute {
	name := a.InversedBy + a.MappedBy
	if name == "" || a.TargetType == nil {
		return nil
	}
	b := a.TargetType.byName[name]
	if b == nil || b.Type != Relation || b.TargetType != a.Owner {
		return nil
	}
	return b
}

// whyNotInverse says why the field a's inversedBy names is not its
// relation's other side.
func whyNotInverse(a *Attribute) string {
	switch b := a.TargetType.byName[a.InversedBy]; {
	case b == a:
		return "is the field itself"
	case b.Type != Relation || b.TargetType != a.Owner:
		return fmt.Sprintf("is not a relation to %q", a.Owner.Name)
	case b.InversedBy == "" && b.MappedBy == "" && b.Inverse == nil:
		return "says no inversedBy or mappedBy and comes after this field, so it keeps links of its own, as in Strapi"
	}
	return "is the side of another relation"
}

// mappedNothing says why no inversedBy gives a's mappedBy its links.
func mappedNothing(a *Attribute) string {
	b := a.TargetType.byName[a.MappedBy]
	switch {
	case b == nil:
		return fmt.Sprintf("inverse field %q does not exist on %q", a.MappedBy, a.Target)
	case b.Type != Relation || b.TargetType != a.Owner:
		return fmt.Sprintf("inverse field %s.%s is not a relation to %q", a.Target, a.MappedBy, a.Owner.Name)
	case b.InversedBy == "" && b.MappedBy == "":
		return fmt.Sprintf("inverse field %s.%s says no inversedBy: %s, it is a one-way relation of its own", a.Target, a.MappedBy, a.Name)
	}
	return fmt.Sprintf("inverse field %s.%s does not name it in inversedBy", a.Target, a.MappedBy)
}

// pair makes a and b the two sides of one relation: the kinds made to
// match (each side keeps its one or many, as it answers in Strapi), the
// side of the many-to-one owning it, and the other saying mappedBy.
func pair(s *Schema, a, b *Attribute) {
	kindA, kindB := pairedKinds(a, b)
	if kindA != a.RelationKind || kindB != b.RelationKind {
		s.Warnings = append(s.Warnings, a.problem(fmt.Sprintf(
			"relation %s does not match its inverse %s.%s (%s): Kiln reads them as %s and %s, each side one or many as it says",
			a.RelationKind, b.Owner.Name, b.Name, b.RelationKind, kindA, kindB)))
	}
	a.RelationKind, b.RelationKind = kindA, kindB
	owner, mapped := a, b
	if owner.RelationKind == OneToMany || owner.InversedBy == "" && mapped.RelationKind != OneToMany {
		owner, mapped = b, a
	}
	if owner.InversedBy != "" && mapped.InversedBy != "" {
		s.Warnings = append(s.Warnings, mapped.problem(fmt.Sprintf(
			"%s.%s and this field both say inversedBy: Kiln reads this one as mappedBy: %s (Strapi warns of it at start too)",
			owner.Owner.Name, owner.Name, owner.Name)))
	}
	owner.InversedBy, owner.MappedBy = mapped.Name, ""
	mapped.MappedBy, mapped.InversedBy = owner.Name, ""
	a.Inverse, b.Inverse = b, a
}

// pairedKinds are the kinds of a and b made each other's inverse, each
// side keeping its to-one or to-many.
func pairedKinds(a, b *Attribute) (RelationKind, RelationKind) {
	kind := func(from, to bool) RelationKind {
		switch {
		case from && to:
			return ManyToMany
		case from:
			return ManyToOne
		case to:
			return OneToMany
		}
		return OneToOne
	}
	return kind(b.ToMany(), a.ToMany()), kind(a.ToMany(), b.ToMany())
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
