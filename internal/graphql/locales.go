package graphql

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/kiln-cms/kiln/internal/locales"
)

// The i18n plugin's locales (I18NLocale): i18NLocale, i18NLocales and
// i18NLocales_connection, under REST's action of GET /api/i18n/locales.
// The locales are a handful of rows: they are read whole, then filtered,
// sorted and paged here.

const localeTypes = `type I18NLocale {
  documentId: ID!%s
  name: String
  code: String
  createdAt: DateTime
  updatedAt: DateTime
  publishedAt: DateTime
}
input I18NLocaleFiltersInput {
  documentId: IDFilterInput
  name: StringFilterInput
  code: StringFilterInput
  createdAt: DateTimeFilterInput
  updatedAt: DateTimeFilterInput
  publishedAt: DateTimeFilterInput
  and: [I18NLocaleFiltersInput]
  or: [I18NLocaleFiltersInput]
  not: I18NLocaleFiltersInput
}
type I18NLocaleEntityResponseCollection {
  nodes: [I18NLocale!]!
  pageInfo: Pagination!
%s}`

// localeTypesFor is localeTypes, with v4's fields when v4 is on.
func localeTypesFor(v4 bool) string {
	if !v4 {
		return fmt.Sprintf(localeTypes, "", "")
	}
	self := ""
	for _, name := range v4SelfNames {
		self += "\n  " + name + ": I18NLocale!" + deprecated(v4SelfReason)
	}
	return strings.Replace(fmt.Sprintf(localeTypes, self, v4ConnectionFields("I18NLocale", true)),
		"type I18NLocale {\n", "type I18NLocale {\n  id: ID!"+deprecated(v4IDReason)+"\n", 1)
}

const localeQueries = `  i18NLocale(documentId: ID!, status: PublicationStatus = PUBLISHED, hasPublishedVersion: Boolean, publicationFilter: PublicationFilter): I18NLocale
  i18NLocales_connection(filters: I18NLocaleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], status: PublicationStatus = PUBLISHED, hasPublishedVersion: Boolean, publicationFilter: PublicationFilter): I18NLocaleEntityResponseCollection
  i18NLocales(filters: I18NLocaleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], status: PublicationStatus = PUBLISHED, hasPublishedVersion: Boolean, publicationFilter: PublicationFilter): [I18NLocale]!`

// localeField answers an i18n root field; ok is false for any other.
func (x *exec) localeField(b []byte, f *ast.Field) (out []byte, ok bool, err error) {
	switch f.Name {
	case "i18NLocale", "i18NLocales", "i18NLocales_connection":
	default:
		return nil, false, nil
	}
	if x.s.Locales == nil {
		return nil, false, nil
	}
	if err := x.s.Allow(x.c, "i18n.locales"); err != nil {
		return nil, true, err
	}
	all, err := x.s.Locales(x.ctx)
	if err != nil {
		return nil, true, err
	}
	args := f.ArgumentMap(x.vars)
	if f.Name == "i18NLocale" {
		id := idArg(args["documentId"])
		for _, l := range all {
			if l.DocumentID == id {
				return x.appendLocale(b, l, f.SelectionSet), true, nil
			}
		}
		return append(b, "null"...), true, nil
	}
	list, err := filterLocales(all, args["filters"])
	if err != nil {
		return nil, true, err
	}
	if err := sortLocales(list, args["sort"]); err != nil {
		return nil, true, err
	}
	pg, _ := args["pagination"].(map[string]any)
	p, err := x.pagination(pg)
	if err != nil {
		return nil, true, err
	}
	total := len(list)
	page := list[min(p.Offset(), total):min(p.Offset()+p.Size(), total)]
	if f.Name == "i18NLocales" {
		return x.appendLocales(b, page, f.SelectionSet), true, nil
	}
	return x.appendObject(b, f.SelectionSet, "I18NLocaleEntityResponseCollection", func(b []byte, g *ast.Field) []byte {
		switch g.Name {
		case "nodes", "data":
			return x.appendLocales(b, page, g.SelectionSet)
		case "meta":
			return x.appendMeta(b, g.SelectionSet, p, int64(total))
		}
		return x.appendPageInfo(b, g.SelectionSet, p, int64(total))
	}), true, nil
}

func (x *exec) appendLocales(b []byte, list []locales.Locale, set ast.SelectionSet) []byte {
	b = append(b, '[')
	for i, l := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = x.appendLocale(b, l, set)
	}
	return append(b, ']')
}

// appendLocale writes I18NLocale. A locale is published when made.
func (x *exec) appendLocale(b []byte, l locales.Locale, set ast.SelectionSet) []byte {
	return x.appendObject(b, set, "I18NLocale", func(b []byte, f *ast.Field) []byte {
		switch f.Name {
		case "attributes", "data": // v4's: the locale itself
			return x.appendLocale(b, l, f.SelectionSet)
		case "id":
			return jsonw.AppendString(b, strconv.FormatInt(l.ID, 10))
		case "documentId":
			return jsonw.AppendString(b, l.DocumentID)
		case "name":
			return jsonw.AppendString(b, l.Name)
		case "code":
			return jsonw.AppendString(b, l.Code)
		case "createdAt", "publishedAt":
			return appendTime(b, l.CreatedAt)
		case "updatedAt":
			return appendTime(b, l.UpdatedAt)
		}
		return append(b, "null"...)
	})
}

func appendTime(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = schema.AppendDateTime(b, t)
	return append(b, '"')
}

// sortLocales orders by "code", "name" or "documentId", :asc or :desc.
func sortLocales(list []locales.Locale, v any) error {
	var keys []string
	switch t := v.(type) {
	case string:
		keys = strings.Split(t, ",")
	case []any:
		for _, k := range t {
			s, _ := k.(string)
			keys = append(keys, strings.Split(s, ",")...)
		}
	}
	for i := len(keys) - 1; i >= 0; i-- {
		name, dir, _ := strings.Cut(strings.TrimSpace(keys[i]), ":")
		get := localeString(name)
		if get == nil {
			return errs.New(errs.KindValidation, "Invalid key "+name)
		}
		desc := strings.EqualFold(dir, "desc")
		sort.SliceStable(list, func(a, b int) bool {
			if desc {
				return get(list[a]) > get(list[b])
			}
			return get(list[a]) < get(list[b])
		})
	}
	return nil
}

// localeString reads a locale's text field by name.
func localeString(name string) func(locales.Locale) string {
	switch name {
	case "code":
		return func(l locales.Locale) string { return l.Code }
	case "name":
		return func(l locales.Locale) string { return l.Name }
	case "documentId":
		return func(l locales.Locale) string { return l.DocumentID }
	case "id":
		return func(l locales.Locale) string { return strconv.FormatInt(l.ID, 10) }
	}
	return nil
}

// filterLocales keeps the locales an I18NLocaleFiltersInput matches: the
// text fields with the comparison operators, and and/or/not.
func filterLocales(all []locales.Locale, v any) ([]locales.Locale, error) {
	out := make([]locales.Locale, 0, len(all))
	for _, l := range all {
		ok, err := localeMatches(l, v)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, l)
		}
	}
	return out, nil
}

func localeMatches(l locales.Locale, v any) (bool, error) {
	m, _ := v.(map[string]any)
	for k, val := range m {
		var ok bool
		var err error
		switch k {
		case "and", "or":
			items, _ := val.([]any)
			ok = k == "and"
			for _, it := range items {
				one, err := localeMatches(l, it)
				if err != nil {
					return false, err
				}
				if k == "and" {
					ok = ok && one
				} else {
					ok = ok || one
				}
			}
		case "not":
			ok, err = localeMatches(l, val)
			ok = !ok
		default:
			get := localeString(k)
			if get == nil {
				return false, errs.New(errs.KindValidation, "Invalid key "+k+": the locales filter by documentId, name and code")
			}
			ok, err = compareText(get(l), val)
		}
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// compareText applies a StringFilterInput to s.
func compareText(s string, v any) (bool, error) {
	m, _ := v.(map[string]any)
	for op, want := range m {
		w, _ := want.(string)
		var ok bool
		switch op {
		case "eq":
			ok = s == w
		case "ne":
			ok = s != w
		case "eqi":
			ok = strings.EqualFold(s, w)
		case "nei":
			ok = !strings.EqualFold(s, w)
		case "contains":
			ok = strings.Contains(s, w)
		case "notContains":
			ok = !strings.Contains(s, w)
		case "containsi":
			ok = strings.Contains(strings.ToLower(s), strings.ToLower(w))
		case "notContainsi":
			ok = !strings.Contains(strings.ToLower(s), strings.ToLower(w))
		case "startsWith":
			ok = strings.HasPrefix(s, w)
		case "endsWith":
			ok = strings.HasSuffix(s, w)
		case "in", "notIn":
			items, _ := want.([]any)
			for _, it := range items {
				if it == s {
					ok = true
				}
			}
			ok = ok == (op == "in")
		case "null":
			ok = want == false
		case "notNull":
			ok = want != false
		default:
			return false, errs.New(errs.KindValidation, "Invalid operator "+op+" on a locale's field")
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}
