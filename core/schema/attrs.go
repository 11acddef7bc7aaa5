package schema

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
)

// Fields: building an attribute from its definition and checking its
// rules, and the fields the user's extension adds to the built-in user.

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
	case refusedFields[StrapiSnake(a.Name)]:
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
	if a.Type == Media {
		// A media field is a one-way relation to the built-in file type:
		// read, populated, filtered and written as one (see asMediaRelation).
		for _, msg := range mediaProblems(&a) {
			add(msg)
		}
		asMediaRelation(&a)
	}
	switch {
	case a.Type == Component, a.Type == DynamicZone:
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
