package main

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// TestGoLoaderCounts drives a loopback server for about a second with the
// Go loader. The server answers most requests 200, every 5th a 500, every
// 7th (not a 5th) with a broken answer (a header promising more body than
// is sent, then a closed connection), and every 10th after 20 ms. The
// loader must count every request the server saw — the answered ones as
// requests, the broken ones as socket errors — every 500 as an error, and
// put the slow answers at the top of the latency range.
func TestGoLoaderCounts(t *testing.T) {
	var hits, fails, broken, slow atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok" || r.Method != "GET" {
			t.Errorf("%s with Authorization %q", r.Method, r.Header.Get("Authorization"))
		}
		n := hits.Add(1)
		switch {
		case n%5 == 0:
			fails.Add(1)
			http.Error(w, "no", http.StatusInternalServerError)
		case n%7 == 0:
			broken.Add(1)
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial")
			buf.Flush()
			conn.Close()
		case n%10 == 1:
			slow.Add(1)
			time.Sleep(20 * time.Millisecond)
			w.Write([]byte("ok"))
		default:
			w.Write([]byte("ok"))
		}
	}))
	defer srv.Close()

	o := options{duration: time.Second, connections: 4}
	began := time.Now()
	res, err := runGo(o, srv.URL+"/s1", "tok", nil)
	took := time.Since(began)
	if err != nil {
		t.Fatal(err)
	}
	if took < time.Second || took > time.Second+goTimeout {
		t.Errorf("the run took %s for a 1 s duration", took)
	}
	h, f, b := int(hits.Load()), int(fails.Load()), int(broken.Load())
	if h < 50 || f == 0 || b == 0 || slow.Load() == 0 {
		t.Fatalf("the server saw %d requests (%d 500s, %d broken, %d slow): too few to judge", h, f, b, slow.Load())
	}
	if res.requests+res.socket != h {
		t.Errorf("%d answers + %d socket errors, the server saw %d requests", res.requests, res.socket, h)
	}
	if res.non2xx != f || res.socket != b || res.errs != f+b {
		t.Errorf("errors: %d non-2xx, %d socket, %d in all; the server sent %d 500s and broke %d answers", res.non2xx, res.socket, res.errs, f, b)
	}
	if want := float64(res.requests) / took.Seconds(); res.rps < 0.9*want || res.rps > 1.1*want {
		t.Errorf("%.0f req/s for %d answers in %s", res.rps, res.requests, took)
	}
	if !(0 < res.p50 && res.p50 < 20*time.Millisecond && res.p50 <= res.p99 && res.p99 <= res.max && res.max >= 20*time.Millisecond) {
		t.Errorf("latency p50 %s p99 %s max %s; a tenth of the answers took 20 ms", res.p50, res.p99, res.max)
	}
}

// TestGoLoaderUnreachable: a server that is not there is all socket
// errors and no answers, not a hang or a crash.
func TestGoLoaderUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	res, err := runGo(options{duration: 200 * time.Millisecond, connections: 2}, url, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.requests != 0 || res.socket == 0 || res.errs != res.socket || res.rps != 0 {
		t.Errorf("%+v", res)
	}
}

func TestPickLoader(t *testing.T) {
	if l, err := pickLoader(loaderGo); l != loaderGo || err != nil {
		t.Errorf("go: %q %v", l, err)
	}
	if _, err := pickLoader("ab"); err == nil {
		t.Error("an unknown loader was accepted")
	}
	t.Setenv("PATH", t.TempDir()) // no wrk here
	if l, err := pickLoader(loaderAuto); l != loaderGo || err != nil {
		t.Errorf("auto without wrk: %q %v", l, err)
	}
	if _, err := pickLoader(loaderWrk); err == nil {
		t.Error("wrk without wrk was accepted")
	}
}
