package coaching_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// FuzzCoaching throws arbitrary query strings and bodies at every coaching
// route of the real stack: whatever arrives, the answer is a success or a
// 4xx error envelope — never a 500, never a panic.
//
//	go test -run '^$' -fuzz FuzzCoaching -fuzztime 60s ./plugins/coaching/
func FuzzCoaching(f *testing.F) {
	for _, s := range []struct{ query, body string }{
		{"from=2030-01-07&to=2030-01-21&duration=60", `{"learner":1}`},
		{"from=2030-03-29T02:30:00&duration=1", `{"learner":"x","program":null,"limit":100}`},
		{"filters[name][$ne]=Flo&fields[0]=name&populate=learners", `{"learner":1,"program":1,"limit":1}`},
		{"expertise=negotiation&language=de&pagination[pageSize]=1", `{"learners":[1,2,3]}`},
		{"to=2030-04-07&from=2030-01-07", `{"learners":[]}`},
		{"duration=99999999999999999999", `{"learner":1e309}`},
		{"sort=name", `{"learners":[{"id":1}]}`},
		{"from=%00", `{"learner":-1,"limit":"1"}`},
	} {
		f.Add(s.query, s.body)
	}
	h := apptest.New(f, database.SQLite, newPlugin())
	h.T = f
	fixture(f, h)
	f.Fuzz(func(t *testing.T, query, body string) {
		h.T = t
		q := apptest.RequestLineSafe(query)
		for _, req := range []struct{ method, path, body string }{
			{"POST", "/api/coaches/match?" + q, body},
			{"GET", "/api/coaches/available?" + q, ""},
			{"GET", "/api/coaches/2/availability?" + q, ""},
			{"GET", "/api/coaches/1/learners?" + q, ""},
			{"POST", "/api/coaches/6/learners", body},
			{"DELETE", "/api/coaches/1/learners/" + url.PathEscape(query), ""},
		} {
			var b any
			if req.body != "" {
				b = []byte(req.body)
			}
			apptest.CheckEnvelope(t, fmt.Sprintf("%s %s body %q", req.method, req.path, req.body), h.Do(req.method, req.path, b))
		}
	})
}
