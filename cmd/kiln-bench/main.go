// Command kiln-bench measures Kiln against its own floor: it seeds the
// large data set, starts `kiln serve` as its own process, drives it with
// a load generator over loopback at fixed concurrency, and does the same against a
// minimal fiber server (the floor) that runs the same SQL through bun and
// writes the same JSON. It prints, per database and scenario, requests per
// second, latency percentiles, errors and the ratio to the floor, then the
// server's peak memory and its time to the first 200 on /_ready.
//
//	go run ./cmd/kiln-bench                     # SQLite, then PostgreSQL at DATABASE_URL
//	go run ./cmd/kiln-bench -db sqlite -duration 5s
//	go run ./cmd/kiln-bench -loader go          # without wrk
//	go run ./cmd/kiln-bench -db postgres -compare http://127.0.0.1:1340   # and the ratio to a Strapi
//	go run ./cmd/kiln-bench -db postgres -scenarios 13 -compare-page http://127.0.0.1:1341 -compare-page-token T
//	go run ./cmd/kiln-bench -scenarios 1,11 -pairs 5                      # GraphQL/REST in rounds side by side (pairs.go)
//
// The load generator is wrk when it is installed (apt-get install wrk),
// else a closed loop in Go over net/http (load.go); -loader picks one.
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

type options struct {
	duration    time.Duration
	connections int
	// printStatements prints what the ceiling runs (-print-statements).
	printStatements bool
	// uploadConnections is scenario 8's throughput runs' connections.
	uploadConnections int
	// uploadMiB is the size of scenario 8's large upload, in MiB.
	uploadMiB int64
	threads   int
	loader    string
	dbs       []string
	pgURL     string
	work      string
	kiln      string
	// password is the demo users' password for this run: random, so the
	// benchmark's databases open to no password written anywhere.
	password string
	// compare is another Strapi-compatible server to run the three
	// Strapi-shaped requests against (compare.go); empty: none.
	compare server
	// comparePage is another Strapi-compatible server with
	// testdata/graphql's types to run scenario 13's GraphQL page against
	// (comparepage.go); empty: none.
	comparePage server
	// timeout is how long one request may take before it counts as an
	// error; 0: the load generator's default (wrk's and goTimeout, 2 s).
	timeout time.Duration
	// only is the scenarios to run, by number (1..14; 7 is components.go's,
	// 8 media.go's, 10 mediaread.go's, 11-14 GraphQL's, graphql.go and
	// graphqlpage.go); empty: all of them.
	only map[int]bool
	// cpuProfile is where the CPU profile of kiln serve during the first
	// scenario goes (profile.go); empty: no profile.
	cpuProfile string
	// pairs, when above 0, measures each GraphQL read that many rounds
	// more beside its REST twin, in turn (pairs.go).
	pairs int
}

func main() {
	var o options
	var dbs string
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "how long each scenario runs, against Kiln and against the floor")
	flag.IntVar(&o.connections, "connections", 50, "concurrent connections")
	flag.IntVar(&o.uploadConnections, "upload-connections", 4, "concurrent connections of scenario 8's upload runs (uploads queue behind the imaging limiter: at -connections' 50, latency is that queue)")
	flag.Int64Var(&o.uploadMiB, "upload-size", 1024, "the size of scenario 8's large upload, in MiB (its server's upload limit is raised above it)")
	flag.IntVar(&o.threads, "threads", 2, "wrk threads (the Go loader runs one goroutine per connection)")
	flag.StringVar(&o.loader, "loader", loaderAuto, "load generator: wrk, go (net/http closed loop), or auto (wrk when installed, else go)")
	flag.StringVar(&dbs, "db", "sqlite,postgres", "databases to run on: sqlite, postgres or both")
	flag.StringVar(&o.pgURL, "pg", envOr("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"a PostgreSQL server URL; the benchmark creates and drops its own database kiln_bench there")
	flag.StringVar(&o.compare.base, "compare", "", "a Strapi-compatible server's base URL (e.g. http://127.0.0.1:1340): after the scenarios, the three Strapi-shaped requests run against Kiln and against it, with the ratio")
	flag.StringVar(&o.compare.token, "compare-token", "", "a bearer token for the -compare server (none: it is asked as its Public role)")
	flag.IntVar(&o.compare.pid, "compare-pid", 0, "the -compare server's process id, to report its peak memory")
	flag.StringVar(&o.compare.name, "compare-name", "strapi", "what to call the -compare and -compare-page servers in the output")
	flag.DurationVar(&o.compare.warmUp, "compare-warmup", 30*time.Second, "how long the -compare and -compare-page servers are driven before each of their measured runs (Kiln: 3 s)")
	flag.StringVar(&o.comparePage.base, "compare-page", "", "a Strapi-compatible server with testdata/graphql's types and GraphQL at /graphql (e.g. http://127.0.0.1:1341): scenario 13 seeds it with the same 25 pages through REST (unless it holds exactly those) and runs its GraphQL page against Kiln and against it, with the ratio")
	flag.StringVar(&o.comparePage.token, "compare-page-token", "", "a bearer token for the -compare-page server, allowed to create pages (a full-access API token)")
	flag.IntVar(&o.comparePage.pid, "compare-page-pid", 0, "the -compare-page server's process id, to report its peak memory")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write the CPU profile of kiln serve during the first scenario run to this file (one per database: list-postgres.pprof for list.pprof)")
	flag.IntVar(&o.pairs, "pairs", 0, "measure each GraphQL read this many rounds more, alternating with its REST twin, and print each round's GraphQL/REST and their median")
	flag.BoolVar(&o.printStatements, "print-statements", false, "print the statements recorded for each read scenario's ceiling (text and values), e.g. for pgbench")
	var kilnBinary string
	flag.StringVar(&kilnBinary, "kiln", "", "a kiln binary to measure (another commit's, for a before-and-after in one sitting); empty: build ./cmd/kiln")
	var only string
	flag.StringVar(&only, "scenarios", "", "the scenarios to run, by number (e.g. 5 or 1,2); empty: all")
	flag.Parse()
	var err error
	if o.only, err = parseScenarios(only); err != nil {
		fail(err.Error())
	}
	if o.pairs < 0 {
		fail("-pairs is a number of rounds: 0 or more")
	}
	o.compare.base = strings.TrimSuffix(o.compare.base, "/")
	o.comparePage.base = strings.TrimSuffix(o.comparePage.base, "/")
	o.comparePage.name, o.comparePage.warmUp = o.compare.name, o.compare.warmUp
	if o.comparePage.base != "" && !o.runs(13) {
		fail("-compare-page compares scenario 13, which -scenarios leaves out")
	}
	o.dbs = strings.Split(dbs, ",")
	o.password = rand.Text()
	if o.loader, err = pickLoader(o.loader); err != nil {
		fail(err.Error())
	}
	if o.work, err = os.MkdirTemp("", "kiln-bench-"); err != nil {
		fail(err.Error())
	}
	defer os.RemoveAll(o.work)
	o.kiln = filepath.Join(o.work, "kiln")
	if kilnBinary != "" {
		o.kiln = kilnBinary
	} else {
		build := exec.Command("go", "build", "-o", o.kiln, "./cmd/kiln")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fail("building kiln: " + err.Error())
		}
	}
	gen := fmt.Sprintf("wrk, %d threads", o.threads)
	if o.loader == loaderGo {
		gen = "Go loader (net/http closed loop)"
	}
	fmt.Printf("kiln-bench: %d connections, %s, %s per run; %s\n\n", o.connections, gen, o.duration, machine())
	for _, db := range o.dbs {
		if err := runDatabase(o, strings.TrimSpace(db)); err != nil {
			fail(db + ": " + err.Error())
		}
	}
}

// parseScenarios reads -scenarios: numbers from 1 to lastScenario,
// comma-separated.
func parseScenarios(list string) (map[int]bool, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	out := map[int]bool{}
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > lastScenario {
			return nil, fmt.Errorf("-scenarios: %q is not a scenario number from 1 to %d", f, lastScenario)
		}
		out[n] = true
	}
	return out, nil
}

// lastScenario is the highest scenario number (14, a GraphQL create).
const lastScenario = 14

// runs reports whether scenario n is to run.
func (o options) runs(n int) bool { return o.only == nil || o.only[n] }

// needsLargeSet reports whether the run needs the large seeded set: the
// scenarios 1 to 6, 9, 11, 12, 14 and -compare do; 7, 8, 10 and 13 have
// apps of their own.
func (o options) needsLargeSet() bool {
	for _, n := range []int{1, 2, 3, 4, 5, 6, 9, 11, 12, 14} {
		if o.runs(n) {
			return true
		}
	}
	return o.compare.base != ""
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "kiln-bench:", msg)
	os.Exit(1)
}

// machine describes where the numbers come from.
func machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
				break
			}
		}
	}
	out, _ := exec.Command("nproc").Output()
	return fmt.Sprintf("%s cores of %s", strings.TrimSpace(string(out)), cpu)
}
