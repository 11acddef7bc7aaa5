package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// The load generators. wrk is the reference (BENCHMARKS.md's tables were
// measured with it); the Go loader is what runs where wrk is not
// installed, with the same shape: a closed loop, -connections requests
// in flight at once for -duration, the same figures out.
const (
	loaderAuto = "auto"
	loaderWrk  = "wrk"
	loaderGo   = "go"
)

// pickLoader resolves -loader: auto is wrk when it is on PATH, else go.
func pickLoader(name string) (string, error) {
	_, err := exec.LookPath("wrk")
	switch name {
	case loaderAuto:
		if err == nil {
			return loaderWrk, nil
		}
		return loaderGo, nil
	case loaderWrk:
		if err != nil {
			return "", fmt.Errorf("-loader wrk: wrk is not installed (apt-get install wrk), or use -loader go")
		}
		return loaderWrk, nil
	case loaderGo:
		return loaderGo, nil
	}
	return "", fmt.Errorf("-loader %q: want auto, wrk or go", name)
}

// runLoad drives url with the chosen loader for one scenario.
func runLoad(o options, url, token string, sc scenario) (result, error) {
	if sc.query != nil { // a GraphQL read: the same body every time
		sc.script, sc.body = postScript(sc.query), func(int64) []byte { return sc.query }
	}
	if o.loader == loaderWrk {
		return runWrk(o, url, token, sc.script)
	}
	return runGoAs(o, url, token, sc.body, sc.contentType)
}

// goTimeout is how long one request may take before it counts as an
// error: wrk's default.
const goTimeout = 2 * time.Second

// runGo is the Go loader: o.connections workers, each on its own
// keep-alive connection, send a request, read the whole answer, and send
// the next, until o.duration has passed. A request started before then
// is finished (within goTimeout), so every request the server saw is
// counted. Latencies go into an HDR histogram (microseconds, three
// significant digits: the precision wrk2 reports). body, when set, makes
// the requests POSTs of body(n) for the n-th request of the run, counted
// from 0 across all workers.
//
// As with wrk, requests counts the answers, whatever their status, and
// rps is answers per second; errs adds the answers outside 2xx and the
// requests that failed without a whole answer (refused or broken
// connection, timeout).
func runGo(o options, url, token string, body func(n int64) []byte) (result, error) {
	return runGoAs(o, url, token, body, "")
}

// runGoAs is runGo with the POSTs' Content-Type (empty: application/json):
// scenario 8 posts multipart bodies.
func runGoAs(o options, url, token string, body func(n int64) []byte, contentType string) (result, error) {
	conns := max(o.connections, 1)
	client := loadClient(conns, cmp.Or(o.timeout, goTimeout))
	defer client.CloseIdleConnections()
	w := worker{client: client, url: url, token: token, body: body, method: http.MethodGet, next: &atomic.Int64{},
		contentType: cmp.Or(contentType, "application/json")}
	if body != nil {
		w.method = http.MethodPost
	}
	// Checked once, so that a bad URL is an error, not a run of failures.
	if _, err := http.NewRequest(w.method, url, nil); err != nil {
		return result{}, err
	}
	tallies := make([]tally, conns)
	var wg sync.WaitGroup
	start := time.Now()
	w.deadline = start.Add(o.duration)
	for i := range tallies {
		tallies[i].hist = hdrhistogram.New(1, int64(time.Minute/time.Microsecond), 3)
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(&tallies[i])
		}()
	}
	wg.Wait()
	return summarise(tallies, time.Since(start)), nil
}

// loadClient is an HTTP client for conns keep-alive connections to one
// host, as wrk opens them, each request given timeout.
func loadClient(conns int, timeout time.Duration) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:               nil, // loopback: never through a proxy
			MaxConnsPerHost:     conns,
			MaxIdleConnsPerHost: conns,
			DisableCompression:  true, // wrk asks for no compression either
		},
		Timeout: timeout,
		// An answer is measured as it is, never followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// tally is what one connection's worker counted.
type tally struct {
	hist                    *hdrhistogram.Histogram
	answers, non2xx, socket int
}

// worker is one connection's closed loop; every worker of a run shares
// next, the count of POST bodies handed out.
type worker struct {
	client      *http.Client
	url, token  string
	method      string
	contentType string
	body        func(n int64) []byte
	next        *atomic.Int64
	deadline    time.Time
}

// run sends requests one after the other until the deadline.
func (w worker) run(t *tally) {
	for time.Now().Before(w.deadline) {
		var rd io.Reader
		if w.body != nil {
			rd = bytes.NewReader(w.body(w.next.Add(1) - 1))
		}
		req, _ := http.NewRequest(w.method, w.url, rd)
		if w.token != "" {
			req.Header.Set("Authorization", "Bearer "+w.token)
		}
		if w.body != nil {
			req.Header.Set("Content-Type", w.contentType)
		}
		sent := time.Now()
		res, err := w.client.Do(req)
		if err == nil {
			_, err = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		took := time.Since(sent)
		if err != nil {
			t.socket++
			continue
		}
		t.answers++
		if res.StatusCode < 200 || res.StatusCode > 299 {
			t.non2xx++
		}
		t.hist.RecordValue(max(int64(took/time.Microsecond), 1))
	}
}

// summarise merges the workers' tallies into a run's result.
func summarise(tallies []tally, elapsed time.Duration) result {
	all := hdrhistogram.New(1, int64(time.Minute/time.Microsecond), 3)
	var r result
	for _, t := range tallies {
		all.Merge(t.hist)
		r.requests += t.answers
		r.non2xx += t.non2xx
		r.socket += t.socket
	}
	r.errs = r.non2xx + r.socket
	r.rps = float64(r.requests) / elapsed.Seconds()
	if r.requests > 0 {
		us := func(v int64) time.Duration { return time.Duration(v) * time.Microsecond }
		r.p50, r.p99, r.max = us(all.ValueAtQuantile(50)), us(all.ValueAtQuantile(99)), us(all.Max())
	}
	return r
}
