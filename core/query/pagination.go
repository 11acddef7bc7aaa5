package query

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
)

// defaultPagination is page 1 of the default size, counted, as in Strapi.
func (c *checker) defaultPagination() Pagination {
	return Pagination{Mode: PageStyle, Page: 1, PageSize: c.opts.DefaultPageSize, WithCount: true}
}

var pageKeys = map[string]bool{"page": true, "pageSize": true, "start": true, "limit": true, "withCount": true}

// pageKeyList is pageKeys in the order the docs give them.
var pageKeyList = []string{"page", "pageSize", "start", "limit", "withCount"}

// pagination checks pagination[page|pageSize] or pagination[start|limit],
// and withCount. Sizes above the maximum are lowered to it silently, as
// Strapi's maxLimit does; bad numbers are a 400 where Strapi used to 500.
func (c *checker) pagination(v *node) (Pagination, error) {
	p := c.defaultPagination()
	l := at{param: "pagination", path: "pagination"}
	if v.kind != objectNode {
		return p, valueError(at{param: "pagination"}, "pagination", "Invalid pagination: expected an object")
	}
	vals := make(map[string]string, len(v.keys))
	for i, key := range v.keys {
		if !pageKeys[key] {
			return p, unknownKey(l, key, pageKeyList)
		}
		s, ok := scalar(v.vals[i])
		if !ok {
			return p, valueError(l.child(key), key, "Invalid pagination[%s]: expected a single value", key)
		}
		vals[key] = s
	}
	return c.window(p, vals)
}

// window applies the checked keys of one pagination object to p.
func (c *checker) window(p Pagination, vals map[string]string) (Pagination, error) {
	_, page := vals["page"]
	_, size := vals["pageSize"]
	_, start := vals["start"]
	_, limit := vals["limit"]
	if (page || size) && (start || limit) {
		return p, errs.New(errs.KindPagination, "Cannot use both page & offset pagination in the same query").
			WithDetails(details("pagination", "", "pagination"))
	}
	if s, ok := vals["withCount"]; ok {
		b, ok := parseBool(s)
		if !ok {
			return p, errs.New(errs.KindValidation,
				`Invalid withCount parameter. Expected "t","1","true","false","0","f"`).
				WithDetails(details("withCount", "pagination.withCount", "pagination"))
		}
		p.WithCount = b
	}
	if start || limit {
		return c.offsetWindow(p, vals)
	}
	return c.pageWindow(p, vals)
}

// pageWindow reads page (from 1) and pageSize (from 1, clamped).
func (c *checker) pageWindow(p Pagination, vals map[string]string) (Pagination, error) {
	var err error
	if s, ok := vals["pageSize"]; ok {
		if p.PageSize, err = pageInt("pageSize", s, 1); err != nil {
			return p, err
		}
		p.PageSize = min(p.PageSize, c.opts.MaxPageSize)
	}
	if s, ok := vals["page"]; ok {
		if p.Page, err = pageInt("page", s, 1); err != nil {
			return p, err
		}
	}
	// Offset() must not overflow: (page-1)*pageSize+pageSize <= MaxInt.
	if p.Page-1 > (math.MaxInt-p.PageSize)/p.PageSize {
		return p, pageError("page", vals["page"], "is too large")
	}
	return p, nil
}

// offsetWindow reads start (from 0) and limit (from 1, clamped). A
// non-positive limit, -1 included, is a 400 like a non-positive pageSize:
// Strapi answers it with a one-row window, which no client means.
func (c *checker) offsetWindow(p Pagination, vals map[string]string) (Pagination, error) {
	p.Mode, p.Start, p.Limit = OffsetStyle, 0, c.opts.DefaultPageSize
	var err error
	if s, ok := vals["limit"]; ok {
		if p.Limit, err = pageInt("limit", s, 1); err != nil {
			return p, err
		}
		p.Limit = min(p.Limit, c.opts.MaxPageSize)
	}
	if s, ok := vals["start"]; ok {
		if p.Start, err = pageInt("start", s, 0); err != nil {
			return p, err
		}
	}
	if p.Start > math.MaxInt-p.Limit {
		return p, pageError("start", vals["start"], "is too large")
	}
	return p, nil
}

// pageInt reads an integer of at least least. Integral JavaScript number
// spellings ("1e3", "2.0") are accepted, as Strapi's Number() does; fractions,
// words and values that overflow are not.
func pageInt(key, s string, least int) (int, error) {
	t := strings.TrimSpace(s)
	n, err := strconv.Atoi(t)
	if err != nil {
		f, ferr := strconv.ParseFloat(t, 64)
		switch {
		case ferr != nil && !errors.Is(ferr, strconv.ErrRange), f != math.Trunc(f):
			return 0, pageError(key, s, "must be an integer")
		case math.Abs(f) > 1<<53:
			return 0, pageError(key, s, "is too large")
		}
		n = int(f)
	}
	if n < least {
		return 0, pageError(key, s, "must be at least "+strconv.Itoa(least))
	}
	return n, nil
}

// pageError is a 400 naming the pagination parameter and its value.
func pageError(key, value, why string) *errs.Error {
	return errs.Newf(errs.KindValidation, "Invalid pagination[%s] %s: it %s", key, quote(value), why).
		WithDetails(details(key, "pagination."+key, "pagination"))
}
