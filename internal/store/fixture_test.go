package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store"
)

var (
	schemaOnce sync.Once
	theSchema  *schema.Schema
	schemaErr  error
)

// loadSchema is the project's content types, loaded once: the schema is
// data that no test changes.
func loadSchema(t testing.TB) *schema.Schema {
	t.Helper()
	schemaOnce.Do(func() { theSchema, schemaErr = schema.LoadDir("../../content-types") })
	if schemaErr != nil {
		t.Fatal(schemaErr)
	}
	return theSchema
}

// createAll builds every table on an empty database.
func createAll(t testing.TB, db *database.DB, s *schema.Schema) {
	t.Helper()
	for _, stmt := range migrate.CreateStatements(db.Dialect, s) {
		if _, err := db.ExecContext(context.Background(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

// queryCounter counts the statements a database runs and keeps their SQL.
type queryCounter struct {
	mu  sync.Mutex
	on  bool
	sql []string
}

// record keeps a statement the database ran (DB.Observe), its values
// after it: "SELECT … WHERE t0."id" = ? -- [7]".
func (q *queryCounter) record(query string, args []any) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.on {
		if len(args) > 0 {
			query += fmt.Sprintf(" -- %v", args)
		}
		q.sql = append(q.sql, query)
	}
}

// start resets the counter and starts counting.
func (q *queryCounter) start() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.on, q.sql = true, nil
}

func (q *queryCounter) n() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.sql)
}

// fixture is a database holding the fixed data set below, with the
// documentIds the inserts gave, by type and id.
type fixture struct {
	t    *testing.T
	s    *schema.Schema
	db   *database.DB
	st   *store.Store
	docs map[string][]string
	// rows are the ids Insert answered on draft & publish types.
	rows    map[string][]int64
	counter *queryCounter
}

var ctx = context.Background()

// at is a canonical datetime value.
func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func raw(s string) json.RawMessage { return json.RawMessage(s) }

// rels is relation sets by field name.
type rels map[string][]int64

// vals is scalar values by field name.
type vals map[string]any

// newFixture creates the tables and inserts the data set through
// Store.Insert, asserting each gets the next id. Ids are what the tests
// assert on, so the order of the inserts below is part of the data set.
func newFixture(t *testing.T, db *database.DB) *fixture {
	t.Helper()
	s := loadSchema(t)
	createAll(t, db, s)
	f := &fixture{t: t, s: s, db: db, st: &store.Store{DB: db}, docs: map[string][]string{}, counter: &queryCounter{}}
	db.Observe(f.counter.record)

	// Customers: mixed case, LIKE and GLOB metacharacters, NULLs.
	f.add("customer", vals{"name": "Acme Corp", "industry": "Manufacturing", "contactEmail": "ops@acme.test", "active": true}, nil)
	f.add("customer", vals{"name": "acme labs", "industry": "Research", "active": false}, nil)
	f.add("customer", vals{"name": "Initech 50% Off", "active": true}, nil)
	f.add("customer", vals{"name": "Under_Score Ltd", "industry": "Retail", "active": true}, nil)
	f.add("customer", vals{"name": `Back\slash Inc`, "industry": "Retail"}, nil)
	f.add("customer", vals{"name": "Star*Power [Intl]?", "industry": "Energy", "active": false}, nil)

	f.add("coach", vals{"name": "Ada", "email": "ada@c.test", "rating": 4.5, "active": true, "maxLearners": int64(10), "expertise": raw(`["leadership"]`)}, nil)
	f.add("coach", vals{"name": "Bo", "email": "bo@c.test", "rating": 3.0, "active": false, "maxLearners": int64(5)}, nil)
	f.add("coach", vals{"name": "Cy", "email": "cy@c.test", "active": true, "maxLearners": int64(8), "expertise": raw(`[]`)}, nil)

	// A category tree: Root > Leadership > Coaching, Root > Sales.
	f.add("category", vals{"name": "Root", "slug": "root"}, nil)
	f.add("category", vals{"name": "Leadership", "slug": "leadership"}, rels{"parent": {1}})
	f.add("category", vals{"name": "Sales", "slug": "sales"}, rels{"parent": {1}})
	f.add("category", vals{"name": "Coaching", "slug": "coaching"}, rels{"parent": {2}})

	// Blueprints (draft & publish, two rows per published document): Lead
	// 101 is rows 1 (draft) and 2 (published), Lead 201 the draft 3, Sales
	// Playbook rows 4 and 5, Coach Kit the draft 6. Links point at the
	// published row of a published document.
	f.addStatus("blueprint", true, vals{"title": "Lead 101", "level": "beginner", "durationWeeks": int64(6)}, rels{"category": {2}})
	f.addStatus("blueprint", false, vals{"title": "Lead 201", "level": "advanced", "durationWeeks": int64(8)}, rels{"category": {2}})
	f.addStatus("blueprint", true, vals{"title": "Sales Playbook", "level": "intermediate", "durationWeeks": int64(4)}, rels{"category": {3}})
	f.addStatus("blueprint", false, vals{"title": "Coach Kit"}, rels{"category": {4}})

	f.add("program", vals{"title": "Leadership Basics", "slug": "leadership-basics", "description": "<p>Lead well</p>", "status": "published",
		"startDate": "2026-01-10", "endDate": "2026-03-01", "capacity": int64(20)}, rels{"customer": {1}, "blueprint": {2}, "coaches": {1, 2}})
	f.add("program", vals{"title": "Advanced Leadership", "status": "published", "startDate": "2026-02-01", "capacity": int64(10)},
		rels{"customer": {1}, "blueprint": {3}, "coaches": {1}})
	f.add("program", vals{"title": "Sales Sprint", "status": "draft"}, rels{"customer": {2}})
	f.add("program", vals{"title": "Onboarding 101", "status": "archived", "startDate": "2025-11-15", "endDate": "2025-12-20", "capacity": int64(50)},
		rels{"customer": {3}})
	f.add("program", vals{"title": "Data Literacy", "status": "draft", "startDate": "2026-01-10", "capacity": int64(20)}, nil)
	f.add("program", vals{"title": "Coaching Circle", "status": "published", "startDate": "2026-04-01", "capacity": int64(5)},
		rels{"customer": {4}, "coaches": {3}})

	f.add("module", vals{"title": "Intro", "order": int64(1)}, rels{"program": {1}})
	f.add("module", vals{"title": "Deep Dive", "order": int64(2)}, rels{"program": {1}})
	f.add("module", vals{"title": "Kickoff", "order": int64(1)}, rels{"program": {2}})
	f.add("module", vals{"title": "Pipeline", "order": int64(1)}, rels{"program": {3}})
	f.add("module", vals{"title": "Orphan"}, nil)

	f.add("session", vals{"title": "Welcome", "kind": "coaching", "durationMinutes": int64(30), "order": int64(1)}, rels{"module": {1}, "program": {1}})
	f.add("session", vals{"title": "Vision", "kind": "workshop", "durationMinutes": int64(90), "order": int64(2)}, rels{"module": {1}, "program": {1}})
	f.add("session", vals{"title": "Feedback", "kind": "coaching", "durationMinutes": int64(45), "order": int64(1)}, rels{"module": {2}, "program": {1}})
	f.add("session", vals{"title": "Kickoff Call", "kind": "workshop", "durationMinutes": int64(60), "order": int64(1)}, rels{"module": {3}, "program": {2}})
	f.add("session", vals{"title": "Cold Calls", "kind": "selfPaced", "durationMinutes": int64(120), "order": int64(1)}, rels{"module": {4}, "program": {3}})
	f.add("session", vals{"title": "Loose"}, nil)

	f.add("learner", vals{"name": "Lena", "email": "lena@l.test"}, rels{"customer": {1}, "coach": {1}})
	f.add("learner", vals{"name": "Max", "email": "max@l.test"}, rels{"customer": {1}, "coach": {1}})
	f.add("learner", vals{"name": "Noa", "email": "noa@l.test"}, rels{"customer": {2}, "coach": {2}})
	f.add("learner", vals{"name": "Omar", "email": "omar@l.test"}, nil)

	f.add("event", vals{"title": "Kickoff", "startAt": at("2026-01-10T09:00:00Z"), "endAt": at("2026-01-10T10:00:00Z"), "kind": "workshop"},
		rels{"coach": {1}, "program": {1}, "session": {1}, "learners": {1, 2, 3}})
	f.add("event", vals{"title": "1:1 Lena", "startAt": at("2026-01-12T14:30:00Z"), "endAt": at("2026-01-12T15:00:00Z"), "kind": "coaching"},
		rels{"coach": {1}, "program": {1}, "learners": {1}})
	f.add("event", vals{"title": "Webinar", "startAt": at("2026-02-01T18:00:00Z"), "endAt": at("2026-02-01T19:00:00Z"), "kind": "webinar"},
		rels{"coach": {2}, "program": {2}})
	f.add("event", vals{"title": "Retro", "startAt": at("2026-03-01T16:00:00.5Z"), "endAt": at("2026-03-01T17:00:00Z"), "kind": "other"},
		rels{"learners": {2, 3}})

	f.add("availability", vals{"weekday": int64(1), "startTime": "09:00:00", "endTime": "12:00:00"}, rels{"coach": {1}})
	f.add("availability", vals{"weekday": int64(3), "startTime": "13:30:00", "endTime": "17:00:00"}, rels{"coach": {1}})
	f.add("availability", vals{"weekday": int64(1), "startTime": "08:00:00", "endTime": "10:00:00"}, rels{"coach": {2}})
	return f
}

func (f *fixture) ty(name string) *schema.ContentType {
	ct := f.s.Type(name)
	if ct == nil {
		f.t.Fatalf("no type %q", name)
	}
	return ct
}

func (f *fixture) add(typ string, v vals, r rels) int64 { return f.addStatus(typ, true, v, r) }

// addStatus inserts one entry and checks it got the next id.
func (f *fixture) addStatus(typ string, published bool, v vals, r rels) int64 {
	f.t.Helper()
	ct := f.ty(typ)
	e, err := f.st.Insert(ctx, f.db, ct, data(ct, v, r), published)
	if err != nil {
		f.t.Fatalf("inserting %s %v: %v", typ, v, err)
	}
	if ct.DraftAndPublish { // the rows of a document: see the blueprints above
		for _, id := range f.rows[typ] {
			if id == e.ID {
				f.t.Fatalf("inserted %s got id %d twice", typ, e.ID)
			}
		}
		if f.rows == nil {
			f.rows = map[string][]int64{}
		}
		last := int64(0)
		if n := len(f.rows[typ]); n > 0 {
			last = f.rows[typ][n-1]
		}
		want := last + 1
		if published {
			want++
		}
		if e.ID != want {
			f.t.Fatalf("inserted %s got id %d, want %d", typ, e.ID, want)
		}
		f.rows[typ] = append(f.rows[typ], e.ID)
		for id := last + 1; id <= e.ID; id++ {
			f.docs[typ] = append(f.docs[typ], e.DocumentID)
		}
		return e.ID
	}
	f.docs[typ] = append(f.docs[typ], e.DocumentID)
	if want := int64(len(f.docs[typ])); e.ID != want {
		f.t.Fatalf("inserted %s got id %d, want %d", typ, e.ID, want)
	}
	return e.ID
}

// doc is the documentId of an entry of the data set.
func (f *fixture) doc(typ string, id int64) string { return f.docs[typ][id-1] }

// data builds a write's Data; relation sets are SetGiven.
func data(ct *schema.ContentType, v vals, r rels) entry.Data {
	d := entry.Data{Values: map[*schema.Attribute]any{}, Relations: map[*schema.Attribute]entry.RelationChange{}}
	for k, x := range v {
		d.Values[attr(ct, k)] = x
	}
	for k, x := range r {
		d.Relations[attr(ct, k)] = entry.RelationChange{Set: x, SetGiven: true}
	}
	return d
}

func attr(ct *schema.ContentType, name string) *schema.Attribute {
	a := ct.Field(name)
	if a == nil {
		panic(fmt.Sprintf("no field %s.%s", ct.Name, name))
	}
	return a
}

// Filter builders, for filter trees written by hand as the parser would
// produce them.

func cond(ct *schema.ContentType, field string, op query.Operator, v any) *query.Filter {
	return &query.Filter{Kind: query.KindCond, Field: attr(ct, field), Operator: op, Value: v}
}

// rel filters on a relation path "a.b.c" with sub on the last type.
func rel(ct *schema.ContentType, path string, sub func(*schema.ContentType) *query.Filter) *query.Filter {
	names := strings.Split(path, ".")
	a := attr(ct, names[0])
	if len(names) == 1 {
		return &query.Filter{Kind: query.KindRel, Relation: a, Sub: sub(a.TargetType)}
	}
	return &query.Filter{Kind: query.KindRel, Relation: a, Sub: rel(a.TargetType, strings.Join(names[1:], "."), sub)}
}

func and(fs ...*query.Filter) *query.Filter {
	return &query.Filter{Kind: query.KindAnd, Children: append([]*query.Filter{}, fs...)}
}
func or(fs ...*query.Filter) *query.Filter {
	return &query.Filter{Kind: query.KindOr, Children: append([]*query.Filter{}, fs...)}
}
func not(f *query.Filter) *query.Filter {
	return &query.Filter{Kind: query.KindNot, Children: []*query.Filter{f}}
}

func list(vs ...any) []any { return append([]any{}, vs...) }

// by is a sort key on a dotted path through to-one relations.
func by(ct *schema.ContentType, path string, desc bool) query.SortKey {
	var k query.SortKey
	for _, n := range strings.Split(path, ".") {
		a := attr(ct, n)
		k.Path = append(k.Path, a)
		ct = a.TargetType
	}
	k.Desc = desc
	return k
}

// pop is a populate of a relation with an optional nested query.
func pop(ct *schema.ContentType, field string, nq *query.Query) *query.Populate {
	return &query.Populate{Relation: attr(ct, field), Query: nq}
}

func fields(ct *schema.ContentType, names ...string) []*schema.Attribute {
	out := []*schema.Attribute{}
	for _, n := range names {
		out = append(out, attr(ct, n))
	}
	return out
}

// find runs q and fails the test on error.
func (f *fixture) find(t *testing.T, q *query.Query, ro entry.ReadOptions) []*entry.Entry {
	t.Helper()
	list, err := f.st.Find(ctx, f.db, q, ro)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// ids runs q and returns the ids in order.
func (f *fixture) ids(t *testing.T, q *query.Query, ro entry.ReadOptions) []int64 {
	t.Helper()
	return idsOf(f.find(t, q, ro))
}

func idsOf(list []*entry.Entry) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.ID)
	}
	return out
}

// get is the value of a loaded field of e; it fails when the field was not
// loaded.
func get(t *testing.T, e *entry.Entry, field string) any {
	t.Helper()
	v, ok := e.Get(attr(e.Type, field))
	if !ok {
		t.Fatalf("%s %d: %s not loaded", e.Type.Name, e.ID, field)
	}
	return v
}

// related is the ids of a populated to-many relation (nil for a to-one
// that is empty, one id for a to-one that is set).
func related(t *testing.T, e *entry.Entry, field string) []int64 {
	t.Helper()
	switch v := get(t, e, field).(type) {
	case []*entry.Entry:
		if v == nil {
			t.Fatalf("%s %d: %s is a nil slice, want an empty one", e.Type.Name, e.ID, field)
		}
		return idsOf(v)
	case *entry.Entry:
		if v == nil {
			return nil
		}
		return []int64{v.ID}
	default:
		t.Fatalf("%s %d: %s is %T", e.Type.Name, e.ID, field, v)
	}
	return nil
}

func ids(v ...int64) []int64 { return append([]int64{}, v...) }

func eqIDs(t *testing.T, what string, got, want []int64) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}
