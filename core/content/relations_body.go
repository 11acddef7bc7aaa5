package content

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// A relation as a JSON body gives it: its references (numbers, strings,
// {"id"}/{"documentId"} objects) and the positions of connected entries.

// refList turns items into references: numbers and strings as they are,
// objects by their documentId or id.
func refList(a *schema.Attribute, path string, items []any) ([]string, error) {
	out := make([]string, 0, len(items))
	for _, it := range items {
		switch x := it.(type) {
		case json.Number:
			out = append(out, x.String())
		case int64:
			out = append(out, strconv.FormatInt(x, 10))
		case int:
			out = append(out, strconv.Itoa(x))
		case string:
			if x == "" {
				return nil, fieldError(a, path+" has an empty reference")
			}
			if strings.Contains(x, localeSep) { // no id or documentId has one; a reference's locale is {documentId, locale}
				return nil, fieldError(a, fmt.Sprintf("%s: no %s with id or documentId %q", a.Name, a.Target, x))
			}
			out = append(out, x)
		case map[string]any:
			ref, err := objectRef(a, path, x)
			if err != nil {
				return nil, err
			}
			out = append(out, ref)
		default:
			return nil, fieldError(a, path+" must hold ids or documentIds")
		}
	}
	return out, nil
}

// isRefObject reports whether m is one {"id"} or {"documentId"} reference.
func isRefObject(m map[string]any) bool {
	_, id := m["id"]
	_, doc := m["documentId"]
	return id || doc
}

// objectRef reads {"documentId": ..} or {"id": ..}. A documentId's locale
// names the localization of a localized target, as in Strapi 5
// ({"documentId": "x", "locale": "fr"}: the reference is "x@fr", see
// splitLocaleRefs); locale is ignored elsewhere, and so are status, and
// position outside connect (see positions).
func objectRef(a *schema.Attribute, path string, m map[string]any) (string, error) {
	for k := range m {
		switch k {
		case "id", "documentId", "position", "locale", "status":
		default:
			return "", errs.InvalidKey(k, path+"."+k, "body", "data").WithValid(k, refKeys)
		}
	}
	if d, ok := m["documentId"].(string); ok && d != "" {
		if l, ok := m["locale"].(string); ok && l != "" && a.TargetType != nil && a.TargetType.Localized && !strings.Contains(d, localeSep) {
			return d + localeSep + l, nil
		}
		return d, nil
	}
	if n, ok := m["id"].(json.Number); ok {
		return n.String(), nil
	}
	return "", fieldError(a, path+" needs an id or a documentId")
}

func fieldError(a *schema.Attribute, msg string) error {
	return errs.Fields([]errs.FieldError{errs.Field(a.Name, msg)})
}

// place is one connect item's position as written: before or after an
// entry (its id or documentId), at the start, or nowhere said (the end).
type place struct {
	before, after string
	start         bool
}

// positions reads the position of each connect item, as Strapi's connect
// takes it: {"before": ref}, {"after": ref}, {"start": true} or
// {"end": true} (false for either is the end, as in Strapi). A position
// naming two places, another key, or not an object is a 400.
func positions(a *schema.Attribute, path string, items []any) ([]place, error) {
	out := make([]place, len(items))
	for i, it := range items {
		m, _ := it.(map[string]any)
		raw, ok := m["position"]
		if !ok {
			continue
		}
		at := path + ".position"
		pos, ok := raw.(map[string]any)
		if !ok {
			return nil, fieldError(a, at+" must be an object: {before}, {after}, {start} or {end}")
		}
		n := 0
		for _, k := range sortedKeys(pos) {
			v := pos[k]
			switch k {
			case "before", "after":
				ref, err := refList(a, at+"."+k, []any{v})
				if err != nil {
					return nil, err
				}
				if k == "before" {
					out[i].before = ref[0]
				} else {
					out[i].after = ref[0]
				}
			case "start", "end":
				b, ok := v.(bool)
				if !ok {
					return nil, fieldError(a, at+"."+k+" must be true or false")
				}
				out[i].start = out[i].start || (k == "start" && b)
			case "locale", "status":
				continue
			default:
				return nil, errs.InvalidKey(k, at+"."+k, "body", "data").WithValid(k, positionKeys)
			}
			n++
		}
		if n > 1 {
			return nil, fieldError(a, at+" takes one of before, after, start and end")
		}
	}
	return out, nil
}

// placeRefs is every entry positions name, to resolve with the others.
func placeRefs(places []place) []string {
	var out []string
	for _, p := range places {
		for _, r := range []string{p.before, p.after} {
			if r != "" {
				out = append(out, r)
			}
		}
	}
	return out
}

// positionsByID is the store's positions of the connected entries, by id;
// nil when none has one. The first of repeated entries decides.
func positionsByID(ids map[string]int64, connect []string, places []place) map[int64]entry.Position {
	var out map[int64]entry.Position
	for i, ref := range connect {
		if i >= len(places) || places[i] == (place{}) {
			continue
		}
		if out == nil {
			out = map[int64]entry.Position{}
		}
		id := ids[ref]
		if _, seen := out[id]; !seen {
			p := places[i]
			out[id] = entry.Position{Before: ids[p.before], After: ids[p.after], Start: p.start}
		}
	}
	return out
}

// The keys of a relation's value in a write body, valid where each is
// read: the change object, one reference, a connect's position.
var (
	relationChangeKeys = []string{"connect", "disconnect", "set", "options"}
	refKeys            = []string{"id", "documentId", "position", "locale", "status"}
	positionKeys       = []string{"before", "after", "start", "end", "locale", "status"}
)
