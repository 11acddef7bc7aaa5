package openapi

import (
	"fmt"
	"regexp"
	"slices"
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
// and are refused, as is a name given twice (an operation declares each
// path parameter once).
func Template(path string) (string, []string, error) {
	if strings.ContainsAny(path, "*+?") {
		return "", nil, fmt.Errorf("path %q: optional parameters and wildcards cannot be documented", path)
	}
	var names []string
	out := fiberParam.ReplaceAllStringFunc(path, func(m string) string {
		names = append(names, m[1:])
		return "{" + m[1:] + "}"
	})
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return "", nil, fmt.Errorf("path %q: the parameter %q is named twice", path, n)
		}
	}
	return out, names, nil
}

// templateParam is a parameter of an OpenAPI path template: "{id}".
var templateParam = regexp.MustCompile(`\{([^{}]+)\}`)

// declarePathParams makes op declare each parameter of its path template
// exactly once. The operation's describer declares the query parameters,
// and may declare a path parameter itself (an enum of the names it takes);
// every other one is declared here, first and in the path's order, so that
// no describer can forget one. A parameter declared twice, and a path
// parameter the template lacks, are gaps, left out of the document.
func (b *builder) declarePathParams(path string, op obj) {
	declared := map[string]bool{} // "in name"
	var kept []any
	own, _ := op["parameters"].([]any)
	for _, p := range own {
		name, in := b.parameter(p)
		key := in + " " + name
		switch {
		case declared[key]:
			b.problem(fmt.Errorf("%s: the %s parameter %q is declared twice", b.where, in, name))
		case in == "path" && !strings.Contains(path, "{"+name+"}"):
			b.problem(fmt.Errorf("%s: the path parameter %q is not in the path %s", b.where, name, path))
		default:
			declared[key] = true
			kept = append(kept, p)
		}
	}
	var missing []string
	for _, m := range templateParam.FindAllStringSubmatch(path, -1) {
		if !declared["path "+m[1]] {
			missing = append(missing, m[1])
		}
	}
	if all := append(pathParams(missing), kept...); len(all) > 0 {
		op["parameters"] = all
	} else {
		delete(op, "parameters")
	}
}

// parameter is the name and location of a parameter an operation lists,
// inline or as a $ref to components.parameters.
func (b *builder) parameter(p any) (name, in string) {
	o, _ := p.(obj)
	if r, ok := o["$ref"].(string); ok {
		o, _ = b.parameters[strings.TrimPrefix(r, "#/components/parameters/")].(obj)
	}
	name, _ = o["name"].(string)
	in, _ = o["in"].(string)
	return name, in
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
