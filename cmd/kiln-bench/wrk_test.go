package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"sort"
	"sync"
	"testing"
	"time"
)

// TestEventScriptBooksFreeHours runs scenario 5 with each loader against
// a server that records the bodies: every request must be a valid event
// with its relations, one hour long, and no two may overlap — the
// scheduling plugin refuses an overlapping event of the same coach, so a
// repeated body would measure refusals, not writes.
func TestEventScriptBooksFreeHours(t *testing.T) {
	for _, loader := range []string{loaderWrk, loaderGo} {
		t.Run(loader, func(t *testing.T) {
			if _, err := exec.LookPath("wrk"); err != nil && loader == loaderWrk {
				t.Skip("wrk is not installed (apt-get install wrk)")
			}
			testBooksFreeHours(t, loader)
		})
	}
}

func testBooksFreeHours(t *testing.T, loader string) {
	type event struct {
		Data struct {
			Title, StartAt, EndAt   string
			Coach, Program, Session int64
			Learners                []int64
		}
	}
	var mu sync.Mutex
	var got []event
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var e event
		if r.Method != "POST" || r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(b, &e) != nil {
			t.Errorf("%s %s %q: not a JSON POST", r.Method, r.Header.Get("Content-Type"), b)
			w.WriteHeader(400)
			return
		}
		mu.Lock()
		got = append(got, e)
		mu.Unlock()
		w.WriteHeader(201)
	}))
	defer srv.Close()

	o := options{duration: time.Second, connections: 4, threads: 2, work: t.TempDir(), loader: loader}
	var sc scenario
	for _, c := range scenarios(o.threads, "doc", "Acme", 3, 4, 5, 6) {
		if c.n == 5 {
			sc = c
		}
	}
	res, err := runLoad(o, srv.URL+"/api/events", "", sc)
	if err != nil {
		t.Fatal(err)
	}
	if res.errs != 0 || res.requests == 0 {
		t.Errorf("%s: %d requests, %d errors", loader, res.requests, res.errs)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 10 {
		t.Fatalf("only %d requests reached the server", len(got))
	}
	type span struct{ start, end time.Time }
	var spans []span
	for _, e := range got {
		d := e.Data
		if d.Title != "Bench" || d.Coach != 3 || d.Program != 4 || d.Session != 5 || len(d.Learners) != 1 || d.Learners[0] != 6 {
			t.Fatalf("body %+v", d)
		}
		start, err1 := time.Parse(time.RFC3339, d.StartAt)
		end, err2 := time.Parse(time.RFC3339, d.EndAt)
		if err1 != nil || err2 != nil || end.Sub(start) != time.Hour || start.Before(eventSlotsFrom) {
			t.Fatalf("times %q %q", d.StartAt, d.EndAt)
		}
		spans = append(spans, span{start, end})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start.Before(spans[j].start) })
	for i := 1; i < len(spans); i++ {
		if spans[i].start.Before(spans[i-1].end) {
			t.Fatalf("requests %d and %d book overlapping hours: %v and %v (of %d requests)", i-1, i, spans[i-1], spans[i], len(spans))
		}
	}
}
