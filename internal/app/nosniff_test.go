package app_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// Every kind of answer carries X-Content-Type-Options: nosniff: successes,
// error envelopes, an unknown route, the documentation, the operations
// endpoints, and (below) the 429 and the answers fasthttp gives before any
// handler runs.
func TestNoSniffOnEveryAnswer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id := h.Create("/api/customers", map[string]any{"name": "Acme"})
		plain := h.CreateUser("plainuser", "plain@kiln.test", "authenticated")
		cases := []struct {
			method, path string
			body         any
			anonymous    bool
			status       int
		}{
			{"GET", "/api/customers", nil, false, 200},
			{"GET", fmt.Sprintf("/api/v1/customers/%d", id), nil, false, 200},
			{"POST", "/api/customers", map[string]any{"data": map[string]any{"name": "Beta"}}, false, 201},
			{"DELETE", fmt.Sprintf("/api/customers/%d", id), nil, false, 204},
			{"GET", "/api/customers/999999", nil, false, 404},
			{"GET", "/api/customers?filters[nope][$eq]=1", nil, false, 400},
			{"POST", "/api/customers", "{", false, 400},
			{"GET", "/api/programs/%00", nil, false, 400},
			{"GET", "/api/customers", nil, true, 401},
			{"GET", "/api/users/me", nil, true, 401},
			{"DELETE", "/api/customers/1", nil, false, 403},
			{"GET", "/api/nope", nil, false, 404},
			{"GET", "/nope", nil, false, 404},
			{"GET", "/api/docs", nil, true, 200},
			{"GET", "/api/docs/swagger-ui.css", nil, true, 200},
			{"GET", "/api/openapi.json", nil, true, 200},
			{"GET", "/api/versions", nil, true, 200},
			{"GET", "/_health", nil, true, 200},
			{"GET", "/_ready", nil, true, 200},
		}
		for _, tc := range cases {
			var headers []string
			if tc.anonymous {
				headers = []string{"Authorization", apptest.Anonymous}
			}
			if tc.status == 403 {
				headers = apptest.As(plain)
			}
			r := h.Do(tc.method, tc.path, tc.body, headers...)
			if r.Status != tc.status || r.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s %s: %d, X-Content-Type-Options %q; want %d, nosniff: %s",
					tc.method, tc.path, r.Status, r.Header.Get("X-Content-Type-Options"), tc.status, r.Body)
			}
		}
	})
}

func TestNoSniffOn429(t *testing.T) {
	cfg := apptest.Config(t, database.SQLite)
	cfg.RateLimit.PerAddress = 1
	h := apptest.NewWith(t, cfg)
	for i, want := range []int{401, 429} {
		r := h.Do("GET", "/api/programs", nil, "Authorization", apptest.Anonymous)
		if r.Status != want || r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("request %d: %d, X-Content-Type-Options %q; want %d, nosniff", i, r.Status, r.Header.Get("X-Content-Type-Options"), want)
		}
	}
}

// fasthttp refuses an oversized body or header before fiber routes the
// request; the error handler still sets the header. Over a real
// connection, since app.Test reports these as errors.
func TestNoSniffOnAnswersBeforeRouting(t *testing.T) {
	h := apptest.New(t, database.SQLite)
	base := strings.TrimPrefix(h.Serve(), "http://")
	for _, tc := range []struct {
		name, request string
		status        int
	}{
		{"body too large", fmt.Sprintf("POST /api/programs HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", base, 2<<20), 413},
		{"header too large", fmt.Sprintf("GET /api/programs HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\n\r\n", base, strings.Repeat("a", 16<<10)), 431},
		{"malformed request line", "GARBAGE\r\n\r\n", 400},
	} {
		conn, err := net.Dial("tcp", base)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, tc.request)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != tc.status || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: %d, X-Content-Type-Options %q; want %d, nosniff", tc.name, resp.StatusCode, resp.Header.Get("X-Content-Type-Options"), tc.status)
		}
	}
}
