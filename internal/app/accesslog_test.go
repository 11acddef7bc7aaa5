package app_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// requestLines are the access log's lines in what was logged.
func (s *syncBuffer) requestLines(t *testing.T) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(s.b.Bytes()), []byte("\n")) {
		var m map[string]any
		if len(line) == 0 {
			continue // nothing logged at all
		}
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("not a JSON log line: %s", line)
		}
		if m["msg"] == "request" {
			out = append(out, m)
		}
	}
	return out
}

// TestAccessLog: with server.accessLog one line per request, with its
// request id, method, route pattern, path, the query's parameter names
// without their values, status, duration, bytes and client address;
// requests refused before routing and from behind a trusted proxy
// included. Off (the default), no line.
func TestAccessLog(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			var buf syncBuffer
			cfg := apptest.Config(t, d)
			cfg.Server.AccessLog = true
			proxies, err := config.ParseProxies([]string{"192.0.2.10"})
			if err != nil {
				t.Fatal(err)
			}
			cfg.Server.TrustProxy = proxies
			h := apptest.NewLogged(t, cfg, slog.New(slog.NewJSONHandler(&buf, nil)))
			h.Create("/api/customers", map[string]any{"name": "Acme", "industry": "Retail"})
			get := h.Do("GET", "/api/customers/1?populate=programs&filters[name][$eq]=ann@example.com", nil, "X-Request-Id", "req-42")
			if get.Status != 404 { // the filter leaves no entry
				t.Fatalf("GET: %d %s", get.Status, get.Body)
			}
			bad := h.Do("GET", "/api/customers", nil, "Authorization", "Bearer not-a-token")
			proxied := h.DoFrom("192.0.2.10", "GET", "/_health", nil, "X-Forwarded-For", "203.0.113.7")

			lines := buf.requestLines(t)
			if len(lines) != 4 {
				t.Fatalf("%d request lines, want 4: %v", len(lines), lines)
			}
			want := []map[string]any{
				{"method": "POST", "route": "/api/customers", "path": "/api/customers", "query": "", "status": 201.0},
				{"request_id": "req-42", "method": "GET", "route": "/api/customers/:id", "path": "/api/customers/1",
					"query": "populate&filters[name][$eq]", "status": 404.0, "bytes": float64(len(get.Body)), "client": "0.0.0.0"},
				{"method": "GET", "route": "(none)", "path": "/api/customers", "query": "", "status": 401.0, "bytes": float64(len(bad.Body))},
				{"method": "GET", "route": "/_health", "path": "/_health", "status": 200.0, "client": "203.0.113.7",
					"bytes": float64(len(proxied.Body))},
			}
			for i, w := range want {
				got := lines[i]
				for k, v := range w {
					if got[k] != v {
						t.Errorf("line %d: %s = %#v, want %#v (%v)", i+1, k, got[k], v, got)
					}
				}
				if got["level"] != "INFO" || got["request_id"] == "" || got["request_id"] == nil {
					t.Errorf("line %d: level or request id: %v", i+1, got)
				}
				if ms, ok := got["duration_ms"].(float64); !ok || ms < 0 {
					t.Errorf("line %d: duration_ms %v", i+1, got["duration_ms"])
				}
				if bytes.Contains([]byte(strconv.Quote(got["query"].(string))), []byte("ann@example.com")) {
					t.Errorf("line %d logs a filter's value", i+1)
				}
			}
		})
	}

	var buf syncBuffer
	h := apptest.NewLogged(t, apptest.Config(t, database.SQLite), slog.New(slog.NewJSONHandler(&buf, nil)))
	h.Do("GET", "/_health", nil)
	if lines := buf.requestLines(t); len(lines) != 0 {
		t.Errorf("access log off, yet: %v", lines)
	}
}
