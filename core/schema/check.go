package schema

import (
	"fmt"
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
)

// refusedFields are the names Strapi 5 refuses at start-up, on types and
// components alike: a field whose snake_case is id or document_id. The
// other names its content-type builder reserves (meta, locale, status,
// strapi_...) are names Strapi starts with, and so does Kiln; a field that
// would share a system field's column is refused by checkColumns.
var refusedFields = map[string]bool{"id": true, "document_id": true}

// systemFields are the fields Strapi adds to every type, replacing a
// field of the same name a schema defines (with a warning here); createdBy
// and updatedBy are Strapi's private links to admin users, never in an
// answer, which Kiln does not keep.
var systemFields = map[string]bool{"createdAt": true, "updatedAt": true, "publishedAt": true,
	"createdBy": true, "updatedBy": true}

// localizedFields are the fields i18n adds to a localized type, replacing
// a field of the same name. On another type Strapi 5.54 keeps no column
// for localizations (a body or query naming it is a 400), and it keeps
// locale but hides it: written, never answered, refused in a query
// (markHidden).
var localizedFields = map[string]bool{"locale": true, "localizations": true}

// textColumn reports whether a collectionName can name a table: any name
// Strapi takes (hyphens, capitals, digits), quoted in every statement
// (database.Ident), but no control character, which no database keeps.
func textColumn(name string) bool {
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return name != ""
}

// systemReplaced drops from attrs the fields a type's system fields
// replace, as Strapi replaces them, with a warning each.
func systemReplaced(rt *rawType, localized bool, warn func(field, msg string)) []*rawAttr {
	out := rt.attrs[:0:0]
	for _, ra := range rt.attrs {
		switch {
		case systemFields[ra.name]:
			warn(ra.name, "is a system field: Strapi replaces this definition with its own, and so does Kiln")
		case localized && localizedFields[ra.name]:
			warn(ra.name, "is a system field of a localized type: Strapi's i18n replaces this definition with its own, and so does Kiln")
		case ra.name == "localizations":
			warn(ra.name, "is the name of i18n's localizations: Strapi keeps no column for it on a type that is not localized and refuses it in a request, and so does Kiln")
		case ra.name == "locale":
			warn(ra.name, "is the name of i18n's locale: on a type that is not localized Strapi stores it but never answers it nor lets a query name it, as a private field, and so does Kiln")
			ra.a.Private = true
			out = append(out, ra)
		default:
			out = append(out, ra)
		}
	}
	return out
}

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
		tables[tableKey(ct.Table)] = ct
	}
	for _, rc := range components {
		if c := checkComponent(rc, s, tables, probs); c != nil {
			s.Components = append(s.Components, c)
			s.byComp[c.Name] = c
			tables[tableKey(c.Table)] = c
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
	if rt.table != "" && !textColumn(rt.table) {
		add("collectionName must not hold control characters")
		ok = false
	}
	ct := &ContentType{
		Name: rt.singular, Plural: rt.plural, DisplayName: rt.display, Description: rt.description,
		Icon: rt.icon, Kind: kind, DraftAndPublish: rt.draftAndPublish, ReviewWorkflows: rt.reviewWorkflows,
		Localized: rt.localized, PluginOptions: rt.pluginOptions, Builtin: rt.builtin, File: rt.file,
		collection: rt.table, byName: map[string]*Attribute{},
	}
	if ct.DisplayName == "" {
		ct.DisplayName = ct.Name
	}
	if ct.collection == "" {
		ct.collection = Snake(ct.Plural)
	}
	ct.Table = tableName(ct.collection)
	if other := tables[tableKey(ct.Table)]; ok && other != nil {
		add(fmt.Sprintf("table %q is already used by %s", ct.Table, other.describe()))
		ok = false
	}
	if rt.attrs = systemReplaced(rt, rt.localized, func(field, msg string) {
		s.Warnings = append(s.Warnings, Problem{File: rt.file, Type: rt.singular, Field: field, Message: msg})
	}); rt.draftAndPublish {
		statusWarning(s, rt)
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

// tableKey is a table's name as databases compare them: SQLite does not
// tell "Pages" from "pages", so no two tables may differ only in case.
func tableKey(name string) string { return strings.ToLower(name) }

// statusWarning warns of a field named status on a draft & publish type,
// as Strapi 5 does at start-up: the name is the REST status parameter's.
// The field still works, filtered as filters[status].
func statusWarning(s *Schema, rt *rawType) {
	for _, ra := range rt.attrs {
		if StrapiSnake(ra.name) == "status" {
			s.Warnings = append(s.Warnings, Problem{File: rt.file, Type: rt.singular, Field: ra.name,
				Message: "is the name of the status query parameter of a draft & publish type (Strapi warns of it too): the field is still read and written, and filtered as filters[" + ra.name + "]"})
		}
	}
}

// systemColumns are the columns of ct's table no field may take, each with
// the system field that holds it: a component's row has only its id.
func systemColumns(ct *ContentType) map[string]string {
	if ct.Kind == ComponentKind {
		return map[string]string{ColID: "id"}
	}
	used := map[string]string{ColID: "id", ColDocumentID: "documentId", ColCreatedAt: "createdAt",
		ColUpdatedAt: "updatedAt", ColPublishedAt: "publishedAt"}
	if ct.Localized {
		used[ColLocale] = "locale"
	}
	return used
}
