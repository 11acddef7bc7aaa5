package coaching_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/plugins/coaching"
)

// now is the plugin's clock in the tests: Monday 2030-01-07, 00:00 UTC.
// Matching counts free time in the fortnight after it.
var now = time.Date(2030, 1, 7, 0, 0, 0, 0, time.UTC)

func newPlugin() *coaching.Plugin { return &coaching.Plugin{Now: func() time.Time { return now }} }

// people are the fixture's signed-in users, by token.
type people struct {
	ada, bob string // coaches 1 and 2
	li       string // learner 1
	plain    string // the authenticated role
}

// each runs fn on SQLite and PostgreSQL with the plugin and the fixture.
func each(t *testing.T, fn func(t *testing.T, h *apptest.Harness, p people)) {
	t.Helper()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) { fn(t, h, fixture(t, h)) }, newPlugin())
}

// fixture creates, through the API and in a fixed order (so ids match on
// both databases):
//
//	coach 1 Ada  Leadership, communication; de; Europe/Berlin;    max 4;  learner 2; Mondays 09-12
//	coach 2 Bob  negotiation; en;             America/New_York; max 2;  none;      weekdays 09-17,
//	             busy 2030-01-08 15:00-17:00Z (a cancelled event 2030-01-09 15:00-16:00Z holds nothing)
//	coach 3 Cy   leadership; en;              Europe/Berlin;    max 1;  learner 3 (full)
//	coach 4 Di   leadership; fr;              Europe/Paris;     max 5
//	coach 5 Ed   leadership; en;              Europe/Berlin;    max 5;  inactive
//	coach 6 Flo  leadership, communication, negotiation; en; Asia/Dubai; max 10
//	learner 1 Li goals leadership, communication, negotiation; en, de; Europe/Berlin; no coach
//	learner 2 Mo (Ada's), learner 3 Ne (Cy's), learner 4 Oz (no goals, languages or zone)
//	customer 1; program 1 "Leadership" coached by Ada and Bob; program 2 "Sales"
//	users: ada and bob (coach role, linked), li (learner role, linked to Li), plain
func fixture(t testing.TB, h *apptest.Harness) people {
	t.Helper()
	type coach struct {
		name, zone string
		expertise  []string
		languages  []string
		max        int
		active     bool
	}
	for i, c := range []coach{
		{"Ada", "Europe/Berlin", []string{"Leadership", "communication"}, []string{"de"}, 4, true},
		{"Bob", "America/New_York", []string{"negotiation"}, []string{"en"}, 2, true},
		{"Cy", "Europe/Berlin", []string{"leadership"}, []string{"en"}, 1, true},
		{"Di", "Europe/Paris", []string{"leadership"}, []string{"fr"}, 5, true},
		{"Ed", "Europe/Berlin", []string{"leadership"}, []string{"en"}, 5, false},
		{"Flo", "Asia/Dubai", []string{"leadership", "communication", "negotiation"}, []string{"en"}, 10, true},
	} {
		h.Create("/api/coaches", map[string]any{"name": c.name, "email": fmt.Sprintf("coach%d@coach.test", i+1), "timezone": c.zone,
			"expertise": c.expertise, "languages": c.languages, "maxLearners": c.max, "active": c.active})
	}
	h.Create("/api/customers", map[string]any{"name": "Acme"})
	h.Create("/api/programs", map[string]any{"title": "Leadership", "customer": 1, "coaches": []int{1, 2}})
	h.Create("/api/programs", map[string]any{"title": "Sales", "customer": 1})
	h.Create("/api/learners", map[string]any{"name": "Li", "email": "li@learner.test", "customer": 1, "timezone": "Europe/Berlin",
		"goals": []string{"leadership", "communication", "negotiation"}, "languages": []string{"en", "de"}})
	h.Create("/api/learners", map[string]any{"name": "Mo", "email": "mo@learner.test", "customer": 1, "coach": 1, "languages": []string{"de"}})
	h.Create("/api/learners", map[string]any{"name": "Ne", "email": "ne@learner.test", "customer": 1, "coach": 3})
	h.Create("/api/learners", map[string]any{"name": "Oz", "email": "oz@learner.test"})
	h.Create("/api/availabilities", map[string]any{"coach": 1, "weekday": 1, "startTime": "09:00", "endTime": "12:00"})
	for day := 1; day <= 5; day++ {
		h.Create("/api/availabilities", map[string]any{"coach": 2, "weekday": day, "startTime": "09:00:00", "endTime": "17:00:00"})
	}
	h.Create("/api/events", map[string]any{"title": "Bob busy", "coach": 2, "startAt": "2030-01-08T15:00:00Z", "endAt": "2030-01-08T17:00:00Z"})
	h.Create("/api/events", map[string]any{"title": "Bob cancelled", "coach": 2, "status": "cancelled",
		"startAt": "2030-01-09T15:00:00Z", "endAt": "2030-01-09T16:00:00Z"})
	p := people{
		ada:   h.CreateUser("ada", "ada@users.test", "coach"),
		bob:   h.CreateUser("bob", "bob@users.test", "coach"),
		li:    h.CreateUser("lina", "li@users.test", "learner"),
		plain: h.CreateUser("plain", "plain@users.test", "authenticated"),
	}
	// Users 2..5 in creation order (user 1 is the harness's admin).
	for path, user := range map[string]int{"/api/coaches/1": 2, "/api/coaches/2": 3, "/api/learners/1": 4} {
		if r := h.Do("PUT", path, map[string]any{"data": map[string]any{"user": user}}); r.Status != 200 {
			t.Fatalf("linking %s: %d %s", path, r.Status, r.Body)
		}
	}
	return p
}

// data decodes a success envelope's data.
func data(t *testing.T, r *apptest.Response) any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.JSON(t)["data"]
}

// list decodes a success envelope whose data is a list of objects.
func list(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	raw, ok := data(t, r).([]any)
	if !ok {
		t.Fatalf("data is not a list: %s", r.Body)
	}
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i] = v.(map[string]any)
	}
	return out
}

// num reads a JSON number.
func num(t *testing.T, v any) float64 {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("not a number: %v", v)
	}
	f, _ := n.Float64()
	return f
}

// wantError checks an error answer's status, name and, when given, the
// path of its first field error or the key its details name.
func wantError(t *testing.T, h *apptest.Harness, what string, r *apptest.Response, status int, name, field string) map[string]any {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, r.Status, status, r.Body)
	}
	st, n, _, d := h.ErrorOf(r)
	if st != status || n != name {
		t.Fatalf("%s: error %d %s, want %d %s: %s", what, st, n, status, name, r.Body)
	}
	if field != "" && fieldOf(d) != field {
		t.Fatalf("%s: error names %q, want %q: %s", what, fieldOf(d), field, r.Body)
	}
	return d
}

// fieldOf is what an error's details point at: the first field error's
// path (dotted) or the query key.
func fieldOf(d map[string]any) string {
	if list, ok := d["errors"].([]any); ok && len(list) > 0 {
		path := ""
		for i, p := range list[0].(map[string]any)["path"].([]any) {
			if i > 0 {
				path += "."
			}
			path += fmt.Sprint(p)
		}
		return path
	}
	return fmt.Sprint(d["key"])
}

// jsonInt is an integer as a decoded response holds it.
func jsonInt(n int64) json.Number { return json.Number(strconv.FormatInt(n, 10)) }

func itoa(n int) string { return strconv.Itoa(n) }
