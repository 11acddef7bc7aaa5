package graphql

import (
	"strings"
	"sync"
	"unicode"

	"github.com/kiln-cms/kiln/core/schema"
)

// The names Strapi's GraphQL plugin gives types, fields and arguments
// (its services/utils/naming), so that a client's queries and generated
// types work unchanged. They are built from lodash's camelCase of the
// type's singular and plural names, which words() below reproduces for
// the ASCII names a schema may hold.

// typeName is a content type's object type: the plugin's name, then the
// singular name, both camel-cased and capitalised (Program,
// UsersPermissionsUser, UploadFile, I18NLocale).
func typeName(ct *schema.ContentType) string {
	if n, ok := typeNames.Load(ct); ok {
		return n.(string) // written for every entry answered: worked out once
	}
	n := upperFirst(camelCase(pluginOf(ct))) + upperFirst(camelCase(ct.Name))
	if ct.Kind == schema.ComponentKind {
		n = componentName(ct)
	}
	typeNames.Store(ct, n)
	return n
}

// typeNames remembers typeName per loaded type (types never change once
// loaded).
var typeNames sync.Map

// componentName is a component's globalId: Component, its category and
// its name (ComponentSharedSeo).
func componentName(c *schema.ContentType) string {
	category, name, _ := strings.Cut(c.Name, ".")
	return "Component" + upperFirst(camelCase(category)) + upperFirst(camelCase(name))
}

// pluginOf is the plugin a type belongs to, read from its uid
// (plugin::users-permissions.user), or "" for the project's own types.
func pluginOf(ct *schema.ContentType) string {
	uid, ok := strings.CutPrefix(ct.UID(), "plugin::")
	if !ok {
		return ""
	}
	plugin, _, _ := strings.Cut(uid, ".")
	return plugin
}

// pluralTypeName is typeName with the plural name: the list query's base.
func pluralTypeName(ct *schema.ContentType) string {
	return upperFirst(camelCase(pluginOf(ct))) + upperFirst(camelCase(ct.Plural))
}

func findName(ct *schema.ContentType) string    { return lowerFirst(pluralTypeName(ct)) }
func findOneName(ct *schema.ContentType) string { return lowerFirst(typeName(ct)) }
func connectionName(ct *schema.ContentType) string {
	return findName(ct) + "_connection"
}
func createName(ct *schema.ContentType) string { return "create" + typeName(ct) }
func updateName(ct *schema.ContentType) string { return "update" + typeName(ct) }
func deleteName(ct *schema.ContentType) string { return "delete" + typeName(ct) }

func filtersName(ct *schema.ContentType) string { return typeName(ct) + "FiltersInput" }
func inputName(ct *schema.ContentType) string   { return typeName(ct) + "Input" }
func responseCollectionName(ct *schema.ContentType) string {
	return typeName(ct) + "EntityResponseCollection"
}
func relationCollectionName(ct *schema.ContentType) string {
	return typeName(ct) + "RelationResponseCollection"
}

// zoneName is a dynamic zone's union (PageBodyDynamicZone); its input
// scalar adds Input.
func zoneName(ct *schema.ContentType, a *schema.Attribute) string {
	return typeName(ct) + upperFirst(camelCase(a.Name)) + "DynamicZone"
}

// enumName is an enumeration's enum type: ENUM_<TYPE>_<FIELD>, upper-cased.
func enumName(ct *schema.ContentType, a *schema.Attribute) string {
	return "ENUM_" + strings.ToUpper(typeName(ct)) + "_" + strings.ToUpper(a.Name)
}

// enumValue is the GraphQL name of an enumeration's value, as
// @strapi/utils' toRegressedEnumValue slugifies it (case kept, runs of
// other characters one underscore, & read as "and").
func enumValue(v string) string {
	v = strings.ReplaceAll(v, "&", " and ")
	var b strings.Builder
	gap := false
	for _, r := range v {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
			continue
		}
		gap = true
	}
	return b.String()
}

// camelCase is lodash's camelCase: the words lower-cased, every word but
// the first capitalised.
func camelCase(s string) string {
	var b strings.Builder
	for i, w := range words(s) {
		w = strings.ToLower(w)
		if i > 0 {
			w = upperFirst(w)
		}
		b.WriteString(w)
	}
	return b.String()
}

// words splits s as lodash's words() splits ASCII text: at every
// character that is not a letter or digit, between a lower-case letter
// and an upper-case one, before the last capital of a run of capitals
// followed by a lower-case letter (HTMLParser: HTML, Parser), and around
// runs of digits.
func words(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, string(rs[start:end]))
		}
		start = -1
	}
	class := func(r rune) int {
		switch {
		case r >= 'a' && r <= 'z':
			return 1
		case r >= 'A' && r <= 'Z':
			return 2
		case r >= '0' && r <= '9':
			return 3
		}
		return 0
	}
	for i, r := range rs {
		c := class(r)
		if c == 0 {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := class(rs[i-1])
		switch {
		case c == 3 && prev != 3, c != 3 && prev == 3:
			flush(i)
			start = i
		case c == 2 && prev == 1:
			flush(i)
			start = i
		case c == 1 && prev == 2 && i-start > 1:
			// HTMLParser: the capital before a lower-case letter starts a word.
			flush(i - 1)
			start = i - 1
		}
	}
	flush(len(rs))
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
