package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/internal/database"
)

// scenario is one request shape, against Kiln and against the floor.
type scenario struct {
	n           int // the number -scenarios names it by
	name        string
	kiln, floor string             // paths
	script      string             // a wrk Lua script (POSTs) when set
	body        func(int64) []byte // the same POSTs for the Go loader: the n-th request's body
	contentType string             // the Go loader's POSTs' Content-Type; empty: application/json
	// query is a GraphQL read's body, posted to kiln every time
	// (graphql.go); the scenario is a read all the same.
	query []byte
	// rest is the REST scenario whose data a GraphQL one answers, for
	// their ratio when both run.
	rest int
	// twin is a REST request measured right after this one against Kiln,
	// the same way, for their ratio (scenario 14's create).
	twin *scenario
	// check, when set, sends the request once before it is measured and
	// says why its answer is not the one expected.
	check func(base, token string) error
}

// request is what the ceiling records for a read scenario.
func (sc scenario) request() request {
	if sc.query != nil {
		return request{method: "POST", path: sc.kiln, body: sc.query}
	}
	return getRequest(sc.kiln)
}

// scenarios are the six, with the ids of the seeded data.
func scenarios(threads int, program, customer string, coach, prog, session, learner int64) []scenario {
	return []scenario{
		{n: 1, name: "1 list, filtered", kiln: "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25", floor: "/s1"},
		{n: 9, name: "9 list, withCount=false", kiln: "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25&pagination[withCount]=false", floor: "/s9"},
		{n: 2, name: "2 list, nested populate", kiln: "/api/programs?filters[status][$eq]=published&pagination[pageSize]=25&populate[modules][populate][sessions]=*&populate=customer", floor: "/s2"},
		{n: 3, name: "3 one, populate=*", kiln: "/api/programs/" + program + "?populate=*", floor: "/s3/" + program},
		{n: 4, name: "4 relation filter, depth 2", kiln: "/api/sessions?filters[program][customer][name][$eq]=" + url.QueryEscape(customer), floor: "/s4?name=" + url.QueryEscape(customer)},
		{n: 5, name: "5 create with relations", kiln: "/api/events", floor: "/s5", script: eventScript(threads, coach, prog, session, learner),
			body: eventBody(coach, prog, session, learner)},
		{n: 6, name: "6 authenticated /users/me", kiln: "/api/users/me", floor: "/s6"},
	}
}

// withTwins puts each GraphQL scenario of gql right after the REST
// scenario whose data it answers, so that the two are measured one after
// the other (on a shared machine, minutes apart is another machine); the
// others go last.
func withTwins(rest, gql []scenario) []scenario {
	var out, rest2 []scenario
	placed := map[int]bool{}
	for _, r := range rest {
		out = append(out, r)
		for _, g := range gql {
			if g.rest == r.n {
				out, placed[g.n] = append(out, g), true
			}
		}
	}
	for _, g := range gql {
		if !placed[g.n] {
			rest2 = append(rest2, g)
		}
	}
	return append(out, rest2...)
}

// restPath is the path of REST scenario n in list.
func restPath(list []scenario, n int) string {
	for _, sc := range list {
		if sc.n == n {
			return sc.kiln
		}
	}
	return ""
}

// eventSlotsFrom is when the benchmark's events start: years after the
// seed's last event, so that they clash with none of them.
var eventSlotsFrom = time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC)

// eventScript is the wrk script of scenario 5. Every request creates an
// event of the same coach, program, session and learner, each in an hour
// of its own: thread t of n books hours t, t+n, t+2n, ... from
// eventSlotsFrom. One fixed body would book the same hour every time, and
// the scheduling plugin refuses every request after the first as a
// double booking (a 400, not a write).
func eventScript(threads int, coach, prog, session, learner int64) string {
	body := eventJSON(coach, prog, session, learner)
	return fmt.Sprintf(`-- kiln-bench scenario 5: every request books an hour of its own.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local created = 0
function setup(thread)
  thread:set("first", created)
  created = created + 1
end
local n = 0
function request()
  local slot = n * %d + (first or 0)
  n = n + 1
  local start = %d + slot * 3600
  local body = string.format(%q, os.date("!%%Y-%%m-%%dT%%H:%%M:%%SZ", start), os.date("!%%Y-%%m-%%dT%%H:%%M:%%SZ", start + 3600))
  return wrk.format(nil, nil, nil, body)
end
`, max(threads, 1), eventSlotsFrom.Unix(), body)
}

// eventJSON is scenario 5's body with the event's two times left as %s.
func eventJSON(coach, prog, session, learner int64) string {
	return fmt.Sprintf(`{"data":{"title":"Bench","startAt":"%%s","endAt":"%%s","coach":%d,"program":%d,"session":%d,"learners":[%d]}}`,
		coach, prog, session, learner)
}

// eventBody is scenario 5 for the Go loader: the n-th request of a run
// books hour n from eventSlotsFrom, so no two requests of the run share
// an hour, as with the wrk script.
func eventBody(coach, prog, session, learner int64) func(n int64) []byte {
	format := eventJSON(coach, prog, session, learner)
	return func(n int64) []byte {
		start := eventSlotsFrom.Add(time.Duration(n) * time.Hour)
		return fmt.Appendf(nil, format, start.Format(time.RFC3339), start.Add(time.Hour).Format(time.RFC3339))
	}
}

// measured is one scenario's results on one database.
type measured struct {
	db          string
	scenario    scenario
	kiln, floor result
	ratio       float64
	// ceiling is the database alone on the same statements (reads
	// only); share is Kiln's throughput over it.
	ceiling result
	share   float64
}

// runDatabase seeds one database, then runs every scenario; when only
// scenarios with apps of their own (7, 8) are asked for, it seeds nothing.
func runDatabase(o options, db string) error {
	if !o.needsLargeSet() {
		fmt.Printf("== %s\n", db)
		err := ownAppScenarios(o, db)
		fmt.Println()
		return err
	}
	dataDir := filepath.Join(o.work, db)
	os.MkdirAll(dataDir, 0o755)
	dbURL := "sqlite:" + filepath.Join(dataDir, "kiln.db")
	if db == "postgres" {
		var err error
		if dbURL, err = freshPostgres(o.pgURL); err != nil {
			return err
		}
	}
	took, err := seed(o, dataDir, dbURL)
	if err != nil {
		return err
	}
	fmt.Printf("== %s: seeded the large set in %s\n", db, took.Round(time.Millisecond))
	k, err := startKiln(o, dataDir, dbURL, 13380)
	if err != nil {
		return err
	}
	defer k.stop()
	token, err := signIn(k.base, o.password)
	if err != nil {
		return err
	}
	sdb, err := database.Open(context.Background(), dbURL)
	if err != nil {
		return err
	}
	defer sdb.Close()
	secret, _ := os.ReadFile(filepath.Join(dataDir, "jwt-secret"))
	fl := &floor{db: sdb, secret: []byte(strings.TrimSpace(string(secret)))}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	floorApp := fl.app()
	go floorApp.Listener(ln)
	defer floorApp.Shutdown()
	floorBase := "http://" + ln.Addr().String()

	programDoc, customer := lookup(k.base, token)
	list := scenarios(o.threads, programDoc, customer, 1, 1, 1, 1)
	list = withTwins(list, graphqlScenarios(o.threads, restPath(list, 1), restPath(list, 2)))
	// The reads first, then the ceilings of the reads, then the writes:
	// recording the statements builds an app of this commit's, whose
	// start migrates the database (the count indexes), so that a -kiln of
	// another commit is measured before it; and the events the create
	// scenario adds to program 1 would change what a later read of it
	// returns.
	measure := func(sc scenario, first bool) (measured, error) {
		if sc.check != nil {
			if err := sc.check(k.base, token); err != nil {
				return measured{}, fmt.Errorf("%s, checked before measuring: %w", sc.name, err)
			}
		}
		var profile <-chan error
		if first && o.cpuProfile != "" {
			profile = cpuProfile(k.port, o.duration, sc.name, profileFile(o.cpuProfile, db))
		}
		kr, err := runLoad(o, k.base+sc.kiln, token, sc)
		if err != nil {
			return measured{}, err
		}
		if profile != nil {
			if err := <-profile; err != nil {
				return measured{}, fmt.Errorf("profiling: %w", err)
			}
		}
		r := measured{db: db, scenario: sc, kiln: kr}
		if sc.floor == "" { // GraphQL's: no floor of their own (BENCHMARKS.md)
			return r, nil
		}
		fr, err := runLoad(o, floorBase+sc.floor, token, sc)
		if err != nil {
			return measured{}, err
		}
		r.floor = fr
		if fr.rps > 0 {
			r.ratio = kr.rps / fr.rps
		}
		return r, nil
	}
	var reads, writes []measured
	for _, sc := range list {
		if !o.runs(sc.n) || sc.script != "" {
			continue
		}
		r, err := measure(sc, len(reads) == 0)
		if err != nil {
			return err
		}
		reads = append(reads, r)
	}
	if err := pairRounds(o, k.base, token, list); err != nil {
		return err
	}
	if len(reads) > 0 {
		if err := runCeilings(o, projectEnv(dataDir, dbURL), sdb, reads); err != nil {
			return err
		}
	}
	for _, sc := range list {
		if !o.runs(sc.n) || sc.script == "" {
			continue
		}
		r, err := measure(sc, len(reads)+len(writes) == 0)
		if err != nil {
			return err
		}
		writes = append(writes, r)
		if sc.twin == nil {
			printRow(r, "")
			continue
		}
		tw, err := measure(*sc.twin, false)
		if err != nil {
			return err
		}
		printGraphQLRow(r, &tw.kiln, "POST "+sc.twin.kiln, "")
	}
	if err := ownAppScenarios(o, db); err != nil {
		return err
	}
	fmt.Printf("   peak RSS of kiln serve: %.1f MiB; process start to first 200 on /_ready: %s\n", k.peakRSS(), k.started.Round(time.Millisecond))
	if o.compare.base != "" {
		kiln := server{name: "kiln", base: k.base, token: token, pid: k.cmd.Process.Pid}
		if err := compare(o, kiln, o.compare); err != nil {
			return fmt.Errorf("comparing with %s: %w", o.compare.base, err)
		}
	}
	fmt.Println()
	return nil
}

// ownAppScenarios runs the scenarios that have an app of their own: 7,
// components, 10, a populated media field, 13, GraphQL's zone-heavy page,
// and 8, media uploads.
func ownAppScenarios(o options, db string) error {
	if o.runs(7) {
		if err := runComponents(o, db); err != nil {
			return fmt.Errorf("scenario 7: %w", err)
		}
	}
	if o.runs(10) {
		if err := runMediaRead(o, db); err != nil {
			return fmt.Errorf("scenario 10: %w", err)
		}
	}
	if o.runs(13) {
		if err := runGraphQLPage(o, db); err != nil {
			return fmt.Errorf("scenario 13: %w", err)
		}
	}
	if o.runs(8) {
		if err := runMedia(o, db); err != nil {
			return fmt.Errorf("scenario 8: %w", err)
		}
	}
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

// lookup finds a program's documentId and a customer's name to ask for.
func lookup(base, token string) (string, string) {
	get := func(path string) map[string]any {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		var m map[string]any
		json.Unmarshal(b, &m)
		return m
	}
	first := func(m map[string]any, key string) string {
		list, _ := m["data"].([]any)
		if len(list) == 0 {
			return ""
		}
		return fmt.Sprint(list[0].(map[string]any)[key])
	}
	return first(get("/api/programs?pagination[pageSize]=1"), "documentId"), first(get("/api/customers?pagination[pageSize]=1"), "name")
}

// freshPostgres creates an empty database kiln_bench on the server and
// returns its URL.
func freshPostgres(base string) (string, error) { return freshPostgresNamed(base, "kiln_bench") }

// freshPostgresNamed creates an empty database of that name on the server
// and returns its URL.
func freshPostgresNamed(base, name string) (string, error) {
	admin, err := database.Open(context.Background(), base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+database.Ident(name)+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+database.Ident(name)); err != nil {
		return "", err
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// runCeilings records the statements of the read scenarios among rows,
// runs each as the database's ceiling and prints every row.
func runCeilings(o options, env []string, sdb *database.DB, rows []measured) error {
	var reads []request
	for _, r := range rows {
		if r.scenario.script == "" {
			reads = append(reads, r.scenario.request())
		}
	}
	recorded, answers, err := recordAnswers(env, o.password, "", reads)
	if err != nil {
		return fmt.Errorf("recording Kiln's statements: %w", err)
	}
	stmtsOf, answerOf := map[string][]statement{}, map[string][]byte{}
	for i, p := range reads {
		stmtsOf[p.key()], answerOf[p.key()] = recorded[i], answers[i]
		if o.printStatements {
			fmt.Printf("   statements of %s %s %s:\n", p.method, p.path, p.body)
			for _, s := range recorded[i] {
				fmt.Printf("      %s -- %v\n", s.text, s.args)
			}
		}
	}
	httpBase, stopHTTP, err := httpCeiling(sdb.SQL(), stmtsOf, answerOf)
	if err != nil {
		return err
	}
	defer stopHTTP()
	byNumber := map[int]*result{}
	for i := range rows {
		byNumber[rows[i].scenario.n] = &rows[i].kiln
	}
	for _, r := range rows {
		ceil := ""
		if stmts, ok := stmtsOf[r.scenario.request().key()]; ok {
			if r.ceiling, err = ceiling(sdb, stmts, o.connections, o.duration); err != nil {
				return fmt.Errorf("%s, the database alone: %w", r.scenario.name, err)
			}
			if r.ceiling.rps > 0 {
				r.share = r.kiln.rps / r.ceiling.rps
			}
			ceil = fmt.Sprintf(" | database %8.0f req/s (%d statements) p99 %-8s err %d | %3.0f%%", r.ceiling.rps, len(stmts), ms(r.ceiling.p99), r.ceiling.errs, 100*r.share)
			hr, err := runLoad(o, httpBase+r.scenario.kiln, "", r.scenario)
			if err != nil {
				return fmt.Errorf("%s, the database over bare HTTP: %w", r.scenario.name, err)
			}
			ceil += fmt.Sprintf(" | bare HTTP %8.0f req/s err %d | %3.0f%%", hr.rps, hr.errs, 100*r.kiln.rps/max(hr.rps, 1))
		}
		if r.scenario.rest > 0 {
			printGraphQLRow(r, byNumber[r.scenario.rest], fmt.Sprint(r.scenario.rest), ceil)
			continue
		}
		printRow(r, ceil)
	}
	return nil
}

// printRow prints one scenario's figures, with the ceiling's column.
func printRow(r measured, ceil string) {
	kr, fr := r.kiln, r.floor
	fmt.Printf("   %-28s kiln %8.0f req/s  p50 %-8s p99 %-8s max %-8s err %-4d | floor %8.0f req/s  p99 %-8s | %3.0f%%%s\n",
		r.scenario.name, kr.rps, ms(kr.p50), ms(kr.p99), ms(kr.max), kr.errs, fr.rps, ms(fr.p99), 100*r.ratio, ceil)
}
