package schema

import (
	"fmt"
	"regexp"
	"sort"
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
	dropped := resolveRelations(s, all, probs)
	for _, ct := range all {
		for _, a := range ct.Attributes {
			if a.Structured() && !a.IsRelation() {
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
		ct.localize()
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
		Localized: rt.localized, PluginOptions: rt.pluginOptions, Builtin: rt.builtin, File: rt.file,
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

// typeChecker is a kind with a check of a field that needs every field of
// its type (a uid's targetField), run once they are all known.
type typeChecker interface {
	typeProblem(ct *ContentType, a *Attribute) string
}
