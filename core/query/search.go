package query

import (
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// searchKey is Strapi's full-text-ish search parameter: _q=term.
const searchKey = "_q"

// search reads _q's term: one value. Strapi 5.54 answers 500 to a list or
// an object; Kiln refuses them.
func search(v *node) (string, error) {
	if v.kind == nullNode {
		return "", nil
	}
	s, ok := scalar(v)
	if !ok {
		return "", errs.New(errs.KindValidation, "Invalid value for _q: expected a single value").
			WithDetails(details(searchKey, "", searchKey))
	}
	return s, nil
}

// searchFilter is what _q=term matches, as Strapi's applySearch writes it:
// any of the id, the documentId (and the locale of a localized type: Strapi
// 5 holds both as string attributes) and the text fields (string, text,
// richtext, email, uid, enumeration) holding term, case-insensitively, and the number fields too
// when term reads as a number (so _q=2024 finds a year). A field marked
// searchable: false is left out, as in Strapi; so is a private one, which
// Strapi searches: a search must not tell what a hidden field holds. Nil
// when there is nothing to search for.
func searchFilter(ct *schema.ContentType, term string) *Filter {
	if term == "" {
		return nil
	}
	numeric := readsAsNumber(term)
	or := &Filter{Kind: KindOr}
	system := []*schema.Attribute{schema.SysID, schema.SysDocumentID}
	if ct.Localized {
		system = append(system, schema.SysLocale)
	}
	for _, a := range system {
		or.Children = append(or.Children, &Filter{Kind: KindCond, Field: a, Operator: OpContainsi, Value: term})
	}
	for _, a := range ct.Attributes {
		if a.Private || a.Unsearchable || !(searchedAsText[a.Type] || numeric && searchedAsNumber[a.Type]) {
			continue
		}
		or.Children = append(or.Children, &Filter{Kind: KindCond, Field: a, Operator: OpContainsi, Value: term})
	}
	return or
}

// searchedAsText and searchedAsNumber are Strapi's string and number
// attribute types (its database package's isString and isNumber).
var (
	searchedAsText = map[schema.FieldType]bool{schema.String: true, schema.Text: true, schema.RichText: true,
		schema.Email: true, schema.UID: true, schema.Enumeration: true}
	searchedAsNumber = map[schema.FieldType]bool{schema.Integer: true, schema.BigInteger: true,
		schema.Float: true, schema.Decimal: true}
)

// readsAsNumber is JavaScript's !isNaN(Number(term)) for the terms a
// search meets: a decimal or exponent number with spaces around it, or
// Infinity.
func readsAsNumber(term string) bool {
	t := strings.TrimSpace(term)
	if t == "" {
		return true // Number("  ") is 0
	}
	_, err := strconv.ParseFloat(t, 64)
	return err == nil || t == "Infinity" || t == "-Infinity" || t == "+Infinity"
}

// withSearch lays _q's condition over the filters: both must hold.
func (q *Query) withSearch() {
	f := searchFilter(q.Type, q.Search)
	switch {
	case f == nil:
	case q.Filters == nil:
		q.Filters = f
	default:
		q.Filters = &Filter{Kind: KindAnd, Children: []*Filter{q.Filters, f}}
	}
}
