package openapi

import (
	"sync"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/docsui"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/route"
)

// Docs are the built documents, ready to serve.
type Docs struct {
	docs map[string]*document
	// static are the answers of the documents (by name) and of
	// /api/versions (versionsKey), made once by Build.
	static map[string]*docsui.Static
	// later is what BuildLater deferred: Build runs on first use.
	later struct {
		once   sync.Once
		in     *Input
		report func(error)
	}
}

// BuildLater has d built from in on first use (a document asked for),
// not now: building costs more than the rest of an app's start-up (about
// 90 ms of CPU on the platform), which every test pays and most never
// serve. report hears Build's error, if any, then.
func (d *Docs) BuildLater(in Input, report func(error)) {
	d.later.in, d.later.report = &in, report
}

// Warm builds now what BuildLater deferred, if it is not built yet: a
// serving process warms its documents in the background, so the first
// client does not wait and the gaps are logged at start-up.
func (d *Docs) Warm() { d.built() }

// built runs the build BuildLater deferred, once.
func (d *Docs) built() {
	d.later.once.Do(func() {
		if d.later.in == nil {
			return
		}
		if err := d.Build(*d.later.in); err != nil && d.later.report != nil {
			d.later.report(err)
		}
	})
}

// versionsKey is /api/versions' answer among Docs.static.
const versionsKey = "versions"

// document is one built document and its operations per tag.
type document struct {
	raw  []byte
	tags map[string]int
}

// fill puts what Build made in d.
func (d *Docs) fill(docs map[string]*document, versions []byte) {
	d.docs = docs
	d.static = map[string]*docsui.Static{versionsKey: docsui.NewStatic(fiber.MIMEApplicationJSONCharsetUTF8, versions)}
	for name, doc := range docs {
		d.static[name] = docsui.NewStatic(fiber.MIMEApplicationJSONCharsetUTF8, doc.raw)
	}
}

// Names are the documents' names: "v1", "v2" and "latest".
func Names() []string {
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = v.Name
	}
	return out
}

// JSON is a document ("v1", "v2", "latest"), or nil.
func (d *Docs) JSON(name string) []byte {
	d.built()
	if doc, ok := d.docs[name]; ok {
		return doc.raw
	}
	return nil
}

// URL is where a document is served.
func URL(name string) string {
	for _, v := range variants {
		if v.Name == name {
			return v.URL
		}
	}
	return ""
}

// Operations counts a document's operations per tag.
func (d *Docs) Operations(name string) map[string]int {
	d.built()
	out := map[string]int{}
	if doc, ok := d.docs[name]; ok {
		for k, v := range doc.tags {
			out[k] = v
		}
	}
	return out
}

// Routes are the documentation's rows of the route table: the documents,
// /api/versions, the reference page and its assets. They are open rows
// (no action): the app mounts them before the /api middleware, since they
// are public, constant and served from memory, so they skip
// authentication and the rate limit (see docs/api-docs.md);
// rest.Versioned still sets API-Version. They serve what Build puts in d:
// the documents describe these rows too, so the rows come first.
func (d *Docs) Routes() route.Table {
	row := func(path, op, key string) route.Route {
		return route.Route{Method: fiber.MethodGet, Path: path[len("/api"):], Prefixes: route.API,
			Source: route.SourceDocs, Docs: route.Docs{Op: op}, Handlers: []fiber.Handler{rest.Versioned, d.serve(key)}}
	}
	var out route.Table
	for _, v := range variants {
		out = append(out, row(v.URL, "openapi", v.Name))
	}
	out = append(out, row("/api/versions", "versions", versionsKey))
	return append(out, docsui.Routes(rest.Versioned)...)
}

// serve answers one of d's static answers; before Build there is none.
func (d *Docs) serve(key string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		d.built()
		s, ok := d.static[key]
		if !ok {
			return fiber.ErrNotFound
		}
		return s.Serve(c)
	}
}
