package store

import (
	"github.com/kiln-cms/kiln/core/errs"
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

func (s *Store) newBudget() *budget {
	n := s.MaxAnswerRows
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

func (b *budget) exceeded() error {
	return errs.Newf(errs.KindValidation,
		"The answer would hold more than %d entries (populated relations counted each time they appear): "+
			"ask for fewer with pagination, a narrower populate or filters inside populate", b.max).
		WithDetails(map[string]any{"limit": b.max, "setting": "maxAnswerRows"})
}

// check adds the answer's entries with their repetitions, each shared
// entry's subtree once (answerSize's memo), and refuses more than max.
func (b *budget) check(entries []*Entry) error {
	memo := map[*Entry]int{}
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
func answerSize(e *Entry, memo map[*Entry]int, cap int) int {
	if e == nil {
		return 0
	}
	if n, ok := memo[e]; ok {
		return n
	}
	n := 1
	for i, a := range e.Type.Attributes {
		if !e.Has[i] || !a.IsRelation() || n > cap {
			continue
		}
		switch x := e.Values[i].(type) {
		case *Entry:
			n += answerSize(x, memo, cap)
		case []*Entry:
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
