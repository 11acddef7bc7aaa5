package graphql

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A selection set becomes one query.Query: the scalar fields selected are
// its Fields, every relation, component, zone and media field selected a
// Populate with its own Query, to any depth. The store then reads each
// level for all parent entries at once, as it does for REST's populate.

// planner compiles the selections of one root field.
type planner struct {
	x *exec
	// path is the populated relations from the root to the level being
	// planned; zone counts the dynamic zones and components on the way
	// (their rows cannot be read apart, see extras.go).
	path []*schema.Attribute
	zone int
}

// window is a page of a nested list.
type window struct{ start, limit int }

// selection fills q (on ct) from the fields selected on ct's object type.
// A relation or component selected more than once (under aliases, as its
// list and its _connection) with the same filters and sort is read once,
// with every selection's fields, each keeping its own page (the writer
// applies it); with other filters or sort it is read apart (extras.go).
func (p *planner) selection(ct *schema.ContentType, set ast.SelectionSet, q *query.Query) error {
	fields := []*schema.Attribute{}
	seen := map[*schema.Attribute]bool{}
	var linked []*schema.Attribute
	var relatedSets []*ast.Field
	shared := map[*schema.Attribute][]*ast.Field{}
	for _, f := range p.x.entryFields(set, ct) {
		name := strings.TrimSuffix(f.Name, "_connection")
		a := ct.Field(name)
		if a == nil && f.Name == "related" && ct == p.x.s.Schema.m.file {
			relatedSets = append(relatedSets, f)
			continue
		}
		if a == nil {
			continue // __typename, documentId, id: always there
		}
		if !a.IsRelation() && !a.IsComponent() || a.System && !a.Localizations {
			if !seen[a] {
				seen[a] = true
				fields = append(fields, a)
			}
			continue
		}
		first := shared[a]
		switch {
		case first == nil:
			linked = append(linked, a)
			shared[a] = []*ast.Field{f}
		case argsKey(first[0], "filters", "sort") == argsKey(f, "filters", "sort"):
			shared[a] = append(first, f)
		default:
			if err := p.apart(ct, a, f); err != nil {
				return err
			}
		}
	}
	for _, a := range linked {
		pop, err := p.populate(a, shared[a])
		if err != nil {
			return err
		}
		if pop != nil {
			q.Populate = append(q.Populate, pop)
		}
	}
	if relatedSets != nil {
		r, err := p.relatedQuery(mergedSet(relatedSets, func(g *ast.Field) ast.SelectionSet { return g.SelectionSet }))
		if err != nil {
			return err
		}
		q.Related = r
	}
	q.Fields = inSchemaOrder(ct, fields)
	return nil
}

// apart plans a relation selected again with other filters or sort than
// its first selection: read apart after the main read (extras.go), which
// cannot be done inside a component.
func (p *planner) apart(ct *schema.ContentType, a *schema.Attribute, f *ast.Field) error {
	if p.zone > 0 || ct.Kind == schema.ComponentKind {
		return errs.New(errs.KindValidation, "Kiln reads "+a.Name+" once per component or file's related: the same field "+
			"asked twice inside one must have the same filters and sort (its pagination may differ)")
	}
	pop, err := p.populate(a, []*ast.Field{f})
	if err != nil || pop == nil {
		return err
	}
	p.x.extras = append(p.x.extras, extra{path: append([]*schema.Attribute{}, p.path...), parent: ct, field: f, pop: pop})
	return nil
}

// argsKey is the text of f's arguments names, for comparison.
func argsKey(f *ast.Field, names ...string) string {
	var b strings.Builder
	for _, n := range names {
		if arg := f.Arguments.ForName(n); arg != nil {
			b.WriteString(n + ":" + arg.Value.String() + ";")
		}
	}
	return b.String()
}

// inSchemaOrder orders fields as query.Query wants them.
func inSchemaOrder(ct *schema.ContentType, chosen []*schema.Attribute) []*schema.Attribute {
	out := make([]*schema.Attribute, 0, len(chosen))
	has := map[*schema.Attribute]bool{}
	for _, a := range chosen {
		has[a] = true
	}
	for _, a := range ct.Attributes {
		if has[a] {
			out = append(out, a)
		}
	}
	for _, a := range ct.TrailingFields() {
		if has[a] {
			out = append(out, a)
		}
	}
	return out
}

// populate is the Populate of one relation, component or zone field,
// selected by fs (one or more fields of the same filters and sort): its
// query selects what any of them selects, and each keeps its own page.
func (p *planner) populate(a *schema.Attribute, fs []*ast.Field) (*query.Populate, error) {
	f := fs[0]
	if a.Type == schema.DynamicZone {
		p.zone++
		defer func() { p.zone-- }()
		set := mergedSet(fs, func(g *ast.Field) ast.SelectionSet { return g.SelectionSet })
		pop := &query.Populate{Relation: a, Query: &query.Query{}, On: map[string]*query.Query{}}
		for _, c := range a.ComponentTypes {
			sub := &query.Query{Type: c}
			if err := p.selection(c, set, sub); err != nil {
				return nil, err
			}
			pop.On[c.Name] = sub
		}
		return pop, nil
	}
	target := a.TargetType
	if a.IsComponent() {
		target = a.ComponentTypes[0]
		p.zone++
		defer func() { p.zone-- }()
	} else if !p.x.canRead(target) {
		if p.x.forbidden == nil {
			p.x.forbidden = map[*ast.Position]bool{}
		}
		for _, g := range fs {
			p.x.forbidden[g.Position] = true
		}
		return nil, nil
	}
	sub := &query.Query{Type: target}
	set := mergedSet(fs, func(g *ast.Field) ast.SelectionSet {
		if strings.HasSuffix(g.Name, "_connection") {
			return p.x.childSet(g.SelectionSet, relationCollectionName(target))
		}
		return g.SelectionSet
	})
	p.path = append(p.path, a)
	err := p.selection(target, set, sub)
	p.path = p.path[:len(p.path)-1]
	if err != nil {
		return nil, err
	}
	list := a.ToMany() || (a.Type == schema.Component && a.Repeatable)
	if err := p.arguments(target, f, sub, list); err != nil {
		return nil, err
	}
	for _, g := range fs[1:] { // the same filters and sort: their pages
		if err := p.arguments(target, g, &query.Query{Type: target}, list); err != nil {
			return nil, err
		}
	}
	return &query.Populate{Relation: a, Query: sub}, nil
}

// mergedSet is the selection sets of fs (each as set gives it) as one;
// one field's is its own, not a copy.
func mergedSet(fs []*ast.Field, set func(*ast.Field) ast.SelectionSet) ast.SelectionSet {
	if len(fs) == 1 {
		return set(fs[0])
	}
	var out ast.SelectionSet
	for _, f := range fs {
		out = append(out, set(f)...)
	}
	return out
}

// arguments applies a nested list's filters and sort to its query, and
// keeps its page for the writer: the one asked for, or the first page of
// the default size, as Strapi's plugin pages every nested list (a
// relation's, a multiple media's, a repeatable component's items).
func (p *planner) arguments(ct *schema.ContentType, f *ast.Field, q *query.Query, list bool) error {
	args := f.ArgumentMap(p.x.vars)
	var err error
	if fl, ok := args["filters"]; ok && fl != nil {
		if q.Filters, err = p.x.filters(ct, fl); err != nil {
			return err
		}
	}
	if s, ok := args["sort"]; ok && s != nil {
		if q.Sort, err = p.x.sort(ct, s); err != nil {
			return err
		}
	}
	if list {
		pg, _ := args["pagination"].(map[string]any)
		pq, err := p.x.pagination(pg)
		if err != nil {
			return err
		}
		if p.x.windows == nil {
			p.x.windows = map[*ast.Position]window{}
		}
		p.x.windows[f.Position] = window{start: pq.Offset(), limit: pq.Size()}
	}
	return nil
}
