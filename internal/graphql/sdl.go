package graphql

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// The schema is written as SDL text, in the order Strapi's plugin
// registers its types, then loaded by gqlparser: the text is what
// `kiln graphql schema` prints, and the loaded schema is what queries are
// validated and introspected against.

// scalarFilters are the scalars that have a <Scalar>FilterInput, in
// Strapi's order.
var scalarFilters = []string{"ID", "Boolean", "String", "Int", "Long", "Float", "Date", "Time", "DateTime", "JSON"}

// filterOperators are the operators of every <Scalar>FilterInput, in
// Strapi's order; null and notNull take a Boolean, the list operators a
// list of the scalar, not the input itself.
var filterOperators = []string{"and", "or", "not", "eq", "eqi", "ne", "nei", "startsWith", "endsWith",
	"contains", "notContains", "containsi", "notContainsi", "gt", "gte", "lt", "lte", "null", "notNull",
	"in", "notIn", "between"}

// gqlScalar is the GraphQL scalar of a scalar kind, as Strapi's
// SCALARS_ASSOCIATIONS maps it.
func gqlScalar(t schema.FieldType) string {
	switch t {
	case schema.Boolean:
		return "Boolean"
	case schema.Integer:
		return "Int"
	case schema.BigInteger:
		return "Long"
	case schema.Float, schema.Decimal:
		return "Float"
	case schema.JSON, schema.Blocks:
		return "JSON"
	case schema.Date:
		return "Date"
	case schema.Time:
		return "Time"
	case schema.DateTime:
		return "DateTime"
	}
	return "String"
}

// scalars are Strapi's own scalars, with the descriptions its schema
// gives them.
var scalars = []struct{ name, description string }{
	{"JSON", "The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf)."},
	{"DateTime", "A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar."},
	{"Time", "A time string with format HH:mm:ss.SSS"},
	{"Date", "A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar."},
	{"Long", "The `BigInt` scalar type represents non-fractional signed whole numeric values."},
	{"I18NLocaleCode", "A string used to identify an i18n locale"},
}

// sdl accumulates the schema text, one block per definition, so that
// the definitions no root reaches can be left out as Strapi's schema
// builder (nexus) leaves them out.
type sdl struct {
	names  []string
	blocks map[string]*strings.Builder
	cur    *strings.Builder
}

// def starts the block of the definition name.
func (w *sdl) def(name string) {
	if w.blocks == nil {
		w.blocks = map[string]*strings.Builder{}
	}
	if b, ok := w.blocks[name]; ok {
		w.cur = b
		return
	}
	w.cur = &strings.Builder{}
	w.blocks[name] = w.cur
	w.names = append(w.names, name)
}

func (w *sdl) line(format string, args ...any) {
	fmt.Fprintf(w.cur, format, args...)
	w.cur.WriteByte('\n')
}

// text is the blocks keep says to keep, in the order they were written:
// a block is kept when keep keeps one of the definitions it holds (a
// block may hold several: a plugin's types).
func (w *sdl) text(keep func(name string) bool) string {
	var b strings.Builder
	for _, n := range w.names {
		block := w.blocks[n].String()
		for _, m := range definedNames.FindAllStringSubmatch(block, -1) {
			if keep(m[1]) {
				b.WriteString(block)
				break
			}
		}
	}
	return b.String()
}

// definedNames finds the names an SDL block defines.
var definedNames = regexp.MustCompile(`(?m)^(?:type|input|enum|union|scalar|interface)\s+([_A-Za-z][_0-9A-Za-z]*)`)

// writeScalarFilter writes <scalar>FilterInput.
func (w *sdl) writeScalarFilter(scalar string) {
	name := scalar + "FilterInput"
	w.def(name)
	w.line("input %s {", name)
	for _, op := range filterOperators {
		switch op {
		case "and", "or", "in", "notIn", "between":
			w.line("  %s: [%s]", op, scalar)
		case "not":
			w.line("  not: %s", name)
		case "null", "notNull":
			w.line("  %s: Boolean", op)
		default:
			w.line("  %s: %s", op, scalar)
		}
	}
	w.line("}")
}

// writeSDL writes every definition; Build keeps those the roots reach.
func writeSDL(m *model) *sdl {
	w := &sdl{}
	for _, sc := range scalars {
		w.def(sc.name)
		w.line("%q\nscalar %s", sc.description, sc.name)
	}
	w.def("PublicationStatus")
	w.line("enum PublicationStatus {\n  DRAFT\n  PUBLISHED\n}")
	w.def("PublicationFilter")
	w.line("enum PublicationFilter {\n  NEVER_PUBLISHED\n  HAS_PUBLISHED_VERSION\n  MODIFIED\n  UNMODIFIED\n" +
		"  NEVER_PUBLISHED_DOCUMENT\n  HAS_PUBLISHED_VERSION_DOCUMENT\n  PUBLISHED_WITHOUT_DRAFT\n  PUBLISHED_WITH_DRAFT\n}")
	w.def("Error")
	w.line("type Error {\n  code: String!\n  message: String\n}")
	w.def("Pagination")
	w.line("type Pagination {\n  total: Int!\n  page: Int!\n  pageSize: Int!\n  pageCount: Int!\n}")
	if m.v4 {
		w.def(responseCollectionMeta)
		w.line("type %s {\n  pagination: Pagination!\n}", responseCollectionMeta)
	}
	w.def("DeleteMutationResponse")
	w.line("type DeleteMutationResponse {\n  documentId: ID!\n}")
	w.def("PaginationArg")
	w.line("input PaginationArg {\n  page: Int\n  pageSize: Int\n  start: Int\n  limit: Int\n}")
	for _, s := range scalarFilters {
		w.writeScalarFilter(s)
	}
	for _, c := range m.components {
		w.writeFilters(m, c)
		w.writeInput(m, c)
		w.writeObject(m, c)
	}
	for _, ct := range m.types {
		w.writeFilters(m, ct)
		w.writeInput(m, ct)
		w.writeObject(m, ct)
		w.def(responseCollectionName(ct))
		w.line("type %s {\n  nodes: [%s!]!\n  pageInfo: Pagination!", responseCollectionName(ct), typeName(ct))
		if m.v4 {
			w.cur.WriteString(v4ConnectionFields(typeName(ct), true))
		}
		w.line("}")
		w.def(relationCollectionName(ct))
		w.line("type %s {\n  nodes: [%s!]!", relationCollectionName(ct), typeName(ct))
		if m.v4 {
			w.cur.WriteString(v4ConnectionFields(typeName(ct), false))
		}
		w.line("}")
	}
	if m.file != nil {
		w.def("FileInfoInput")
		w.line(fileTypes)
		w.def("GenericMorph")
		w.line("union GenericMorph = %s", strings.Join(m.morphMembers(), " | "))
	}
	w.def("I18NLocale") // one block: the roots reach them all
	w.line("%s", localeTypesFor(m.v4))
	if m.user != nil {
		w.def("UsersPermissionsMe")
		w.line(accountTypes)
	}
	w.writePluginTypes(m.pluginsList)
	w.writeRoots(m)
	return w
}

// writeObject writes a type's or component's object type, with its enums
// and zone unions first.
func (w *sdl) writeObject(m *model, ct *schema.ContentType) {
	for _, a := range m.attrs(ct) {
		switch a.Type {
		case schema.Enumeration:
			w.def(enumName(ct, a))
			w.line("enum %s {", enumName(ct, a))
			for _, v := range a.Enum {
				w.line("  %s", enumValue(v))
			}
			w.line("}")
		case schema.DynamicZone:
			members := make([]string, 0, len(a.ComponentTypes)+1)
			for _, c := range a.ComponentTypes {
				members = append(members, componentName(c))
			}
			w.def(zoneName(ct, a))
			w.line("union %s = %s", zoneName(ct, a), strings.Join(append(members, "Error"), " | "))
			w.def(zoneName(ct, a) + "Input")
			w.line("scalar %sInput", zoneName(ct, a))
		}
	}
	w.def(typeName(ct))
	w.line("type %s {", typeName(ct))
	if ct.Kind == schema.ComponentKind {
		w.line("  id: ID!")
	} else {
		if m.v4 {
			w.line("  id: ID!%s", deprecated(v4IDReason))
		}
		w.line("  documentId: ID!")
	}
	// v4's attributes and data; a field of the type of that name takes
	// the place instead, as in Strapi's schema (its _connection stays
	// where the field is).
	taken := map[*schema.Attribute]bool{}
	for _, name := range v4SelfNames {
		if !m.v4 {
			break
		}
		if a := m.outputAttr(ct, name); a != nil {
			_, main := fieldLines(m, ct, a)
			w.line("%s", main)
			taken[a] = true
			continue
		}
		w.line("  %s: %s!%s", name, typeName(ct), deprecated(v4SelfReason))
	}
	for _, a := range m.attrs(ct) {
		if a.IsPrivate() {
			continue
		}
		if taken[a] {
			if conn, _ := fieldLines(m, ct, a); conn != "" {
				w.line("%s", conn)
			}
			continue
		}
		w.writeField(m, ct, a)
	}
	if ct == m.file {
		w.line("  related: [GenericMorph]")
	}
	if ct.Kind != schema.ComponentKind {
		w.line("  createdAt: DateTime\n  updatedAt: DateTime\n  publishedAt: DateTime")
		if ct.Localized {
			w.line("  locale: String")
			if l := ct.Localizations(); l != nil {
				w.writeField(m, ct, l)
			}
		}
	}
	w.line("}")
}

// listArgs are a nested list's arguments.
func listArgs(filters string) string {
	return fmt.Sprintf("(filters: %s, pagination: PaginationArg = {}, sort: [String] = [])", filters)
}

// writeField writes one output field (two for a to-many relation: its
// _connection, then the list).
func (w *sdl) writeField(m *model, ct *schema.ContentType, a *schema.Attribute) {
	conn, main := fieldLines(m, ct, a)
	if conn != "" {
		w.line("%s", conn)
	}
	w.line("%s", main)
}

// fieldLines are the SDL lines of one output field: a to-many relation's
// _connection ("" for any other field), and the field.
func fieldLines(m *model, ct *schema.ContentType, a *schema.Attribute) (conn, main string) {
	bang := ""
	if a.Required {
		bang = "!"
	}
	switch {
	case a.Type == schema.Enumeration:
		return "", fmt.Sprintf("  %s: %s%s", a.Name, enumName(ct, a), bang)
	case a.Type == schema.Component && a.Repeatable:
		c := a.ComponentTypes[0]
		return "", fmt.Sprintf("  %s%s: [%s]%s", a.Name, listArgs(filtersName(c)), componentName(c), bang)
	case a.Type == schema.Component:
		return "", fmt.Sprintf("  %s: %s%s", a.Name, componentName(a.ComponentTypes[0]), bang)
	case a.Type == schema.DynamicZone:
		return "", fmt.Sprintf("  %s: [%s]%s", a.Name, zoneName(ct, a), bang)
	case a.IsRelation() && a.ToMany():
		t := a.TargetType
		return fmt.Sprintf("  %s_connection%s: %s", a.Name, listArgs(filtersName(t)), relationCollectionName(t)),
			fmt.Sprintf("  %s%s: [%s]!", a.Name, listArgs(filtersName(t)), typeName(t))
	case a.IsRelation():
		return "", fmt.Sprintf("  %s: %s%s", a.Name, typeName(a.TargetType), bang)
	}
	return "", fmt.Sprintf("  %s: %s%s", a.Name, gqlScalar(a.Type), bang)
}

// writeFilters writes <Type>FiltersInput: documentId on collection types,
// every scalar, relation and component field (not media, zones or private
// fields), the timestamps, and the logical operators.
func (w *sdl) writeFilters(m *model, ct *schema.ContentType) {
	name := filtersName(ct)
	w.def(name)
	w.line("input %s {", name)
	if ct.Kind == schema.CollectionType {
		w.line("  documentId: IDFilterInput")
	}
	for _, a := range m.attrs(ct) {
		switch {
		case a.IsPrivate(), a.Type == schema.DynamicZone, a.IsMedia():
		case a.IsComponent():
			w.line("  %s: %s", a.Name, filtersName(a.ComponentTypes[0]))
		case a.IsRelation():
			w.line("  %s: %s", a.Name, filtersName(a.TargetType))
		default:
			w.line("  %s: %sFilterInput", a.Name, gqlScalar(a.Type))
		}
	}
	if ct.Kind != schema.ComponentKind {
		w.line("  createdAt: DateTimeFilterInput\n  updatedAt: DateTimeFilterInput\n  publishedAt: DateTimeFilterInput")
		if ct.Localized {
			w.line("  locale: StringFilterInput\n  localizations: %s", name)
		}
	}
	w.line("  and: [%s]\n  or: [%s]\n  not: %s\n}", name, name, name)
}

// writeInput writes <Type>Input: the fields a write may set, private ones
// included (relations and media by documentId and id).
func (w *sdl) writeInput(m *model, ct *schema.ContentType) {
	w.def(inputName(ct))
	w.line("input %s {", inputName(ct))
	if ct.Kind == schema.ComponentKind {
		w.line("  id: ID")
	}
	for _, a := range m.writable(ct) {
		switch {
		case a.Type == schema.Enumeration:
			w.line("  %s: %s", a.Name, enumName(ct, a))
		case a.Type == schema.DynamicZone:
			w.line("  %s: [%sInput!]", a.Name, zoneName(ct, a))
		case a.Type == schema.Component && a.Repeatable:
			w.line("  %s: [%s]", a.Name, inputName(a.ComponentTypes[0]))
		case a.Type == schema.Component:
			w.line("  %s: %s", a.Name, inputName(a.ComponentTypes[0]))
		case a.IsRelation() && a.ToMany():
			w.line("  %s: [ID]", a.Name)
		case a.IsRelation():
			w.line("  %s: ID", a.Name)
		default:
			w.line("  %s: %s", a.Name, gqlScalar(a.Type))
		}
	}
	if ct.Kind != schema.ComponentKind {
		w.line("  publishedAt: DateTime")
		// A localized type's writes take the locale as an argument; a
		// type with a field of that name has it already.
		if !ct.Localized && ct.Attr("locale") == nil {
			w.line("  locale: String")
		}
	}
	w.line("}")
}

// localeArg is the locale argument of a localized type's roots, with
// Strapi's description.
const localeArg = `"""The locale to use for the query""" locale: I18NLocaleCode`

// writeRoots writes Query and Mutation: per type, Strapi's order (find
// one, the connection, the list; create, update, delete).
func (w *sdl) writeRoots(m *model) {
	status := "status: PublicationStatus = PUBLISHED"
	publication := status + ", hasPublishedVersion: Boolean, publicationFilter: PublicationFilter"
	w.def("Query")
	w.line("type Query {")
	for _, ct := range m.types {
		loc := ""
		if ct.Localized {
			loc = ", " + localeArg
		}
		if ct.Kind == schema.SingleType {
			w.line("  %s(%s%s): %s", findOneName(ct), publication, loc, typeName(ct))
			continue
		}
		list := fmt.Sprintf("(filters: %s, pagination: PaginationArg = {}, sort: [String] = [], %s%s)", filtersName(ct), publication, loc)
		w.line("  %s(documentId: ID!, %s%s): %s", findOneName(ct), publication, loc, typeName(ct))
		w.line("  %s%s: %s", connectionName(ct), list, responseCollectionName(ct))
		w.line("  %s%s: [%s]!", findName(ct), list, typeName(ct))
		if ct.Builtin && ct.Name == schema.FileType {
			w.line(localeQueries) // the i18n plugin's, after upload's as Strapi orders them
		}
	}
	if m.user != nil {
		w.line(accountQueries)
	}
	w.writePluginFields(m.pluginsList, false)
	w.line("}")
	w.def("Mutation")
	w.line("type Mutation {")
	for _, ct := range m.types {
		if !m.mutable(ct) {
			continue
		}
		loc := ""
		if ct.Localized {
			loc = ", " + localeArg
		}
		if ct.Kind == schema.SingleType {
			w.line("  %s(%s, data: %s!%s): %s", updateName(ct), status, inputName(ct), loc, typeName(ct))
			if loc == "" {
				w.line("  %s: DeleteMutationResponse", deleteName(ct))
			} else {
				w.line("  %s(%s): DeleteMutationResponse", deleteName(ct), localeArg)
			}
			continue
		}
		w.line("  %s(%s, data: %s!%s): %s", createName(ct), status, inputName(ct), loc, typeName(ct))
		w.line("  %s(documentId: ID!, %s, data: %s!%s): %s", updateName(ct), status, inputName(ct), loc, typeName(ct))
		w.line("  %s(documentId: ID!%s): DeleteMutationResponse", deleteName(ct), loc)
	}
	if m.file != nil {
		w.line(fileMutations)
	}
	if m.user != nil {
		w.line(accountMutations)
	}
	w.writePluginFields(m.pluginsList, true)
	w.line("}")
}
