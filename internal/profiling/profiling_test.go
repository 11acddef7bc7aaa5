package profiling

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

func TestCheckAddress(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:6060": true, "127.9.9.9:0": true, "[::1]:6060": true, "localhost:6060": true,
		"0.0.0.0:6060": false, ":6060": false, "10.0.0.1:6060": false, "[::]:6060": false,
		"example.com:6060": false, "127.0.0.1": false, "": false,
	} {
		if err := CheckAddress(addr); (err == nil) != ok {
			t.Errorf("CheckAddress(%q) = %v, want ok=%v", addr, err, ok)
		}
	}
}

// TestServe: a loopback address serves the profile index and stops with
// its context; another address is refused before anything listens.
func TestServe(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if _, err := Serve(context.Background(), "0.0.0.0:0", log); err == nil {
		t.Fatal("Serve on 0.0.0.0 started")
	}
	ctx, cancel := context.WithCancel(context.Background())
	addr, err := Serve(ctx, "127.0.0.1:0", log)
	if err != nil {
		t.Fatal(err)
	}
	r, err := http.Get("http://" + addr.String() + "/debug/pprof/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != 200 || !strings.Contains(string(b), "goroutine") {
		t.Fatalf("index: %d %.200s", r.StatusCode, b)
	}
	cancel()
	for i := 0; ; i++ {
		if _, err := http.Get("http://" + addr.String() + "/debug/pprof/"); err != nil {
			break
		}
		if i > 100 {
			t.Fatal("still serving after its context ended")
		}
	}
}
