package scheduling_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/plugins/scheduling"
)

// now is the clock the tests give the plugin: DTSTAMP, syncedAt,
// respondedAt and the feed's window read it. Events are set after it.
var now = time.Date(2030, 1, 1, 8, 0, 0, 0, time.UTC)

func newPlugin() *scheduling.Plugin { return &scheduling.Plugin{Now: func() time.Time { return now }} }

// each runs fn on SQLite and PostgreSQL with the plugin (and any extra
// plugins) and the fixture loaded.
func each(t *testing.T, fn func(t *testing.T, h *apptest.Harness, p people), extra ...plugin.Plugin) {
	t.Helper()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) { fn(t, h, fixture(t, h)) }, append([]plugin.Plugin{newPlugin()}, extra...)...)
}

// people are the fixture's signed-in users, by token.
type people struct {
	ada, bob string // coaches 1 and 2
	li, mo   string // learners 1 and 2
	plain    string // a user with the authenticated role
}

// fixture creates, through the API and in a fixed order (so ids match on
// both databases):
//
//	customer 1; programs 1 Leadership and 2 Sales
//	coaches 1 Ada (user 2, "ada") and 2 Bob (user 3, "bob")
//	learners 1 Li (coach 1, user 4), 2 Mo (coach 1, user 5), 3 Ne (coach 2, no user)
//	enrollments in program 1: Li active, Mo active, Ne invited; in program 2: Ne active
//	user 6 "plain" with the authenticated role
func fixture(t *testing.T, h *apptest.Harness) people {
	t.Helper()
	post(t, h, "/api/customers", map[string]any{"name": "Acme"})
	post(t, h, "/api/programs", map[string]any{"title": "Leadership", "customer": 1})
	post(t, h, "/api/programs", map[string]any{"title": "Sales", "customer": 1})
	post(t, h, "/api/coaches", map[string]any{"name": "Ada Lovelace", "email": "ada@coach.test", "timezone": "Europe/Berlin"})
	post(t, h, "/api/coaches", map[string]any{"name": "Bob", "email": "bob@coach.test"})
	post(t, h, "/api/learners", map[string]any{"name": "Li, Wei", "email": "li@learner.test", "customer": 1, "coach": 1})
	post(t, h, "/api/learners", map[string]any{"name": "Mo", "email": "mo@learner.test", "customer": 1, "coach": 1})
	post(t, h, "/api/learners", map[string]any{"name": "Ne", "email": "ne@learner.test", "customer": 1, "coach": 2})
	post(t, h, "/api/enrollments", map[string]any{"learner": 1, "program": 1, "status": "active"})
	post(t, h, "/api/enrollments", map[string]any{"learner": 2, "program": 1, "status": "active"})
	post(t, h, "/api/enrollments", map[string]any{"learner": 3, "program": 1, "status": "invited"})
	post(t, h, "/api/enrollments", map[string]any{"learner": 3, "program": 2, "status": "active"})
	p := people{
		ada:   h.CreateUser("ada", "ada@users.test", "coach"),
		bob:   h.CreateUser("bob", "bob@users.test", "coach"),
		li:    h.CreateUser("lina", "li@users.test", "learner"),
		mo:    h.CreateUser("moritz", "mo@users.test", "learner"),
		plain: h.CreateUser("plain", "plain@users.test", "authenticated"),
	}
	for path, user := range map[string]int{"/api/coaches/1": 2, "/api/coaches/2": 3, "/api/learners/1": 4, "/api/learners/2": 5} {
		if r := h.Do("PUT", path, map[string]any{"data": map[string]any{"user": user}}); r.Status != 200 {
			t.Fatalf("linking %s: %d %s", path, r.Status, r.Body)
		}
	}
	return p
}

// at is a time on the fixture's day, 2030-01-10, as the API writes it.
func at(hhmm string) string { return "2030-01-10T" + hhmm + ":00.000Z" }

// event creates an event as the admin and returns its id.
func event(t *testing.T, h *apptest.Harness, data map[string]any) int64 {
	t.Helper()
	return post(t, h, "/api/events", data)
}

// post creates an entry as the admin and returns its id.
func post(t *testing.T, h *apptest.Harness, path string, data map[string]any) int64 {
	t.Helper()
	r := h.Do("POST", path, map[string]any{"data": data})
	if r.Status != 201 {
		t.Fatalf("POST %s %v: %d %s", path, data, r.Status, r.Body)
	}
	return idOf(t, r.JSON(t)["data"])
}

func idOf(t *testing.T, v any) int64 {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("not an entry: %v", v)
	}
	n, err := m["id"].(json.Number).Int64()
	if err != nil {
		t.Fatalf("entry id: %v", m["id"])
	}
	return n
}

// as returns the header pair that sends a token (or none for anonymous).
func as(token string) []string {
	if token == "" {
		return []string{"Authorization", apptest.Anonymous}
	}
	return []string{"Authorization", "Bearer " + token}
}

// errorOf returns the error envelope's status, name, message and details.
func errorOf(t *testing.T, r *apptest.Response) (int, string, string, map[string]any) {
	t.Helper()
	m := r.JSON(t)
	if m["data"] != nil {
		t.Fatalf("error envelope with data: %s", r.Body)
	}
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error object: %s", r.Body)
	}
	st, _ := e["status"].(json.Number).Int64()
	d, _ := e["details"].(map[string]any)
	return int(st), fmt.Sprint(e["name"]), fmt.Sprint(e["message"]), d
}

// ids returns the ids of a list answer, in order.
func ids(t *testing.T, r *apptest.Response) []int64 {
	t.Helper()
	list, ok := r.JSON(t)["data"].([]any)
	if !ok {
		t.Fatalf("data is not a list: %s", r.Body)
	}
	out := []int64{}
	for _, e := range list {
		out = append(out, idOf(t, e))
	}
	return out
}

// sql runs a statement on the app's database, for what the API cannot do
// (fixing timestamps and documentIds for a golden file).
func sql(t *testing.T, h *apptest.Harness, query string, args ...any) {
	t.Helper()
	d := h.App.DB.Dialect
	for i, a := range args {
		switch x := a.(type) {
		case time.Time:
			args[i] = store.Encode(d, schema.DateTime, x)
		case bool:
			args[i] = store.Encode(d, schema.Boolean, x)
		}
	}
	if _, err := h.App.DB.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// count runs a SELECT COUNT(*) ... and returns the number.
func count(t *testing.T, h *apptest.Harness, query string, args ...any) int {
	t.Helper()
	var n int
	if err := h.App.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// attendance returns the event's attendance as learner id -> status.
func attendance(t *testing.T, h *apptest.Harness, eventID int64) map[int64]string {
	t.Helper()
	rows, err := h.App.DB.QueryContext(context.Background(),
		"SELECT learner_id, status FROM attendances WHERE event_id = ? ORDER BY id", eventID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var l int64
		var st string
		if err := rows.Scan(&l, &st); err != nil {
			t.Fatal(err)
		}
		if _, dup := out[l]; dup {
			t.Errorf("event %d: two attendance rows for learner %d", eventID, l)
		}
		out[l] = st
	}
	return out
}

// linked returns the event's learners (the join rows), sorted.
func linked(t *testing.T, h *apptest.Harness, eventID int64) []int64 {
	t.Helper()
	a := h.App.Schema.Type("event").Attr("learners")
	rows, err := h.App.DB.QueryContext(context.Background(),
		"SELECT "+database.Ident(a.JoinTarget)+" FROM "+database.Ident(a.JoinTable)+" WHERE "+database.Ident(a.JoinSelf)+" = ?", eventID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var l int64
		if err := rows.Scan(&l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
