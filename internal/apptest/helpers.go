package apptest

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Create posts {"data": data} to path as the admin, fails the test unless
// the answer is 201, and returns the new entry's id.
func (h *Harness) Create(path string, data map[string]any) int64 {
	h.T.Helper()
	r := h.Do("POST", path, map[string]any{"data": data})
	if r.Status != 201 {
		h.T.Fatalf("POST %s %v: %d %s", path, data, r.Status, r.Body)
	}
	return h.IDOf(r.JSON(h.T)["data"])
}

// As is the header pair that sends token, or no token at all when it is
// empty: h.Do("GET", path, nil, apptest.As(token)...).
func As(token string) []string {
	if token == "" {
		return []string{"Authorization", Anonymous}
	}
	return []string{"Authorization", "Bearer " + token}
}

// IDOf is the id of an entry as a response carries it (v2 or v1).
func (h *Harness) IDOf(v any) int64 {
	h.T.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		h.T.Fatalf("not an entry: %v", v)
	}
	n, err := m["id"].(json.Number).Int64()
	if err != nil {
		h.T.Fatalf("entry id: %v", m["id"])
	}
	return n
}

// IDs are the ids of a list answer's entries, in order.
func (h *Harness) IDs(r *Response) []int64 {
	h.T.Helper()
	list, ok := r.JSON(h.T)["data"].([]any)
	if !ok {
		h.T.Fatalf("data is not a list: %s", r.Body)
	}
	out := []int64{}
	for _, e := range list {
		out = append(out, h.IDOf(e))
	}
	return out
}

// ErrorOf is an error envelope's status, name, message and details; the
// test fails when the body is not one.
func (h *Harness) ErrorOf(r *Response) (status int, name, message string, details map[string]any) {
	h.T.Helper()
	m := r.JSON(h.T)
	if m["data"] != nil {
		h.T.Fatalf("error envelope with data: %s", r.Body)
	}
	e, ok := m["error"].(map[string]any)
	if !ok {
		h.T.Fatalf("no error object: %s", r.Body)
	}
	st, _ := e["status"].(json.Number).Int64()
	d, _ := e["details"].(map[string]any)
	return int(st), fmt.Sprint(e["name"]), fmt.Sprint(e["message"]), d
}

// QueryCounter counts the statements the app sends to its database from
// the moment it was made.
type QueryCounter struct {
	h     *Harness
	start int64
}

// N is the number counted so far.
func (c *QueryCounter) N() int64 { return c.h.App.DB.Queries() - c.start }

// CountQueries starts counting the app's statements.
func (h *Harness) CountQueries() *QueryCounter {
	return &QueryCounter{h: h, start: h.App.DB.Queries()}
}

// FewestQueries is the fewest statements of three runs of do: a
// statement of the app's own (the webhook outbox's delivery after a
// write, a background job) may land in any one count, never in all three.
// do must be repeatable: a read, or a write that is refused.
func (h *Harness) FewestQueries(do func()) int64 {
	n := int64(math.MaxInt64)
	for range 3 {
		c := h.CountQueries()
		do()
		n = min(n, c.N())
	}
	return n
}

// RequestLineSafe percent-encodes what cannot stand in an HTTP request
// line (spaces, control bytes, non-ASCII, '#'), as any real client does
// before sending; everything else reaches the server as a fuzzer wrote it.
func RequestLineSafe(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c <= ' ' || c >= 0x7f || c == '#' {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// CheckEnvelope fails the test unless r is a success or a 4xx error
// envelope: JSON, never a 3xx or a 5xx, an "error" object on every 4xx.
func CheckEnvelope(t testing.TB, what string, r *Response) {
	t.Helper()
	if r.Status >= 500 || (r.Status >= 300 && r.Status < 400) {
		t.Fatalf("%s: status %d: %s", what, r.Status, r.Body)
	}
	var env map[string]any
	if err := json.Unmarshal(r.Body, &env); err != nil {
		t.Fatalf("%s: not JSON (%v): %s", what, err, r.Body)
	}
	if _, ok := env["error"].(map[string]any); r.Status >= 400 && !ok {
		t.Fatalf("%s: 4xx without an error envelope: %s", what, r.Body)
	}
}
