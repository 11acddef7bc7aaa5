package rest_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// FuzzRequest throws arbitrary query strings and bodies at the real stack:
// whatever arrives, the answer is a success or a 4xx error envelope — never
// a 500, never a panic.
func FuzzRequest(f *testing.F) {
	seeds := []struct{ query, body string }{
		{"filters[title][$eq]=x", `{"data":{"title":"x"}}`},
		{"populate[modules][populate][sessions][fields][0]=title", `{"data":{"title":"y","coaches":[1]}}`},
		{"sort=title:desc&pagination[page]=2", `{"data":{"title":"z","customer":{"connect":[{"id":1}]}}}`},
		{"filters[$or][0][customer][name][$containsi]=a", `{"data":{"title":"q","startDate":"2026-01-01","capacity":3}}`},
		{"fields=title,status&status=draft", `{"data":{"title":null}}`},
		{"filters[id][$in]=1", `{"data":{"title":"t","coaches":{"set":["abc"]}}}`},
		{"populate=*", `{"data":{"title":"\u0000\ud800"}}`},
		{"%5Bfilters%5D=1", `{"data":{"outline":{"a":[1,2,{"b":null}]}}}`},
		{"filters[capacity][$between][0]=1", `{"data":{"capacity":1e309}}`},
		{"pagination[limit]=-1&pagination[start]=0", `{"data":{"title":"x","status":"published","endDate":"2026-13-01"}}`},
		{"filters[title][$eq]=a%00b&filters[customer][name][$in][0]=\x00", `{"data":{"title":"x","outline":{"k\u0000":"v"}}}`},
	}
	for _, s := range seeds {
		f.Add(s.query, s.body)
	}
	h := apptest.New(f, database.SQLite)
	h.Do("POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Acme"}})
	f.Fuzz(func(t *testing.T, query, body string) {
		h.T = t
		query = apptest.RequestLineSafe(query)
		apptest.CheckEnvelope(t, fmt.Sprintf("GET query %q", query), h.Do("GET", "/api/programs?"+query, nil))
		apptest.CheckEnvelope(t, fmt.Sprintf("POST query %q body %q", query, body),
			h.Do("POST", "/api/programs?"+url.PathEscape(query), []byte(body)))
	})
}
