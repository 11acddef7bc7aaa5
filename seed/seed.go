// Package seed makes the learning platform's demo and benchmark data: a
// realistic, consistent and deterministic set of roles, users, customers,
// categories, blueprints, programs, modules, sessions, coaches,
// availabilities, learners, enrollments, events and attendances
// (domain.md), at a chosen scale, from a seed.
//
// It is pure: no database, no clock, no I/O. The same (scale, seed) gives
// the same rows — ids, documentIds and timestamps included — on every run
// and machine, so a benchmark or a demo can be reproduced exactly; a loader
// elsewhere writes the rows. "Now" is the fixed Reference, never
// time.Now, so which events are past does not drift with the calendar.
package seed

import (
	"fmt"
	"time"
)

// Scale is how much data to make.
type Scale string

// The scales. Small is tens of rows per type, for the demo and tests;
// Large is domain.md's benchmark size.
const (
	Small Scale = "small"
	Large Scale = "large"
)

// ParseScale reads a scale's name, as given on a command line.
func ParseScale(s string) (Scale, error) {
	switch Scale(s) {
	case Small, Large:
		return Scale(s), nil
	}
	return "", fmt.Errorf("unknown scale %q: use small or large", s)
}

// Reference is the data's fixed "now": events that start before it are
// past (attended or absent), later ones future (invited, accepted or
// declined), and no timestamp is after it.
var Reference = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// Dataset is the whole generated data set.
type Dataset struct {
	// Tables in an insertion order that respects foreign keys: every
	// to-one relation points at a table earlier in the list (or, for
	// category.parent, at an earlier row of the same table).
	Tables []*Table
}

// Table returns the table of a content type, or nil.
func (d *Dataset) Table(typ string) *Table {
	for _, t := range d.Tables {
		if t.Type == typ {
			return t
		}
	}
	return nil
}

// Table is one content type's rows. Row i has id i+1, so a to-one
// relation's value is the target row's position plus one and the loader
// needs no id mapping.
type Table struct {
	// Type is the content type's singular name ("program").
	Type string
	// Fields are the attributes set on every row, in a fixed order: scalar
	// fields and owning to-one relations (whose value is the target's id).
	Fields []string
	// Rows hold one canonical Go value per field: string (also date
	// "2006-01-02" and time "15:04:05"), int64, float64, bool, time.Time
	// UTC at millisecond precision for datetime, json.RawMessage for json,
	// int64 id or nil for a relation; nil is a null.
	Rows [][]any
	// DocumentIDs, CreatedAt and Published are parallel to Rows: the
	// stable public id (24 lowercase alphanumerics), the creation time
	// (also the update time) and whether publishedAt is set (false only
	// for draft blueprints).
	DocumentIDs []string
	CreatedAt   []time.Time
	Published   []bool
	// Links are the pairs of this type's owning manyToMany relations.
	Links []Link
}

// Link is the pairs (this row's id, target id) of the manyToMany relation
// Field, owned by the table's type ("coaches" on program).
type Link struct {
	Field string
	Pairs [][2]int64
}

// Index returns the position of field in Fields, or -1.
func (t *Table) Index(field string) int {
	for i, f := range t.Fields {
		if f == field {
			return i
		}
	}
	return -1
}

// Link returns the pairs of a manyToMany field, or nil.
func (t *Table) Link(field string) [][2]int64 {
	for _, l := range t.Links {
		if l.Field == field {
			return l.Pairs
		}
	}
	return nil
}

// Generate makes the data set of a scale from a seed. It panics on a
// scale ParseScale does not accept: that is a programming error.
func Generate(scale Scale, seed int64) *Dataset {
	sz, ok := sizes[scale]
	if !ok {
		panic(fmt.Sprintf("seed: unknown scale %q", scale))
	}
	g := newGen(sz, seed)
	// Plans first (who belongs to whom), then rows: the rows of a type
	// often depend on plans of types loaded after it (a learner's coach on
	// its enrollments, a demo user's link on the events).
	g.planCustomers()
	g.planCatalog()
	g.planPrograms()
	g.planCoaches()
	g.planLearners()
	g.planEvents()

	d := &Dataset{}
	for _, emit := range []func() *Table{
		g.roles, g.users, g.customers, g.categories, g.blueprints,
		g.programs, g.modules, g.sessions, g.coaches, g.availabilities,
		g.learners, g.enrollments, g.events, g.attendances,
	} {
		t := emit()
		g.finish(t)
		d.Tables = append(d.Tables, t)
	}
	return d
}
