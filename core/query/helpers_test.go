package query

import (
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

var loadSchema = sync.OnceValues(func() (*schema.Schema, error) {
	return schema.LoadDir("../../content-types")
})

// testType returns a content type of the real schema.
func testType(t testing.TB, name string) *schema.ContentType {
	t.Helper()
	s, err := loadSchema()
	if err != nil {
		t.Fatalf("loading the schema: %v", err)
	}
	ct := s.Type(name)
	if ct == nil {
		t.Fatalf("no content type %q", name)
	}
	return ct
}

// testOptions are the defaults with a caller who may read every type but
// role, and a route that also takes from and to.
func testOptions() Options {
	o := DefaultOptions()
	o.CanRead = func(ct *schema.ContentType) bool { return ct.Name != "role" }
	o.ExtraKeys = []string{"from", "to"}
	o.StrictParams = true // the refusals are strict mode's; params_test.go checks the default
	return o
}
