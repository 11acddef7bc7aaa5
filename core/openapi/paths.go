package openapi

import (
	"fmt"
	"regexp"
	"strings"
)

// fiberParam is a fiber route parameter: ":id", ":token" in ":token.ics".
// Fiber ends a name at the first character that is not a letter, digit or
// underscore, as this does.
var fiberParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// Template converts a fiber route path to an OpenAPI path template:
// "/api/coaches/:id/learners/:learnerId" becomes
// "/api/coaches/{id}/learners/{learnerId}". It also returns the parameter
// names, in order. Optional parameters and wildcards have no OpenAPI form
// and are refused.
func Template(path string) (string, []string, error) {
	if strings.ContainsAny(path, "*+?") {
		return "", nil, fmt.Errorf("path %q: optional parameters and wildcards cannot be documented", path)
	}
	var names []string
	out := fiberParam.ReplaceAllStringFunc(path, func(m string) string {
		names = append(names, m[1:])
		return "{" + m[1:] + "}"
	})
	return out, names, nil
}

// pathParams declares a template's parameters; "id" takes a documentId or
// an id everywhere in Kiln.
func pathParams(names []string) []any {
	out := make([]any, 0, len(names))
	for _, n := range names {
		if n == "id" {
			out = append(out, refTo("parameters", "id"))
			continue
		}
		out = append(out, obj{"name": n, "in": "path", "required": true, "schema": obj{"type": "string"}})
	}
	return out
}
