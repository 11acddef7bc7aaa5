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
func (p *planner) selection(ct *schema.ContentType, set ast.SelectionSet, q *query.Query) error {
	fields := []*schema.Attribute{}
	seen := map[*schema.Attribute]*ast.Field{}
	for _, f := range p.x.collect(set, typeName(ct)) {
		name := strings.TrimSuffix(f.Name, "_connection")
		a := ct.Field(name)
		if a == nil {
			continue // __typename, documentId, id: always there
		}
		if first := seen[a]; first != nil {
			if err := p.again(ct, a, first, f); err != nil {
				return err
			}
			continue
		}
		seen[a] = f
		switch {
		case a.System && !a.Localizations:
			fields = append(fields, a)
		case a.IsRelation() || a.IsComponent():
			pop, err := p.populate(a, f)
			if err != nil {
				return err
			}
			if pop != nil {
				q.Populate = append(q.Populate, pop)
			}
		default:
			fields = append(fields, a)
		}
	}
	q.Fields = inSchemaOrder(ct, fields)
	return nil
}

// again plans a relation or component selected a second time (under
// another alias, or as its _connection): with the same filters and sort
// it shares the first one's read and keeps its own page (the writer
// applies it); otherwise it is read apart (extras.go).
func (p *planner) again(ct *schema.ContentType, a *schema.Attribute, first, f *ast.Field) error {
	if !a.IsRelation() && !a.IsComponent() {
		return nil
	}
	if argsKey(first, "filters", "sort") == argsKey(f, "filters", "sort") {
		target := a.TargetType
		if a.IsComponent() {
			target = a.ComponentTypes[0]
		}
		list := a.ToMany() || (a.Type == schema.Component && a.Repeatable)
		return p.arguments(target, f, &query.Query{Type: target}, list)
	}
	if p.zone > 0 || ct.Kind == schema.ComponentKind {
		return errs.New(errs.KindValidation, "Kiln reads "+a.Name+" once per component: the same field asked twice "+
			"inside a component must have the same filters and sort (its pagination may differ)")
	}
	pop, err := p.populate(a, f)
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

// populate is the Populate of one relation, component or zone field.
func (p *planner) populate(a *schema.Attribute, f *ast.Field) (*query.Populate, error) {
	if a.Type == schema.DynamicZone {
		p.zone++
		defer func() { p.zone-- }()
		pop := &query.Populate{Relation: a, Query: &query.Query{}, On: map[string]*query.Query{}}
		for _, c := range a.ComponentTypes {
			sub := &query.Query{Type: c}
			if err := p.selection(c, f.SelectionSet, sub); err != nil {
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
		p.x.forbidden[f.Position] = true
		return nil, nil
	}
	sub := &query.Query{Type: target}
	set := f.SelectionSet
	if strings.HasSuffix(f.Name, "_connection") {
		set = p.x.childSet(set, relationCollectionName(target), "nodes")
	}
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
	return &query.Populate{Relation: a, Query: sub}, nil
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
		p.x.windows[f.Position] = window{start: pq.Offset(), limit: pq.Size()}
	}
	return nil
}
