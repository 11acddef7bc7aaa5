package query

import "github.com/kiln-cms/kiln/core/schema"

// The parsers below read parameters given as Go values rather than a
// query string: what a GraphQL request's arguments hold once its
// variables are applied. They run the same checks as Parse, so a value
// is accepted or refused alike on both front-ends.

// ParseSort reads sort values ("title", "title:desc,createdAt", or a list
// of those) on ct.
func ParseSort(ct *schema.ContentType, v any, opts Options) ([]SortKey, error) {
	c := &checker{opts: opts.normalised()}
	return c.sort(ct, fromGo(v), at{param: "sort"})
}

// ParsePagination reads a pagination object ({page, pageSize} or {start,
// limit}, and withCount) with opts' default and maximum sizes.
func ParsePagination(v map[string]any, opts Options) (Pagination, error) {
	c := &checker{opts: opts.normalised()}
	if len(v) == 0 {
		return c.defaultPagination(), nil
	}
	return c.pagination(fromGo(v))
}
