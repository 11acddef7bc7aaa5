package database

import (
	"strconv"
	"strings"
	"testing"
)

func TestNumbered(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{`SELECT 1`, 0, `SELECT 1`},
		{`SELECT * FROM t WHERE a = ? AND b IN (?, ?)`, 3, `SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)`},
		{`SELECT '?', "a?b", ? -- why?` + "\n" + `, ?`, 2, `SELECT '?', "a?b", $1 -- why?` + "\n" + `, $2`},
		{`SELECT 'it''s ?', /* ? */ ?`, 1, `SELECT 'it''s ?', /* ? */ $1`},
		{`CREATE FUNCTION f() AS $kiln$ SELECT ? $kiln$; SELECT ?`, 1, `CREATE FUNCTION f() AS $kiln$ SELECT ? $kiln$; SELECT $1`},
		{`SELECT $$?$$, ?`, 1, `SELECT $$?$$, $1`},
		{`SELECT ?`, 0, ""},             // a value missing
		{`SELECT ?, ?`, 1, ""},          // one too few
		{`SELECT 1 WHERE a = ?`, 2, ""}, // one too many
		{`SELECT '?'`, 0, `SELECT '?'`}, // no placeholder at all
		{`SELECT 'unterminated ?`, 0, `SELECT 'unterminated ?`},
	} {
		got, err := numbered(c.in, c.n)
		if c.want == "" {
			if err == nil {
				t.Errorf("numbered(%q, %d) = %q, want an error", c.in, c.n, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("numbered(%q, %d) = %q, %v; want %q", c.in, c.n, got, err, c.want)
		}
	}
}

// FuzzNumbered: whatever the text, numbering either refuses it or
// replaces exactly the placeholders it counted, in order, with $1..$n,
// and leaves every other byte as it was.
func FuzzNumbered(f *testing.F) {
	for _, s := range []string{`SELECT ? FROM "t?" WHERE a = '?' -- ?`, `$a$?$a$ ?`, `/* ? */ ?`, `'' ?`, `$1 ?`} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, q string, n int) {
		if n < 0 || n > 100 {
			return
		}
		got, err := numbered(q, n)
		if err != nil {
			return
		}
		// Undo the numbering: each $k written, in order, back to "?".
		var back strings.Builder
		i, k := 0, 0
		for i < len(got) {
			marker := "$" + strconv.Itoa(k+1)
			if k < n && strings.HasPrefix(got[i:], marker) && strings.HasPrefix(q[back.Len():], "?") {
				back.WriteByte('?')
				i += len(marker)
				k++
				continue
			}
			back.WriteByte(got[i])
			i++
		}
		if k != n || back.String() != q {
			t.Errorf("numbered(%q, %d) = %q: %d placeholders, undone %q", q, n, got, k, back.String())
		}
	})
}
