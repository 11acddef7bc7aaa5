package openapi

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/docsui"
	"github.com/kiln-cms/kiln/core/rest"
)

// Docs are the built documents, ready to serve.
type Docs struct {
	docs     map[string]*document
	versions []byte
}

// document is one built document and its operations per tag.
type document struct {
	raw  []byte
	tags map[string]int
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
	out := map[string]int{}
	if doc, ok := d.docs[name]; ok {
		for k, v := range doc.tags {
			out[k] = v
		}
	}
	return out
}

// Mount serves the documents, /api/versions and the reference page. Mount
// them before the /api middleware: they are public, constant, and served
// from memory, so they skip authentication and the rate limit (see
// docs/api-docs.md); rest.Versioned still sets API-Version.
func (d *Docs) Mount(r fiber.Router) {
	for _, v := range variants {
		s := docsui.NewStatic(fiber.MIMEApplicationJSONCharsetUTF8, d.docs[v.Name].raw)
		r.Get(v.URL, rest.Versioned, s.Serve)
	}
	versions := docsui.NewStatic(fiber.MIMEApplicationJSONCharsetUTF8, d.versions)
	r.Get("/api/versions", rest.Versioned, versions.Serve)
	docsui.Mount(r, rest.Versioned)
}
