package openapi

import "encoding/json"

// obj is one JSON object of a document under construction: an OpenAPI
// object or a JSON Schema. Plain maps keep the generator short and the
// output deterministic (encoding/json sorts keys).
type obj = map[string]any

// ref points at a component schema.
func ref(name string) obj { return obj{"$ref": "#/components/schemas/" + name} }

// refTo points at another kind of component ("responses", "parameters",
// "headers").
func refTo(kind, name string) obj { return obj{"$ref": "#/components/" + kind + "/" + name} }

func arrayOf(items any) obj { return obj{"type": "array", "items": items} }

// object is a JSON Schema object with the given properties and required
// names, in the order given.
func object(props obj, required ...string) obj {
	o := obj{"type": "object", "properties": props}
	if len(required) > 0 {
		req := make([]any, len(required))
		for i, r := range required {
			req[i] = r
		}
		o["required"] = req
	}
	return o
}

// orNull lets a schema also be null: "type" gains "null" (and "enum" gains
// null, or the enum would refuse it); a $ref or a schema without a type is
// wrapped in anyOf.
func orNull(s obj) obj {
	t, ok := s["type"].(string)
	if !ok {
		return obj{"anyOf": []any{s, obj{"type": "null"}}}
	}
	out := obj{}
	for k, v := range s {
		out[k] = v
	}
	out["type"] = []any{t, "null"}
	if e, ok := s["enum"].([]any); ok {
		out["enum"] = append(append([]any{}, e...), nil)
	}
	return out
}

// withDesc returns s with a description.
func withDesc(s obj, desc string) obj {
	out := obj{}
	for k, v := range s {
		out[k] = v
	}
	out["description"] = desc
	return out
}

// strings turns names into a JSON array.
func strs(names []string) []any {
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}

// clone deep-copies a JSON-able value through encoding/json, so that a
// plugin's schema maps (whatever Go types they hold) become plain maps the
// generator may change without touching the plugin's own.
func clone(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	err = json.Unmarshal(raw, &out)
	return out, err
}
