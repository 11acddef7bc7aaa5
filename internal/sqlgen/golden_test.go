package sqlgen_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

var update = flag.Bool("update", false, "rewrite testdata/*.sql from what the compiler writes")

// The golden tests compile typed queries — parsed from query strings, as
// a request's are — for both dialects and keep each statement's text and
// arguments in testdata/<group>.<dialect>.sql (-update rewrites them): the
// SQL is reviewed like code, and a change to it shows in the diff. No
// database is involved.

// dialects are the databases every case is compiled for.
var dialects = []schema.Dialect{schema.SQLite, schema.Postgres}

// project is a schema the cases read, with the query options of a
// request on it.
type project struct {
	s    *schema.Schema
	opts query.Options
}

var (
	projectsOnce sync.Once
	theProjects  map[string]*project
	projectsErr  error
)

// projects are the schemas the other packages' tests use: the project's
// content types (relations, json, draft & publish), testdata/components
// (components, dynamic zones) and testdata/locales (localized types).
func projects(t *testing.T) map[string]*project {
	t.Helper()
	projectsOnce.Do(func() {
		theProjects = map[string]*project{}
		for name, dir := range map[string]string{
			"kiln":       "../../content-types",
			"components": "../../testdata/components/content-types",
			"locales":    "../../testdata/locales/content-types",
			"media":      "../../testdata/media/content-types",
		} {
			s, err := schema.LoadDir(dir)
			if err != nil {
				projectsErr = fmt.Errorf("%s: %w", dir, err)
				return
			}
			opts := query.DefaultOptions()
			opts.Component = s.Component
			opts.Locales = []string{"en", "fr", "de"}
			theProjects[name] = &project{s: s, opts: opts}
		}
	})
	if projectsErr != nil {
		t.Fatal(projectsErr)
	}
	return theProjects
}

// parse is the query qs asks of the project's type, as a request's.
func (p *project) parse(t *testing.T, typ, qs string) *query.Query {
	t.Helper()
	ct := p.s.Type(typ)
	if ct == nil {
		t.Fatalf("no type %s", typ)
	}
	q, err := query.Parse(ct, qs, p.opts)
	if err != nil {
		t.Fatalf("%s?%s: %v", typ, qs, err)
	}
	return q
}

// golden compares what the cases of a group wrote for dialect d with
// testdata/<group>.<d>.sql, or rewrites it under -update.
func golden(t *testing.T, group string, d schema.Dialect, got string) {
	t.Helper()
	path := filepath.Join("testdata", group+"."+d.String()+".sql")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/sqlgen -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from what the compiler writes (-update accepts it):\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff is the first line where want and got part, with its number.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\nwant: %s\n got: %s", i+1, a, b)
		}
	}
	return ""
}

// script is the text of a golden file: statements under case headers.
type script struct{ strings.Builder }

// head starts a case, after a blank line.
func (s *script) head(name, source string) {
	if s.Len() > 0 && !strings.HasSuffix(s.String(), "\n\n") {
		s.WriteString("\n")
	}
	fmt.Fprintf(s, "== %s\n-- %s\n", name, source)
}

// stmt writes one statement, labelled, and its arguments.
func (s *script) stmt(label string, b *sqlgen.Builder) {
	if label != "" {
		fmt.Fprintf(s, "-- %s\n", label)
	}
	s.WriteString(b.SQL() + "\n")
	if args := b.Args(); len(args) > 0 {
		list := make([]string, len(args))
		for i, a := range args {
			list[i] = arg(a)
		}
		fmt.Fprintf(s, "-- args: %s\n", strings.Join(list, ", "))
	}
	if n, want := strings.Count(b.SQL(), "?"), len(b.Args()); n != want {
		fmt.Fprintf(s, "-- BUG: %d placeholders for %d arguments\n", n, want)
	}
}

// arg is an argument as the golden files show it: its Go type where
// the value alone does not say it.
func arg(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return strconv.Quote(x)
	case []byte:
		return "bytes(" + strconv.Quote(string(x)) + ")"
	case time.Time:
		return "time(" + x.Format(time.RFC3339Nano) + ")"
	case int64, bool:
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

// owners are the owner keys a populate level is compiled for.
var owners = []any{int64(1), int64(2)}

// populate writes the statements of every level q populates (store's
// walk: one statement per relation, per component type, per level), as
// for the owners' rows.
func (s *script) populate(d schema.Dialect, q *query.Query, ro entry.ReadOptions, path string) {
	for _, p := range q.Populate {
		a := p.Relation
		at := path + a.Name
		if !a.IsComponent() {
			nq := sqlgen.Nested(p, q.Status)
			if p.Count {
				s.stmt("count "+at, sqlgen.HopCount(d, a, nq, ro, owners))
				continue
			}
			b, _, _ := sqlgen.Hop(d, a, nq, ro, owners)
			s.stmt("populate "+at, b)
			s.populate(d, nq, ro, at+".")
			continue
		}
		ids := []int64{1, 2}
		if p.Count {
			b := sqlgen.NewRead(d, ro, q.Status)
			b.ComponentCount(a.Owner, p, ids)
			s.stmt("count "+at, b)
			continue
		}
		for _, c := range a.ComponentTypes {
			if a.Type == schema.DynamicZone && p.On != nil && p.On[c.Name] == nil {
				continue
			}
			cq := sqlgen.ComponentQuery(p, c)
			b := sqlgen.NewRead(d, ro, q.Status)
			b.ComponentRows(a.Owner, c, []any{a.Name}, ids, sqlgen.ComponentSelect{
				Scalars: sqlgen.ComponentSelection(cq), Refs: sqlgen.PopulatedToOne(cq), Query: cq})
			s.stmt("populate "+at+" ("+c.Name+")", b)
			if len(cq.Populate) > 0 {
				nq := *cq
				nq.Status = q.Status
				s.populate(d, &nq, ro, at+"("+c.Name+").")
			}
		}
	}
}
