// Package dataset makes the platform's demo and benchmark data: a
// realistic, deterministic set of customers, programs, coaches, learners,
// events and the rest (content-types/), at a chosen scale, from a seed. The
// same scale and seed give the same rows — ids, documentIds and timestamps
// included — on any database.
package dataset

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Scale is how much data to make.
type Scale struct {
	Name                                 string
	Customers, Categories, Blueprints    int
	Programs, ModulesPer, SessionsPer    int
	Coaches, AvailabilityPer, Learners   int
	EnrollmentsPer, EventsPer, EventSize int
	// CoachedShare is the share of learners given a coach.
	CoachedShare float64
}

// The scales. Large is the benchmark size (BENCHMARKS.md): 50 customers, 2,000
// programs, 20,000 modules, 60,000 sessions, 200 coaches, 20,000 learners,
// 40,000 enrollments and 50,000 events.
var (
	Small = Scale{Name: "small", Customers: 5, Categories: 8, Blueprints: 6, Programs: 12, ModulesPer: 3, SessionsPer: 3,
		Coaches: 6, AvailabilityPer: 3, Learners: 40, EnrollmentsPer: 2, EventsPer: 6, EventSize: 2, CoachedShare: 0.75}
	Large = Scale{Name: "large", Customers: 50, Categories: 40, Blueprints: 100, Programs: 2000, ModulesPer: 10, SessionsPer: 3,
		Coaches: 200, AvailabilityPer: 5, Learners: 20000, EnrollmentsPer: 2, EventsPer: 25, EventSize: 2, CoachedShare: 0.5}
)

// ParseScale reads "small" or "large".
func ParseScale(s string) (Scale, error) {
	switch s {
	case "small":
		return Small, nil
	case "large":
		return Large, nil
	}
	return Scale{}, fmt.Errorf("unknown scale %q: use small or large", s)
}

// Reference is the fixed "now" of the data: events before it are past.
// Never time.Now, so every run makes the same rows.
var Reference = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// Table is one content type's rows. Fields are attribute names (scalars and
// owning to-one relations, whose value is the target's id); Rows[i][j] is
// the canonical Go value of Fields[j]. Row i has id i+1.
type Table struct {
	Type        string
	Fields      []string
	Rows        [][]any
	DocumentIDs []string
	CreatedAt   []time.Time
	// Published is false for drafts (nil: all published).
	Published []bool
	// Links are manyToMany pairs of an owning relation of this type.
	Links []Link
}

// Link is the pairs (this id, target id) of relation Field.
type Link struct {
	Field string
	Pairs [][2]int64
}

// Set is the whole data set, tables in an order that respects foreign keys.
type Set struct{ Tables []*Table }

// Table returns the table of a type, or nil.
func (s *Set) Table(typ string) *Table {
	for _, t := range s.Tables {
		if t.Type == typ {
			return t
		}
	}
	return nil
}

// gen carries the generator's state.
type gen struct {
	sc  Scale
	r   *rand.Rand
	set *Set
}

// Generate makes the data set of a scale from a seed.
func Generate(sc Scale, seed uint64) *Set {
	g := &gen{sc: sc, r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), set: &Set{}}
	g.customers()
	g.categories()
	g.blueprints()
	g.programs()
	g.modulesAndSessions()
	g.coaches()
	g.learnersAndEnrollments()
	g.events()
	return g.set
}

// table starts a table with its fields.
func (g *gen) table(typ string, fields ...string) *Table {
	t := &Table{Type: typ, Fields: fields}
	g.set.Tables = append(g.set.Tables, t)
	return t
}

// add appends a row, with a documentId and a creation time from the seed.
func (g *gen) add(t *Table, values ...any) int64 {
	t.Rows = append(t.Rows, values)
	t.DocumentIDs = append(t.DocumentIDs, g.docID())
	t.CreatedAt = append(t.CreatedAt, Reference.Add(-time.Duration(g.r.IntN(400*24*3600))*time.Second).Add(time.Duration(len(t.Rows))*time.Millisecond))
	return int64(len(t.Rows))
}

const docAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func (g *gen) docID() string {
	b := make([]byte, 24)
	for i := range b {
		b[i] = docAlphabet[g.r.IntN(len(docAlphabet))]
	}
	return string(b)
}

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// maybe returns v, or nil one time in n (the optional fields' nulls).
func (g *gen) maybe(n int, v any) any {
	if g.r.IntN(n) == 0 {
		return nil
	}
	return v
}
