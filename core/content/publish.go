package content

import (
	"context"
	"strconv"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// incompleteItems names the required fields the component items of draft
// id of ct lack: Strapi checks what it publishes as a create of the
// draft, items included, so each is a null to it (a draft's items may
// lack them, as the draft may). Only the component fields whose
// components hold a required field, at any depth, are read: one
// statement for the entry and one per component level.
func (t *Tx) incompleteItems(ctx context.Context, ct *schema.ContentType, id int64) ([]errs.FieldError, error) {
	var pops []*query.Populate
	for _, a := range ct.Attributes {
		if p := requiredPopulate(a, 0); p != nil {
			pops = append(pops, p)
		}
	}
	if len(pops) == 0 {
		return nil, nil
	}
	q := &query.Query{Type: ct, Fields: []*schema.Attribute{}, Populate: pops, Status: query.Draft}
	e, err := t.Get(ctx, q, id, entry.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return missingInItems(ct, e, nil), nil
}

// maxComponentDepth bounds requiredPopulate on components that hold
// themselves (a schema check refuses such cycles; this is a guard).
const maxComponentDepth = 16

// requiredPopulate is the populate of component or zone field a that
// reads what its items' required fields hold, or nil when no component
// it may hold has a required field, at any depth.
func requiredPopulate(a *schema.Attribute, depth int) *query.Populate {
	if !a.IsComponent() || a.Unavailable() || depth > maxComponentDepth {
		return nil
	}
	p := &query.Populate{Relation: a}
	needed := false
	for _, c := range a.ComponentTypes {
		cq := &query.Query{Type: c}
		for _, f := range c.Attributes {
			switch {
			case f.IsComponent():
				if sub := requiredPopulate(f, depth+1); sub != nil {
					cq.Populate = append(cq.Populate, sub)
					needed = true
				}
			case f.IsScalar() && f.Required && !f.IsPrivate() && !f.Unavailable():
				needed = true
			}
		}
		if a.Type == schema.DynamicZone {
			if p.On == nil {
				p.On = map[string]*query.Query{}
			}
			p.On[c.Name] = cq // every component: an item's index is its place in the whole zone
		} else {
			p.Query = cq
		}
	}
	if !needed {
		return nil
	}
	if a.Type == schema.DynamicZone {
		p.Query = &query.Query{}
	}
	return p
}

// missingInItems is the required fields e's component items (at path)
// lack, as Strapi's validator names a null in each, in its order.
func missingInItems(c *schema.ContentType, e *entry.Entry, path componentPath) []errs.FieldError {
	var out []errs.FieldError
	for _, a := range c.Attributes {
		at := path.child(a.Name)
		v, _ := e.Get(a)
		switch {
		case a.IsScalar() && len(path) > 0:
			if v == nil && a.Required && !a.IsPrivate() && !a.Unavailable() {
				out = append(out, errs.FieldAt(at, nullMessage(a, at.label(), false)).WithValue(errs.Null))
			}
		case a.IsComponent():
			switch x := v.(type) {
			case *entry.Entry:
				if x == nil && a.Required && len(path) > 0 {
					out = append(out, errs.FieldAt(at, nullMessage(a, at.label(), false)).WithValue(errs.Null))
				} else if x != nil {
					out = append(out, missingInItems(x.Type, x, at)...)
				}
			case []*entry.Entry:
				for i, item := range x {
					out = append(out, missingInItems(item.Type, item, at.child(strconv.Itoa(i)))...)
				}
			}
		}
	}
	return inYupOrder(c.Attributes, len(path), out)
}
