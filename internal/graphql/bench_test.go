package graphql_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// BenchmarkListAsREST is kiln-bench's scenarios 1 and 11 in process: the
// same 25 published programs with every scalar field, through REST and
// through GraphQL (with the connection's total, as REST counts), each a
// whole request through fiber. Issue 43 holds GraphQL's throughput to at
// least 85 % of REST's: compare the two ns/op (and allocs/op) of one run.
//
//	go test -run '^$' -bench ListAsREST -benchtime 3s ./internal/graphql
func BenchmarkListAsREST(b *testing.B) {
	d := database.SQLite
	if os.Getenv("KILN_BENCH_POSTGRES") != "" {
		d = database.Postgres // the same on PostgreSQL (KILN_TEST_POSTGRES_URL)
	}
	h := apptest.NewWith(b, projectConfig(b, d, func(*config.Config) {}))
	for i := range 200 {
		h.Create("/api/programs", map[string]any{"title": fmt.Sprint("Program ", i), "slug": fmt.Sprint("program-", i),
			"status": []string{"draft", "published", "archived"}[i%3], "capacity": i + 1, "startDate": "2026-01-05",
			"description": "A program of the benchmark."})
	}
	const restPath = "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25"
	body := []byte(`{"query":"{ programs_connection(filters: {status: {eq: \"published\"}}, pagination: {pageSize: 25}) ` +
		`{ nodes { documentId title slug description status startDate endDate capacity createdAt updatedAt publishedAt } pageInfo { total } } }"}`)
	for _, c := range []struct {
		name, method, path string
		body               []byte
	}{
		{"rest", "GET", restPath, nil},
		{"graphql", "POST", "/graphql", body},
	} {
		b.Run(c.name, func(b *testing.B) {
			do := func() []byte {
				req := httptest.NewRequest(c.method, c.path, bytes.NewReader(c.body))
				req.Header.Set("Authorization", "Bearer "+h.AdminToken)
				req.Header.Set("Content-Type", "application/json")
				resp, err := h.App.Fiber.Test(req, -1)
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(err, resp.StatusCode)
				}
				out, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				return out
			}
			if out := do(); bytes.Count(out, []byte(`"documentId"`)) != 25 || bytes.Contains(out, []byte(`"errors"`)) {
				b.Fatalf("not 25 programs: %.300s", out)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				do()
			}
		})
	}
}
