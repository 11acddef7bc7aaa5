package query

import (
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// checker turns the qs tree into a checked Query for one request.
type checker struct {
	opts Options
	// params lets UserParam stand for a value (ownership scopes only).
	params bool
}

// Parse parses a raw URL query string (as qs writes it, with or without a
// leading '?') into a Query on ct, checked against the schema. Every error
// is an *errs.Error of kind Validation or Pagination that names the
// offending key; no input makes it panic.
func Parse(ct *schema.ContentType, rawQuery string, opts Options) (*Query, error) {
	if ct == nil {
		return nil, errs.New(errs.KindInternal, "query: parsing for no content type")
	}
	root, err := parseQS(strings.TrimPrefix(rawQuery, "?"))
	if err != nil {
		return nil, err
	}
	c := &checker{opts: opts.normalised()}
	q := &Query{Type: ct, Pagination: c.defaultPagination()}
	for i, key := range root.keys {
		if err := c.topLevel(q, key, root.vals[i]); err != nil {
			return nil, err
		}
	}
	if err := c.applyPLevel(q, root); err != nil {
		return nil, err
	}
	q.setStatus(q.Status)
	q.withSearch()
	if q.Type.Localized && filtersLocale(root) {
		// Strapi 5 lays the filters over its locale condition: a top-level
		// filters[locale] decides which locales are read, whatever the
		// locale parameter says (inside $and or $or it does not).
		q.Locale = AllLocales
	}
	if q.FallbackLocale == q.Locale {
		q.FallbackLocale = ""
	}
	return q, nil
}

// standardKeys are the top-level parameters every list endpoint accepts.
var standardKeys = map[string]bool{
	"filters": true, "populate": true, "fields": true, "sort": true, "pagination": true, "status": true,
}

// topLevel checks one top-level parameter. Strapi 5 ignores a key it does
// not know unless its api.rest.strictParams is on; so does Kiln, unless
// Options.StrictParams is set. An ignored key is never read again: the
// allowlist stands between the request and the statement, as Strapi's
// strictParams was made to (unknown keys once reached its ORM,
// CVE-2026-27886).
func (c *checker) topLevel(q *Query, key string, v *node) (err error) {
	switch {
	case standardKeys[key] && blank(v):
		return nil
	case standardKeys[key]:
		return c.standard(q, key, v)
	case c.opts.isExtra(key):
		return q.addExtra(key, v)
	case key == pLevelKey:
		return nil // applyPLevel, once every key is read
	case key == searchKey:
		q.Search, err = search(v)
		return err
	case key == "locale" || key == "fallbackLocale":
		return c.checkLocale(q, key, v)
	case key == "publicationState" && c.opts.PublicationState:
		q.Status, err = publicationState(v)
		return err
	case key == "page" || key == "pageSize":
		return errs.New(errs.KindPagination, "Invalid pagination attributes. "+
			"The page parameters are incorrect and must be in the pagination object").
			WithDetails(details(key, "", key))
	case unsupportedKeys[key] && q.Type.DraftAndPublish:
		// Strapi 5.54 reads these on a draft & publish type (the admin's
		// cohorts of draft and published versions); ignoring them would
		// answer other entries than Strapi does, so they are refused by
		// name. On other types Strapi does nothing with them.
		k := clip(key)
		return errs.New(errs.KindValidation, "Invalid key "+k+": Kiln does not take this parameter").
			WithDetails(details(k, "", k))
	case strapiIgnoredKeys[key] || !c.opts.StrictParams:
		return nil
	}
	k := clip(key)
	return errs.InvalidKey(k, "", "query", k).WithValid(k, c.topKeys(q.Type))
}

// strapiIgnoredKeys are top-level keys Strapi 5.54 takes even in its
// strictParams mode and then does nothing with on these routes (start and
// limit are read only inside pagination, where page and pageSize outside
// it are a PaginationError).
var strapiIgnoredKeys = map[string]bool{"count": true, "ordering": true, "start": true, "limit": true}

// unsupportedKeys are top-level keys Strapi 5.54 acts on and Kiln does not.
var unsupportedKeys = map[string]bool{"publicationFilter": true, "hasPublishedVersion": true}

// standardOrder is standardKeys in the order the docs give them.
var standardOrder = []string{"filters", "populate", "fields", "sort", "pagination", "status"}

// topKeys are the top-level parameters this route takes: the standard
// ones, locale (and fallbackLocale on a localized type: docs/i18n.md),
// Kiln's pLevel (deep.go), Strapi 4's publicationState on v1, and the
// route's own.
func (c *checker) topKeys(ct *schema.ContentType) []string {
	out := append(append([]string{}, standardOrder...), "locale", searchKey, pLevelKey)
	if ct.Localized {
		out = append(out, "fallbackLocale")
	}
	if c.opts.PublicationState {
		out = append(out, "publicationState")
	}
	return append(out, c.opts.ExtraKeys...)
}

// standard dispatches a standard parameter with a value to its checker.
func (c *checker) standard(q *Query, key string, v *node) (err error) {
	l := at{param: key}
	switch key {
	case "filters":
		q.Filters, err = c.filters(q.Type, v, l)
	case "populate":
		q.Populate, err = c.populate(q.Type, v, l, 1)
		takeRelated(q)
	case "fields":
		q.Fields, err = c.fields(q.Type, v, l)
	case "sort":
		q.Sort, err = c.sort(q.Type, v, l)
	case "pagination":
		q.Pagination, err = c.pagination(v)
	case "status":
		q.Status, err = status(v, c.opts.StrictParams)
	}
	return err
}

// status reads status=published|draft. Strapi 5.54's document service
// reads exactly "published" as the published versions and anything else
// (another word, the key given twice) as the drafts; in strict mode Kiln
// refuses anything but the two words. Either way a draft read needs the
// role's readDrafts (docs/drafts.md).
func status(v *node, strict bool) (Status, error) {
	s, one := scalar(v)
	switch {
	case one && s == "published":
		return Published, nil
	case one && s == "draft", !strict:
		return Draft, nil
	}
	return Published, errs.New(errs.KindValidation,
		"Invalid parameter at 'status'. Expected 'published' or 'draft'").
		WithDetails(details("status", "", "status"))
}

// publicationState reads Strapi 4's publicationState=live|preview: live
// is the published entries, preview every entry with its draft content,
// which is what status=draft reads here.
func publicationState(v *node) (Status, error) {
	switch s, _ := scalar(v); s {
	case "live":
		return Published, nil
	case "preview":
		return Draft, nil
	}
	return Published, errs.New(errs.KindValidation,
		"Invalid parameter at 'publicationState'. Expected 'live' or 'preview'").
		WithDetails(details("publicationState", "", "publicationState"))
}

// setStatus gives populated relations the status of the main query, as
// Strapi 5 does: a draft entry shows the drafts of its relations.
func (q *Query) setStatus(s Status) {
	q.Status = s
	for _, p := range q.Populate {
		p.Query.setStatus(s)
	}
}

// addExtra keeps a plugin key's raw value; a plugin parameter is one value,
// so a repeated or bracketed one is refused rather than guessed at.
func (q *Query) addExtra(key string, v *node) error {
	s, ok := scalar(v)
	if !ok && v.kind != nullNode {
		return errs.Newf(errs.KindValidation, "Invalid parameter at '%s'. Expected a single value", clip(key)).
			WithDetails(details(key, "", key))
	}
	if q.Extra == nil {
		q.Extra = make(map[string]string)
	}
	q.Extra[key] = s
	return nil
}

// scalar returns a plain value's text: a string, or qs's merged-in true.
func scalar(v *node) (string, bool) {
	switch v.kind {
	case stringNode:
		return v.str, true
	case trueNode:
		return "true", true
	}
	return "", false
}

// blank reports a parameter given without a value (`filters` or
// `filters=`), which Kiln reads as not given.
func blank(v *node) bool {
	return v.kind == nullNode || (v.kind == stringNode && v.str == "")
}

// asList returns a value's items when it is an array, or an object whose
// keys are all array indices: qs turns arrays longer than 100 into such
// objects, and they must mean the same.
func asList(v *node) ([]*node, bool) {
	switch v.kind {
	case listNode:
		return v.items, true
	case objectNode:
		if len(v.keys) == 0 {
			return nil, false
		}
		for _, k := range v.keys {
			if _, ok := arrayIndex(k); !ok {
				return nil, false
			}
		}
		return v.vals, true
	}
	return nil, false
}

// splitList splits a comma list, trimming items and dropping empty ones.
func splitList(s string) []string {
	parts := strings.Split(s, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// stringItems collects the comma lists of an array whose items must be
// plain values (fields=..., populate[0]=...).
func stringItems(items []*node, l at) ([]string, error) {
	var out []string
	for _, it := range items {
		s, ok := scalar(it)
		if !ok {
			return nil, valueError(l, l.param, "Invalid %s%s: expected a list of names", l.param, l.suffix())
		}
		out = append(out, splitList(s)...)
	}
	return out, nil
}

// parseBool reads the boolean spellings Strapi accepts in a query.
func parseBool(s string) (value, ok bool) {
	switch s {
	case "true", "t", "1":
		return true, true
	case "false", "f", "0":
		return false, true
	}
	return false, false
}
