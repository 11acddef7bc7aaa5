package schema

import (
	"fmt"
	"strings"
)

// Components, dynamic zones and media: read into the model and checked.
// Components and zones are served from component tables (ComponentJoin);
// a media field is a one-way relation to the built-in file type.

// structuredProblems are the definition problems of a component,
// dynamic-zone or media field (ruleProblems' part for them).
func structuredProblems(a *Attribute) []string {
	var out []string
	switch a.Type {
	case Component:
		if a.Component == "" {
			out = append(out, "component is required: the uid of the component (category.name)")
		}
		if (a.Min != nil || a.Max != nil) && !a.Repeatable {
			out = append(out, "min and max apply only to a repeatable component")
		}
	case DynamicZone:
		if len(a.Components) == 0 {
			out = append(out, "components is required: the list of the components the zone may hold")
		}
		seen := map[string]bool{}
		for _, c := range a.Components {
			if seen[c] {
				out = append(out, fmt.Sprintf("component %q is listed twice", c))
			}
			seen[c] = true
		}
	}
	if a.Min != nil && a.Max != nil && *a.Min > *a.Max {
		out = append(out, "min is greater than max")
	}
	return out
}

// checkStructured checks that a component or dynamic-zone field names
// components that exist and resolves them, then refuses what cannot be
// served: a dynamic zone in a component (Strapi allows them on content
// types only).
func checkStructured(s *Schema, ct *ContentType, a *Attribute, probs *Problems) {
	add := func(msg string) { *probs = append(*probs, a.problem(msg)) }
	var uids []string
	switch a.Type {
	case Component:
		if a.Component != "" {
			uids = []string{a.Component}
		}
	case DynamicZone:
		uids = a.Components
	}
	if len(uids) == 0 {
		return // structuredProblems has said what is missing
	}
	a.ComponentTypes = nil
	for _, uid := range uids {
		if c := s.byComp[uid]; c != nil {
			a.ComponentTypes = append(a.ComponentTypes, c)
			continue
		}
		// Said once load knows whether the component's file was read
		// (explainMissing).
		s.missing = append(s.missing, missingComponent{index: len(*probs), uid: uid})
		add(fmt.Sprintf("component %q does not exist (%s)", uid, componentFiles(uid)))
	}
	if a.Type == DynamicZone && ct.Kind == ComponentKind {
		add("a dynamic zone cannot be inside a component: Strapi allows them on content types only")
	}
}

// missingComponent is a component field's problem naming a component the
// schema does not hold: probs[index], about uid.
type missingComponent struct {
	index int
	uid   string
}

// explainMissing words the problems of fields naming a component that is
// not in the schema: one whose file was read (file holds uid -> file) is
// invalid, and its own problems say why once; its users point there
// instead of saying it does not exist.
func explainMissing(s *Schema, file map[string]string, probs Problems) {
	for _, m := range s.missing {
		if f := file[m.uid]; f != "" {
			probs[m.index].Message = fmt.Sprintf("component %q is invalid: see the problems of %s", m.uid, f)
		}
	}
	s.missing = nil
}

// componentFiles names the files a component's uid is read from.
func componentFiles(uid string) string {
	category, name, ok := strings.Cut(uid, ".")
	if !ok || !componentPartRe.MatchString(category) || !componentPartRe.MatchString(name) {
		return "a component's uid is category.name, from components/<category>/<name>.json"
	}
	return fmt.Sprintf("no components/%s/%s.json, .yaml or .yml", category, name)
}

// checkNesting refuses a component that holds itself, however deep: it
// could never be written.
func checkNesting(s *Schema, probs *Problems) {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(c *ContentType)
	visit = func(c *ContentType) {
		state[c.Name] = open
		path = append(path, c.Name)
		for _, a := range c.Attributes {
			if a.Type != Component {
				continue
			}
			inner := s.byComp[a.Component]
			switch {
			case inner == nil:
			case state[inner.Name] == open:
				i := indexOf(path, inner.Name)
				cycle := append(append([]string(nil), path[i:]...), inner.Name)
				*probs = append(*probs, a.problem(fmt.Sprintf("component %q holds itself (%s)", inner.Name, strings.Join(cycle, " → "))))
			case state[inner.Name] == unseen:
				visit(inner)
			}
		}
		path = path[:len(path)-1]
		state[c.Name] = done
	}
	for _, c := range s.Components {
		if state[c.Name] == unseen {
			visit(c)
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// checkComponent checks a component's file as checkType checks a type's.
func checkComponent(rc *rawType, s *Schema, tables map[string]*ContentType, probs *Problems) *ContentType {
	add := func(msg string) {
		*probs = append(*probs, Problem{File: rc.file, Component: rc.component, Message: msg})
	}
	category, name, _ := strings.Cut(rc.component, ".")
	c := &ContentType{
		Name: rc.component, Category: category, DisplayName: rc.display, Description: rc.description,
		Icon: rc.icon, Kind: ComponentKind, File: rc.file, collection: rc.table, byName: map[string]*Attribute{},
	}
	if c.DisplayName == "" {
		c.DisplayName = name
	}
	if c.collection == "" {
		c.collection = "components_" + Snake(category) + "_" + Snake(name)
	}
	c.Table = tableName(c.collection)
	ok := true
	switch other := tables[tableKey(c.Table)]; {
	case s.byComp[c.Name] != nil:
		add(fmt.Sprintf("the component is defined twice (also in %s)", s.byComp[c.Name].File))
		ok = false
	case rc.table != "" && !textColumn(rc.table):
		add("collectionName must not hold control characters")
		ok = false
	case other != nil:
		add(fmt.Sprintf("table %q is already used by %s", c.Table, other.describe()))
		ok = false
	}
	for _, ra := range rc.attrs {
		addAttr(c, ra, rc.file, probs)
	}
	if !ok {
		return nil
	}
	return c
}

// checkComponentRelations refuses a two-way relation inside a component
// (a component's relations are one-way in Strapi: nothing on the target
// can name a component's field), and a password field inside one.
func checkComponentRelations(s *Schema, probs *Problems) {
	for _, c := range s.Components {
		for _, a := range c.Attributes {
			if a.IsRelation() && (a.InversedBy != "" || a.MappedBy != "") {
				*probs = append(*probs, a.problem("a relation inside a component is one-way: it has no inversedBy or mappedBy"))
			}
			if a.Type == Password {
				// A password is hashed and checked by sign-in on the user;
				// in a component it would be neither.
				*probs = append(*probs, a.problem("a password field cannot be inside a component"))
			}
		}
	}
}
