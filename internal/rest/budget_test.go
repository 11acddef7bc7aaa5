package rest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// cyclic is a populate that goes back and forth between programs and
// their sessions: few distinct rows, an answer that multiplies them.
const cyclic = "populate[sessions][populate][program][populate][sessions][populate][program][populate][sessions][fields][0]=title"

// TestAnswerBudget: a read whose answer would hold more entries than
// maxAnswerRows — populated entries counted each time they appear, so a
// cyclic populate counts like any other — is a 400 that names the limit,
// on lists and on one entry; within the limit the same shapes answer.
func TestAnswerBudget(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.API.MaxAnswerRows = 2000
			h := apptest.NewWith(t, cfg)
			loadSmall(t, h) // 12 programs of 9 sessions each
			for _, tc := range []struct {
				path   string
				status int
			}{
				// 12 + 108 + 108 + 972 + 972 + 8,748 entries.
				{"/api/programs?" + cyclic, 400},
				// One program: 1 + 9 + 9 + 81 + 81 + 729 = 910.
				{"/api/programs/1?" + cyclic, 200},
				{"/api/programs?pagination[pageSize]=2&" + cyclic, 200}, // 1,820
				{"/api/programs?pagination[pageSize]=3&" + cyclic, 400}, // 2,730
				{"/api/programs?populate[sessions][populate][program][count]=true", 200},
			} {
				r := h.Do("GET", tc.path, nil)
				if r.Status != tc.status {
					t.Errorf("%s: %d, want %d: %.300s", tc.path, r.Status, tc.status, r.Body)
					continue
				}
				if tc.status != 400 {
					continue
				}
				_, name, msg, details := h.ErrorOf(r)
				if name != "ValidationError" || !strings.HasPrefix(msg, "The answer would hold more than 2000 entries") ||
					details["setting"] != "maxAnswerRows" {
					t.Errorf("%s: %s %q %v", tc.path, name, msg, details)
				}
			}
		})
	}
}

// TestAnswerBytes: an answer larger than maxAnswerBytes is refused with a
// 400 naming the limit, not sent; smaller ones go out whole.
func TestAnswerBytes(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	cfg.API.MaxAnswerBytes = 4096
	h := apptest.NewWith(t, cfg)
	loadSmall(t, h)
	r := h.Do("GET", "/api/sessions?pagination[pageSize]=100", nil)
	_, name, msg, details := h.ErrorOf(r)
	if r.Status != 400 || name != "ValidationError" || msg != "The answer would be larger than 4096 bytes: ask for fewer entries with pagination, fields or a narrower populate" ||
		details["setting"] != "maxAnswerBytes" {
		t.Errorf("large answer: %d %s %q %v", r.Status, name, msg, details)
	}
	if r := h.Do("GET", "/api/sessions?pagination[pageSize]=2&fields[0]=title", nil); r.Status != 200 || len(r.Body) > 4096 {
		t.Errorf("small answer: %d, %d bytes", r.Status, len(r.Body))
	}
}

// TestWriteAnswerIsPartOfTheWrite: the read-back of a create or update
// runs inside the write's transaction, so when it fails (here: the answer
// would pass the row budget) nothing is written, and the client that sees
// an error may safely retry; before, the write committed and the client
// saw an error anyway. The populate's estimate (1 + 1 coach) is within the
// budget of 2, so the write runs; its answer (1 + 2 coaches) is not.
func TestWriteAnswerIsPartOfTheWrite(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.Config(t, d)
			cfg.API.MaxAnswerRows = 2
			h := apptest.NewWith(t, cfg)
			var coaches []int64
			for i := range 2 {
				coaches = append(coaches, h.Create("/api/coaches", map[string]any{"name": "C", "email": fmt.Sprintf("c%d@kiln.test", i)}))
			}
			count := func() int {
				return len(h.IDs(h.Do("GET", "/api/programs", nil)))
			}
			r := h.Do("POST", "/api/programs?populate=coaches", map[string]any{"data": map[string]any{"title": "P", "coaches": coaches}})
			if _, name, _, d := h.ErrorOf(r); r.Status != 400 || name != "ValidationError" || d["estimate"] != nil {
				t.Fatalf("create: %d %s", r.Status, r.Body)
			}
			if n := count(); n != 0 {
				t.Errorf("a create answered 400 left %d programs", n)
			}
			id := h.Create("/api/programs", map[string]any{"title": "P", "coaches": coaches})
			r = h.Do("PUT", "/api/programs/"+itoa(id)+"?populate=coaches", map[string]any{"data": map[string]any{"title": "Q"}})
			if _, _, _, d := h.ErrorOf(r); r.Status != 400 || d["estimate"] != nil {
				t.Fatalf("update: %d %s", r.Status, r.Body)
			}
			got := h.Do("GET", "/api/programs/"+itoa(id), nil).JSON(t)["data"].(map[string]any)["title"]
			if got != "P" {
				t.Errorf("an update answered 400 changed the title to %v", got)
			}
		})
	}
}
