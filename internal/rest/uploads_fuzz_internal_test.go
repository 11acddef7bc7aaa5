package rest

import (
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// FuzzFileInfos: whatever fileInfo a client sends, for however many
// files, the reading never panics, and is either one Info per file or a
// 400 naming fileInfo.
func FuzzFileInfos(f *testing.F) {
	for _, s := range []string{`{"name":"a"}`, `[{"name":"a"},{"caption":"b"}]`, `[`, `{"name":5}`, `null`, `[]`,
		`{"alternativeText":"x"} {}`, `"str"`, `[1,2]`, `{"focalPoint":{"x":1}}`} {
		for n := 0; n < 3; n++ {
			f.Add(s, n)
		}
	}
	f.Fuzz(func(t *testing.T, raw string, n int) {
		n = n % 5
		if n < 0 {
			n = -n
		}
		infos, err := fileInfos([]string{raw}, n)
		if err != nil {
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindValidation {
				t.Fatalf("%q for %d files: %v is not a validation error", raw, n, err)
			}
			return
		}
		if len(infos) != max(n, 1) {
			t.Fatalf("%q for %d files: %d infos", raw, n, len(infos))
		}
	})
}
