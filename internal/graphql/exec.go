package graphql

import (
	"context"
	"math"
	"slices"

	"github.com/gofiber/fiber/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
)

// exec runs one operation of one request.
type exec struct {
	s    *Server
	c    *fiber.Ctx
	ctx  context.Context
	vars map[string]any
	opts query.Options
	// windows are the pagination arguments of nested to-many fields, by
	// the field's place in the document, applied when the answer is
	// written (the store populates a relation whole).
	windows map[*ast.Position]window
	errors  []gqlError
	// nullData is set when a non-null root field failed: data is null.
	nullData bool
	// path is where the writer is in the answer (response keys and list
	// indexes), for the errors of nested fields.
	path []pathElem
	// forbidden are the nested relation fields the caller may not read,
	// by their place in the document: answered null with an error at
	// each place they occur, as Strapi's plugin answers them.
	forbidden map[*ast.Position]bool
	// bubble is set when a non-null nested field failed: the entry that
	// holds it is null.
	bubble bool
	// extras are the fields read apart, and their values by field and
	// holding entry (extras.go).
	extras      []extra
	extraValues map[*ast.Position]map[int64]any
	// collected remembers collect's answers (limits.go), plans the
	// writer's (write.go).
	collected map[collectKey][]*ast.Field
	// doc is the validated document run, which keeps what collect finds
	// for every request (nil where none was validated).
	doc   *document
	plans map[collectKey][]fieldPlan
	// rows counts the entries written so far: the root fields of one
	// operation share the caller's answer budget (budget).
	rows int
}

// run executes op and appends the answer's data object.
func (x *exec) run(b []byte, op *ast.OperationDefinition) []byte {
	rootName := "Query"
	if op.Operation == ast.Mutation {
		rootName = "Mutation"
	}
	b = append(b, '{')
	for i, f := range x.collect(op.SelectionSet, rootName) {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, responseKey(f))
		b = append(b, ':')
		x.path = append(x.path[:0], pathElem{name: responseKey(f)})
		b = x.rootField(b, rootName, f)
		x.path = x.path[:0]
	}
	return append(b, '}')
}

// rootField answers one field of Query or Mutation; an error is reported
// at the field's path and its value is null.
func (x *exec) rootField(b []byte, rootName string, f *ast.Field) []byte {
	switch f.Name {
	case "__typename":
		return jsonw.AppendString(b, rootName)
	case "__schema", "__type":
		out, err := appendIntrospection(b, x.s.Schema.ast, f, x.vars)
		if err != nil {
			x.rootError(f, err)
			return append(b, "null"...)
		}
		return out
	}
	r, ok := x.s.Schema.m.roots[rootName+"."+f.Name]
	if !ok {
		out, handled, err := x.accountField(b, f)
		if !handled {
			out, handled, err = x.localeField(b, f)
		}
		if !handled {
			out, handled, err = x.fileField(b, f)
		}
		if !handled {
			out, handled, err = x.pluginField(b, rootName, f)
		}
		if handled && err != nil {
			x.rootError(f, err)
			return append(b, "null"...)
		}
		if handled {
			return out
		}
		x.rootError(f, errs.New(errs.KindNotFound, "Unknown field "+f.Name))
		return append(b, "null"...)
	}
	out, err := x.content(b, r, f)
	if err != nil {
		x.rootError(f, err)
		return append(b, "null"...)
	}
	return out
}

// budget is ro with what is left of the caller's answer budget once the
// entries of the earlier root fields are counted: aliases of one list
// cannot each spend the whole budget.
func (x *exec) budget(ro entry.ReadOptions) entry.ReadOptions {
	total := ro.MaxAnswerRows
	if total == 0 {
		total = x.s.Config.MaxAnswerRows
	}
	if x.rows == 0 || total == 0 {
		return ro
	}
	ro.MaxAnswerRows = max(total-x.rows, 1)
	return ro
}

// rootError records err against root field f.
func (x *exec) rootError(f *ast.Field, err error) {
	x.path = x.path[:0]
	x.fieldError(f, err)
}

// content answers a root field of a content type.
func (x *exec) content(b []byte, r root, f *ast.Field) ([]byte, error) {
	ro, err := x.s.guard(x.c, r.ct, r.op.action(r.ct))
	if err != nil {
		return nil, err
	}
	ro = x.budget(ro)
	switch r.op {
	case opCreate, opUpdate, opDelete:
		return x.mutate(b, r, f, ro)
	}
	args := f.ArgumentMap(x.vars)
	q, err := x.rootQuery(r, f, args)
	if err != nil {
		return nil, err
	}
	if x.s.AllowStatus != nil {
		if err := x.s.AllowStatus(x.c, r.ct, q.Status); err != nil {
			return nil, err
		}
	}
	svc := x.s.Content
	switch r.op {
	case opFindOne:
		if err := svc.CheckEstimate(q, 1, ro); err != nil {
			return nil, err
		}
		var e *entry.Entry
		if r.ct.Kind == schema.SingleType {
			q.Pagination = query.Pagination{Mode: query.OffsetStyle, Limit: 1}
			page, err := svc.Find(x.ctx, q, ro)
			if err != nil {
				return nil, err
			}
			if len(page.Entries) > 0 {
				e = page.Entries[0]
			}
		} else {
			id := idArg(args["documentId"])
			e, err = svc.FindOne(x.ctx, q, content.DocumentID(id), ro)
			if errs.KindOf(err) == errs.KindNotFound {
				return append(b, "null"...), nil
			}
			if err != nil {
				return nil, err
			}
		}
		if err := x.loadExtras([]*entry.Entry{e}, q.Status, ro); err != nil {
			return nil, err
		}
		return x.appendEntry(b, e, f.SelectionSet), nil
	}
	if err := svc.CheckEstimate(q, q.Pagination.Size(), ro); err != nil {
		return nil, err
	}
	page, err := svc.Find(x.ctx, q, ro)
	if err != nil {
		return nil, err
	}
	if err := x.loadExtras(page.Entries, q.Status, ro); err != nil {
		return nil, err
	}
	if r.op == opFind {
		return x.appendEntries(b, page.Entries, f.SelectionSet), nil
	}
	return x.appendConnection(b, r.ct, page, q.Pagination, f), nil
}

// rootQuery compiles a root field's arguments and selection into a query.
func (x *exec) rootQuery(r root, f *ast.Field, args map[string]any) (*query.Query, error) {
	ct := r.ct
	q := &query.Query{Type: ct, Pagination: query.Pagination{Mode: query.PageStyle, Page: 1, PageSize: 1}}
	var err error
	if st, ok := args["status"].(string); ok && st == "DRAFT" {
		q.Status = query.Draft
	}
	for _, k := range []string{"hasPublishedVersion", "publicationFilter"} {
		// Strapi 5.54 reads these cohorts of draft and published versions
		// on a draft & publish type; Kiln refuses them by name, as REST
		// does, rather than answer other entries than Strapi.
		if args[k] != nil && ct.DraftAndPublish {
			return nil, errs.New(errs.KindValidation, "Invalid key "+k+": Kiln does not take this parameter").
				WithDetails(map[string]any{"key": k, "path": k, "source": "query", "param": k})
		}
	}
	if loc, ok := args["locale"].(string); ok && ct.Localized {
		// A literal is checked at validation (checkLiterals); a variable
		// naming no locale reads nothing, as Strapi and REST's ?locale=
		// answer it.
		q.Locale = loc
	}
	if ct.Localized && q.Locale == "" {
		q = query.WithLocale(q, "")
	}
	if fl, ok := args["filters"]; ok && fl != nil {
		if q.Filters, err = x.filters(ct, fl); err != nil {
			return nil, err
		}
	}
	if s, ok := args["sort"]; ok && s != nil {
		if q.Sort, err = x.sort(ct, s); err != nil {
			return nil, err
		}
	}
	set := f.SelectionSet
	if r.op == opFind || r.op == opConnection {
		pg, _ := args["pagination"].(map[string]any)
		if q.Pagination, err = x.pagination(pg); err != nil {
			return nil, err
		}
		q.Pagination.WithCount = r.op == opConnection && x.wantsTotal(f)
		if r.op == opConnection {
			set = x.childSet(set, responseCollectionName(ct))
		}
	}
	p := &planner{x: x}
	if err := p.selection(ct, set, q); err != nil {
		return nil, err
	}
	return q, nil
}

// wantsTotal reports whether a _connection's pageInfo (or v4's meta {
// pagination }) asks for total or pageCount: only then is the list
// counted.
func (x *exec) wantsTotal(f *ast.Field) bool {
	for _, g := range x.collect(f.SelectionSet, fieldType(f)) {
		switch g.Name {
		case "pageInfo":
			if x.paginationCounts(g.SelectionSet) {
				return true
			}
		case "meta":
			for _, h := range x.collect(g.SelectionSet, responseCollectionMeta) {
				if h.Name == "pagination" && x.paginationCounts(h.SelectionSet) {
					return true
				}
			}
		}
	}
	return false
}

// paginationCounts reports whether a Pagination's selection asks for total
// or pageCount.
func (x *exec) paginationCounts(set ast.SelectionSet) bool {
	for _, h := range x.collect(set, "Pagination") {
		if h.Name == "total" || h.Name == "pageCount" {
			return true
		}
	}
	return false
}

// appendConnection writes {nodes, pageInfo} of a list (and v4's data and
// meta).
func (x *exec) appendConnection(b []byte, ct *schema.ContentType, page *content.Page, p query.Pagination, f *ast.Field) []byte {
	return x.appendObject(b, f.SelectionSet, responseCollectionName(ct), func(b []byte, g *ast.Field) []byte {
		switch g.Name {
		case "nodes", "data":
			return x.appendEntries(b, page.Entries, g.SelectionSet)
		case "pageInfo":
			return x.appendPageInfo(b, g.SelectionSet, p, page.Total)
		case "meta":
			return x.appendMeta(b, g.SelectionSet, p, page.Total)
		}
		return append(b, "null"...)
	})
}

// appendMeta writes v4's ResponseCollectionMeta: its pagination is
// pageInfo.
func (x *exec) appendMeta(b []byte, set ast.SelectionSet, p query.Pagination, total int64) []byte {
	return x.appendObject(b, set, responseCollectionMeta, func(b []byte, f *ast.Field) []byte {
		return x.appendPageInfo(b, f.SelectionSet, p, total)
	})
}

// appendPageInfo writes Pagination: page and pageSize, also for an
// offset window (Strapi reports start/limit as the page they fall in).
func (x *exec) appendPageInfo(b []byte, set ast.SelectionSet, p query.Pagination, total int64) []byte {
	size := p.Size()
	page := 1
	if size > 0 {
		page = p.Offset()/size + 1
	}
	pageCount := 0
	if size > 0 && total > 0 {
		pageCount = int(math.Ceil(float64(total) / float64(size)))
	}
	values := map[string]int64{"total": max(total, 0), "page": int64(page), "pageSize": int64(size), "pageCount": int64(pageCount)}
	return x.appendObject(b, set, "Pagination", func(b []byte, f *ast.Field) []byte {
		return appendInt(b, values[f.Name])
	})
}

// childSet is the selection set of the entries of a _connection (whose
// type is typeName) within set, merged: its nodes' and v4's data's.
func (x *exec) childSet(set ast.SelectionSet, typeName string) ast.SelectionSet {
	var out ast.SelectionSet
	for _, f := range x.collect(set, typeName) {
		if isListField(f.Name) {
			out = append(out, f.SelectionSet...)
		}
	}
	return out
}

// namedSet is the selection set of the fields named name within set
// (whose type is typeName), merged: a plugin row's entry field.
func (x *exec) namedSet(set ast.SelectionSet, typeName, name string) ast.SelectionSet {
	var out ast.SelectionSet
	for _, f := range x.collect(set, typeName) {
		if f.Name == name {
			out = append(out, f.SelectionSet...)
		}
	}
	return out
}

// entryFields are the fields set selects on ct's object type, with v4's
// attributes and data (the entry itself) replaced by the fields they
// select, to any depth: what the entry's read must hold.
func (x *exec) entryFields(set ast.SelectionSet, ct *schema.ContentType) []*ast.Field {
	fields := x.collect(set, typeName(ct))
	m := x.s.Schema.m
	if !m.v4 || !slices.ContainsFunc(fields, func(f *ast.Field) bool { return m.self(ct, f.Name) }) {
		return fields
	}
	out := make([]*ast.Field, 0, len(fields))
	for _, f := range fields {
		if m.self(ct, f.Name) {
			out = append(out, x.entryFields(f.SelectionSet, ct)...)
			continue
		}
		out = append(out, f)
	}
	return out
}

// canRead reports whether the caller may read ct (its find action).
func (x *exec) canRead(ct *schema.ContentType) bool {
	return x.opts.CanRead == nil || x.opts.CanRead(ct)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// pathElem is one step of an answer's path: a response key, or a list's
// index when name is "" (kept apart from []any so that writing an entry
// boxes nothing).
type pathElem struct {
	name  string
	index int
}
