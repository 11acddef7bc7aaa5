package rest_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
)

// TestBadInputIsA4xxThatNamesIt sends malformed bodies, headers and query
// strings and asserts the exact status, error name and message.
func TestBadInputIsA4xxThatNamesIt(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite)
	fixture(t, h)
	type req struct {
		method, path, body, contentType string
		status                          int
		name, message                   string
	}
	cases := []req{
		{"POST", "/api/programs", `{"data":`, "application/json", 400, "ValidationError", "Invalid JSON body: the body ends too soon"},
		{"POST", "/api/programs", `{"data":{}} {}`, "application/json", 400, "ValidationError", "Invalid JSON body: unexpected data after the JSON value"},
		{"POST", "/api/programs", ``, "application/json", 400, "ValidationError", "Invalid JSON body: the body is empty"},
		{"POST", "/api/programs", `{"data":{"title":"x"}}`, "text/plain", 400, "ValidationError", `Content-Type must be application/json, not "text/plain"`},
		{"POST", "/api/programs", `{"title":"x"}`, "application/json", 400, "ValidationError", "Invalid key title"},
		{"POST", "/api/programs", `{}`, "application/json", 400, "ValidationError", `Missing "data" payload in the request body`},
		{"POST", "/api/programs", `{"data":[1]}`, "application/json", 400, "ValidationError", `Missing "data" payload in the request body`},
		{"POST", "/api/programs", `[]`, "application/json", 400, "ValidationError", "Invalid JSON body: expected an object, got array"},
		{"POST", "/api/programs", `{"data":{"title":"x","colour":"red"}}`, "application/json", 400, "ValidationError", "Invalid key colour"},
		{"POST", "/api/programs", `{"data":{"title":"x","id":9}}`, "application/json", 400, "ValidationError", "Invalid key id"},
		{"POST", "/api/programs", `{"data":{"title":"x","documentId":"abc"}}`, "application/json", 400, "ValidationError", "Invalid key documentId"},
		{"POST", "/api/programs", `{"data":{"title":"x","customer":{"connect":[1],"move":[2]}}}`, "application/json", 400, "ValidationError", "Invalid key move at customer"},
		{"POST", "/api/programs", `{"data":{"title":"x","coaches":[true]}}`, "application/json", 400, "ValidationError", "coaches must hold ids or documentIds"},
		{"POST", "/api/programs", `{"data":{"title":"x","customer":[1,2]}}`, "application/json", 400, "ValidationError", "customer takes one entry, not a list"},
		{"PUT", "/api/programs/1", `{"data":{"capacity":1.5}}`, "application/json", 400, "ValidationError", "capacity must be an integer"},
		{"PUT", "/api/programs/1", `{"data":{"capacity":99999999999}}`, "application/json", 400, "ValidationError", "capacity must be a 32-bit integer"},
		{"GET", "/api/programs?pageSize=10", "", "", 400, "PaginationError", "Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object"},
		{"GET", "/api/programs?filters[nope][$eq]=1", "", "", 400, "ValidationError", "Invalid key nope"},
		{"GET", "/api/programs?filters[title][$foo]=1", "", "", 400, "ValidationError", "Invalid key $foo at title"},
		{"GET", "/api/programs?pagination[page]=1&pagination[start]=0", "", "", 400, "PaginationError", "Cannot use both page & offset pagination in the same query"},
		{"GET", "/api/nowhere", "", "", 404, "NotFoundError", "Not Found"},
		{"GET", "/api/programs/doesnotexist", "", "", 404, "NotFoundError", "Not Found"},
		{"GET", "/api/users-permissions", "", "", 404, "NotFoundError", "Not Found"},
	}
	for _, tc := range cases {
		var r *apptest.Response
		if tc.contentType != "" {
			r = h.Do(tc.method, tc.path, []byte(tc.body), "Content-Type", tc.contentType)
		} else {
			r = h.Do(tc.method, tc.path, nil)
		}
		st, name, msg := errorOf(t, r)
		label := tc.method + " " + tc.path
		if len(label) > 80 {
			label = label[:80]
		}
		if r.Status != tc.status || st != tc.status || name != tc.name || msg != tc.message {
			t.Errorf("%s %.60s: got %d %s %q, want %d %s %q", label, tc.body, r.Status, name, msg, tc.status, tc.name, tc.message)
		}
	}
	// Query-string errors a malformed value causes: a 400 naming the key,
	// never a 500 (Strapi answers 500 to several of these).
	for _, q := range []string{
		"filters[capacity][$eq]=abc", "filters[startDate][$gt]=notadate", "filters[$or][title]=x",
		"filters[$eq]=1", "sort=title:up", "sort=title;drop%20table%20programs", "sort=title:asc'",
		"pagination[page]=0", "pagination[pageSize]=-1", "pagination[limit]=-1", "pagination[limit]=0", "pagination[page]=abc", "populate=title",
		"populate=nope", "fields[0]=customer", "filters[__proto__][x]=1",
		"filters[customer][$eq]=1&filters[customer][name]=x", "locale=../../x",
	} {
		r := h.Do("GET", "/api/programs?"+q, nil)
		if st, name, _ := errorOf(t, r); r.Status != 400 || st != 400 || (name != "ValidationError" && name != "PaginationError") {
			t.Errorf("?%s: %d %s: %s", q, r.Status, name, r.Body)
		}
	}
}

// TestOversizedBodyIs413 announces a 2 MiB body over a real connection
// (the limit is 1 MiB by default) and gets the 413 envelope. The server
// answers from the headers alone, before reading the body, so the test
// reads the answer the way a client that watches for early responses does.
func TestOversizedBodyIs413(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, database.SQLite)
	base := strings.TrimPrefix(h.Serve(), "http://")
	conn, err := net.Dial("tcp", base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/programs HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"data\":{", base, 2<<20)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	r := &apptest.Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
	if st, name, msg := errorOf(t, r); r.Status != 413 || st != 413 || name != "PayloadTooLargeError" || msg != "Entity too large" {
		t.Errorf("got %d %s %q: %s", r.Status, name, msg, body)
	}
}

// TestPanicIsA500WithARequestID: a panic in a handler becomes the 500
// envelope with the request id, and neither the panic value nor a stack
// reaches the wire; the log has both.
func TestPanicIsA500WithARequestID(t *testing.T) {
	t.Parallel()
	var logged bytes.Buffer
	app := fiber.New(fiber.Config{ErrorHandler: rest.ErrorHandler(slog.New(slog.NewTextHandler(&logged, nil)))})
	app.Use(requestid.New(), recover.New())
	app.Get("/api/boom", func(c *fiber.Ctx) error { panic("secret: SELECT * FROM users") })
	app.Get("/api/fail", func(c *fiber.Ctx) error { return errors.New("pq: relation \"x\" does not exist") })
	for _, path := range []string{"/api/boom", "/api/fail"} {
		resp, err := app.Test(httptest.NewRequest("GET", path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		var env struct {
			Data  any `json:"data"`
			Error struct {
				Status  int               `json:"status"`
				Name    string            `json:"name"`
				Message string            `json:"message"`
				Details map[string]string `json:"details"`
			} `json:"error"`
		}
		if err := json.Unmarshal(body, &env); err != nil {
			t.Fatalf("%s: %v: %s", path, err, body)
		}
		id := resp.Header.Get("X-Request-Id")
		if resp.StatusCode != 500 || env.Error.Name != "InternalServerError" || env.Error.Message != "Internal Server Error" ||
			env.Error.Details["requestId"] != id || id == "" {
			t.Errorf("%s: %d %s", path, resp.StatusCode, body)
		}
		if strings.Contains(string(body), "SELECT") || strings.Contains(string(body), "pq:") || strings.Contains(string(body), "goroutine") {
			t.Errorf("%s leaked internals: %s", path, body)
		}
		if !strings.Contains(logged.String(), id) {
			t.Errorf("%s: request id %s not logged", path, id)
		}
	}
}
