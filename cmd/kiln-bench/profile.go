package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// profilingAddr is where kiln serve, listening on port, serves its
// profiles during a -cpuprofile run: the next port up, on loopback.
func profilingAddr(port int) string { return "127.0.0.1:" + strconv.Itoa(port+1) }

// profileFile names the profile of one database's run: list.pprof becomes
// list-postgres.pprof.
func profileFile(name, db string) string {
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + db + ext
}

// cpuProfile asks kiln serve for a CPU profile of the next d (less a
// second, so that it ends inside the load run it measures) and writes it
// to file; the channel receives the outcome when it is written.
func cpuProfile(port int, d time.Duration, scenario, file string) <-chan error {
	done := make(chan error, 1)
	secs := max(int((d-time.Second)/time.Second), 1)
	go func() {
		url := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", profilingAddr(port), secs)
		r, err := http.Get(url)
		if err != nil {
			done <- err
			return
		}
		defer r.Body.Close()
		if r.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(r.Body)
			done <- fmt.Errorf("%s: HTTP %d: %.200s", url, r.StatusCode, b)
			return
		}
		f, err := os.Create(file)
		if err != nil {
			done <- err
			return
		}
		if _, err := io.Copy(f, r.Body); err != nil {
			f.Close()
			done <- err
			return
		}
		done <- f.Close()
		fmt.Printf("   CPU profile of scenario %s (%d s): %s (go tool pprof -top %s)\n", scenario, secs, file, file)
	}()
	return done
}
