package main

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCompareAsksBothServersTheSameThreeRequests runs the comparison with
// the Go loader against two loopback servers, one of which wants a token:
// each must receive exactly the three Strapi-shaped requests (the list,
// the populated list, and the findOne of the documentId its own first
// program has), each with its own token or none, and scenario 11's
// GraphQL list as a POST to /graphql, since both answer it.
func TestCompareAsksBothServersTheSameThreeRequests(t *testing.T) {
	type seen struct {
		mu    sync.Mutex
		paths map[string]int
	}
	serve := func(doc, token string, s *seen) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			want := ""
			if token != "" {
				want = "Bearer " + token
			}
			if got := r.Header.Get("Authorization"); got != want {
				t.Errorf("Authorization %q, want %q", got, want)
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			s.mu.Lock()
			s.paths[r.Method+" "+r.URL.RequestURI()]++
			s.mu.Unlock()
			if r.URL.Path == graphqlPath {
				b, _ := io.ReadAll(r.Body)
				if r.Method != "POST" || string(b) != string(gqlBody(gqlListQuery, nil)) {
					t.Errorf("GraphQL: %s %s", r.Method, b)
				}
				w.Write([]byte(`{"data":{"programs_connection":{"nodes":[{"documentId":"` + doc + `","title":"x"}],"pageInfo":{"total":1}}}}`))
				return
			}
			w.Write([]byte(`{"data":[{"id":1,"documentId":"` + doc + `","title":"x"}],"meta":{"pagination":{"total":1}}}`))
		}))
	}
	var a, b seen
	a.paths, b.paths = map[string]int{}, map[string]int{}
	sa, sb := serve("kilndoc", "tok", &a), serve("otherdoc", "", &b)
	defer sa.Close()
	defer sb.Close()

	// compare prints its table; keep the test's output clean.
	_, err := printed(t, func() error {
		return compare(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
			server{name: "kiln", base: sa.URL, token: "tok"}, server{name: "strapi", base: sb.URL})
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*seen{"kiln": &a, "strapi": &b} {
		doc := map[string]string{"kiln": "kilndoc", "strapi": "otherdoc"}[name]
		want := []string{
			"GET /api/programs?filters[status][$eq]=published&pagination[pageSize]=25",
			"GET /api/programs?filters[status][$eq]=published&pagination[pageSize]=25&populate=modules,sessions",
			"GET /api/programs/" + doc,
			"GET /api/programs?pagination[pageSize]=1&fields[0]=title",
			"POST /graphql",
		}
		for _, p := range want {
			if s.paths[p] == 0 {
				t.Errorf("%s never received %s", name, p)
			}
		}
		for p := range s.paths {
			found := false
			for _, w := range want {
				found = found || p == w
			}
			if !found || strings.Contains(p, "kilndoc") && name != "kiln" {
				t.Errorf("%s received %s, which is not one of the comparison's requests", name, p)
			}
		}
	}
}

// TestCompareSkipsGraphQLWithoutThePlugin: a compared server without
// /graphql (a Strapi without the GraphQL plugin) is asked the three REST
// requests and the GraphQL list once, which it refuses; the comparison
// goes on without it and says so, and drives no load at /graphql.
func TestCompareSkipsGraphQLWithoutThePlugin(t *testing.T) {
	var mu sync.Mutex
	graphql := map[string]int{}
	serve := func(withGraphQL bool) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == graphqlPath {
				mu.Lock()
				graphql[r.Host]++
				mu.Unlock()
				if !withGraphQL {
					http.NotFound(w, r)
					return
				}
				w.Write([]byte(`{"data":{"programs_connection":{"nodes":[{"documentId":"d"}],"pageInfo":{"total":1}}}}`))
				return
			}
			w.Write([]byte(`{"data":[{"id":1,"documentId":"d","title":"x"}],"meta":{"pagination":{"total":1}}}`))
		}))
	}
	sa, sb := serve(true), serve(false)
	defer sa.Close()
	defer sb.Close()
	out, err := printed(t, func() error {
		return compare(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
			server{name: "kiln", base: sa.URL}, server{name: "strapi", base: sb.URL})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "graphql list   skipped: strapi does not answer") {
		t.Errorf("the skip is not reported:\n%s", out)
	}
	if n := graphql[strings.TrimPrefix(sb.URL, "http://")]; n != 1 {
		t.Errorf("the server without GraphQL was asked %d times at /graphql, want once", n)
	}
	if n := graphql[strings.TrimPrefix(sa.URL, "http://")]; n != 0 {
		t.Errorf("kiln was driven at /graphql (%d requests) though the other server has no GraphQL", n)
	}
}

// printed runs fn with the standard output going to a file, and returns
// what it printed: the comparisons print their table.
func printed(t *testing.T, fn func() error) (string, error) {
	t.Helper()
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	stdout := os.Stdout
	os.Stdout = out
	err = fn()
	os.Stdout = stdout
	b, _ := os.ReadFile(out.Name())
	return string(b), err
}

// pagesServer is a Strapi-compatible server of testdata/graphql's pages
// for the tests of -compare-page: it keeps the pages posted to
// /api/pages and answers its REST list and scenario 13's GraphQL query
// from them as Strapi shapes them (a zone member's __component is
// __typename ComponentBlocksHero in GraphQL); rest or graphql false, it
// answers 404 there, as a Strapi without those types or without the
// GraphQL plugin. It counts the requests by method and path.
type pagesServer struct {
	*httptest.Server
	mu    sync.Mutex
	pages []map[string]any
	seen  map[string]int
}

func newPagesServer(t *testing.T, token string, rest, graphql bool) *pagesServer {
	s := &pagesServer{seen: map[string]int{}}
	pageSize := regexp.MustCompile(`pageSize: (\d+)`)
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if got := r.Header.Get("Authorization"); got != "Bearer "+token {
			t.Errorf("Authorization %q, want the token %q", got, token)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.seen[r.Method+" "+r.URL.Path]++
		switch {
		case r.URL.Path == "/api/pages" && rest && r.Method == "POST":
			var in struct{ Data map[string]any }
			if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
				t.Error(err)
			}
			s.pages = append(s.pages, in.Data)
			w.WriteHeader(http.StatusCreated)
			json.NewEncoder(w).Encode(map[string]any{"data": in.Data})
		case r.URL.Path == "/api/pages" && rest:
			n, _ := strconv.Atoi(r.URL.Query().Get("pagination[pageSize]"))
			json.NewEncoder(w).Encode(map[string]any{"data": s.pages[:min(n, len(s.pages))],
				"meta": map[string]any{"pagination": map[string]any{"total": len(s.pages)}}})
		case r.URL.Path == graphqlPath && graphql:
			var in struct{ Query string }
			json.NewDecoder(r.Body).Decode(&in)
			n, _ := strconv.Atoi(pageSize.FindStringSubmatch(in.Query)[1])
			var pages []any
			for _, p := range s.pages[:min(n, len(s.pages))] {
				var body []any
				for _, m := range p["body"].([]any) {
					m := maps.Clone(m.(map[string]any))
					c := m["__component"].(string)
					m["__typename"] = "ComponentBlocks" + strings.ToUpper(c[7:8]) + c[8:]
					delete(m, "__component")
					body = append(body, m)
				}
				pages = append(pages, map[string]any{"title": p["title"], "seo": p["seo"], "body": body})
			}
			json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"pages": pages}})
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// requests is how many requests the server received of method and path.
func (s *pagesServer) requests(methodPath string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen[methodPath]
}

// TestComparePageSeedsAndDrivesThePageQuery runs -compare-page's
// comparison with the Go loader against two loopback servers of pages:
// the other server, empty, is seeded with scenario 13's 25 pages through
// REST with its own token, asked scenario 13's query and driven with it
// as Kiln is, and the row prints both throughputs and the ratio. A
// second run finds the 25 pages and seeds none; a server whose pages are
// other data, or another number of them, stops the comparison.
func TestComparePageSeedsAndDrivesThePageQuery(t *testing.T) {
	kiln, other := newPagesServer(t, "ktok", true, true), newPagesServer(t, "ptok", true, true)
	if err := seedZonePages(kiln.URL, "ktok", zonePages); err != nil {
		t.Fatal(err)
	}
	o := options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo}
	k, s := server{name: "kiln", base: kiln.URL, token: "ktok"}, server{name: "strapi", base: other.URL, token: "ptok"}
	out, err := printed(t, func() error { return comparePage(o, k, s) })
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := other.requests("POST /api/pages"); n != zonePages {
		t.Errorf("the other server was sent %d pages, want %d", n, zonePages)
	}
	for name, srv := range map[string]*pagesServer{"kiln": kiln, "strapi": other} {
		// The check, samePages, the first request and two runs each.
		if n := srv.requests("POST " + graphqlPath); n < 10 {
			t.Errorf("%s was asked scenario 13's query %d times: not driven", name, n)
		}
	}
	row := regexp.MustCompile(`(?m)^   graphql page +kiln +\d+ req/s .* \| strapi +\d+ req/s .* \| +[\d.]+×$`)
	if !row.MatchString(out) {
		t.Errorf("no ratio row for the page:\n%s", out)
	}

	out, err = printed(t, func() error { return comparePage(o, k, s) })
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := other.requests("POST /api/pages"); n != zonePages || !strings.Contains(out, "strapi holds 25 pages already (an earlier run's): not seeded again") {
		t.Errorf("the second run: %d pages sent in all, printed\n%s", n, out)
	}

	other.mu.Lock()
	other.pages[3] = maps.Clone(other.pages[3])
	other.pages[3]["title"] = "Another page"
	other.mu.Unlock()
	if _, err := printed(t, func() error { return comparePage(o, k, s) }); err == nil || !strings.Contains(err.Error(), "page 3") {
		t.Errorf("other pages than Kiln's: %v", err)
	}
	other.mu.Lock()
	other.pages = other.pages[:7]
	other.mu.Unlock()
	if _, err := printed(t, func() error { return comparePage(o, k, s) }); err == nil || !strings.Contains(err.Error(), "strapi holds 7 pages") {
		t.Errorf("7 pages: %v", err)
	}
	if n := other.requests("POST /api/pages"); n != zonePages {
		t.Errorf("pages sent to a server that held some: %d in all", n-zonePages)
	}
}

// TestComparePageSkipsAServerWithoutPages: a server without pages (404
// at /api/pages: not testdata/graphql's types) or without GraphQL (a
// Strapi without the plugin) is skipped with a line saying why, and
// neither side is driven with the page query.
func TestComparePageSkipsAServerWithoutPages(t *testing.T) {
	for _, c := range []struct {
		name          string
		rest, graphql bool
		line          string
	}{
		{"no pages", false, false, "   graphql page   skipped: strapi serves no pages at /api/pages (HTTP 404"},
		{"no GraphQL", true, false, "   graphql page   skipped: strapi does not answer scenario 13's query at /graphql (GraphQL: HTTP 404"},
	} {
		t.Run(c.name, func(t *testing.T) {
			kiln, other := newPagesServer(t, "ktok", true, true), newPagesServer(t, "ptok", c.rest, c.graphql)
			if err := seedZonePages(kiln.URL, "ktok", zonePages); err != nil {
				t.Fatal(err)
			}
			out, err := printed(t, func() error {
				return comparePage(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
					server{name: "kiln", base: kiln.URL, token: "ktok"}, server{name: "strapi", base: other.URL, token: "ptok"})
			})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, c.line) {
				t.Errorf("the skip is not reported as %q:\n%s", c.line, out)
			}
			if n := kiln.requests("POST " + graphqlPath); n != 0 {
				t.Errorf("kiln was driven at /graphql (%d requests) though the other server cannot answer", n)
			}
			if n := other.requests("POST " + graphqlPath); n > 1 {
				t.Errorf("the other server was asked at /graphql %d times, want once at most", n)
			}
		})
	}
}

// TestFigure reads counts and numbers out of decoded JSON as
// checkGraphQL compares them.
func TestFigure(t *testing.T) {
	var v any
	json.Unmarshal([]byte(`{"data":{"c":{"nodes":[{"m":[{"s":[1,2]},{"s":[3]}],"k":{"x":1}},{"m":[],"k":null},null],"pageInfo":{"total":42}}}}`), &v)
	for path, want := range map[string]float64{
		"data.c.nodes":          2, // the null item is none
		"data.c.nodes.m":        2,
		"data.c.nodes.m.s":      3,
		"data.c.nodes.k":        1,
		"data.c.pageInfo.total": 42,
		"data.c.missing":        0,
		"data.c.pageInfo":       1,
	} {
		if got := figure(v, path); got != want {
			t.Errorf("figure(%s) = %v, want %v", path, got, want)
		}
	}
}

func TestJSONString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"data":[{"id":1,"documentId":"abc","x":"y"}]}`, "abc"},
		{`{"data":[]}`, ""},
		{`{"documentId":"unterminated`, ""},
	} {
		if got := jsonString([]byte(c.in), "documentId"); got != c.want {
			t.Errorf("jsonString(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}
