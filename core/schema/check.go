package schema

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
)

var (
	typeNameRe = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	// fieldNameRe is Strapi's own rule for an attribute's name (the
	// content-type builder's NAME_REGEX): snake_case names such as
	// is_actor are as valid as camelCase ones.
	fieldNameRe = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)
	tableNameRe = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
)

// reservedFields are the system fields every entry has, and names Strapi's
// query language or envelopes give a meaning of their own. A name is
// reserved when its snake_case is one of theirs (created_at as createdAt),
// as Strapi compares them.
var reservedFields = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"id", "documentId", "createdAt", "updatedAt", "publishedAt", "createdBy",
		"updatedBy", "locale", "localizations", "attributes", "meta"} {
		m[Snake(n)] = true
	}
	return m
}()

// reservedPlurals are route segments the core itself serves under /api,
// the built-in types' own plurals among them.
var reservedPlurals = map[string]bool{
	"auth": true, "users": true, "roles": true, "users-permissions": true,
	"versions": true, "docs": true, "openapi.json": true, "v1": true, "v2": true,
	"connect": true, "upload": true,
}

var relationKinds = map[RelationKind]bool{OneToOne: true, OneToMany: true, ManyToOne: true, ManyToMany: true}

// build turns the parsed definitions into a checked, resolved Schema,
// recording every problem it meets rather than stopping at the first.
func build(raws []*rawType, probs *Problems) *Schema {
	s := &Schema{byName: map[string]*ContentType{}, byPlur: map[string]*ContentType{}, byComp: map[string]*ContentType{}}
	tables := map[string]*ContentType{}
	var extensions, components []*rawType
	for _, rt := range raws {
		switch {
		case rt.component != "":
			components = append(components, rt)
			continue
		case rt.extension || !rt.builtin && rt.singular == "user":
			extensions = append(extensions, rt)
			continue
		}
		ct := checkType(rt, s, tables, probs)
		if ct == nil {
			continue
		}
		s.Types = append(s.Types, ct)
		s.byName[ct.Name] = ct
		s.byPlur[ct.Plural] = ct
		tables[ct.Table] = ct
	}
	for _, rc := range components {
		if c := checkComponent(rc, s, tables, probs); c != nil {
			s.Components = append(s.Components, c)
			s.byComp[c.Name] = c
			tables[c.Table] = c
		}
	}
	sort.SliceStable(s.Components, func(i, j int) bool { return s.Components[i].Name < s.Components[j].Name })
	for _, ext := range extensions {
		extendBuiltin(s, s.byName["user"], ext, probs)
	}
	// Types, then components: every holder of fields.
	all := append(append([]*ContentType(nil), s.Types...), s.Components...)
	var dropped []*Attribute
	for _, ct := range all {
		for _, a := range ct.Attributes {
			switch {
			case a.IsRelation():
				if resolveRelation(s, ct, a, probs) {
					dropped = append(dropped, a)
				}
			case a.Structured():
				checkStructured(s, ct, a, probs)
			}
		}
	}
	for _, a := range dropped {
		a.Owner.drop(a)
	}
	checkNesting(s, probs)
	checkComponentRelations(s, probs)
	for _, ct := range all {
		assignStorage(ct)
	}
	for _, ct := range all {
		assignMappedJoins(ct)
		for _, a := range ct.Attributes {
			if tc, ok := a.Kind.(typeChecker); ok {
				if msg := tc.typeProblem(ct, a); msg != "" {
					*probs = append(*probs, a.problem(msg))
				}
			}
		}
	}
	checkColumns(all, tables, probs)
	sort.SliceStable(s.Types, func(i, j int) bool { return s.Types[i].Name < s.Types[j].Name })
	return s
}

func checkType(rt *rawType, s *Schema, tables map[string]*ContentType, probs *Problems) *ContentType {
	add := func(msg string) {
		*probs = append(*probs, Problem{File: rt.file, Type: rt.singular, Message: msg})
	}
	ok, twice := true, false
	switch {
	case rt.singular == "":
		add("info.singularName is required")
		ok = false
	case !typeNameRe.MatchString(rt.singular):
		add("info.singularName must be lowercase letters, digits and dashes, starting with a letter")
		ok = false
	case s.byName[rt.singular] != nil:
		add(fmt.Sprintf("the type is defined twice (also in %s)", s.byName[rt.singular].File))
		ok, twice = false, true
	case s.byPlur[rt.singular] != nil:
		add(fmt.Sprintf("info.singularName %q is already the pluralName of %q", rt.singular, s.byPlur[rt.singular].Name))
		ok = false
	}
	switch {
	case rt.plural == "":
		add("info.pluralName is required")
		ok = false
	case !typeNameRe.MatchString(rt.plural):
		add("info.pluralName must be lowercase letters, digits and dashes, starting with a letter")
		ok = false
	case rt.plural == rt.singular:
		add("info.pluralName must differ from info.singularName")
		ok = false
	case twice:
		// One mistake, one problem: a copied file repeats the plural too.
	case reservedPlurals[rt.plural] && !rt.builtin:
		add(fmt.Sprintf("info.pluralName %q is reserved by the core", rt.plural))
		ok = false
	case s.byPlur[rt.plural] != nil || s.byName[rt.plural] != nil:
		add(fmt.Sprintf("info.pluralName %q is already used", rt.plural))
		ok = false
	}
	kind := TypeKind(rt.kind)
	if kind == "" {
		kind = CollectionType // as Strapi reads a schema without kind
	}
	if kind != CollectionType && kind != SingleType {
		add(fmt.Sprintf("kind must be collectionType or singleType, not %q", rt.kind))
	}
	if rt.table != "" && !tableNameRe.MatchString(rt.table) {
		add("collectionName must be lowercase letters, digits and underscores, starting with a letter")
		ok = false
	}
	ct := &ContentType{
		Name: rt.singular, Plural: rt.plural, DisplayName: rt.display, Description: rt.description,
		Icon: rt.icon, Kind: kind, DraftAndPublish: rt.draftAndPublish, ReviewWorkflows: rt.reviewWorkflows,
		Localized: rt.localized, Builtin: rt.builtin, File: rt.file,
		Table: rt.table, byName: map[string]*Attribute{},
	}
	if ct.DisplayName == "" {
		ct.DisplayName = ct.Name
	}
	if ct.Table == "" {
		ct.Table = tableName(ct.Plural)
	}
	if other := tables[ct.Table]; ok && other != nil {
		add(fmt.Sprintf("table %q is already used by %s", ct.Table, other.describe()))
		ok = false
	}
	// A type that cannot join the schema still has its fields checked, so
	// that fixing its name does not bring a second round of problems.
	for _, ra := range rt.attrs {
		addAttr(ct, ra, rt.file, probs)
	}
	if !ok {
		return nil
	}
	return ct
}

// extendBuiltin adds the fields of an admin's user.yaml, or of Strapi's
// extension file of the user, to the built-in user. Strapi's file holds
// the whole schema, the plugin's own fields included: a built-in field
// repeated with its own type and relation is the built-in field, whose
// definition holds; a rule set otherwise is a warning, a field of
// another type a problem.
func extendBuiltin(s *Schema, user *ContentType, ext *rawType, probs *Problems) {
	if ext.singular != "" && ext.singular != "user" {
		*probs = append(*probs, Problem{File: ext.file, Type: ext.singular,
			Message: `the user's extension must say info.singularName: user`})
		return
	}
	for _, ra := range ext.attrs {
		b := user.byName[ra.name]
		if b == nil {
			addAttr(user, ra, ext.file, probs)
			continue
		}
		a := &ra.a
		if a.Type != b.Type || a.RelationKind != b.RelationKind || a.Target != b.Target {
			*probs = append(*probs, Problem{File: ext.file, Type: "user", Field: ra.name,
				Message: "is a built-in field of user and cannot be redefined"})
			continue
		}
		if rules := differentRules(b, ra); len(rules) > 0 {
			s.Warnings = append(s.Warnings, Problem{File: ext.file, Type: "user", Field: ra.name,
				Message: fmt.Sprintf("is a built-in field of user: its %s differ from Kiln's, whose definition holds", strings.Join(rules, ", "))})
		}
	}
}

// differentRules names the rules the extension's copy of a built-in field
// sets otherwise than the built-in field: none in a copy of Strapi's own
// user schema.
func differentRules(b *Attribute, ra *rawAttr) []string {
	a := &ra.a
	var out []string
	ptr := func(x, y *float64) bool { return x != nil && (y == nil || *x != *y) }
	iptr := func(x, y *int) bool { return x != nil && (y == nil || *x != *y) }
	add := func(differs bool, rule string) {
		if differs {
			out = append(out, rule)
		}
	}
	add(a.Required && !b.Required, "required")
	add(a.Unique && !b.Unique, "unique")
	add(a.Private && !b.Private, "private")
	add(ptr(a.Min, b.Min), "min")
	add(ptr(a.Max, b.Max), "max")
	add(iptr(a.MinLength, b.MinLength), "minLength")
	add(iptr(a.MaxLength, b.MaxLength), "maxLength")
	add(a.Regex != "" && a.Regex != b.Regex, "regex")
	add(a.InversedBy != b.InversedBy || a.MappedBy != b.MappedBy, "inverse")
	if ra.hasDefault && b.Kind != nil {
		v, msg := b.Kind.Default(b, a.Default)
		add(msg != "" || !reflect.DeepEqual(v, b.Default), "default")
	}
	return out
}

// addAttr checks one attribute written in file and adds it to ct.
func addAttr(ct *ContentType, ra *rawAttr, file string, probs *Problems) {
	a := ra.a
	add := func(msg string) {
		a.Owner, a.file = ct, file
		*probs = append(*probs, a.problem(msg))
	}
	switch {
	case !fieldNameRe.MatchString(a.Name):
		add("a field name must be letters, digits and underscores, starting with a letter")
		return
	case reservedFields[Snake(a.Name)]:
		add("the name is reserved for a system field")
		return
	case ct.byName[a.Name] != nil:
		add("the field is defined twice")
		return
	}
	if a.Type == "" {
		add("type is required")
		return
	}
	a.Kind = KindOf(a.Type)
	switch {
	case a.Type == Component, a.Type == DynamicZone, a.Type == Media:
		// In the model without a kind: checkStructured refuses it on a
		// content type, once every component is known.
		for _, msg := range ruleProblems(&a) {
			add(msg)
		}
		if ra.hasDefault {
			add("default applies only to scalar fields")
		}
		a.Owner, a.file = ct, file
		p := &a
		ct.Attributes = append(ct.Attributes, p)
		ct.byName[a.Name] = p
		return
	case a.Type == CustomField:
		return // resolveCustomField has said why it has no base type
	case a.Kind == nil:
		add(fmt.Sprintf("unknown type %q", a.Type))
		return
	}
	if a.Regex != "" {
		a.regex, _ = regexp.Compile(a.Regex) // a failure is ruleProblems' to report
	}
	for _, msg := range ruleProblems(&a) {
		add(msg)
	}
	if ra.hasDefault {
		v, msg := a.Kind.Default(&a, a.Default)
		if msg != "" {
			add("default " + msg)
		}
		a.Default = v
	}
	caps := a.Kind.Caps()
	a.Private = a.Private || caps.Private
	a.Unique = a.Unique || caps.Unique
	a.Owner, a.file = ct, file
	p := &a
	ct.Attributes = append(ct.Attributes, p)
	ct.byName[a.Name] = p
}

// ruleProblems checks that each rule is one the field's kind takes, and
// consistent; the kind adds its own problems.
func ruleProblems(a *Attribute) []string {
	var out []string
	var caps Caps
	if a.Kind != nil {
		caps = a.Kind.Caps()
	}
	bad := func(rule, types string) { out = append(out, rule+" applies only to "+types) }
	if !caps.Relation && (a.RelationKind != "" || a.Target != "" || a.InversedBy != "" || a.MappedBy != "") {
		bad("relation, target, inversedBy and mappedBy", "relation fields")
	}
	if a.Kind != nil {
		out = append(out, a.Kind.Problems(a)...)
	} else {
		out = append(out, structuredProblems(a)...)
	}
	if a.Enum != nil && !caps.Enum {
		bad("enum", "enumeration fields")
	}
	seen := map[string]bool{}
	for _, e := range a.Enum {
		if e == "" || seen[e] {
			out = append(out, fmt.Sprintf("enum value %q is empty or repeated", e))
		}
		seen[e] = true
	}
	if (a.Min != nil || a.Max != nil) && !caps.Number && a.Type != Component && a.Type != DynamicZone {
		bad("min and max", "integer, biginteger, decimal and float fields")
	}
	if a.Min != nil && a.Max != nil && *a.Min > *a.Max {
		out = append(out, "min is greater than max")
	}
	if (a.MinLength != nil || a.MaxLength != nil || a.Regex != "") && !caps.Text {
		bad("minLength, maxLength and regex", "text fields")
	}
	if a.MinLength != nil && a.MaxLength != nil && *a.MinLength > *a.MaxLength {
		out = append(out, "minLength is greater than maxLength")
	}
	if a.Regex != "" {
		if _, err := regexp.Compile(a.Regex); err != nil {
			out = append(out, "regex does not compile: "+err.Error())
		}
	}
	if a.Index && (caps.NoIndex || a.Kind == nil) {
		out = append(out, "index applies only to scalar, non-json fields (relations are indexed already)")
	}
	if a.Unique && a.Kind == nil {
		bad("unique", "scalar fields")
	}
	if a.TargetField != "" && !caps.TargetField {
		bad("targetField", "uid fields")
	}
	if (a.Component != "" || a.Repeatable) && a.Type != Component {
		bad("component and repeatable", "component fields")
	}
	if a.Components != nil && a.Type != DynamicZone {
		bad("components", "dynamic zones")
	}
	if (a.Multiple || a.AllowedTypes != nil) && a.Type != Media {
		bad("multiple and allowedTypes", "media fields")
	}
	return out
}

// problem locates msg at the attribute, in the file it was written in.
func (a *Attribute) problem(msg string) Problem {
	if a.Owner.Kind == ComponentKind {
		return Problem{File: a.file, Component: a.Owner.Name, Field: a.Name, Message: msg}
	}
	return Problem{File: a.file, Type: a.Owner.Name, Field: a.Name, Message: msg}
}

// describe names a type or a component in a message.
func (ct *ContentType) describe() string {
	if ct.Kind == ComponentKind {
		return fmt.Sprintf("component %q", ct.Name)
	}
	return fmt.Sprintf("type %q", ct.Name)
}

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
			a.Column = Snake(a.Name)
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
		used := map[string]string{ColID: "id", ColDocumentID: "documentId", ColCreatedAt: "createdAt",
			ColUpdatedAt: "updatedAt", ColPublishedAt: "publishedAt"}
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
			if other := tables[a.JoinTable]; other != nil {
				*probs = append(*probs, a.problem(fmt.Sprintf("join table %q clashes with the table of %s", a.JoinTable, other.describe())))
			} else if prev := joins[a.JoinTable]; prev != nil {
				*probs = append(*probs, a.problem(fmt.Sprintf("join table %q is already the join table of %s.%s", a.JoinTable, prev.Owner.Name, prev.Name)))
			}
			joins[a.JoinTable] = a
		}
	}
}

// typeChecker is a kind with a check of a field that needs every field of
// its type (a uid's targetField), run once they are all known.
type typeChecker interface {
	typeProblem(ct *ContentType, a *Attribute) string
}
