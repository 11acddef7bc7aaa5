package content

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// FuzzReadComponents: whatever JSON a client sends as a component,
// repeatable component or dynamic zone (of testdata/components' page),
// reading it never panics, and it is either taken or refused with field
// errors that each name a path and a message.
func FuzzReadComponents(f *testing.F) {
	for _, s := range []string{
		`{"metaTitle":"x","social":[{"network":"x","link":{"url":"/a"}}]}`, `null`, `[]`, `5`, `"x"`,
		`[{"__component":"blocks.faq","items":[{"question":"q"}]}]`, `[{"__component":null}]`, `[{"__component":"blocks.stats","count":"1e999"}]`,
		`[{"day":"monday","opens":"25:00"},{}]`, `{"social":{"network":"x"}}`, `[{"__component":"blocks.rich","doc":[{"type":"paragraph"}]}]`,
	} {
		for i := range 3 {
			f.Add(uint8(i), s)
		}
	}
	s, err := schema.LoadDir(filepath.Join("..", "..", "testdata", "components", "content-types"))
	if err != nil {
		f.Fatal(err)
	}
	page := s.Type("page")
	fields := []*schema.Attribute{page.Attr("seo"), page.Attr("body"), page.Attr("opening_hours")}
	f.Fuzz(func(t *testing.T, which uint8, raw string) {
		var v any
		d := json.NewDecoder(bytes.NewReader([]byte(raw)))
		d.UseNumber()
		if d.Decode(&v) != nil {
			return
		}
		a := fields[int(which)%len(fields)]
		var cr componentReader
		items, probs := cr.readComponents(a, v, componentPath{a.Name})
		for _, p := range probs {
			if len(p.Path) == 0 || p.Path[0] != a.Name || p.Message == "" {
				t.Fatalf("%s: a problem without its path or message: %+v", raw, p)
			}
		}
		if len(probs) == 0 && a.Type == schema.Component && !a.Repeatable && v != nil && len(items) != 1 {
			t.Fatalf("%s: a single component taken as %d items", raw, len(items))
		}
	})
}
