package openapi_test

import (
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi/datamodel"
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
// against the OpenAPI 3.1 specification's schema.
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
