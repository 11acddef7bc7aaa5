package seed

import (
	"reflect"
	"slices"
	"sync"
	"testing"
)

// large is generated once: several tests read it, and under -race a run
// costs seconds.
var large = sync.OnceValue(func() *Dataset { return Generate(Large, 1) })

func TestParseScale(t *testing.T) {
	for _, s := range []string{"small", "large"} {
		if got, err := ParseScale(s); err != nil || string(got) != s {
			t.Errorf("ParseScale(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "Small", "medium"} {
		if _, err := ParseScale(s); err == nil {
			t.Errorf("ParseScale(%q) accepted", s)
		}
	}
}

func TestDeterministic(t *testing.T) {
	if !reflect.DeepEqual(Generate(Small, 42), Generate(Small, 42)) {
		t.Error("small: two runs with seed 42 differ")
	}
	if !reflect.DeepEqual(large(), Generate(Large, 1)) {
		t.Error("large: two runs with seed 1 differ")
	}
	a, b := Generate(Small, 1), Generate(Small, 2)
	if reflect.DeepEqual(a, b) {
		t.Fatal("seeds 1 and 2 give the same data")
	}
	// Not only the documentIds: the content itself differs.
	for _, typ := range []string{"customer", "program", "event", "learner"} {
		ta, tb := a.Table(typ), b.Table(typ)
		if reflect.DeepEqual(ta.Rows, tb.Rows) {
			t.Errorf("%s rows are the same for seeds 1 and 2", typ)
		}
		if slices.Equal(ta.DocumentIDs, tb.DocumentIDs) {
			t.Errorf("%s documentIds are the same for seeds 1 and 2", typ)
		}
	}
}

// wantRows are the exact row counts (and manyToMany pair counts) of each
// scale: the seed decides how rows are spread, never how many there are.
var wantRows = map[Scale]map[string]int{
	Small: {
		"role": 5, "user": 4, "customer": 5, "category": 8, "blueprint": 6, "program": 12, "module": 40,
		"session": 120, "coach": 6, "availability": 18, "learner": 40, "enrollment": 60, "event": 80,
		"attendance": 160, "program.coaches": 20, "event.learners": 160,
	},
	Large: {
		"role": 5, "user": 4, "customer": 50, "category": 40, "blueprint": 100, "program": 2000, "module": 20000,
		"session": 60000, "coach": 200, "availability": 1000, "learner": 20000, "enrollment": 40000, "event": 50000,
		"attendance": 120000, "program.coaches": 4000, "event.learners": 120000,
	},
}

func TestRowCounts(t *testing.T) {
	for _, sc := range []Scale{Small, Large} {
		for _, seed := range []int64{1, 7} {
			d := large()
			if sc != Large || seed != 1 {
				d = Generate(sc, seed)
			}
			got := map[string]int{}
			for _, tb := range d.Tables {
				got[tb.Type] = len(tb.Rows)
				for _, l := range tb.Links {
					got[tb.Type+"."+l.Field] = len(l.Pairs)
				}
			}
			if !reflect.DeepEqual(got, wantRows[sc]) {
				t.Errorf("%s seed %d: counts\n got %v\nwant %v", sc, seed, got, wantRows[sc])
			}
		}
	}
}

// TestTableOrder: a loader inserts tables in this order, so every foreign
// key's target must come first.
func TestTableOrder(t *testing.T) {
	var got []string
	for _, tb := range Generate(Small, 1).Tables {
		got = append(got, tb.Type)
	}
	want := []string{"role", "user", "customer", "category", "blueprint", "program", "module", "session",
		"coach", "availability", "learner", "enrollment", "event", "attendance"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestSmallManySeeds: every seed must give a valid set; the spreading of
// counts under bounds must never run out of room.
func TestSmallManySeeds(t *testing.T) {
	sch := loadSchema(t)
	for seed := int64(0); seed < 60; seed++ {
		d := Generate(Small, seed)
		checkSchema(t, sch, d)
		checkRules(t, d)
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
}

func TestDemoUsers(t *testing.T) {
	users := DemoUsers()
	var roles []string
	for _, u := range users {
		roles = append(roles, u.Role)
		if len(u.Password) < 6 || u.Username == "" || u.Email == "" {
			t.Errorf("demo user %+v is incomplete", u)
		}
	}
	if !slices.Equal(roles, []string{"admin", "coach", "learner", "authenticated"}) {
		t.Errorf("roles %v", roles)
	}
	users[0].Password = "changed"
	if DemoUsers()[0].Password == "changed" {
		t.Error("DemoUsers shares its slice with callers")
	}
	ut := large().Table("user")
	for i, u := range DemoUsers() {
		row := ut.Rows[i]
		if row[ut.Index("username")] != u.Username || row[ut.Index("email")] != u.Email || row[ut.Index("password")] != nil {
			t.Errorf("user row %d = %v, want %+v without password", i+1, row, u)
		}
	}
}

func BenchmarkGenerateLarge(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Generate(Large, 1)
	}
}
