package store_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// relOf reads one relation of one entry back through the read path.
func (f *fixture) relOf(t *testing.T, typ string, id int64, field string) []int64 {
	t.Helper()
	ct := f.ty(typ)
	q := &query.Query{Type: ct, Status: query.Draft, Fields: query.IDsOnly(), Populate: []*query.Populate{pop(ct, field, nil)}}
	e, err := f.st.FindOne(ctx, f.db, q, id, entry.ReadOptions{})
	if err != nil {
		t.Fatalf("reading %s %d: %v", typ, id, err)
	}
	return related(t, e, field)
}

// change applies one relation change to an entry.
func (f *fixture) change(t *testing.T, typ string, id int64, field string, ch entry.RelationChange) error {
	t.Helper()
	ct := f.ty(typ)
	_, err := f.st.Update(ctx, f.db, ct, id, entry.Data{Relations: map[*schema.Attribute]entry.RelationChange{attr(ct, field): ch}})
	return err
}

func (f *fixture) mustChange(t *testing.T, typ string, id int64, field string, ch entry.RelationChange) {
	t.Helper()
	if err := f.change(t, typ, id, field, ch); err != nil {
		t.Fatalf("changing %s %d %s: %v", typ, id, field, err)
	}
}

func set(v ...int64) entry.RelationChange     { return entry.RelationChange{Set: v, SetGiven: true} }
func connect(v ...int64) entry.RelationChange { return entry.RelationChange{Connect: v} }
func disconnect(v ...int64) entry.RelationChange {
	return entry.RelationChange{Disconnect: v}
}

var documentID = regexp.MustCompile(`^[a-z0-9]{24}$`)

func TestInsert(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		before := time.Now().Add(-time.Second)
		cu, bp := f.ty("customer"), f.ty("blueprint")
		e, err := f.st.Insert(ctx, db, cu, data(cu, vals{"name": "New Co", "active": true}, nil), false)
		if err != nil {
			t.Fatal(err)
		}
		if e.ID != 7 || !documentID.MatchString(e.DocumentID) {
			t.Errorf("id %d documentId %q", e.ID, e.DocumentID)
		}
		created, updated, published := e.Timestamps()
		c, _ := created.(time.Time)
		if c.Before(before) || created != updated || published != created {
			t.Errorf("timestamps %v %v %v: want created = updated = published (no draft & publish) = now", created, updated, published)
		}
		got, err := f.st.FindOne(ctx, db, &query.Query{Type: cu}, e.ID, entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.DocumentID != e.DocumentID || get(t, got, "name") != "New Co" || get(t, got, "active") != true || get(t, got, "industry") != nil {
			t.Errorf("read back %s %v %v %v", got.DocumentID, get(t, got, "name"), get(t, got, "active"), get(t, got, "industry"))
		}
		if rc, _, _ := got.Timestamps(); !rc.(time.Time).Equal(c) {
			t.Errorf("createdAt read back %v, inserted %v", rc, c)
		}

		draft, err := f.st.Insert(ctx, db, bp, data(bp, vals{"title": "Draft"}, nil), false)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, p := draft.Timestamps(); p != nil {
			t.Errorf("draft publishedAt %v, want nil", p)
		}
		if _, err := f.st.FindOne(ctx, db, &query.Query{Type: bp}, draft.ID, entry.ReadOptions{}); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("a new draft is not published: %v", err)
		}
		seen := map[string]bool{}
		for i := 0; i < 1000; i++ {
			d := store.NewDocumentID()
			if !documentID.MatchString(d) || seen[d] {
				t.Fatalf("documentId %q (repeat: %v)", d, seen[d])
			}
			seen[d] = true
		}
	})
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr := f.ty("program")
		old, err := f.st.FindOne(ctx, db, &query.Query{Type: pr}, 1, entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
		if _, err := f.st.Update(ctx, db, pr, 1, data(pr, vals{"capacity": nil, "title": "Renamed"}, nil)); err != nil {
			t.Fatal(err)
		}
		e, _ := f.st.FindOne(ctx, db, &query.Query{Type: pr}, 1, entry.ReadOptions{})
		if get(t, e, "title") != "Renamed" || get(t, e, "capacity") != nil || get(t, e, "status") != "published" {
			t.Errorf("after update: %v %v %v", get(t, e, "title"), get(t, e, "capacity"), get(t, e, "status"))
		}
		oc, ou, _ := old.Timestamps()
		nc, nu, _ := e.Timestamps()
		if !nc.(time.Time).Equal(oc.(time.Time)) || !nu.(time.Time).After(ou.(time.Time)) {
			t.Errorf("createdAt %v -> %v, updatedAt %v -> %v: want createdAt kept, updatedAt later", oc, nc, ou, nu)
		}
		if _, err := f.st.Update(ctx, db, pr, 99, data(pr, vals{"title": "x"}, nil)); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("update of a missing entry: %v, want NotFound", err)
		}
	})
}

// Program 3's customer is 2.
func TestWriteManyToOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		steps := []struct {
			name string
			ch   entry.RelationChange
			want []int64
		}{
			{"set", set(4), ids(4)},
			{"connect replaces", connect(5), ids(5)},
			{"disconnect of another is a no-op", disconnect(1), ids(5)},
			{"disconnect", disconnect(5), nil},
			{"set again", set(2), ids(2)},
			{"empty set clears", set(), nil},
			{"connect and disconnect: connect wins", entry.RelationChange{Connect: []int64{3}, Disconnect: []int64{2}}, ids(3)},
		}
		for _, s := range steps {
			f.mustChange(t, "program", 3, "customer", s.ch)
			eqIDs(t, s.name, f.relOf(t, "program", 3, "customer"), s.want)
		}
		eqIDs(t, "customer 2 lost program 3", f.relOf(t, "customer", 2, "programs"), ids())
		eqIDs(t, "customer 3 gained it", f.relOf(t, "customer", 3, "programs"), ids(3, 4))
	})
}

// Customer 5 has no programs; customer 1 has 1 and 2, customer 2 has 3.
func TestWriteOneToMany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		f.mustChange(t, "customer", 5, "programs", connect(5, 3))
		eqIDs(t, "connect", f.relOf(t, "customer", 5, "programs"), ids(3, 5))
		eqIDs(t, "connect moves the program from its customer", f.relOf(t, "customer", 2, "programs"), ids())
		f.mustChange(t, "customer", 5, "programs", set(3, 4))
		eqIDs(t, "set", f.relOf(t, "customer", 5, "programs"), ids(3, 4))
		eqIDs(t, "set releases the ones it drops", f.relOf(t, "program", 5, "customer"), nil)
		f.mustChange(t, "customer", 5, "programs", disconnect(3, 1))
		eqIDs(t, "disconnect", f.relOf(t, "customer", 5, "programs"), ids(4))
		eqIDs(t, "disconnect of another's program is a no-op", f.relOf(t, "program", 1, "customer"), ids(1))
		f.mustChange(t, "customer", 5, "programs", set())
		eqIDs(t, "empty set", f.relOf(t, "customer", 5, "programs"), ids())
		eqIDs(t, "program 4 released", f.relOf(t, "program", 4, "customer"), nil)

		cu := f.ty("customer")
		e, err := f.st.Insert(ctx, db, cu, data(cu, vals{"name": "Holder"}, rels{"programs": {1, 5}}), true)
		if err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "insert with a oneToMany", f.relOf(t, "customer", e.ID, "programs"), ids(1, 5))
		eqIDs(t, "customer 1 kept the other", f.relOf(t, "customer", 1, "programs"), ids(2))
	})
}

// Event 1 has learners 1, 2, 3; event 3 none; learner 4 no events.
func TestWriteManyToMany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		steps := []struct {
			name string
			ch   entry.RelationChange
			want []int64
		}{
			{"connect, in the order given", connect(2, 1), ids(2, 1)},
			{"connect moves what is there to the end", connect(2, 4, 4), ids(1, 2, 4)},
			{"disconnect", disconnect(1, 3), ids(2, 4)},
			{"set", set(3, 4), ids(3, 4)},
			{"set and connect", entry.RelationChange{Set: []int64{1}, SetGiven: true, Connect: []int64{2}}, ids(1, 2)},
			{"empty set", set(), ids()},
		}
		for _, s := range steps {
			f.mustChange(t, "event", 3, "learners", s.ch)
			eqIDs(t, "owning side: "+s.name, f.relOf(t, "event", 3, "learners"), s.want)
		}
		f.mustChange(t, "learner", 4, "events", set(1, 3))
		eqIDs(t, "mapped side: set", f.relOf(t, "learner", 4, "events"), ids(1, 3))
		eqIDs(t, "seen from the owning side", f.relOf(t, "event", 1, "learners"), ids(1, 2, 3, 4))
		f.mustChange(t, "learner", 4, "events", disconnect(1))
		eqIDs(t, "mapped side: disconnect", f.relOf(t, "learner", 4, "events"), ids(3))
		f.mustChange(t, "learner", 4, "events", connect(4))
		eqIDs(t, "mapped side: connect", f.relOf(t, "learner", 4, "events"), ids(3, 4))
		f.mustChange(t, "learner", 1, "events", set(4))
		eqIDs(t, "mapped side: set replaces", f.relOf(t, "learner", 1, "events"), ids(4))
		eqIDs(t, "event 1 lost learner 1", f.relOf(t, "event", 1, "learners"), ids(2, 3))

		ev := f.ty("event")
		e, err := f.st.Insert(ctx, db, ev, data(ev, vals{"title": "New", "startAt": at("2026-05-01T10:00:00Z"), "endAt": at("2026-05-01T11:00:00Z")},
			rels{"learners": {4, 2}}), true)
		if err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "insert with a manyToMany, in the order given", f.relOf(t, "event", e.ID, "learners"), ids(4, 2))
	})
}

// Learner.user is an owning oneToOne to the built-in user.
func TestWriteOwningOneToOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		u1 := f.add("user", vals{"username": "u1", "email": "u1@u.test"}, nil)
		u2 := f.add("user", vals{"username": "u2", "email": "u2@u.test"}, nil)
		f.mustChange(t, "learner", 1, "user", set(u1))
		eqIDs(t, "set", f.relOf(t, "learner", 1, "user"), ids(u1))
		f.mustChange(t, "learner", 2, "user", connect(u1))
		eqIDs(t, "connect takes the user", f.relOf(t, "learner", 2, "user"), ids(u1))
		eqIDs(t, "from the learner that had it", f.relOf(t, "learner", 1, "user"), nil)
		f.mustChange(t, "learner", 2, "user", set(u1)) // keeping one's own is no conflict
		eqIDs(t, "set to the same", f.relOf(t, "learner", 2, "user"), ids(u1))
		le := f.ty("learner")
		e, err := f.st.Insert(ctx, db, le, data(le, vals{"name": "New", "email": "new@l.test"}, rels{"user": {u1}}), true)
		if err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "insert takes it too", f.relOf(t, "learner", e.ID, "user"), ids(u1))
		eqIDs(t, "learner 2 lost it", f.relOf(t, "learner", 2, "user"), nil)
		f.mustChange(t, "learner", e.ID, "user", disconnect(u2))
		eqIDs(t, "disconnect of another user is a no-op", f.relOf(t, "learner", e.ID, "user"), ids(u1))
		f.mustChange(t, "learner", e.ID, "user", disconnect(u1))
		eqIDs(t, "disconnect", f.relOf(t, "learner", e.ID, "user"), nil)
	})
}

// A schema with a oneToOne that has a mapped side, and a self manyToMany
// with no inverse; the project's types have neither.
var personSchema = map[string]string{
	"person.yaml": `kind: collectionType
info: {singularName: person, pluralName: people}
attributes:
  name: {type: string, unique: true}
  passport: {type: relation, relation: oneToOne, target: passport, mappedBy: holder}
  friends: {type: relation, relation: manyToMany, target: person}
`,
	"passport.yaml": `kind: collectionType
info: {singularName: passport, pluralName: passports}
attributes:
  number: {type: string}
  holder: {type: relation, relation: oneToOne, target: person, inversedBy: passport}
`,
}

func TestWriteMappedOneToOneAndSelfManyToMany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		s := mustLoad(t, personSchema)
		createAll(t, db, s)
		f := &fixture{t: t, s: s, db: db, st: &store.Store{DB: db}, docs: map[string][]string{}, counter: &queryCounter{}}
		for _, n := range []string{"Ann", "Ben", "Cas"} {
			f.add("person", vals{"name": n}, nil)
		}
		for _, n := range []string{"P-1", "P-2", "P-3"} {
			f.add("passport", vals{"number": n}, nil)
		}
		f.mustChange(t, "person", 1, "passport", set(1))
		eqIDs(t, "mapped set", f.relOf(t, "person", 1, "passport"), ids(1))
		eqIDs(t, "seen from the owner", f.relOf(t, "passport", 1, "holder"), ids(1))
		f.mustChange(t, "person", 1, "passport", connect(2))
		eqIDs(t, "mapped connect replaces", f.relOf(t, "person", 1, "passport"), ids(2))
		eqIDs(t, "the previous one is released", f.relOf(t, "passport", 1, "holder"), nil)
		f.mustChange(t, "person", 2, "passport", connect(2))
		eqIDs(t, "connect takes it from its holder", f.relOf(t, "person", 2, "passport"), ids(2))
		eqIDs(t, "who has none left", f.relOf(t, "person", 1, "passport"), nil)
		f.mustChange(t, "person", 2, "passport", disconnect(3))
		eqIDs(t, "disconnect of another is a no-op", f.relOf(t, "person", 2, "passport"), ids(2))
		f.mustChange(t, "person", 2, "passport", disconnect(2))
		eqIDs(t, "mapped disconnect", f.relOf(t, "person", 2, "passport"), nil)
		f.mustChange(t, "person", 3, "passport", set(3))
		f.mustChange(t, "person", 3, "passport", set())
		eqIDs(t, "mapped empty set", f.relOf(t, "person", 3, "passport"), nil)

		// Read paths over a mapped oneToOne: filter, sort, populate, count.
		f.mustChange(t, "person", 1, "passport", set(3))
		f.mustChange(t, "person", 2, "passport", set(1))
		pe := f.ty("person")
		eqIDs(t, "filter", f.ids(t, &query.Query{Type: pe, Filters: rel(pe, "passport", op("number", query.OpEq, "P-3"))}, entry.ReadOptions{}), ids(1))
		eqIDs(t, "null", f.ids(t, &query.Query{Type: pe, Filters: cond(pe, "passport", query.OpNull, true)}, entry.ReadOptions{}), ids(3))
		eqIDs(t, "sort", f.ids(t, &query.Query{Type: pe, Sort: []query.SortKey{by(pe, "passport.number", true)}}, entry.ReadOptions{}), ids(3, 1, 2)) // no passport: NULL, first descending
		relatedOf(t, f.find(t, &query.Query{Type: pe, Populate: []*query.Populate{pop(pe, "passport", nil)}}, entry.ReadOptions{}), "passport",
			map[int64][]int64{1: {3}, 2: {1}, 3: nil})

		f.mustChange(t, "person", 1, "friends", set(2, 3))
		f.mustChange(t, "person", 2, "friends", connect(1))
		eqIDs(t, "self manyToMany", f.relOf(t, "person", 1, "friends"), ids(2, 3))
		eqIDs(t, "is one-way", f.relOf(t, "person", 3, "friends"), ids())
		eqIDs(t, "filter through a self manyToMany", f.ids(t, &query.Query{Type: pe,
			Filters: rel(pe, "friends", op("name", query.OpEq, "Ann"))}, entry.ReadOptions{}), ids(2))
	})
}

func fieldErrors(t *testing.T, err error) (*errs.Error, []errs.FieldError) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		t.Fatalf("error %v: want a ValidationError", err)
	}
	list, _ := e.Details["errors"].([]errs.FieldError)
	if len(list) != 1 {
		t.Fatalf("details %v: want one field error", e.Details)
	}
	if e.Err == nil {
		t.Error("the driver's error is not kept as the cause")
	}
	return e, list
}

func TestUniqueViolation(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		cu, co := f.ty("customer"), f.ty("coach")
		_, err := f.st.Insert(ctx, db, cu, data(cu, vals{"name": "Acme Corp"}, nil), true)
		e, list := fieldErrors(t, err)
		if e.Message != "This attribute must be unique" || strings.Join(list[0].Path, ".") != "name" ||
			list[0].Message != "This attribute must be unique" || list[0].Name != "ValidationError" || list[0].Value != "Acme Corp" {
			t.Errorf("insert: %q %+v", e.Message, list[0])
		}
		if strings.Contains(e.Message, "UNIQUE") || strings.Contains(e.Message, "duplicate") {
			t.Errorf("the message carries the driver's text: %q", e.Message)
		}
		_, err = f.st.Update(ctx, db, co, 2, data(co, vals{"email": "ada@c.test"}, nil))
		if _, list := fieldErrors(t, err); strings.Join(list[0].Path, ".") != "email" {
			t.Errorf("update: %+v", list[0])
		}
		// Inside a transaction, as the content service writes.
		err = db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			_, err := f.st.Insert(ctx, tx, cu, data(cu, vals{"name": "acme labs"}, nil), true)
			return err
		})
		if _, list := fieldErrors(t, err); strings.Join(list[0].Path, ".") != "name" {
			t.Errorf("in a transaction: %+v", list[0])
		}
	})
}

func TestForeignKeyViolation(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr := f.ty("program")
		_, err := f.st.Insert(ctx, db, pr, data(pr, vals{"title": "Orphan"}, rels{"customer": {999}}), true)
		if _, list := fieldErrors(t, err); strings.Join(list[0].Path, ".") != "customer" {
			t.Errorf("foreign-key column: %+v", list[0])
		}
		err = f.change(t, "event", 3, "learners", connect(2, 999))
		if _, list := fieldErrors(t, err); strings.Join(list[0].Path, ".") != "learners" {
			t.Errorf("join table: %+v", list[0])
		}
		err = f.change(t, "learner", 4, "events", set(999))
		if _, list := fieldErrors(t, err); strings.Join(list[0].Path, ".") != "events" {
			t.Errorf("join table, mapped side: %+v", list[0])
		}
	})
}

func TestDelete(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		if err := f.st.Delete(ctx, db, f.ty("learner"), 1); err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "join rows of the deleted learner go", f.relOf(t, "event", 1, "learners"), ids(2, 3))
		eqIDs(t, "event 2 had only learner 1", f.relOf(t, "event", 2, "learners"), ids())
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM "events_learners_lnk" WHERE "learner_id" = 1`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d join rows left (%v)", n, err)
		}
		if err := f.st.Delete(ctx, db, f.ty("customer"), 1); err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "foreign keys naming the deleted customer become NULL", f.relOf(t, "program", 1, "customer"), nil)
		eqIDs(t, "learner 2's customer", f.relOf(t, "learner", 2, "customer"), nil)
		if err := f.st.Delete(ctx, db, f.ty("event"), 1); err != nil {
			t.Fatal(err)
		}
		eqIDs(t, "the owning side's join rows go too", f.relOf(t, "learner", 2, "events"), ids(4))
		if err := f.st.Delete(ctx, db, f.ty("customer"), 99); err != nil {
			t.Errorf("deleting a missing entry: %v", err)
		}
		if _, err := f.st.FindOne(ctx, db, &query.Query{Type: f.ty("customer")}, 1, entry.ReadOptions{}); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("deleted customer still found: %v", err)
		}
	})
}

// TestWritesRollBack: a failed write inside a transaction leaves nothing.
func TestWritesRollBack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		ev := f.ty("event")
		boom := errors.New("boom")
		err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			e, err := f.st.Insert(ctx, tx, ev, data(ev, vals{"title": "Gone", "startAt": at("2026-05-01T10:00:00Z"), "endAt": at("2026-05-01T11:00:00Z")},
				rels{"learners": {1}}), true)
			if err != nil {
				return err
			}
			if _, err := f.st.Update(ctx, tx, f.ty("learner"), 1, entry.Data{Relations: map[*schema.Attribute]entry.RelationChange{
				attr(f.ty("learner"), "events"): set(e.ID)}}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		eqIDs(t, "learner 1 events", f.relOf(t, "learner", 1, "events"), ids(1, 2))
		if n, _ := f.st.Count(ctx, db, &query.Query{Type: ev}, entry.ReadOptions{}); n != 4 {
			t.Errorf("%d events, want 4", n)
		}
	})
}
