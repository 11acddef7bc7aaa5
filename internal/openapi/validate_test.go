package openapi_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/kiln-cms/kiln/internal/openapi/openapitest"
)

// parse loads a document with kin-openapi, which resolves every $ref
// (an unresolved one is an error) and refuses any outside the document.
// Entries refer to each other through their relations, so the schemas
// have cycles; kin-openapi follows them without complaint.
func parse(raw []byte) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	return loader.LoadFromData(raw)
}

// specSchema is the OpenAPI 3.1 specification's own JSON Schema
// (testdata/oas-3.1-schema.json), compiled once: kin-openapi checks the
// rules one by one in Go, this checks the document against the schema the
// specification publishes, as a second opinion on its shape.
var specSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	f, err := os.Open(filepath.Join("testdata", "oas-3.1-schema.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	const url = "https://spec.openapis.org/oas/3.1/schema/2022-10-07"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

// validateAgainstSpecSchema validates a document against specSchema.
func validateAgainstSpecSchema(raw []byte) error {
	sch, err := specSchema()
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return sch.Validate(doc)
}

// TestDocumentsAreValidOpenAPI31 loads each served document with
// kin-openapi (every $ref resolves), validates it against the OpenAPI
// 3.1 specification's schema, and then strictly with kin-openapi
// (openapitest.Strict), which also checks the rules the schema cannot
// say, such as each operation declaring its path's parameters.
func TestDocumentsAreValidOpenAPI31(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for name, raw := range served(t, h) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc, err := parse(raw)
			if err != nil {
				t.Fatalf("loading: %v", err)
			}
			if v := doc.OpenAPI; v != "3.1.0" {
				t.Fatalf("openapi: %q, want 3.1.0", v)
			}
			if doc.Paths == nil || doc.Paths.Len() == 0 {
				t.Fatal("no paths")
			}
			if err := validateAgainstSpecSchema(raw); err != nil {
				t.Errorf("the OpenAPI 3.1 schema: %v", err)
			}
			if err := openapitest.Strict(raw); err != nil {
				t.Errorf("kin-openapi: %v", err)
			}
		})
	}
}

// TestDocumentChecksRefuseBrokenDocuments: the checks above are not
// vacuous. The specification's schema refuses a served document without
// its info, or with a path that does not start with a slash; the loader
// refuses one whose $ref names no component.
func TestDocumentChecksRefuseBrokenDocuments(t *testing.T) {
	h := newHarness(t)
	raw := served(t, h)["latest"]
	for defect, c := range map[string]struct {
		change func(doc map[string]any)
		check  func([]byte) error
	}{
		"missing property 'info'": {
			func(doc map[string]any) { delete(doc, "info") }, validateAgainstSpecSchema},
		"at '/paths/api~1users'": {
			func(doc map[string]any) {
				paths := doc["paths"].(map[string]any)
				paths["api/users"] = paths["/api/users"]
			}, validateAgainstSpecSchema},
		"#/components/schemas/Nowhere": {
			func(doc map[string]any) {
				doc["components"].(map[string]any)["responses"].(map[string]any)["NotFound"] =
					map[string]any{"description": "x", "content": map[string]any{"application/json": map[string]any{
						"schema": map[string]any{"$ref": "#/components/schemas/Nowhere"}}}}
			}, func(b []byte) error { _, err := parse(b); return err }},
	} {
		doc := decode(t, raw)
		c.change(doc)
		broken, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.check(broken); err == nil || !strings.Contains(err.Error(), defect) {
			t.Errorf("the check said %v\nwant %q", err, defect)
		}
	}
}

// TestStrictValidationRefusesAnUndeclaredPathParameter: the strict check
// is not vacuous. A served document with GET /api/users/{id}'s id
// parameter taken out, the defect three releases shipped, is refused,
// naming the operation and the parameter; so is one with two operations
// sharing an operationId.
func TestStrictValidationRefusesAnUndeclaredPathParameter(t *testing.T) {
	h := newHarness(t)
	raw := served(t, h)["latest"]
	if err := openapitest.Strict(raw); err != nil {
		t.Fatalf("the served document: %v", err)
	}
	for defect, change := range map[string]func(doc map[string]any){
		"operation GET /api/users/{id} must define exactly all path parameters (missing: [id])": func(doc map[string]any) {
			op := doc["paths"].(map[string]any)["/api/users/{id}"].(map[string]any)["get"].(map[string]any)
			var kept []any
			for _, p := range op["parameters"].([]any) {
				if p.(map[string]any)["$ref"] != "#/components/parameters/id" {
					kept = append(kept, p)
				}
			}
			op["parameters"] = kept
		},
		`operations "GET /api/users" and "GET /api/users/{id}" have the same operation id "users.find"`: func(doc map[string]any) {
			doc["paths"].(map[string]any)["/api/users/{id}"].(map[string]any)["get"].(map[string]any)["operationId"] = "users.find"
		},
	} {
		doc := decode(t, raw)
		change(doc)
		broken, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := openapitest.Strict(broken); err == nil || !strings.Contains(err.Error(), defect) {
			t.Errorf("Strict said %v\nwant %q", err, defect)
		}
	}
}
