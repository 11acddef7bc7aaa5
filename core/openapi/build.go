package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

// Row is one line of the route table. It has core/app's RouteRow's fields,
// so that a RouteRow converts to it: the documents are built from the same
// table `kiln routes` prints.
type Row struct {
	Method, Path, Action string
	Roles                []string
	Source               string // "core", "generated" or "plugin:<name>"
}

// Input is what the documents are generated from.
type Input struct {
	Schema *schema.Schema
	// Routes is the route table; rows outside /api are not documented.
	Routes []Row
	// Plugins are the plugin routes, for what each declared.
	Plugins []plugin.Registered
}

// builder builds one document.
type builder struct {
	v        variant
	schema   *schema.Schema
	schemas  obj // components.schemas
	entries  *entries
	typed    map[*schema.ContentType]bool
	paths    map[string]obj
	opIDs    map[string]bool
	tags     map[string]int // operations per tag
	typeTags map[*schema.ContentType]string
	foreign  []foreignSchema
	where    string // the route being built, for problems
	problems map[string]error
}

// Build generates the documents. The error lists the gaps: a plugin route
// that declares no schema (see Check), a $ref to nothing, a core route
// with no description here. Build still returns complete documents, each
// gap filled with an open schema, so that a gap never takes the API down;
// the tests fail on any.
func Build(in Input) (*Docs, error) {
	problems := map[string]error{}
	for _, e := range checkRoutes(in.Plugins) {
		problems[e.Error()] = e
	}
	d := &Docs{docs: map[string]*document{}}
	for _, v := range variants {
		b := newBuilder(v, in.Schema, problems)
		b.routes(in)
		b.meta()
		b.resolveForeign()
		d.docs[v.Name] = &document{raw: marshal(b.document()), tags: b.tags}
	}
	d.versions = marshal(versionsBody())
	var list []string
	for k := range problems {
		list = append(list, k)
	}
	sort.Strings(list)
	errs := make([]error, len(list))
	for i, k := range list {
		errs[i] = problems[k]
	}
	return d, errors.Join(errs...)
}

func newBuilder(v variant, s *schema.Schema, problems map[string]error) *builder {
	b := &builder{v: v, schema: s, schemas: sharedSchemas(), typed: map[*schema.ContentType]bool{},
		paths: map[string]obj{}, opIDs: map[string]bool{}, tags: map[string]int{}, problems: problems}
	b.entries = newEntries(v.Shape, b.schemas)
	b.typeTags = typeTags(s)
	return b
}

func (b *builder) problem(err error) { b.problems[err.Error()] = err }

// routes documents every /api row of the route table: generated and plugin
// routes under the document's prefix, the core's (served at /api only, in
// every version) as they are.
func (b *builder) routes(in Input) {
	registered := map[string]plugin.Registered{}
	for _, r := range in.Plugins {
		registered[strings.ToUpper(r.Method)+" /api"+r.Path] = r
	}
	for _, row := range in.Routes {
		if !strings.HasPrefix(row.Path, "/api/") {
			continue
		}
		b.where = row.Method + " " + row.Path
		path, params, err := Template(row.Path)
		if err != nil {
			b.problem(fmt.Errorf("%s: %v", b.where, err))
			continue
		}
		versioned := path
		if b.v.Prefix != "/api" {
			versioned = b.v.Prefix + strings.TrimPrefix(path, "/api")
		}
		var op obj
		var tag string
		switch {
		case row.Source == "generated":
			name, verb, _ := strings.Cut(row.Action, ".")
			ct := b.schema.Type(name)
			if ct == nil {
				b.problem(fmt.Errorf("%s: generated route of no content type (%s)", b.where, row.Action))
				continue
			}
			op, tag, path = b.generated(ct, verb), b.typeTags[ct], versioned
		case row.Source == "core":
			op, tag = b.core(row.Action, len(params) > 0), tagCore
		case strings.HasPrefix(row.Source, "plugin:"):
			r, ok := registered[strings.ToUpper(row.Method)+" "+row.Path]
			if !ok {
				b.problem(fmt.Errorf("%s: no plugin registered it", b.where))
				continue
			}
			op, tag, path = b.plugin(r, params), r.Tag, versioned
		}
		if op == nil {
			b.problem(fmt.Errorf("%s (%s, %s): the OpenAPI generator does not describe it", b.where, row.Source, row.Action))
			continue
		}
		if _, declared := op["parameters"]; !declared && len(params) > 0 {
			op["parameters"] = pathParams(params)
		}
		op["security"] = bearer
		if public(row) {
			op["security"] = optional
		}
		op["x-kiln-action"] = row.Action
		op["x-kiln-roles"] = strs(row.Roles)
		op["x-kiln-source"] = row.Source
		op["description"] = rolesLine(row, op["description"])
		b.add(row.Method, path, row.Action, tag, op)
	}
}

// public reports whether the public role may call the route.
func public(row Row) bool {
	for _, r := range row.Roles {
		if r == auth.Public {
			return true
		}
	}
	return false
}

// rolesLine adds who may call the route to its description.
func rolesLine(row Row, desc any) string {
	line := "Roles: " + strings.Join(row.Roles, ", ") + " (action `" + row.Action + "`)."
	if len(row.Roles) == 0 {
		line = "No role may call it (action `" + row.Action + "`)."
	}
	if public(row) {
		line += " Public: a token is optional and, when sent, decides the caller's role and scope."
	}
	if s, ok := desc.(string); ok && s != "" {
		return s + "\n\n" + line
	}
	return line
}

// add puts an operation in the document with a unique operationId (the
// permission action, unless two routes share it).
func (b *builder) add(method, path, id, tag string, op obj) {
	if b.opIDs[id] {
		id += "_" + strings.ToLower(method) + strings.NewReplacer("/", "_", "{", "", "}", "").Replace(path)
	}
	b.opIDs[id] = true
	op["operationId"] = id
	op["tags"] = []any{tag}
	b.tags[tag]++
	item, ok := b.paths[path]
	if !ok {
		item = obj{}
		b.paths[path] = item
	}
	item[strings.ToLower(method)] = op
}

// marshal writes JSON without HTML escaping: the documents are read by
// people and tools, never inlined in a page. It cannot fail: everything in
// a document is built here from strings, numbers, maps and slices, and the
// plugins' schemas went through encoding/json already (clone).
func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("openapi: a document does not marshal: " + err.Error())
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
