package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A relation selected twice with different filters or sort (under two
// aliases) cannot share one populate: the second is read apart, after
// the main read, for all the entries that hold it at once (one read per
// such field, never one per entry), and the writer takes its value from
// there.

// extra is one such field.
type extra struct {
	// path leads from the root entries to the entries that hold the
	// field, through populated relations.
	path   []*schema.Attribute
	parent *schema.ContentType
	field  *ast.Field
	pop    *query.Populate
}

// loadExtras reads every extra field for the entries of roots, in the
// status the root query read.
func (x *exec) loadExtras(roots []*entry.Entry, status query.Status, ro entry.ReadOptions) error {
	for _, job := range x.extras {
		parents := entriesAt(roots, job.path)
		if len(parents) == 0 {
			continue
		}
		ids := make([]int64, 0, len(parents))
		for _, e := range parents {
			ids = append(ids, e.ID)
		}
		q := &query.Query{Type: job.parent, Fields: query.IDsOnly(), Filters: query.In(schema.SysID, ids...),
			Populate: []*query.Populate{job.pop}, Status: status,
			Pagination: query.Pagination{Mode: query.OffsetStyle, Limit: len(ids)}}
		if job.parent.Localized {
			q.Locale = query.AllLocales // the ids name the rows
		}
		page, err := x.s.Content.Find(x.ctx, q, ro)
		if err != nil {
			return err
		}
		values := make(map[int64]any, len(page.Entries))
		for _, e := range page.Entries {
			values[e.ID], _ = e.Get(job.pop.Relation)
		}
		if x.extraValues == nil {
			x.extraValues = map[*ast.Position]map[int64]any{}
		}
		x.extraValues[job.field.Position] = values
	}
	return nil
}

// entriesAt are the entries path leads to from roots.
func entriesAt(roots []*entry.Entry, path []*schema.Attribute) []*entry.Entry {
	level := roots
	for _, a := range path {
		var next []*entry.Entry
		for _, e := range level {
			if e == nil {
				continue
			}
			switch v, _ := e.Get(a); t := v.(type) {
			case *entry.Entry:
				if t != nil {
					next = append(next, t)
				}
			case []*entry.Entry:
				next = append(next, t...)
			}
		}
		level = next
	}
	return level
}
