package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// The Strapi-shaped comparison (-compare URL): three requests any
// Strapi-compatible server answers — a filtered list of 25 programs, the
// same list with populate=modules,sessions, and one program by its
// documentId — driven with the same load generator and settings against
// Kiln and against the other server, one after the other, with the ratio
// measured in the same run; then, when the other server serves GraphQL
// at /graphql as Strapi's GraphQL plugin does, scenario 11's GraphQL list
// the same way. The other server is asked as it is configured
// (-compare-token when it needs one; a Strapi whose Public role may read
// answers without).

// strapiRequest is one of the three requests, as a path below the base.
type strapiRequest struct {
	name string
	path func(doc string) string
}

const strapiList = "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25"

var strapiRequests = []strapiRequest{
	{"list", func(string) string { return strapiList }},
	{"list+populate", func(string) string { return strapiList + "&populate=modules,sessions" }},
	{"findOne", func(doc string) string { return "/api/programs/" + doc }},
}

// compareTimeout is how long a request of the comparison may take.
const compareTimeout = 60 * time.Second

// server is one side of the comparison.
type server struct {
	name, base, token string
	pid               int           // 0: peak memory not reported
	warmUp            time.Duration // -compare-warmup: how long the other server is driven before each measured run
}

// warmUp is how long each side is driven before its measured run, so that
// neither is measured cold (JIT, caches, pools): 3 s, or the run's
// duration when that is shorter.
const warmUp = 3 * time.Second

// compare runs the three requests against each server in turn and prints
// a row per request with both throughputs, the answer sizes and the ratio;
// then scenario 11's GraphQL list the same way, when the other server
// answers it (checked once on each side), or a line saying it was skipped.
func compare(o options, kiln, other server) error {
	// A slow server's answers are counted, not dropped as timeouts: the
	// comparison's script waits a minute for an answer, and so does this.
	o.timeout = compareTimeout
	fmt.Printf("   Strapi-shaped requests: %s against %s (%s)\n", kiln.name, other.name, other.base)
	docs := map[string]string{}
	for _, s := range []server{kiln, other} {
		doc, err := firstProgram(s)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		docs[s.name] = doc
	}
	for _, r := range strapiRequests {
		if err := compareOne(o, kiln, other, r.name, func(s server) string { return s.base + r.path(docs[s.name]) }, scenario{}); err != nil {
			return err
		}
	}
	// Scenario 11's GraphQL list, when the other server answers it (a
	// Strapi with @strapi/plugin-graphql, its Public role allowed
	// program.find, or -compare-token): checked on both sides first.
	list := gqlRead(11, "graphql list", gqlListQuery, 1, strapiList, listPairs)
	if err := list.check(other.base, other.token); err != nil {
		fmt.Printf("   %-14s skipped: %s does not answer scenario 11's query at %s (%v)\n", "graphql list", other.name, graphqlPath, err)
	} else if err := list.check(kiln.base, kiln.token); err != nil {
		return fmt.Errorf("kiln graphql list: %w", err)
	} else if err := compareOne(o, kiln, other, list.name, func(s server) string { return s.base + graphqlPath }, list); err != nil {
		return err
	}
	printPeakRSS(kiln, other)
	return nil
}

// printPeakRSS prints the peak memory of each server whose pid is known.
func printPeakRSS(servers ...server) {
	for _, s := range servers {
		if s.pid > 0 {
			fmt.Printf("   peak RSS of %s (pid %d): %.1f MiB\n", s.name, s.pid, peakRSSOf(s.pid))
		}
	}
}

// firstProgram is the documentId of the first program the server lists.
func firstProgram(s server) (string, error) {
	b, status, err := get(s.base+"/api/programs?pagination[pageSize]=1&fields[0]=title", s.token)
	if err != nil {
		return "", err
	}
	if status != http.StatusOK {
		return "", fmt.Errorf("listing programs: HTTP %d", status)
	}
	doc := jsonString(b, "documentId")
	if doc == "" {
		return "", fmt.Errorf("listing programs: no documentId in %.200s", b)
	}
	return doc, nil
}

func get(url, token string) ([]byte, int, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	return b, r.StatusCode, err
}

// jsonString finds the first "key":"value" in a JSON text: enough for a
// documentId, without a type for each server's answer.
func jsonString(b []byte, key string) string {
	s := string(b)
	i := strings.Index(s, `"`+key+`":"`)
	if i < 0 {
		return ""
	}
	s = s[i+len(key)+4:]
	if j := strings.IndexByte(s, '"'); j >= 0 {
		return s[:j]
	}
	return ""
}

// peakRSSOf is a process's peak resident memory (VmHWM) in MiB, 0 when it
// cannot be read (another user's process, or not Linux).
func peakRSSOf(pid int) float64 { return procStatusMiB(pid, "VmHWM") }

// rssOf is a process's resident memory now (VmRSS) in MiB, 0 when it
// cannot be read.
func rssOf(pid int) float64 { return procStatusMiB(pid, "VmRSS") }

// procStatusMiB is one kB figure of /proc/<pid>/status, in MiB.
func procStatusMiB(pid int, key string) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	kb, _ := statusKB(string(b), key)
	return kb / 1024
}

// statusKB reads the figure of key ("VmHWM", "VmRSS") from the text of a
// /proc/<pid>/status, in kB; false when the key is not there.
func statusKB(status, key string) (float64, bool) {
	for _, line := range strings.Split(status, "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb, err == nil
		}
	}
	return 0, false
}

// compareOne drives one request, urlOf(server), against each server in
// turn (warmed up first: Kiln for warmUp, the other for its own warmUp)
// with the load generator and prints both throughputs, their p50 and
// p99, the answer sizes and the ratio; sc carries a GraphQL read's body
// (empty: a GET).
func compareOne(o options, kiln, other server, name string, urlOf func(server) string, sc scenario) error {
	var got [2]result
	var size [2]int
	for i, s := range []server{kiln, other} {
		url := urlOf(s)
		send := func() ([]byte, int, error) { return get(url, s.token) }
		if sc.query != nil {
			send = func() ([]byte, int, error) { return post(url, s.token, sc.query) }
		}
		b, status, err := send()
		if err != nil {
			return fmt.Errorf("%s %s: %w", s.name, name, err)
		}
		if status != http.StatusOK {
			return fmt.Errorf("%s %s: HTTP %d from %s", s.name, name, status, url)
		}
		size[i] = len(b)
		warm := o
		warm.duration = min(warmUp, o.duration)
		if i == 1 {
			// A JIT-compiled server (Strapi) gains about half again
			// over its first half minute: a ratio to a cold one
			// flatters Kiln.
			warm.duration = other.warmUp
		}
		if _, err := runLoad(warm, url, s.token, sc); err != nil {
			return err
		}
		if got[i], err = runLoad(o, url, s.token, sc); err != nil {
			return err
		}
	}
	ratio := 0.0
	if got[1].rps > 0 {
		ratio = got[0].rps / got[1].rps
	}
	fmt.Printf("   %-14s %s %8.0f req/s  p50 %-9s p99 %-9s %7d B  err %-4d | %s %8.0f req/s  p50 %-9s p99 %-9s %7d B  err %-4d | %5.1f×\n",
		name, kiln.name, got[0].rps, ms(got[0].p50), ms(got[0].p99), size[0], got[0].errs,
		other.name, got[1].rps, ms(got[1].p50), ms(got[1].p99), size[1], got[1].errs, ratio)
	return nil
}
