package dataset

import (
	"reflect"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

func counts(s *Set) map[string]int {
	out := map[string]int{}
	for _, t := range s.Tables {
		out[t.Type] = len(t.Rows)
	}
	return out
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	a, b := Generate(Small, 7), Generate(Small, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave different data")
	}
	if reflect.DeepEqual(a, Generate(Small, 8)) {
		t.Fatal("another seed gave the same data")
	}
}

func TestRowCounts(t *testing.T) {
	t.Parallel()
	want := map[string]map[string]int{
		"small": {"customer": 5, "category": 8, "blueprint": 6, "program": 12, "module": 36, "session": 108, "coach": 6,
			"availability": 18, "learner": 40, "enrollment": 80, "event": 72, "attendance": 144},
		"large": {"customer": 50, "category": 40, "blueprint": 100, "program": 2000, "module": 20000, "session": 60000, "coach": 200,
			"availability": 1000, "learner": 20000, "enrollment": 40000, "event": 50000, "attendance": 100000},
	}
	for _, sc := range []Scale{Small, Large} {
		if got := counts(Generate(sc, 1)); !reflect.DeepEqual(got, want[sc.Name]) {
			t.Errorf("%s: %v\nwant %v", sc.Name, got, want[sc.Name])
		}
	}
}

// TestLargeSetKeepsTheRules walks the whole large set: every field exists
// with its canonical type and within its YAML rules, and the domain's
// consistency holds.
func TestLargeSetKeepsTheRules(t *testing.T) {
	t.Parallel()
	s, err := schema.LoadDir("../content-types")
	if err != nil {
		t.Fatal(err)
	}
	set := Generate(Large, 1)
	for _, tb := range set.Tables {
		ct := s.Type(tb.Type)
		unique := map[string]map[any]bool{}
		for j, f := range tb.Fields {
			a := ct.Attr(f)
			if a == nil || (a.IsRelation() && a.Column == "") {
				t.Fatalf("%s.%s is not a column", tb.Type, f)
			}
			for i, row := range tb.Rows {
				checkValue(t, a, row[j], i)
				if a.Unique && row[j] != nil {
					if unique[f] == nil {
						unique[f] = map[any]bool{}
					}
					if unique[f][row[j]] {
						t.Fatalf("%s.%s: %v repeats", tb.Type, f, row[j])
					}
					unique[f][row[j]] = true
				}
			}
		}
	}
	col := func(typ, f string) int {
		for i, n := range set.Table(typ).Fields {
			if n == f {
				return i
			}
		}
		t.Fatalf("no %s.%s", typ, f)
		return -1
	}
	modules, sessions := set.Table("module"), set.Table("session")
	for _, row := range sessions.Rows {
		mod := modules.Rows[row[col("session", "module")].(int64)-1]
		if mod[col("module", "program")] != row[col("session", "program")] {
			t.Fatal("a session's program is not its module's")
		}
	}
	coachesOf := map[int64]map[int64]bool{}
	for _, p := range set.Table("program").Links[0].Pairs {
		if coachesOf[p[0]] == nil {
			coachesOf[p[0]] = map[int64]bool{}
		}
		coachesOf[p[0]][p[1]] = true
	}
	enrolled := map[[2]int64]bool{}
	for _, row := range set.Table("enrollment").Rows {
		pair := [2]int64{row[col("enrollment", "learner")].(int64), row[col("enrollment", "program")].(int64)}
		if enrolled[pair] {
			t.Fatal("a learner is enrolled twice in one program")
		}
		enrolled[pair] = true
	}
	events := set.Table("event")
	last := map[int64]time.Time{}
	for i, row := range events.Rows {
		coach, program := row[col("event", "coach")].(int64), row[col("event", "program")].(int64)
		start, end := row[col("event", "startAt")].(time.Time), row[col("event", "endAt")].(time.Time)
		if !coachesOf[program][coach] || !end.After(start) || start.Before(last[coach]) {
			t.Fatalf("event %d: coach %d of program %d, %v..%v after %v", i+1, coach, program, start, end, last[coach])
		}
		last[coach] = end
	}
	for _, p := range events.Links[0].Pairs {
		program := events.Rows[p[0]-1][col("event", "program")].(int64)
		if !enrolled[[2]int64{p[1], program}] {
			t.Fatalf("event %d has learner %d who is not enrolled in program %d", p[0], p[1], program)
		}
	}
	if len(events.Links[0].Pairs) != len(set.Table("attendance").Rows) {
		t.Fatal("attendances are not the event learners")
	}
	assigned := map[int64]int64{}
	for _, row := range set.Table("learner").Rows {
		if c, ok := row[col("learner", "coach")].(int64); ok {
			assigned[c]++
		}
	}
	for c, n := range assigned {
		if max := set.Table("coach").Rows[c-1][col("coach", "maxLearners")].(int64); n > max {
			t.Fatalf("coach %d has %d learners, max %d", c, n, max)
		}
	}
}

// checkValue asserts a value has its type's canonical Go form and keeps
// the attribute's rules.
func checkValue(t *testing.T, a *schema.Attribute, v any, row int) {
	t.Helper()
	if v == nil {
		if a.Required {
			t.Fatalf("%s.%s row %d: required but nil", a.Owner.Name, a.Name, row)
		}
		return
	}
	fail := func(why string) { t.Fatalf("%s.%s row %d: %v %s", a.Owner.Name, a.Name, row, v, why) }
	switch a.Type {
	case schema.Integer, schema.Relation:
		n, ok := v.(int64)
		if !ok {
			fail("is not an int64")
		}
		if (a.Min != nil && float64(n) < *a.Min) || (a.Max != nil && float64(n) > *a.Max) {
			fail("is out of range")
		}
	case schema.Decimal, schema.Float:
		f, ok := v.(float64)
		if !ok || (a.Min != nil && f < *a.Min) || (a.Max != nil && f > *a.Max) {
			fail("is not a float64 in range")
		}
	case schema.Boolean:
		if _, ok := v.(bool); !ok {
			fail("is not a bool")
		}
	case schema.DateTime:
		if tm, ok := v.(time.Time); !ok || tm.Location() != time.UTC {
			fail("is not a UTC time")
		}
	case schema.JSON:
		if _, ok := v.([]byte); ok {
			return
		}
		if _, ok := v.(interface{ MarshalJSON() ([]byte, error) }); !ok {
			fail("is not raw JSON")
		}
	default:
		s, ok := v.(string)
		if !ok {
			fail("is not a string")
		}
		if msg := schema.TextRule(a, s); msg != "" && a.Type != schema.Date && a.Type != schema.Time {
			fail(msg)
		}
	}
}

func BenchmarkGenerateLarge(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Generate(Large, 1)
	}
}
