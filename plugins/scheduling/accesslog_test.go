package scheduling_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
	"github.com/kiln-cms/kiln/internal/testmain"
)

// logBuffer is a log destination safe for the server's goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestFeedTokenNotLogged: with the access log on, a calendar feed's
// request is logged with its route, method, status and duration, and its
// path with the token masked — answered by the feed, refused as unknown,
// refused before the route by a bad bearer token, or under /api/v1; the
// token appears on no line of the log. The route that makes feeds keeps
// its path.
func TestFeedTokenNotLogged(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			if d == database.Postgres && storetest.PostgresURL() == "" {
				testmain.Skip(t, testmain.Postgres, "PostgreSQL tests skipped: KILN_TEST_POSTGRES_URL is not set")
			}
			var buf logBuffer
			cfg := apptest.Config(t, d)
			cfg.Server.AccessLog = true
			h := apptest.NewLogged(t, cfg, slog.New(slog.NewJSONHandler(&buf, nil)), newPlugin())
			p := fixture(t, h)
			start := strings.Count(buf.String(), "\n")

			feed := rotate(t, h, p.li)
			token := strings.TrimSuffix(strings.TrimPrefix(feed, "/api/calendar/"), ".ics")
			unknown := "/api/calendar/" + strings.Repeat("ab", 32) + ".ics"
			for _, c := range []struct {
				method, path string
				headers      []string
				status       int
			}{
				{"GET", feed, as(""), 200},
				{"HEAD", feed, as(""), 200},
				{"GET", strings.Replace(feed, "/api/", "/api/v1/", 1), as(""), 200},
				{"GET", strings.ToUpper(feed[:13]) + feed[13:], as(""), 200},
				{"GET", unknown, as(""), 404},
				{"GET", feed, []string{"Authorization", "Bearer not-a-token"}, 401},
			} {
				if r := h.Do(c.method, c.path, nil, c.headers...); r.Status != c.status {
					t.Fatalf("%s %s: %d, want %d", c.method, c.path, r.Status, c.status)
				}
			}

			logged := buf.String()
			if strings.Contains(logged, token) || strings.Contains(logged, strings.Repeat("ab", 32)) {
				t.Errorf("a feed token is in the log:\n%s", logged)
			}
			var lines []map[string]any
			for _, line := range strings.Split(strings.TrimSpace(logged), "\n")[start:] {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("not a JSON line: %s", line)
				}
				if m["msg"] == "request" {
					lines = append(lines, m)
				}
			}
			want := []map[string]any{
				{"method": "POST", "route": "/api/calendar/token", "path": "/api/calendar/token", "status": 200.0},
				{"method": "GET", "route": "/api/calendar/:file", "path": "/api/calendar/***", "status": 200.0},
				{"method": "HEAD", "route": "/api/calendar/:file", "path": "/api/calendar/***", "status": 200.0},
				{"method": "GET", "route": "/api/v1/calendar/:file", "path": "/api/v1/calendar/***", "status": 200.0},
				{"method": "GET", "route": "/api/calendar/:file", "path": "/API/CALENDAR/***", "status": 200.0},
				{"method": "GET", "route": "/api/calendar/:file", "path": "/api/calendar/***", "status": 404.0},
				{"method": "GET", "route": "(none)", "path": "/api/calendar/***", "status": 401.0},
			}
			if len(lines) != len(want) {
				t.Fatalf("%d request lines, want %d: %v", len(lines), len(want), lines)
			}
			for i, w := range want {
				for k, v := range w {
					if lines[i][k] != v {
						t.Errorf("line %d: %s = %#v, want %#v (%v)", i+1, k, lines[i][k], v, lines[i])
					}
				}
				if ms, ok := lines[i]["duration_ms"].(float64); !ok || ms < 0 {
					t.Errorf("line %d: duration_ms %v", i+1, lines[i]["duration_ms"])
				}
			}
		})
	}
}
