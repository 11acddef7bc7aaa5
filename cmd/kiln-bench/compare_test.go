package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
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
	stdout := os.Stdout
	os.Stdout, _ = os.Open(os.DevNull)
	err := compare(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
		server{name: "kiln", base: sa.URL, token: "tok"}, server{name: "strapi", base: sb.URL})
	os.Stdout = stdout
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
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = out
	err = compare(options{duration: 100 * time.Millisecond, connections: 2, loader: loaderGo},
		server{name: "kiln", base: sa.URL}, server{name: "strapi", base: sb.URL})
	os.Stdout = stdout
	if err != nil {
		t.Fatal(err)
	}
	printed, _ := os.ReadFile(out.Name())
	if !strings.Contains(string(printed), "graphql list   skipped: strapi does not answer") {
		t.Errorf("the skip is not reported:\n%s", printed)
	}
	if n := graphql[strings.TrimPrefix(sb.URL, "http://")]; n != 1 {
		t.Errorf("the server without GraphQL was asked %d times at /graphql, want once", n)
	}
	if n := graphql[strings.TrimPrefix(sa.URL, "http://")]; n != 0 {
		t.Errorf("kiln was driven at /graphql (%d requests) though the other server has no GraphQL", n)
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
