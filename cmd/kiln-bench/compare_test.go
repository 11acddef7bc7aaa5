package main

import (
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
// program has), each with its own token or none.
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
			s.paths[r.URL.RequestURI()]++
			s.mu.Unlock()
			w.Write([]byte(`{"data":[{"id":1,"documentId":"` + doc + `","title":"x"}],"meta":{}}`))
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
			"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25",
			"/api/programs?filters[status][$eq]=published&pagination[pageSize]=25&populate=modules,sessions",
			"/api/programs/" + doc,
			"/api/programs?pagination[pageSize]=1&fields[0]=title",
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
