package openapi

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/route"
)

// A plugin route declares its request and response as JSON Schema
// (plugin.Route's Request and Response): Response is the envelope's data,
// {"data": <Response>, "meta": {...}}, unless it names a contentMediaType
// other than JSON (an iCalendar feed, say), in which case it is the raw
// body. Request is the whole body. Schemas may $ref a content type's
// components ("#/components/schemas/program" is a program entry in the
// document's version).

// hasBody reports whether requests of the method carry a body.
func hasBody(method string) bool {
	switch strings.ToUpper(method) {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
		return true
	}
	return false
}

// Check reports every plugin route the documents could not describe: one
// without a Response schema, one whose method takes a body (POST, PUT,
// PATCH) without a Request schema, a body on a method that takes none, a
// schema that is not JSON, a path with no OpenAPI form. A route that takes
// no body but is a POST declares an empty object (EmptyBody).
func Check(routes []plugin.Registered) error {
	rows := make(route.Table, len(routes))
	for i, r := range routes {
		rows[i] = pluginroutes.Row(r)
	}
	return errors.Join(checkRows(rows)...)
}

// checkRows checks the plugin rows of a route table, as Check says.
func checkRows(rows route.Table) []error {
	var problems []error
	for _, r := range rows {
		name, ok := route.PluginOf(r.Source)
		if !ok {
			continue
		}
		where := fmt.Sprintf("plugin %q: %s %s", name, r.Method, r.Path)
		if r.Docs.Response == nil {
			problems = append(problems, fmt.Errorf("%s declares no Response schema", where))
		}
		switch {
		case hasBody(r.Method) && r.Docs.Request == nil:
			problems = append(problems, fmt.Errorf("%s declares no Request schema (EmptyBody for a route that reads none)", where))
		case !hasBody(r.Method) && r.Docs.Request != nil:
			problems = append(problems, fmt.Errorf("%s declares a Request schema, but %s requests have no body", where, r.Method))
		}
		for _, s := range []map[string]any{r.Docs.Request, r.Docs.Response} {
			if _, err := clone(s); err != nil {
				problems = append(problems, fmt.Errorf("%s: a schema is not JSON: %v", where, err))
			}
		}
		if _, _, err := Template(r.Path); err != nil {
			problems = append(problems, fmt.Errorf("%s: %v", where, err))
		}
	}
	return problems
}

// EmptyBody is the Request of a POST, PUT or PATCH route that reads no
// body: an empty JSON object, or none.
var EmptyBody = map[string]any{"type": "object", "maxProperties": 0, "description": "no fields: send {} or no body"}

// plugin is the operation of a plugin's row in this document, from what
// the route declared.
func (b *builder) plugin(row route.Route, name string, params []string) obj {
	r := row.Docs
	op := obj{"summary": r.Summary, "x-kiln-plugin": name}
	var ps []any
	for _, k := range r.QueryKeys {
		ps = append(ps, queryKeyParam(k))
	}
	if len(ps) > 0 {
		op["parameters"] = ps
	}
	if r.Request != nil {
		req := b.pluginSchema(r.Request)
		required := false
		if list, ok := req["required"].([]any); ok && len(list) > 0 {
			required = true
		}
		op["requestBody"] = jsonBody(req, required)
	}
	resp := obj{"description": "what the route may answer, undeclared by its plugin"}
	if r.Response != nil {
		resp = b.pluginSchema(r.Response)
	}
	status, desc := "200", "Success"
	if !strings.EqualFold(row.Method, http.MethodGet) {
		// plugin.Route does not say which 2xx a write answers (201 for a
		// created entry, 200 otherwise), so the document does not guess.
		status, desc = "2XX", "Success: 201 when the route creates an entry, 200 otherwise"
	}
	var ok obj
	if mt, _ := resp["contentMediaType"].(string); mt != "" && mt != "application/json" {
		ok = obj{"description": desc, "headers": limitedHeaders(), "content": obj{mt: obj{"schema": resp}}}
	} else {
		ok = jsonResponse(desc, object(obj{"data": resp, "meta": ref("Meta")}, "data", "meta"))
	}
	op["responses"] = merge(obj{status: ok}, errorsFor(len(params) > 0, r.Request != nil, status != "200"))
	return op
}

// pluginSchema copies a plugin's schema, so that resolving its $refs
// changes the document's copy only, and remembers it for that step. The
// schema's own components, under a top-level "$defs", become components
// of the document, which the schema reaches as
// "#/components/schemas/<name>" (a recursive tree, say).
func (b *builder) pluginSchema(s map[string]any) obj {
	c, err := clone(s)
	m, ok := c.(obj)
	if err != nil || !ok {
		return obj{"description": "a schema the plugin declared, which is not a JSON object"}
	}
	if defs, ok := m["$defs"].(obj); ok {
		delete(m, "$defs")
		for name, def := range defs {
			b.define(name, def)
		}
	}
	b.foreign = append(b.foreign, foreignSchema{b.where, m})
	return m
}

// define adds a plugin's component, unless the name is taken by another
// schema (a content type's, another plugin's).
func (b *builder) define(name string, def any) {
	d, ok := def.(obj)
	if !ok {
		b.problem(fmt.Errorf("%s: $defs.%s is not a schema object", b.where, name))
		return
	}
	if old, taken := b.schemas[name]; taken || b.schema.Type(name) != nil {
		if !taken || !reflect.DeepEqual(old, d) {
			b.problem(fmt.Errorf("%s: $defs.%s is already another component of the document", b.where, name))
		}
		return
	}
	b.schemas[name] = d
	b.foreign = append(b.foreign, foreignSchema{b.where, d})
}

// queryKeyParam is a plugin's query parameter. The standard names get
// their standard description; others are plain strings.
func queryKeyParam(k string) obj {
	switch k {
	case "filters", "pagination", "status":
		return refTo("parameters", k)
	case "populate", "fields", "sort":
		return obj{"name": k, "in": "query", "style": "form", "explode": false,
			"description": "as on the generated routes: a comma list, or qs's bracket forms",
			"schema":      arrayOf(obj{"type": "string"})}
	}
	return obj{"name": k, "in": "query", "schema": obj{"type": "string"}}
}
