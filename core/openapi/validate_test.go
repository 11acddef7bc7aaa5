package openapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi/datamodel"

	"github.com/kiln-cms/kiln/core/openapi/openapitest"
)

// parse reads a document with libopenapi. Entries refer to each other
// through their relations (a program's customer lists its programs), as
// populate allows, and libopenapi counts every anyOf member as a required
// reference, so it would call those cycles infinite although each passes
// through a nullable or an array: the configuration says they are not.
func parse(raw []byte) (libopenapi.Document, error) {
	return libopenapi.NewDocumentWithConfiguration(raw, &datamodel.DocumentConfiguration{
		IgnorePolymorphicCircularReferences: true,
		IgnoreArrayCircularReferences:       true,
	})
}

// TestDocumentsAreValidOpenAPI31 parses each served document with
// libopenapi, builds its model (every $ref resolves), and validates it
// against the OpenAPI 3.1 specification's schema; then validates it again
// with kin-openapi (openapitest.Strict), which also checks the rules the
// schema cannot say, such as each operation declaring its path's
// parameters.
func TestDocumentsAreValidOpenAPI31(t *testing.T) {
	t.Parallel() // slow: libopenapi validates three large documents; the other tests run meanwhile
	h := newHarness(t)
	for name, raw := range served(t, h) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doc, err := parse(raw)
			if err != nil {
				t.Fatalf("parsing: %v", err)
			}
			if v := doc.GetVersion(); v != "3.1.0" {
				t.Fatalf("openapi: %q, want 3.1.0", v)
			}
			model, err := doc.BuildV3Model()
			if err != nil {
				t.Fatalf("building the model: %v", err)
			}
			if model.Model.Paths == nil || model.Model.Paths.PathItems.Len() == 0 {
				t.Fatal("no paths")
			}
			v, errs := validator.NewValidator(doc)
			if len(errs) > 0 {
				t.Fatalf("validator: %v", errs)
			}
			if err := openapitest.Strict(raw); err != nil {
				t.Errorf("kin-openapi: %v", err)
			}
			if ok, verrs := v.ValidateDocument(); !ok {
				for _, e := range verrs {
					t.Errorf("%s: %s", e.Message, e.Reason)
					for _, se := range e.SchemaValidationErrors {
						t.Errorf("  at %s (%s): %s", se.FieldPath, se.KeywordLocation, se.Reason)
					}
				}
			}
		})
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
