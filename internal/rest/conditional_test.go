package rest_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/plugins/catalog"
)

// TestConditionalGET: every successful GET answer has a strong ETag; an
// If-None-Match naming it — strong or weak, alone, in a list or as "*" —
// is a 304 with no body and the same tag; another tag or a malformed list
// gets the 200 again. Generated lists and entries, a single type, the
// signed-in user and a plugin's route alike; HEAD too.
func TestConditionalGET(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		loadSmall(t, h)
		for _, path := range []string{
			"/api/programs?populate=sessions",
			"/api/programs/1",
			"/api/v1/programs/1",
			"/api/users/me",
			"/api/categories/tree",
			"/api/sessions?pagination[pageSize]=100",
		} {
			r := h.Do("GET", path, nil)
			tag := r.Header.Get("ETag")
			if r.Status != 200 || len(tag) != 18 || tag[0] != '"' || tag[17] != '"' {
				t.Fatalf("%s: %d, ETag %q: %.200s", path, r.Status, tag, r.Body)
			}
			if again := h.Do("GET", path, nil); again.Header.Get("ETag") != tag || !bytes.Equal(again.Body, r.Body) {
				t.Errorf("%s: a second GET has ETag %q, want %q", path, again.Header.Get("ETag"), tag)
			}
			bare := strings.Trim(tag, `"`)
			for inm, want := range map[string]int{
				tag:                                 304,
				"W/" + tag:                          304,
				"*":                                 304,
				`"x", ` + tag:                       304,
				`W/"x",W/` + tag + ` , "y"`:         304,
				`"a,b", ` + tag:                     304, // a comma inside a tag
				`"` + bare + `0"`:                   200,
				`"other"`:                           200,
				bare:                                200, // unquoted: malformed
				`"x" junk, ` + tag:                  200, // malformed list
				`W/"` + strings.ToUpper(bare) + `"`: 200,
			} {
				got := h.Do("GET", path, nil, "If-None-Match", inm)
				if got.Status != want {
					t.Errorf("%s If-None-Match %s: %d, want %d", path, inm, got.Status, want)
					continue
				}
				if got.Header.Get("ETag") != tag {
					t.Errorf("%s If-None-Match %s: ETag %q, want %q", path, inm, got.Header.Get("ETag"), tag)
				}
				if want == 304 && (len(got.Body) != 0 || got.Header.Get("Cache-Control") == "" || got.Header.Get("Vary") == "" ||
					got.Header.Get("Content-Type") != "") {
					t.Errorf("%s If-None-Match %s: 304 with %d bytes, %v", path, inm, len(got.Body), got.Header)
				}
				if want == 200 && !bytes.Equal(got.Body, r.Body) {
					t.Errorf("%s If-None-Match %s: another body", path, inm)
				}
			}
			if hd := h.Do("HEAD", path, nil); hd.Status != 200 || hd.Header.Get("ETag") != tag || len(hd.Body) != 0 {
				t.Errorf("HEAD %s: %d, ETag %q, %d bytes", path, hd.Status, hd.Header.Get("ETag"), len(hd.Body))
			}
			if hd := h.Do("HEAD", path, nil, "If-None-Match", tag); hd.Status != 304 {
				t.Errorf("HEAD %s If-None-Match: %d", path, hd.Status)
			}
		}
		// An edit changes the tag: the old one now gets the 200.
		r := h.Do("GET", "/api/programs/1", nil)
		tag := r.Header.Get("ETag")
		if w := h.Do("PUT", "/api/programs/1", map[string]any{"data": map[string]any{"title": "Renamed"}}); w.Status != 200 {
			t.Fatalf("PUT: %d %s", w.Status, w.Body)
		}
		if got := h.Do("GET", "/api/programs/1", nil, "If-None-Match", tag); got.Status != 200 || got.Header.Get("ETag") == tag {
			t.Errorf("after an edit: %d, ETag %q (was %q)", got.Status, got.Header.Get("ETag"), tag)
		}
	}, catalog.New())
}

// TestNoETagOnErrors: errors (and writes) carry no ETag, and
// If-None-Match: * does not turn an error into a 304.
func TestNoETagOnErrors(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		loadSmall(t, h)
		for _, tc := range []struct {
			method, path string
			headers      []string
			status       int
		}{
			{"GET", "/api/programs/999999", nil, 404},
			{"GET", "/api/programs?filters[nope][$eq]=1", nil, 400},
			{"GET", "/api/programs", []string{"Authorization", apptest.Anonymous}, 401},
			{"GET", "/api/programs", []string{"Authorization", "Bearer not-a-token"}, 401},
			{"GET", "/api/nothing-here", nil, 404},
			{"POST", "/api/customers", nil, 400},
		} {
			r := h.Do(tc.method, tc.path, nil, append(tc.headers, "If-None-Match", "*")...)
			if r.Status != tc.status || r.Header.Get("ETag") != "" {
				t.Errorf("%s %s: %d (want %d), ETag %q", tc.method, tc.path, r.Status, tc.status, r.Header.Get("ETag"))
			}
		}
	})
}

// TestCacheControl: an answer to a request with credentials (a JWT, an API
// token) is private; a public one may be kept but is revalidated; both
// vary on Authorization, and on Strapi-Response-Format below plain /api.
func TestCacheControl(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		loadSmall(t, h)
		_, token := newToken(t, h, "reader", "read-only", nil, nil)
		for _, tc := range []struct {
			who, auth, path, cache, vary string
		}{
			{"public", apptest.Anonymous, "/api/blueprints", "no-cache", "Authorization, Strapi-Response-Format"},
			{"public v2", apptest.Anonymous, "/api/v2/blueprints", "no-cache", "Authorization"},
			{"JWT", "Bearer " + h.AdminToken, "/api/programs", "private, no-cache", "Authorization, Strapi-Response-Format"},
			{"JWT v1", "Bearer " + h.AdminToken, "/api/v1/programs", "private, no-cache", "Authorization"},
			{"API token", "Bearer " + token, "/api/programs", "private, no-cache", "Authorization, Strapi-Response-Format"},
			{"JWT plugin", "Bearer " + h.AdminToken, "/api/categories/tree", "private, no-cache", "Authorization, Strapi-Response-Format"},
		} {
			r := h.Do("GET", tc.path, nil, "Authorization", tc.auth)
			if r.Status != 200 || r.Header.Get("Cache-Control") != tc.cache || strings.Join(r.Header.Values("Vary"), ", ") != tc.vary {
				t.Errorf("%s %s: %d, Cache-Control %q, Vary %q", tc.who, tc.path, r.Status, r.Header.Get("Cache-Control"), r.Header.Values("Vary"))
			}
		}
	}, catalog.New())
}

// TestSpilledAnswer: an answer past the in-memory part, sent from its
// temporary file, is byte for byte the answer kept in memory, with the
// same ETag and the same 304; past maxAnswerBytes it is still the 400
// envelope; and no temporary file is left open after any of them, nor
// after a client that went away without reading.
func TestSpilledAnswer(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			h := apptest.NewWith(t, cfg)
			loadSmall(t, h)
			paths := []string{
				"/api/programs?populate[sessions][populate]=*&populate=customer&pagination[pageSize]=100",
				"/api/v1/programs?populate[sessions][populate]=*&populate=customer&pagination[pageSize]=100",
				"/api/programs/1?populate[sessions][populate]=*",
			}
			whole := map[string]*apptest.Response{}
			for _, p := range paths {
				whole[p] = h.Do("GET", p, nil)
			}
			defer rest.SetSpillAt(512)()
			for _, p := range paths {
				r := h.Do("GET", p, nil)
				if r.Status != 200 || len(r.Body) < 4*512 || !bytes.Equal(r.Body, whole[p].Body) ||
					r.Header.Get("ETag") != whole[p].Header.Get("ETag") || r.Header.Get("Content-Length") != fmt.Sprint(len(r.Body)) {
					t.Errorf("%s: %d, %d bytes (in memory %d), ETag %q (in memory %q)", p, r.Status, len(r.Body), len(whole[p].Body),
						r.Header.Get("ETag"), whole[p].Header.Get("ETag"))
				}
				if nm := h.Do("GET", p, nil, "If-None-Match", whole[p].Header.Get("ETag")); nm.Status != 304 || len(nm.Body) != 0 {
					t.Errorf("%s If-None-Match: %d, %d bytes", p, nm.Status, len(nm.Body))
				}
				if hd := h.Do("HEAD", p, nil); hd.Status != 200 || len(hd.Body) != 0 || hd.Header.Get("Content-Length") != fmt.Sprint(len(r.Body)) {
					t.Errorf("HEAD %s: %d, %d bytes, Content-Length %s", p, hd.Status, len(hd.Body), hd.Header.Get("Content-Length"))
				}
			}
			noAnswerFiles(t)

			// Over the limit after some of it went to the file.
			limit := len(whole[paths[0]].Body) - 100
			cfg = apptest.Config(t, d)
			cfg.API.MaxAnswerBytes = limit
			small := apptest.NewWith(t, cfg)
			loadSmall(t, small)
			r := small.Do("GET", paths[0], nil)
			_, name, msg, details := small.ErrorOf(r)
			if r.Status != 400 || name != "ValidationError" || r.Header.Get("ETag") != "" ||
				msg != fmt.Sprintf("The answer would be larger than %d bytes: ask for fewer entries with pagination, fields or a narrower populate", limit) ||
				details["setting"] != "maxAnswerBytes" {
				t.Errorf("over the limit: %d %s %q %v", r.Status, name, msg, details)
			}
			noAnswerFiles(t)

			// A client that asks and goes away.
			addr := strings.TrimPrefix(h.Serve(), "http://")
			for i := 0; i < 5; i++ {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: kiln\r\nAuthorization: Bearer %s\r\n\r\n",
					strings.ReplaceAll(strings.ReplaceAll(paths[0], "[", "%5B"), "]", "%5D"), h.AdminToken)
				c.Read(make([]byte, 1)) // the answer has begun
				c.Close()
			}
			noAnswerFiles(t)
		})
	}
}

// noAnswerFiles fails unless, within a few seconds, the process holds no
// answer file open and none is left in the temporary folder.
func noAnswerFiles(t *testing.T) {
	t.Helper()
	var open []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		open = open[:0]
		fds, _ := os.ReadDir("/proc/self/fd")
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.Contains(l, "kiln-answer-") {
				open = append(open, l)
			}
		}
		if len(open) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(open) > 0 {
		t.Errorf("answer files still open: %v", open)
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "kiln-answer-*")); len(left) > 0 {
		t.Errorf("answer files left on disk: %v", left)
	}
}
