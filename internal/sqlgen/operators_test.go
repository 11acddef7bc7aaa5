package sqlgen_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// operand is how an operator takes its value in a query string.
type operand int

const (
	one   operand = iota // [$op]=v
	two                  // [$op][0]=v&[$op][1]=w
	truth                // [$op]=true
)

// operandOf is the shape of op's value. Every operator core/query knows
// must have one: a new operator fails here until it is given one, and
// then fails the goldens until they are rewritten (-update) and reviewed.
func operandOf(t *testing.T, op query.Operator) operand {
	switch op {
	case query.OpNull, query.OpNotNull:
		return truth
	case query.OpIn, query.OpNotIn, query.OpBetween:
		return two
	case query.OpEq, query.OpEqi, query.OpNe, query.OpNei, query.OpLt, query.OpLte, query.OpGt, query.OpGte,
		query.OpContains, query.OpNotContains, query.OpContainsi, query.OpNotContainsi,
		query.OpStartsWith, query.OpStartsWithi, query.OpEndsWith, query.OpEndsWithi:
		return one
	}
	t.Fatalf("operator %s has no operand shape here: give it one, and its goldens (-update)", op)
	return 0
}

// operatorPath is a field an operator is compiled on: its path in the
// filters, on a type of a project, and two values of its kind.
type operatorPath struct {
	project, typ, path string
	v, w               string
}

// operatorPaths cover every kind of column an operator compiles
// differently on (text, integer, decimal, boolean, datetime, json), and a
// field reached through a relation and through a component.
var operatorPaths = []operatorPath{
	{"kiln", "coach", "[name]", "Ann", "50%_[x]*?"},
	{"kiln", "coach", "[maxLearners]", "5", "10"},
	{"kiln", "coach", "[rating]", "1.5", "4.5"},
	{"kiln", "coach", "[active]", "true", "false"},
	{"kiln", "event", "[startAt]", "2024-01-01T00:00:00.000Z", "2024-12-31T23:59:59.999Z"},
	{"kiln", "coach", "[expertise]", `{"b":[1,2],"a":"x"}`, `"yoga"`},
	{"kiln", "learner", "[coach][name]", "Ann", "Bo"},
	{"components", "page", "[seo][metaTitle]", "Home", "About"},
}

// TestOperatorGoldens compiles every operator of core/query on every path
// of operatorPaths, for both dialects: a list without sort nor page, its
// WHERE clause the subject. A pair the parser refuses (a text operator
// on a number) is listed as refused, so that a change of the parser's
// mind shows too.
func TestOperatorGoldens(t *testing.T) {
	ps := projects(t)
	for _, d := range dialects {
		var s script
		n := 0
		for _, op := range query.Operators() {
			shape := operandOf(t, op)
			for _, p := range operatorPaths {
				key := "filters" + p.path + "[" + string(op) + "]"
				var qs string
				switch shape {
				case one:
					qs = key + "=" + url.QueryEscape(p.v)
				case two:
					qs = key + "[0]=" + url.QueryEscape(p.v) + "&" + key + "[1]=" + url.QueryEscape(p.w)
				case truth:
					qs = key + "=true"
				}
				qs += "&fields[0]=createdAt&pagination[withCount]=false"
				s.head(string(op)+" on "+p.typ+"."+strings.Trim(strings.ReplaceAll(p.path, "][", "."), "[]"), p.typ+"?"+qs)
				pr := ps[p.project]
				q, err := query.Parse(pr.s.Type(p.typ), qs, pr.opts)
				if err != nil {
					s.WriteString("-- refused by core/query\n\n")
					continue
				}
				b, _ := sqlgen.Find(d, q, entry.ReadOptions{})
				s.stmt("", b)
				s.WriteString("\n")
				n++
			}
		}
		if n < len(query.Operators())*3 {
			t.Fatalf("%d operator cases compiled: the parser refused most of them", n)
		}
		golden(t, "operators", d, s.String())
	}
}

// TestEveryOperatorHasAGolden: the operator goldens name every operator
// core/query knows, on both dialects.
func TestEveryOperatorHasAGolden(t *testing.T) {
	for _, d := range dialects {
		text := readGolden(t, "operators", d)
		for _, op := range query.Operators() {
			if !strings.Contains(text, "== "+string(op)+" on ") {
				t.Errorf("testdata/operators.%s.sql has no case of %s (-update writes them)", d, op)
			}
		}
	}
}

// readGolden is a golden file's text.
func readGolden(t *testing.T, group string, d schema.Dialect) string {
	t.Helper()
	if *update {
		t.Skip("the goldens are being rewritten")
	}
	b, err := os.ReadFile(filepath.Join("testdata", group+"."+d.String()+".sql"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
