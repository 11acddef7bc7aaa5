package rest_test

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
)

// chunkScale is enough programs (and blueprints, a draft & publish type)
// for four chunks of 25, sharing few customers across chunks.
var chunkScale = dataset.Scale{Name: "chunks", Customers: 5, Categories: 8, Blueprints: 110, Programs: 110, ModulesPer: 2,
	SessionsPer: 2, Coaches: 6, AvailabilityPer: 1, Learners: 20, EnrollmentsPer: 1, EventsPer: 2, EventSize: 1, CoachedShare: 0.5}

var chunkPageSizes = []int{1, 24, 25, 26, 50, 99, 100}

// chunkShapes are populate shapes of every kind: nested, *, count,
// filtered/sorted inside populate, fields, drafts, v1, a top-level draft &
// publish type.
var chunkShapes = []string{
	"/api/programs?populate[modules][populate][sessions]=*&populate=customer",
	"/api/v1/programs?populate[modules][populate][sessions]=*&populate=customer",
	"/api/programs?populate=*&sort=title:desc",
	"/api/programs?populate[sessions][count]=true&populate[coaches][count]=true&populate[customer][count]=true",
	"/api/v1/programs?populate[modules][count]=true&populate=coaches",
	"/api/programs?populate[modules][filters][title][$contains]=1&populate[modules][sort]=title:desc" +
		"&populate[modules][populate][sessions][fields][0]=title&populate[coaches][fields][0]=name&populate[coaches][sort]=name:desc",
	"/api/programs?fields[0]=title&populate[customer][fields][0]=name&populate[customer][populate][programs][fields][0]=title",
	"/api/programs?status=draft&populate[blueprint][populate]=programs&populate=customer",
	"/api/blueprints?status=draft&populate[programs][populate]=customer",
	"/api/blueprints?populate[programs][populate][modules][count]=true",
	"/api/programs?pagination[withCount]=false&populate=customer,coaches",
}

func newChunkWorld(t *testing.T, d database.Dialect, rows, bytes int) *apptest.Harness {
	t.Helper()
	cfg := apptest.Config(t, d)
	cfg.API.MaxAnswerRows, cfg.API.MaxAnswerBytes = rows, bytes
	h := apptest.NewWith(t, cfg)
	set := dataset.Generate(chunkScale, visSeed)
	if err := dataset.Load(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
	return h
}

// wholeAndChunked answers path with the page populated whole and in
// chunks of 25, and the statements each ran past signing in (measured on
// a request refused after the guard, as TestReadStatements does).
func wholeAndChunked(h *apptest.Harness, path string) (whole, chunked *apptest.Response, nWhole, nChunked int64) {
	// The least of three: the app's background work (the outbox worker)
	// can add a statement to one, and an inflated base would make the
	// request's own count look smaller than it is.
	base := int64(1 << 30)
	for range 3 {
		c := h.CountQueries()
		if r := h.Do("GET", "/api/blueprints?sort=nosuchfield", nil); r.Status != 400 {
			h.T.Fatalf("refused request: %d %s", r.Status, r.Body)
		}
		base = min(base, c.N())
	}
	defer rest.SetListChunk(0)()
	c := h.CountQueries()
	whole = h.Do("GET", path, nil)
	nWhole = c.N() - base
	rest.SetListChunk(25)
	c = h.CountQueries()
	chunked = h.Do("GET", path, nil)
	return whole, chunked, nWhole, c.N() - base
}

func sameChunked(t *testing.T, path string, whole, chunked *apptest.Response) {
	t.Helper()
	if whole.Status != chunked.Status || string(whole.Body) != string(chunked.Body) {
		t.Errorf("GET %s: chunked %d (%d bytes), whole %d (%d bytes)\nchunked %.300s\nwhole   %.300s", path,
			chunked.Status, len(chunked.Body), whole.Status, len(whole.Body), chunked.Body, whole.Body)
	}
	if e1, e2 := whole.Header.Get("ETag"), chunked.Header.Get("ETag"); e1 != e2 {
		t.Errorf("GET %s: ETag %q chunked, %q whole", path, e2, e1)
	}
}

// TestChunkedListIsTheWholeList: a list populated and encoded 25 entries
// at a time answers byte for byte what the whole page populated at once
// answers, with the same ETag, for every page size around the chunk's and
// every populate shape; the populate statements run once per chunk.
func TestChunkedListIsTheWholeList(t *testing.T) { // not parallel: it sets the chunk size of every app
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := newChunkWorld(t, d, 0, 0)
			for _, shape := range chunkShapes {
				for _, ps := range chunkPageSizes {
					path := shape + "&pagination[pageSize]=" + strconv.Itoa(ps)
					whole, chunked, nw, nc := wholeAndChunked(h, path)
					if whole.Status != 200 {
						t.Errorf("GET %s: %d %.300s", path, whole.Status, whole.Body)
						continue
					}
					if n := len(h.IDs(whole)); n != ps && n != 95 { // 95 published blueprints
						t.Errorf("GET %s: %d entries, want %d", path, n, ps)
					}
					sameChunked(t, path, whole, chunked)
					// The app's background work (the outbox worker) can add a
					// statement to a count: the least of three tries is the
					// request's.
					chunks := int64((ps + 24) / 25)
					for try := 0; try < 2 && nc-1 != chunks*(nw-1); try++ {
						_, _, nw2, nc2 := wholeAndChunked(h, path)
						nw, nc = min(nw, nw2), min(nc, nc2)
					}
					if nc-1 != chunks*(nw-1) {
						t.Errorf("GET %s: %d statements chunked, want 1 + %d chunks × %d", path, nc, chunks, nw-1)
					}
				}
			}
			// The nested populate runs 3 statements per chunk.
			for ps, want := range map[int]int64{25: 4, 26: 7, 100: 13} {
				path := chunkShapes[0] + "&pagination[pageSize]=" + strconv.Itoa(ps)
				n := int64(1 << 30)
				for try := 0; try < 3 && n != want; try++ {
					_, _, _, nc := wholeAndChunked(h, path)
					n = min(n, nc)
				}
				if n != want {
					t.Errorf("GET %s: %d statements, want %d", path, n, want)
				}
			}
			// The second page, and offset pagination, chunk from their start.
			for _, path := range []string{chunkShapes[0] + "&pagination[page]=2&pagination[pageSize]=60",
				chunkShapes[2] + "&pagination[start]=7&pagination[limit]=80"} {
				whole, chunked, _, _ := wholeAndChunked(h, path)
				sameChunked(t, path, whole, chunked)
			}
		})
	}
}

// TestChunkedListLimits: the row budget and maxAnswerBytes count the
// whole answer across chunks: a page is refused with the same 400 (the
// row budget's when both are passed) at the same page size as whole —
// also when the entries read are far fewer than the answer repeats
// (customers shared by the programs of every chunk).
func TestChunkedListLimits(t *testing.T) {
	shared := "/api/programs?populate[customer][populate][programs][fields][0]=title"
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			// Encoding stops early (at the first 1 KiB past the limit), so
			// that a refusal for bytes comes while chunks are left to read.
			defer rest.SetSpillAt(1024)()
			for _, lim := range []struct {
				rows, bytes int
				path        string
				settings    string // those the 400s name
			}{
				{300, 0, chunkShapes[0], "maxAnswerRows"},
				{0, 40 << 10, chunkShapes[0], "maxAnswerBytes"},
				{300, 20 << 10, chunkShapes[0], "maxAnswerBytes maxAnswerRows"},
				{1000, 0, shared, "maxAnswerRows"},
			} {
				h := newChunkWorld(t, d, lim.rows, lim.bytes)
				statuses, settings := map[int]int{}, map[string]bool{}
				for _, ps := range chunkPageSizes {
					path := lim.path + "&pagination[pageSize]=" + strconv.Itoa(ps)
					whole, chunked, _, _ := wholeAndChunked(h, path)
					sameChunked(t, path, whole, chunked)
					statuses[whole.Status]++
					if whole.Status != 400 {
						continue
					}
					_, name, _, details := h.ErrorOf(chunked)
					if name != "ValidationError" {
						t.Errorf("GET %s: %s", path, chunked.Body)
					}
					settings[fmt.Sprint(details["setting"])] = true
				}
				var seen []string
				for k := range settings {
					seen = append(seen, k)
				}
				sort.Strings(seen)
				if statuses[200] == 0 || statuses[400] == 0 || strings.Join(seen, " ") != lim.settings {
					t.Errorf("limits %d rows, %d bytes: statuses %v, 400s for %v, want both statuses, 400s for %s",
						lim.rows, lim.bytes, statuses, seen, lim.settings)
				}
			}
		})
	}
}
