// Package openapitest checks OpenAPI documents for tests strictly with
// kin-openapi, which also checks the rules the specification states in
// words and its JSON Schema cannot express, such as every {name} of a path
// being declared by each of its operations.
package openapitest

import (
	"context"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
)

// Strict loads a document with kin-openapi, refusing any $ref outside
// it, and validates it with every check turned on: unknown formats,
// patterns, defaults, examples, an extension beside a $ref; errors are
// collected where kin-openapi can go on past the first. OpenAPI 3.1
// documents get JSON Schema 2020-12 validation.
func Strict(raw []byte) error {
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return fmt.Errorf("loading: %w", err)
	}
	if !doc.IsOpenAPI31OrLater() {
		return fmt.Errorf("openapi %q: Kiln writes 3.1", doc.OpenAPI)
	}
	return doc.Validate(context.Background(),
		openapi3.EnableMultiError(),
		openapi3.EnableSchemaFormatValidation(),
		openapi3.EnableSchemaPatternValidation(),
		openapi3.EnableSchemaDefaultsValidation(),
		openapi3.EnableExamplesValidation(),
		openapi3.ProhibitExtensionsWithRef(),
	)
}
