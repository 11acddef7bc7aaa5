package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/route"
)

// Input is what the documents are generated from.
type Input struct {
	Schema *schema.Schema
	// Routes is the route table (internal/route); rows outside /api are not
	// documented.
	Routes route.Table
	// Roles are the roles that may take an action (config/permissions.yaml),
	// as `kiln routes` lists them; nil is none.
	Roles func(action string) []string
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
	// parameters are components.parameters, which operations $ref.
	parameters obj
	foreign    []foreignSchema
	where      string // the route being built, for problems
	problems   map[string]error
}

// Build generates the documents. The error lists the gaps: a plugin route
// that declares no schema (see Check), a $ref to nothing, a core route
// with no description here. Build still returns complete documents, each
// gap filled with an open schema, so that a gap never takes the API down;
// the tests fail on any.
func Build(in Input) (*Docs, error) {
	d := &Docs{}
	return d, d.Build(in)
}

// Build generates d's documents (see the function Build). The app makes
// its Docs first, for their rows of the route table (Routes), and builds
// them from the table once the table is whole.
func (d *Docs) Build(in Input) error {
	problems := map[string]error{}
	for _, e := range checkRows(in.Routes) {
		problems[e.Error()] = e
	}
	docs := map[string]*document{}
	for _, v := range variants {
		b := newBuilder(v, in.Schema, problems)
		b.routes(in)
		b.resolveForeign()
		docs[v.Name] = &document{raw: marshal(b.document()), tags: b.tags}
	}
	d.fill(docs, marshal(versionsBody()))
	var list []string
	for k := range problems {
		list = append(list, k)
	}
	sort.Strings(list)
	errs := make([]error, len(list))
	for i, k := range list {
		errs[i] = problems[k]
	}
	return errors.Join(errs...)
}

func newBuilder(v variant, s *schema.Schema, problems map[string]error) *builder {
	b := &builder{v: v, schema: s, schemas: sharedSchemas(), typed: map[*schema.ContentType]bool{},
		paths: map[string]obj{}, opIDs: map[string]bool{}, tags: map[string]int{}, problems: problems,
		parameters: sharedParameters()}
	b.entries = newEntries(v.Shape, b.schemas)
	b.typeTags = typeTags(s)
	return b
}

func (b *builder) problem(err error) { b.problems[err.Error()] = err }

// routes documents every /api row of the route table: those served
// under the document's prefix (generated and plugin routes) at that
// prefix, the others (the core's, served at /api in every version) as
// they are; the documentation's own last (meta).
func (b *builder) routes(in Input) {
	var rows, docs route.Table
	for _, row := range in.Routes {
		switch {
		case !strings.HasPrefix(row.Listed(), "/api/"):
		case row.Source == route.SourceDocs:
			docs = append(docs, row)
		default:
			rows = append(rows, row)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Listed() < rows[j].Listed() })
	for _, row := range rows {
		full := row.Listed()
		b.where = row.Method + " " + full
		path, params, err := Template(full)
		if err != nil {
			b.problem(fmt.Errorf("%s: %v", b.where, err))
			continue
		}
		if listed := row.Prefixes[len(row.Prefixes)-1]; listed != b.v.Prefix && slices.Contains(row.Prefixes, b.v.Prefix) {
			path = b.v.Prefix + strings.TrimPrefix(path, listed)
		}
		var op obj
		var tag string
		plugin, isPlugin := route.PluginOf(row.Source)
		switch {
		case row.Source == route.SourceGenerated:
			ct := row.Docs.Type
			if ct == nil {
				b.problem(fmt.Errorf("%s: generated route of no content type (%s)", b.where, row.Action))
				continue
			}
			op, tag = b.generated(ct, row.Docs.Op), b.typeTags[ct]
		case row.Source == route.SourceCore && row.Docs.Summary != "":
			// A core route that declares itself as plugin routes do (the
			// webhooks' admin routes).
			op, tag = b.plugin(row, "", params), row.Docs.Tag
			delete(op, "x-kiln-plugin")
		case row.Source == route.SourceCore:
			op, tag = b.core(row.Action, len(params) > 0), tagCore
			if t := coreOps[row.Action].tag; t != "" {
				tag = t
			}
		case isPlugin:
			op, tag = b.plugin(row, plugin, params), row.Docs.Tag
		}
		if op == nil {
			b.problem(fmt.Errorf("%s (%s, %s): the OpenAPI generator does not describe it", b.where, row.Source, row.Action))
			continue
		}
		var roles []string
		if in.Roles != nil {
			roles = in.Roles(row.Action)
		}
		op["security"] = bearer
		if public(roles) {
			op["security"] = optional
		}
		op["x-kiln-action"] = row.Action
		op["x-kiln-roles"] = strs(roles)
		op["x-kiln-source"] = row.Source
		op["description"] = rolesLine(row.Action, roles, op["description"])
		b.add(row.Method, path, row.Action, tag, op)
	}
	b.meta(docs)
}

// public reports whether the public role is among roles.
func public(roles []string) bool {
	for _, r := range roles {
		if r == auth.Public {
			return true
		}
	}
	return false
}

// rolesLine adds who may call the route to its description.
func rolesLine(action string, roles []string, desc any) string {
	line := "Roles: " + strings.Join(roles, ", ") + " (action `" + action + "`)."
	if len(roles) == 0 {
		line = "No role may call it (action `" + action + "`)."
	}
	if public(roles) {
		line += " Public: a token is optional and, when sent, decides the caller's role and scope."
	}
	if s, ok := desc.(string); ok && s != "" {
		return s + "\n\n" + line
	}
	return line
}

// add puts an operation in the document with a unique operationId (the
// permission action, unless two routes share it) and every parameter of
// its path declared.
func (b *builder) add(method, path, id, tag string, op obj) {
	b.declarePathParams(path, op)
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
