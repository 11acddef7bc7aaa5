package store

import (
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
)

// DefaultMaxAnswerRows is how many entries one read may put in its answer
// when the store is given no limit of its own.
const DefaultMaxAnswerRows = 20000

// budget bounds the entries one read puts in its answer, across every
// populate level, with each entry counted every time it appears: a cyclic
// populate (program -> sessions -> program -> sessions ...) reads few
// distinct rows but repeats them in the answer, and that repetition is
// what takes memory. Reading stops as soon as the rows read alone pass the
// limit (they are a lower bound of the answer), and the exact count is
// checked once everything is loaded, before anything is written out. A
// page populated in chunks (Chunks) checks each chunk as it is loaded,
// adding to what the chunks before answered: the refusal is the same as
// the whole page's, before the 400 is sent, though after earlier chunks
// were encoded (and are dropped).
type budget struct {
	max, left int
	used      int // entries of the answer checked so far
}

// newBudget is a read's budget: max entries (the caller's), or the
// store's own when max is 0.
func (s *Store) newBudget(max int) *budget {
	n := max
	if n <= 0 {
		n = s.MaxAnswerRows
	}
	if n <= 0 {
		n = DefaultMaxAnswerRows
	}
	return &budget{max: n, left: n}
}

// take counts n rows read.
func (b *budget) take(n int) error {
	b.left -= n
	if b.left < 0 {
		return b.exceeded()
	}
	return nil
}

func (b *budget) exceeded() *errs.Error {
	return errs.Newf(errs.KindValidation,
		"The answer would hold more than %d entries (populated relations counted each time they appear): "+
			"ask for fewer with pagination, a narrower populate or filters inside populate", b.max).
		WithDetails(map[string]any{"limit": b.max, "setting": "maxAnswerRows"})
}

// Estimate is the fewest entries an answer to q holds when roots entries
// answer at its root and every relation it populates holds one entry for
// each entry it is populated on: roots × (1 + the relations populated, at
// every level). A to-one relation holds at most one entry and a to-many
// one any number, so one is the least either holds once set; a populate
// that asks only for a count adds none. It reads no data, so it is a
// bound on the request's shape: what its answer reaches once the data
// fills in. The populate tree is the parsed request's, so walking it
// costs no more than parsing it did.
func Estimate(q *query.Query, roots int) int {
	n := roots
	for _, p := range q.Populate {
		if !p.Count {
			n += Estimate(p.Query, roots)
		}
	}
	return n
}

// CheckEstimate refuses q before any statement is sent when its Estimate,
// with roots entries at the root (a page's size, 1 for one entry),
// already passes the caller's row budget: the budget's own 400, with the
// estimate in its details. Only a populate is refused so: a read that
// populates nothing holds no more than its page, which is read and
// counted as it comes (a page can be emptier than its size).
func (s *Store) CheckEstimate(q *query.Query, roots int, ro entry.ReadOptions) error {
	b := s.newBudget(ro.MaxAnswerRows)
	if n := Estimate(q, roots); n > b.max && n > roots {
		e := b.exceeded()
		e.Details["estimate"] = n
		return e
	}
	return nil
}

// check adds the answer's entries with their repetitions, each shared
// entry's subtree once (answerSize's memo), and refuses more than max.
func (b *budget) check(entries []*entry.Entry) error {
	memo := map[*entry.Entry]int{}
	for _, e := range entries {
		b.used += answerSize(e, memo, b.max+1)
		if b.used > b.max {
			return b.exceeded()
		}
	}
	return nil
}

// answerSize is 1 for e plus the sizes of its populated entries; it stops
// counting past cap, so a cyclic answer of astronomic size costs no more
// than cap steps.
func answerSize(e *entry.Entry, memo map[*entry.Entry]int, cap int) int {
	if e == nil {
		return 0
	}
	if n, ok := memo[e]; ok {
		return n
	}
	n := 1
	for i, a := range e.Type.Attributes {
		if !e.Has[i] || !(a.IsRelation() || a.IsComponent()) || n > cap {
			continue
		}
		switch x := e.Values[i].(type) {
		case *entry.Entry:
			n += answerSize(x, memo, cap)
		case []*entry.Entry:
			for _, c := range x {
				n += answerSize(c, memo, cap)
				if n > cap {
					break
				}
			}
		}
	}
	memo[e] = n
	return n
}
