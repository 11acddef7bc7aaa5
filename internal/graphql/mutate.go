package graphql

import (
	"encoding/json"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/kiln-cms/kiln/internal/rest"
)

// Mutations write through the content service as REST's handlers do: the
// data argument becomes the body REST would have been sent, so the same
// checks, hooks, webhooks and transaction apply.

// mutate answers createX, updateX and deleteX.
func (x *exec) mutate(b []byte, r root, f *ast.Field, ro entry.ReadOptions) ([]byte, error) {
	ct := r.ct
	args := f.ArgumentMap(x.vars)
	q := &query.Query{Type: ct, Pagination: query.Pagination{Mode: query.PageStyle, Page: 1, PageSize: 1}}
	if st, ok := args["status"].(string); ok && st == "DRAFT" {
		q.Status = query.Draft
	}
	if loc, ok := args["locale"].(string); ok && ct.Localized {
		q.Locale = loc
	}
	if ct.Localized && q.Locale == "" {
		q = query.WithLocale(q, "")
	}
	svc, ctx := x.s.Content, x.ctx
	id := idArg(args["documentId"])
	if r.op == opDelete {
		var gone *entry.Entry
		var err error
		if ct.Kind == schema.SingleType {
			gone, err = rest.DeleteSingle(ctx, svc, q, ro)
		} else {
			gone, err = svc.Delete(ctx, q, content.DocumentID(id), ro)
		}
		if errs.KindOf(err) == errs.KindNotFound {
			err = nil // Strapi echoes a documentId that names nothing
		}
		if err != nil {
			return nil, err
		}
		doc := id
		if gone != nil {
			doc = gone.DocumentID
		}
		return x.appendDeleted(b, doc, f), nil
	}
	p := &planner{x: x}
	if err := p.selection(ct, f.SelectionSet, q); err != nil {
		return nil, err
	}
	data, _ := restBody(ct, args["data"]).(map[string]any)
	if data == nil {
		data = map[string]any{}
	}
	w := content.WriteFromBody(ct, data)
	var e *entry.Entry
	var err error
	switch {
	case r.op == opCreate:
		e, err = svc.Create(ctx, q, w, ro)
	case ct.Kind == schema.SingleType:
		e, err = rest.UpsertSingle(ctx, svc, q, w, ro)
	default:
		e, err = svc.Update(ctx, q, content.DocumentID(id), w, ro)
		if errs.KindOf(err) == errs.KindNotFound {
			return append(b, "null"...), nil // as Strapi: no entry, no error
		}
	}
	if err != nil {
		return nil, err
	}
	if err := x.loadExtras([]*entry.Entry{e}, q.Status, ro); err != nil {
		return nil, err
	}
	return x.appendEntry(b, e, f.SelectionSet), nil
}

// appendDeleted writes DeleteMutationResponse.
func (x *exec) appendDeleted(b []byte, documentID string, f *ast.Field) []byte {
	return x.appendObject(b, f.SelectionSet, "DeleteMutationResponse", func(b []byte, _ *ast.Field) []byte {
		return jsonw.AppendString(b, documentID)
	})
}

// restBody turns an input value on ct into the body REST takes: enum
// names back to their values, a zone member's __typename to its
// __component, numbers to json.Number as a decoded body holds them.
func restBody(ct *schema.ContentType, v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return number(v)
	}
	out := make(map[string]any, len(m))
	for k, val := range m {
		a := ct.Field(k)
		switch {
		case a == nil:
			out[k] = number(val)
		case a.Type == schema.Enumeration:
			out[k] = enumOf(a, val)
		case a.Type == schema.DynamicZone:
			out[k] = zoneBody(a, val)
		case a.Type == schema.Component && a.Repeatable:
			out[k] = eachBody(a.ComponentTypes[0], val)
		case a.Type == schema.Component:
			out[k] = restBody(a.ComponentTypes[0], val)
		default:
			out[k] = number(val)
		}
	}
	return out
}

func eachBody(c *schema.ContentType, v any) any {
	l, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(l))
	for i, it := range l {
		out[i] = restBody(c, it)
	}
	return out
}

// zoneBody names each member's component by its uid, from __typename.
func zoneBody(a *schema.Attribute, v any) any {
	l, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(l))
	for i, it := range l {
		m, ok := it.(map[string]any)
		if !ok {
			out[i] = it
			continue
		}
		tn, _ := m["__typename"].(string)
		if tn != "" {
			// A component the zone does not allow keeps its GraphQL name:
			// REST's check refuses it naming the zone's components.
			body := number(m).(map[string]any)
			delete(body, "__typename")
			body["__component"] = tn
			it = body
		}
		for _, c := range a.ComponentTypes {
			if componentName(c) != tn {
				continue
			}
			body := restBody(c, m).(map[string]any)
			delete(body, "__typename")
			body["__component"] = c.Name
			it = body
		}
		out[i] = it
	}
	return out
}

// enumOf is the stored value of an enum name.
func enumOf(a *schema.Attribute, v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	for _, e := range a.Enum {
		if enumValue(e) == s {
			return e
		}
	}
	return s
}

// number writes Go numbers as a JSON decoder with UseNumber gives them.
func number(v any) any {
	switch t := v.(type) {
	case int64:
		return json.Number(strconv.FormatInt(t, 10))
	case float64:
		return json.Number(strconv.FormatFloat(t, 'f', -1, 64))
	case []any:
		out := make([]any, len(t))
		for i, it := range t {
			out[i] = number(it)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, it := range t {
			out[k] = number(it)
		}
		return out
	}
	return v
}
