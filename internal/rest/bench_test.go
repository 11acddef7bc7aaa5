package rest_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// seedPrograms loads n programs, each with a customer and three modules,
// through the content service (the same path the API takes).
func seedPrograms(b *testing.B, h *apptest.Harness, n int) {
	ctx := context.Background()
	svc := h.App.Content
	create := func(typ string, data map[string]any) int64 {
		q := &query.Query{Type: svc.Schema.Type(typ), Status: query.Published}
		e, err := svc.Create(ctx, q, content.WriteFromBody(q.Type, data), entry.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		return e.ID
	}
	var customers []int64
	for i := 0; i < 50; i++ {
		customers = append(customers, create("customer", map[string]any{"name": fmt.Sprintf("Customer %d", i)}))
	}
	for i := 0; i < n; i++ {
		status := []string{"draft", "published", "archived"}[i%3]
		p := create("program", map[string]any{"title": fmt.Sprintf("Program %d", i), "status": status,
			"customer": fmt.Sprint(customers[i%len(customers)])})
		for m := 0; m < 3; m++ {
			create("module", map[string]any{"title": fmt.Sprintf("Module %d.%d", i, m), "program": fmt.Sprint(p)})
		}
	}
}

// BenchmarkListWithTwoPopulatedRelations measures a whole request through
// fiber: parse, count, page, two batched populate queries, JSON.
func BenchmarkListWithTwoPopulatedRelations(b *testing.B) {
	h := apptest.New(b, database.SQLite)
	seedPrograms(b, h, 2000)
	const path = "/api/programs?filters[status][$eq]=published&populate[0]=customer&populate[1]=modules&pagination[pageSize]=25"
	if r := h.Do("GET", path, nil); r.Status != 200 {
		b.Fatalf("%d %s", r.Status, r.Body)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+h.AdminToken)
		resp, err := h.App.Fiber.Test(req, -1)
		if err != nil || resp.StatusCode != 200 {
			b.Fatal(err, resp.StatusCode)
		}
		resp.Body.Close()
	}
}

// BenchmarkAuthenticate compares the two kinds of bearer token on a
// cheap route (one program by id): a user's JWT (signature, then the user
// row) and an API token (keyed hash, then one lookup on its index).
func BenchmarkAuthenticate(b *testing.B) {
	h := apptest.New(b, database.SQLite)
	id := h.Create("/api/programs", map[string]any{"title": "one", "status": "published"})
	_, token := newToken(b, h, "bench", "read-only", nil, nil)
	path := fmt.Sprintf("/api/programs/%d", id)
	for _, c := range []struct{ name, bearer string }{{"jwt", h.AdminToken}, {"apiToken", token}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+c.bearer)
				resp, err := h.App.Fiber.Test(req, -1)
				if err != nil || resp.StatusCode != 200 {
					b.Fatalf("%v %v", err, resp.StatusCode)
				}
				resp.Body.Close()
			}
		})
	}
}
