package openapi_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// credentialBodies are the only places a private field's name may appear:
// the request bodies of the sign-in and password routes, whose "password"
// is the credential the caller types, not a field of any entry.
var credentialBodies = []string{
	"/paths/~1api~1auth~1local/post/requestBody/",
	"/paths/~1api~1auth~1local~1register/post/requestBody/",
	"/paths/~1api~1auth~1change-password/post/requestBody/",
	"/paths/~1api~1auth~1reset-password/post/requestBody/",
}

// TestNoPrivateFieldInTheDocuments walks every document for the name of
// any private field of any type (password, the reset and confirmation
// tokens, fields marked private), as a key or a value: a property, a
// required or enum entry, a parameter. Only the credential bodies may say
// "password"; the token names appear nowhere, not even in prose.
func TestNoPrivateFieldInTheDocuments(t *testing.T) {
	h := newHarness(t)
	private := map[string]bool{}
	for _, ct := range h.App.Schema.Types {
		for _, a := range ct.Attributes {
			if a.IsPrivate() {
				private[a.Name] = true
			}
		}
	}
	for _, n := range []string{"password", "resetPasswordToken", "confirmationToken"} {
		if !private[n] {
			t.Fatalf("%s is not a private field of the schema: the test's premise is wrong", n)
		}
	}
	for name, raw := range served(t, h) {
		for _, token := range []string{"resetPasswordToken", "confirmationToken"} {
			if strings.Contains(string(raw), token) {
				t.Errorf("%s: the document mentions %s", name, token)
			}
		}
		var found []string
		walk("", decode(t, raw), func(ptr, s string) {
			if private[s] && !(s == "password" && allowed(ptr)) {
				found = append(found, ptr+" = "+s)
			}
		})
		sort.Strings(found)
		if len(found) > 0 {
			t.Errorf("%s: private field names:\n  %s", name, strings.Join(found, "\n  "))
		}
	}
}

func allowed(ptr string) bool {
	for _, p := range credentialBodies {
		if strings.HasPrefix(ptr, p) {
			return true
		}
	}
	return false
}

// walk calls fn with the JSON pointer and text of every key and string.
func walk(ptr string, v any, fn func(ptr, s string)) {
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			p := ptr + "/" + esc.Replace(k)
			fn(p, k)
			walk(p, c, fn)
		}
	case []any:
		for i, c := range x {
			walk(fmt.Sprintf("%s/%d", ptr, i), c, fn)
		}
	case string:
		fn(ptr, x)
	}
}
