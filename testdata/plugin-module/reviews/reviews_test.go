package reviews_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/apptest"
	"github.com/kiln-cms/kiln/core/config"

	"example.com/bookshelf/reviews"
)

// at is the app's clock in these tests: the rating's asOf and the tally's
// last review are read from it.
var at = time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)

// TestReviews runs the plugin in a real app of this module's content
// types and config, on SQLite and, with KILN_TEST_POSTGRES_URL, on
// PostgreSQL, through real requests: the routes and their permissions,
// the hooks' rule and tally, the webhook event, the service, the page in
// the admin panel.
func TestReviews(t *testing.T) {
	for _, d := range []apptest.Dialect{apptest.SQLite, apptest.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			hooked := make(chan map[string]any, 4)
			receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var payload map[string]any
				body, _ := io.ReadAll(r.Body)
				json.Unmarshal(body, &payload)
				hooked <- payload
			}))
			defer receiver.Close()

			cfg := apptest.Config(t, d)
			cfg.Clock = func() time.Time { return at }
			cfg.Webhooks.AllowPrivate = true // the receiver is on loopback
			t.Setenv("SHELF_WEBHOOK_SECRET", "a-secret-for-the-receiver")
			cfg.Webhooks.Hooks = []config.Webhook{{Name: "shelf", URL: receiver.URL, Events: []string{"book.reviewed"}, SecretEnv: "SHELF_WEBHOOK_SECRET"}}
			h := apptest.NewWith(t, cfg, reviews.New())

			book := h.Do("POST", "/api/books", map[string]any{"data": map[string]any{"title": "Dune"}})
			if book.Status != 201 {
				t.Fatalf("creating a book: %d %s", book.Status, book.Body)
			}
			doc := documentID(t, book.Body)
			reader := h.CreateUser("reader", "reader@shelf.test", "authenticated")

			// A reader reviews; the rating follows, at the app's clock.
			r := h.Do("POST", "/api/books/"+doc+"/reviews", map[string]any{"rating": 5, "body": "A world to get lost in."}, apptest.As(reader)...)
			if r.Status != 201 {
				t.Fatalf("review: %d %s", r.Status, r.Body)
			}
			r = h.Do("POST", "/api/books/"+doc+"/reviews", map[string]any{"rating": 2, "body": "Too long in the middle, and slow."}, apptest.As(reader)...)
			if r.Status != 201 {
				t.Fatalf("second review: %d %s", r.Status, r.Body)
			}
			want := `{"data":{"book":"Dune","reviews":2,"average":3.5,"asOf":"2026-11-27T09:30:00.000Z"},"meta":{}}`
			if r := h.Do("GET", "/api/books/"+doc+"/rating", nil, "Authorization", apptest.Anonymous); r.Status != 200 || string(r.Body) != want {
				t.Errorf("rating, public: %d %s\nwant %s", r.Status, r.Body, want)
			}

			// The hook's rule: a low rating says why. Refused with the
			// error envelope, and nothing is written: not the review, not
			// the tally.
			r = h.Do("POST", "/api/books/"+doc+"/reviews", map[string]any{"rating": 1, "body": "Meh."}, apptest.As(reader)...)
			if status, name, msg, _ := h.ErrorOf(r); status != 400 || name != "ValidationError" || !strings.Contains(msg, "at least 20 characters") {
				t.Errorf("short low review: %d %s %q", status, name, msg)
			}
			// The same rule holds on the generated route, for whoever writes.
			r = h.Do("POST", "/api/reviews", map[string]any{"data": map[string]any{"rating": 1, "book": doc}})
			if status, name, _, _ := h.ErrorOf(r); status != 400 || name != "ValidationError" {
				t.Errorf("short low review, generated route: %d %s", status, name)
			}
			// The content type's own check, through the plugin's write.
			r = h.Do("POST", "/api/books/"+doc+"/reviews", map[string]any{"rating": 9, "body": "Beyond the scale entirely, truly."}, apptest.As(reader)...)
			if status, name, _, _ := h.ErrorOf(r); status != 400 || name != "ValidationError" {
				t.Errorf("rating 9: %d %s", status, name)
			}
			if r := h.Do("GET", "/api/reviews", nil); !strings.Contains(string(r.Body), `"total":2}`) {
				t.Errorf("reviews after the refusals: %d %s", r.Status, r.Body)
			}
			if r := h.Do("GET", "/api/books/"+doc+"/rating", nil); !strings.Contains(string(r.Body), `"reviews":2,`) {
				t.Errorf("tally after the refusals: %s", r.Body)
			}

			// Permissions: the public may read ratings but not review (a
			// 401, as Strapi answers a caller without a token); a book that
			// does not exist is a 404.
			r = h.Do("POST", "/api/books/"+doc+"/reviews", map[string]any{"rating": 5, "body": "x"}, "Authorization", apptest.Anonymous)
			if status, name, _, _ := h.ErrorOf(r); status != 401 || name != "UnauthorizedError" {
				t.Errorf("public review: %d %s", status, name)
			}
			r = h.Do("GET", "/api/books/nosuchbook00000000000000/rating", nil)
			if status, name, _, _ := h.ErrorOf(r); status != 404 || name != "NotFoundError" {
				t.Errorf("missing book: %d %s", status, name)
			}

			// The service other plugins use answers the same tally.
			rating := h.Service("reviews.rating").(func(context.Context, int64) (reviews.Rating, error))
			got, err := rating(context.Background(), 1)
			if err != nil || got.Reviews != 2 || got.Average != 3.5 {
				t.Errorf("service: %+v %v", got, err)
			}

			// The page in the admin panel: listed for the panel, its
			// module served as JavaScript.
			want = `{"pages":[{"plugin":"reviews","path":"ratings","label":"Ratings","action":"reviews.rating","module":"/admin/plugins/reviews/ratings.js"}],"cards":[],"sections":[]}`
			if r := h.Do("GET", "/admin/plugins.json", nil); r.Status != 200 || string(r.Body) != want {
				t.Errorf("plugins.json: %d %s\nwant %s", r.Status, r.Body, want)
			}
			module := h.Do("GET", "/admin/plugins/reviews/ratings.js", nil)
			if module.Status != 200 || module.Header.Get("Content-Type") != "text/javascript; charset=utf-8" ||
				!strings.Contains(string(module.Body), "export default function Ratings(") {
				t.Errorf("the page's module: %d %q", module.Status, module.Header.Get("Content-Type"))
			}

			// Each accepted review reached the webhook, as book.reviewed
			// about the book.
			for i := 0; i < 2; i++ {
				select {
				case p := <-hooked:
					entry, _ := p["entry"].(map[string]any)
					if p["event"] != "book.reviewed" || entry["documentId"] != doc || entry["title"] != "Dune" {
						t.Errorf("webhook %d: %v", i+1, p)
					}
				case <-time.After(10 * time.Second):
					t.Fatalf("webhook %d did not come", i+1)
				}
			}
		})
	}
}

func documentID(t *testing.T, body []byte) string {
	t.Helper()
	var out struct {
		Data struct {
			DocumentID string `json:"documentId"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &out); err != nil || out.Data.DocumentID == "" {
		t.Fatalf("no documentId in %s", body)
	}
	return out.Data.DocumentID
}
