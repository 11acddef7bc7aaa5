package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// The single-types project (testdata/single-types): a collection note, a
// single type homepage (no draft & publish, a relation to a note) and a
// single type landing (draft & publish), with a writer role scoped to
// homepages whose title starts with "Public".
func eachSingle(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	eachProject(t, "single-types", fn)
}

// eachProject runs fn on SQLite and, when configured, PostgreSQL, with an
// app of the project testdata/<name>.
func eachProject(t *testing.T, name string, fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			project := filepath.Join(apptest.Root(t), "testdata", name)
			cfg.Paths.ContentTypes = filepath.Join(project, "content-types")
			cfg.Paths.Config = filepath.Join(project, "config")
			fn(t, apptest.NewWith(t, cfg))
		})
	}
}

// step is one request and its exact answer: the status, and the body with
// the values that change from run to run (documentIds, timestamps)
// replaced by placeholders ("" when the answer has no body).
type step struct {
	method, path string
	body         any
	token        string // "" is the admin; apptest.Anonymous sends none
	status       int
	want         string
}

var (
	singleDocIDPattern = regexp.MustCompile(`"documentId":"[a-z0-9]{24}"`)
	singleTimePattern  = regexp.MustCompile(`"(createdAt|updatedAt|publishedAt)":"[0-9T:.\-]+Z"`)
)

// normaliseSingle replaces documentIds and timestamps by placeholders.
func normaliseSingle(b []byte) string {
	s := singleDocIDPattern.ReplaceAllString(string(b), `"documentId":"D"`)
	return singleTimePattern.ReplaceAllString(s, `"$1":"T"`)
}

func runSteps(t *testing.T, h *apptest.Harness, steps []step) {
	t.Helper()
	for i, s := range steps {
		var headers []string
		if s.token != "" {
			headers = []string{"Authorization", "Bearer " + s.token}
			if s.token == apptest.Anonymous {
				headers = apptest.As("")
			}
		}
		r := h.Do(s.method, s.path, s.body, headers...)
		if got := normaliseSingle(r.Body); r.Status != s.status || got != s.want {
			t.Errorf("step %d %s %s:\n got %d %s\nwant %d %s", i, s.method, s.path, r.Status, got, s.status, s.want)
		}
	}
}

// unauthorized is the 401 of a caller without a token on a route whose
// action the public role lacks.
func unauthorized(action string) string {
	return `{"data":null,"error":{"details":{"action":"` + action + `","reason":"not public: the public role lacks ` + action +
		`; send the token of a role that has it, or grant it to public in config/permissions.yaml"},"message":"Missing or invalid credentials","name":"UnauthorizedError","status":401}}`
}

const notFound = `{"data":null,"error":{"details":{},"message":"Not Found","name":"NotFoundError","status":404}}`

// TestSingleTypeLifecycle walks a single type without draft & publish
// through its three routes. The answers are Strapi 5.54's (asked of a
// live Strapi with the same homepage type): GET with no entry is 404
// NotFoundError; DELETE with none is 204; the first PUT creates and
// answers 200 (not 201), later ones change only the fields sent; a PUT
// that would create without a required field is 400; fields, populate
// and filters apply to the one entry (a filter that excludes it is 404);
// there is no /homepages and no /homepage/:id.
func TestSingleTypeLifecycle(t *testing.T) {
	t.Parallel()
	eachSingle(t, func(t *testing.T, h *apptest.Harness) {
		h.Create("/api/notes", map[string]any{"title": "First note"})
		entry := func(body string) string {
			return `{"data":{"id":1,"documentId":"D","title":"Hello","body":"` + body +
				`","createdAt":"T","updatedAt":"T","publishedAt":"T"},"meta":{}}`
		}
		runSteps(t, h, []step{
			{"GET", "/api/homepage", nil, "", 404, notFound},
			{"DELETE", "/api/homepage", nil, "", 204, ""},
			{"PUT", "/api/homepage", map[string]any{"data": map[string]any{"body": "no title"}}, "", 400,
				`{"data":null,"error":{"details":{"errors":[{"path":["title"],"message":"title must be defined.","name":"ValidationError"}]},"message":"title must be defined.","name":"ValidationError","status":400}}`},
			{"PUT", "/api/homepage", map[string]any{}, "", 400,
				`{"data":null,"error":{"details":{},"message":"Missing \"data\" payload in the request body","name":"ValidationError","status":400}}`},
			{"PUT", "/api/homepage", map[string]any{"data": map[string]any{"title": "Hello", "body": "b1"}}, "", 200, entry("b1")},
			{"GET", "/api/homepage", nil, "", 200, entry("b1")},
			{"PUT", "/api/homepage", map[string]any{"data": map[string]any{"body": "b2"}}, "", 200, entry("b2")},
			{"GET", "/api/homepage?fields[0]=title", nil, "", 200, `{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			{"PUT", "/api/homepage?fields[0]=title", map[string]any{"data": map[string]any{"featured": 1}}, "", 200,
				`{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			{"GET", "/api/homepage?fields[0]=title&populate[featured][fields][0]=title", nil, "", 200,
				`{"data":{"id":1,"documentId":"D","title":"Hello","featured":{"id":1,"documentId":"D","title":"First note"}},"meta":{}}`},
			{"GET", "/api/homepage?filters[title][$eq]=nope", nil, "", 404, notFound},
			{"GET", "/api/homepage?filters[title][$eq]=Hello&fields[0]=body", nil, "", 200, `{"data":{"id":1,"documentId":"D","body":"b2"},"meta":{}}`},
			{"GET", "/api/v1/homepage?fields[0]=title", nil, "", 200, `{"data":{"id":1,"documentId":"D","attributes":{"title":"Hello"}},"meta":{}}`},
			{"GET", "/api/v2/homepage?fields[0]=title", nil, "", 200, `{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			{"GET", "/api/homepages", nil, "", 404, notFound},
			{"GET", "/api/homepage/1", nil, "", 404, notFound},
			{"DELETE", "/api/homepage", nil, "", 204, ""},
			{"GET", "/api/homepage", nil, "", 404, notFound},
			{"DELETE", "/api/homepage", nil, "", 204, ""},
			// v1 answers the deleted entry (Strapi 4); with none, 204 (Strapi
			// 5 with Strapi-Response-Format: v4).
			{"PUT", "/api/v1/homepage?fields[0]=title", map[string]any{"data": map[string]any{"title": "Again"}}, "", 200,
				`{"data":{"id":2,"documentId":"D","attributes":{"title":"Again"}},"meta":{}}`},
			{"DELETE", "/api/v1/homepage?fields[0]=title", nil, "", 200, `{"data":{"id":2,"documentId":"D","attributes":{"title":"Again"}},"meta":{}}`},
			{"DELETE", "/api/v1/homepage", nil, "", 204, ""},
		})
	})
}

// TestSingleTypeUnknownKey: a key the type does not have is a 400, as on
// a collection type.
func TestSingleTypeUnknownKey(t *testing.T) {
	t.Parallel()
	eachSingle(t, func(t *testing.T, h *apptest.Harness) {
		r := h.Do("PUT", "/api/homepage", map[string]any{"data": map[string]any{"title": "x", "nope": 1}})
		if st, name, _, _ := h.ErrorOf(r); st != 400 || name != "ValidationError" {
			t.Errorf("unknown key: %d %s, want 400 ValidationError: %s", st, name, r.Body)
		}
	})
}

// TestSingleTypeDraftAndPublish: a single type with draft & publish reads
// the status asked for, as Strapi does: a PUT with status=draft makes a
// draft that the default (published) read does not show, and that
// status=draft shows; drafts need their own grant.
func TestSingleTypeDraftAndPublish(t *testing.T) {
	t.Parallel()
	eachSingle(t, func(t *testing.T, h *apptest.Harness) {
		draft := `{"data":{"id":1,"documentId":"D","title":"Draft L","body":null,"createdAt":"T","updatedAt":"T","publishedAt":null},"meta":{}}`
		live := `{"data":{"id":2,"documentId":"D","title":"Live L","body":null,"createdAt":"T","updatedAt":"T","publishedAt":"T"},"meta":{}}`
		next := `{"data":{"id":1,"documentId":"D","title":"Next L","body":null,"createdAt":"T","updatedAt":"T","publishedAt":null},"meta":{}}`
		runSteps(t, h, []step{
			{"PUT", "/api/landing?status=draft", map[string]any{"data": map[string]any{"title": "Draft L"}}, "", 200, draft},
			{"GET", "/api/landing", nil, "", 404, notFound},
			{"GET", "/api/landing?status=published", nil, "", 404, notFound},
			{"GET", "/api/landing?status=draft", nil, "", 200, draft},
			{"GET", "/api/landing?status=draft", nil, apptest.Anonymous, 401, unauthorized("landing.readDrafts")},
			{"GET", "/api/landing", nil, apptest.Anonymous, 404, notFound},
			// A PUT without status writes the draft and publishes it; a
			// later draft PUT leaves the published version as it was.
			{"PUT", "/api/landing", map[string]any{"data": map[string]any{"title": "Live L"}}, "", 200, live},
			{"GET", "/api/landing", nil, apptest.Anonymous, 200, live},
			{"PUT", "/api/landing?status=draft", map[string]any{"data": map[string]any{"title": "Next L"}}, "", 200, next},
			{"GET", "/api/landing", nil, "", 200, live},
			{"GET", "/api/landing?status=draft", nil, "", 200, next},
			{"DELETE", "/api/landing", nil, "", 204, ""},
			{"GET", "/api/landing", nil, "", 404, notFound},
			{"GET", "/api/landing?status=draft", nil, "", 404, notFound},
		})
	})
}

// TestSingleTypePermissions: the actions are <type>.find, .update and
// .delete; the writer's scope (titles starting with "Public") hides the
// entry outside it — 404 for every route — and refuses a change that
// would move it out (403).
func TestSingleTypePermissions(t *testing.T) {
	t.Parallel()
	eachSingle(t, func(t *testing.T, h *apptest.Harness) {
		writer := h.CreateUser("writer", "writer@kiln.test", "writer")
		user := h.CreateUser("someone", "someone@kiln.test", "authenticated")
		forbidden := `{"data":null,"error":{"details":{},"message":"Forbidden","name":"ForbiddenError","status":403}}`
		put := func(title string) any { return map[string]any{"data": map[string]any{"title": title}} }
		runSteps(t, h, []step{
			{"PUT", "/api/homepage", put("x"), apptest.Anonymous, 401, unauthorized("homepage.update")},
			{"DELETE", "/api/homepage", nil, apptest.Anonymous, 401, unauthorized("homepage.delete")},
			{"PUT", "/api/homepage", put("x"), user, 403, forbidden},
			{"PUT", "/api/homepage?fields[0]=title", put("Hello"), "", 200, `{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			{"GET", "/api/homepage?fields[0]=title", nil, apptest.Anonymous, 200, `{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			{"GET", "/api/homepage?fields[0]=title", nil, user, 200, `{"data":{"id":1,"documentId":"D","title":"Hello"},"meta":{}}`},
			// Outside the writer's scope the entry does not exist for them,
			// and they cannot make a second one either.
			{"GET", "/api/homepage", nil, writer, 404, notFound},
			{"PUT", "/api/homepage", put("Public page"), writer, 404, notFound},
			{"DELETE", "/api/homepage", nil, writer, 404, notFound},
			{"PUT", "/api/homepage?fields[0]=title", put("Public home"), "", 200, `{"data":{"id":1,"documentId":"D","title":"Public home"},"meta":{}}`},
			{"GET", "/api/homepage?fields[0]=title", nil, writer, 200, `{"data":{"id":1,"documentId":"D","title":"Public home"},"meta":{}}`},
			{"PUT", "/api/homepage?fields[0]=title", put("Public news"), writer, 200, `{"data":{"id":1,"documentId":"D","title":"Public news"},"meta":{}}`},
			{"PUT", "/api/homepage", put("Secret"), writer, 403, forbidden},
			{"GET", "/api/homepage?fields[0]=title", nil, "", 200, `{"data":{"id":1,"documentId":"D","title":"Public news"},"meta":{}}`},
			{"DELETE", "/api/homepage", nil, user, 403, forbidden},
			{"DELETE", "/api/homepage", nil, writer, 204, ""},
			{"GET", "/api/homepage", nil, "", 404, notFound},
		})
	})
}

// TestSingleTypeConcurrentFirstPuts: first PUTs sent at once, over real
// connections, make one entry; every answer names it. On PostgreSQL this
// is the advisory lock's work (READ COMMITTED would let each transaction
// find no entry and insert its own); on SQLite write transactions are
// serial.
func TestSingleTypeConcurrentFirstPuts(t *testing.T) {
	eachSingle(t, func(t *testing.T, h *apptest.Harness) {
		base := h.Serve()
		const n = 8
		var wg sync.WaitGroup
		docs := make([]string, n)
		errors := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := fmt.Sprintf(`{"data":{"title":"Page %d"}}`, i)
				req, _ := http.NewRequest("PUT", base+"/api/homepage", bytes.NewBufferString(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+h.AdminToken)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					errors[i] = err
					return
				}
				defer resp.Body.Close()
				var out struct {
					Data struct{ DocumentID string } `json:"data"`
				}
				if resp.StatusCode != 200 {
					errors[i] = fmt.Errorf("status %d", resp.StatusCode)
					return
				}
				errors[i] = json.NewDecoder(resp.Body).Decode(&out)
				docs[i] = out.Data.DocumentID
			}()
		}
		wg.Wait()
		for i, err := range errors {
			if err != nil {
				t.Fatalf("PUT %d: %v", i, err)
			}
			if docs[i] != docs[0] || docs[i] == "" {
				t.Errorf("PUT %d answered documentId %q, PUT 0 %q", i, docs[i], docs[0])
			}
		}
		var rows int
		if err := h.App.DB.QueryRowContext(h.T.Context(), "SELECT count(*) FROM homepages").Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 1 {
			t.Errorf("%d rows in homepages, want 1", rows)
		}
		if r := h.Do("GET", "/api/homepage?fields[0]=title", nil); r.Status != 200 || !strings.Contains(string(r.Body), `"title":"Page `) {
			t.Errorf("GET after the PUTs: %d %s", r.Status, r.Body)
		}
	})
}
