package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// result is one run of a load generator: answers per second, latency
// percentiles of the answers, the answers (any status), and errs, the sum
// of non2xx (answers outside 2xx; wrk counts 4xx and 5xx) and socket
// (requests without a whole answer: connect, read, write, timeout).
type result struct {
	rps            float64
	p50, p99, max  time.Duration
	requests, errs int
	non2xx, socket int
}

// runWrk drives url with wrk, with the Lua script lua when set (the
// write scenario's).
func runWrk(o options, url, token, lua string) (result, error) {
	// wrk reads whole seconds ("60s"), not Go's "1m0s" or "300ms".
	secs := max(1, int(math.Ceil(o.duration.Seconds())))
	args := []string{"-t", strconv.Itoa(o.threads), "-c", strconv.Itoa(o.connections), "-d", strconv.Itoa(secs) + "s", "--latency"}
	if token != "" {
		args = append(args, "-H", "Authorization: Bearer "+token)
	}
	if o.timeout > 0 {
		// wrk reads whole seconds ("60s"), not Go's "1m0s".
		args = append(args, "--timeout", fmt.Sprintf("%ds", int(o.timeout.Seconds())))
	}
	if lua != "" {
		script := filepath.Join(o.work, "scenario.lua")
		if err := os.WriteFile(script, []byte(lua), 0o644); err != nil {
			return result{}, err
		}
		args = append(args, "-s", script)
	}
	out, err := exec.Command("wrk", append(args, url)...).CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk: %v: %s", err, out)
	}
	return parseWrk(string(out))
}

var (
	reRPS      = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	reLatency  = regexp.MustCompile(`Latency\s+\S+\s+\S+\s+(\S+)`)
	reP50      = regexp.MustCompile(`\s50%\s+(\S+)`)
	reP99      = regexp.MustCompile(`\s99%\s+(\S+)`)
	reRequests = regexp.MustCompile(`(\d+) requests in`)
	reNon2xx   = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	reSocket   = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
)

func parseWrk(out string) (result, error) {
	var r result
	m := reRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("unreadable wrk output: %s", out)
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	if m := reLatency.FindStringSubmatch(out); m != nil {
		r.max = wrkDuration(m[1])
	}
	if m := reP50.FindStringSubmatch(out); m != nil {
		r.p50 = wrkDuration(m[1])
	}
	if m := reP99.FindStringSubmatch(out); m != nil {
		r.p99 = wrkDuration(m[1])
	}
	if m := reRequests.FindStringSubmatch(out); m != nil {
		r.requests, _ = strconv.Atoi(m[1])
	}
	if m := reNon2xx.FindStringSubmatch(out); m != nil {
		r.non2xx, _ = strconv.Atoi(m[1])
	}
	if m := reSocket.FindStringSubmatch(out); m != nil {
		for _, s := range m[1:] {
			n, _ := strconv.Atoi(s)
			r.socket += n
		}
	}
	r.errs = r.non2xx + r.socket
	return r, nil
}

// wrkDuration reads wrk's "1.23ms", "850.00us", "1.02s", "2.00m".
func wrkDuration(s string) time.Duration {
	for _, u := range []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"m", time.Minute}, {"s", time.Second}} {
		if strings.HasSuffix(s, u.suffix) {
			f, _ := strconv.ParseFloat(strings.TrimSuffix(s, u.suffix), 64)
			return time.Duration(f * float64(u.unit))
		}
	}
	return 0
}
