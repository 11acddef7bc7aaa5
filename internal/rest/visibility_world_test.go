package rest_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
)

// The differential test of ownership scopes. "A row the caller may not see
// does not exist for that caller" is checked literally: the same request
// is answered by the database under test, as the role, and by a reference
// database where the rows the role may not see have been deleted, as the
// admin. Both must answer the same bytes (ids, order, totals, populated
// relations). The hidden rows are computed from the raw rows and links by
// an evaluator of the compiled scopes written here, not by the SQL
// compiler under test.

// scopedRoles are the roles the differential tests run as; admin sees
// everything and is the reference's caller.
var scopedRoles = []string{auth.Public, auth.Authenticated, "learner", "coach"}

// visWorld is the small demo data set on one database, with what the
// reference evaluator needs to know of it.
type visWorld struct {
	t      testing.TB
	d      database.Dialect
	h      *apptest.Harness
	s      *schema.Schema
	policy *auth.Policy
	users  map[string]int64 // role -> the demo user of that role (0: public)
	tokens map[string]string
	rows   rawRows
}

// rawRows is every row id, publication flag, probe value and relation of
// the data set, read with plain SQL.
type rawRows struct {
	ids       map[*schema.ContentType][]int64
	published map[*schema.ContentType]map[int64]bool
	links     map[*schema.Attribute]map[int64][]int64 // owner id -> target ids
	probe     map[*schema.ContentType]map[int64]string
}

const visSeed = 7

// newVisWorld loads the small data set into a fresh app on d.
func newVisWorld(t testing.TB, d database.Dialect) *visWorld {
	t.Helper()
	h := apptest.New(t, d)
	loadSmall(t, h)
	w := &visWorld{t: t, d: d, h: h, s: h.App.Schema, policy: h.App.Security.Policy,
		users: map[string]int64{}, tokens: map[string]string{}}
	for _, u := range dataset.DemoUsers {
		id := w.scalarInt(`SELECT id FROM users WHERE email = ?`, u.Email)
		w.users[u.Role] = id
		tok, err := h.App.Security.Tokens.Issue(id, 0) // a new user's token version
		if err != nil {
			t.Fatal(err)
		}
		w.tokens[u.Role] = tok
	}
	w.rows = w.readRows()
	return w
}

func loadSmall(t testing.TB, h *apptest.Harness) {
	t.Helper()
	set := dataset.Generate(dataset.Small, visSeed)
	if err := dataset.Load(context.Background(), h.App.Content, set, h.App.Accounts.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
}

func (w *visWorld) scalarInt(q string, args ...any) int64 {
	w.t.Helper()
	var n int64
	if err := w.h.App.DB.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
	return n
}

// pairs runs a two-column integer query.
func (w *visWorld) pairs(q string) [][2]int64 {
	w.t.Helper()
	rows, err := w.h.App.DB.QueryContext(context.Background(), q)
	if err != nil {
		w.t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out [][2]int64
	for rows.Next() {
		var a, b int64
		if err := rows.Scan(&a, &b); err != nil {
			w.t.Fatal(err)
		}
		out = append(out, [2]int64{a, b})
	}
	return out
}

// readRows reads ids, drafts, probe values and every relation's links.
func (w *visWorld) readRows() rawRows {
	r := rawRows{ids: map[*schema.ContentType][]int64{}, published: map[*schema.ContentType]map[int64]bool{},
		links: map[*schema.Attribute]map[int64][]int64{}, probe: map[*schema.ContentType]map[int64]string{}}
	q := func(s string) string { return database.Ident(s) }
	for _, ct := range w.s.Types {
		pub := "1"
		if ct.DraftAndPublish {
			pub = "CASE WHEN " + q(schema.ColPublishedAt) + " IS NULL THEN 0 ELSE 1 END"
		}
		r.published[ct] = map[int64]bool{}
		for _, p := range w.pairs("SELECT " + q(schema.ColID) + ", " + pub + " FROM " + q(ct.Table) + " ORDER BY 1") {
			r.ids[ct] = append(r.ids[ct], p[0])
			r.published[ct][p[0]] = p[1] == 1
		}
		if f := probeField(ct); f != nil {
			r.probe[ct] = w.texts(ct, f)
		}
		for _, a := range ct.Attributes {
			if !a.IsRelation() {
				continue
			}
			var list [][2]int64
			switch {
			case a.Column != "":
				list = w.pairs("SELECT " + q(schema.ColID) + ", " + q(a.Column) + " FROM " + q(ct.Table) + " WHERE " + q(a.Column) + " IS NOT NULL")
			case a.JoinTable != "":
				list = w.pairs("SELECT " + q(a.JoinSelf) + ", " + q(a.JoinTarget) + " FROM " + q(a.JoinTable))
			default:
				list = w.pairs("SELECT " + q(a.Inverse.Column) + ", " + q(schema.ColID) + " FROM " + q(a.TargetType.Table) +
					" WHERE " + q(a.Inverse.Column) + " IS NOT NULL")
			}
			m := map[int64][]int64{}
			for _, p := range list {
				m[p[0]] = append(m[p[0]], p[1])
			}
			r.links[a] = m
		}
	}
	return r
}

// texts reads one column of every row as text (NULLs left out).
func (w *visWorld) texts(ct *schema.ContentType, a *schema.Attribute) map[int64]string {
	w.t.Helper()
	rows, err := w.h.App.DB.QueryContext(context.Background(),
		"SELECT "+database.Ident(schema.ColID)+", "+database.Ident(a.Column)+" FROM "+database.Ident(ct.Table))
	if err != nil {
		w.t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var v sql.NullString
		if err := rows.Scan(&id, &v); err != nil {
			w.t.Fatal(err)
		}
		if v.Valid {
			out[id] = v.String
		}
	}
	return out
}

// probeField is the field the generated filters compare: an e-mail when
// the type has one (the field the leaks were about), else its first text
// field; nil for a type with none (its id is compared instead).
func probeField(ct *schema.ContentType) *schema.Attribute {
	var first *schema.Attribute
	for _, a := range ct.Attributes {
		if a.IsRelation() || a.IsPrivate() {
			continue
		}
		switch a.Type {
		case schema.Email:
			return a
		case schema.String, schema.Text, schema.UID, schema.Enumeration:
			if first == nil {
				first = a
			}
		}
	}
	return first
}

// canRead is the role's find right on a type, as the query options apply it.
func (w *visWorld) canRead(role string, ct *schema.ContentType) bool {
	return w.policy.Allowed(role, rest.ActionOf(ct, "find"))
}

// visible is, per type, the rows the role may see, by the reference
// evaluator: the compiled scope evaluated on the raw links with the
// role's demo user as the caller, and no draft of a type whose drafts the
// role may not read.
func (w *visWorld) visible(role string) map[*schema.ContentType]map[int64]bool {
	acc := w.policy.Access(role)
	out := map[*schema.ContentType]map[int64]bool{}
	for _, ct := range w.s.Types {
		m := map[int64]bool{}
		for _, id := range w.rows.ids[ct] {
			if sc := acc.Scopes[ct]; sc != nil && !w.eval(sc, id, w.users[role]) {
				continue
			}
			if ct.DraftAndPublish && acc.NoDrafts[ct] && !w.rows.published[ct][id] {
				continue
			}
			m[id] = true
		}
		out[ct] = m
	}
	return out
}

// eval decides a compiled filter for one row from the raw links. It knows
// the shapes scopes are written in — logic, relation hops, $null on a
// relation, comparisons of ids — and fails the test on anything else, so
// a new kind of scope cannot be judged by a reference that ignores it.
func (w *visWorld) eval(f *query.Filter, id, user int64) bool {
	switch f.Kind {
	case query.KindAnd:
		for _, c := range f.Children {
			if !w.eval(c, id, user) {
				return false
			}
		}
		return true
	case query.KindOr:
		for _, c := range f.Children {
			if w.eval(c, id, user) {
				return true
			}
		}
		return false
	case query.KindNot:
		return !w.eval(f.Children[0], id, user)
	case query.KindRel:
		for _, target := range w.rows.links[f.Relation][id] {
			if f.Sub == nil || w.eval(f.Sub, target, user) {
				return true
			}
		}
		return false
	}
	if f.Field.IsRelation() && (f.Operator == query.OpNull || f.Operator == query.OpNotNull) {
		none := len(w.rows.links[f.Field][id]) == 0
		want, _ := f.Value.(bool)
		return none == (want == (f.Operator == query.OpNull))
	}
	if f.Field != schema.SysID {
		w.t.Fatalf("reference evaluator: scopes comparing %s are not supported; extend eval", f.Field.Name)
	}
	val := func(v any) int64 {
		if _, ok := v.(query.CallerID); ok {
			return user
		}
		return v.(int64)
	}
	switch f.Operator {
	case query.OpEq:
		return f.Value != nil && id == val(f.Value)
	case query.OpNe:
		return f.Value != nil && id != val(f.Value)
	case query.OpIn, query.OpNotIn:
		in := false
		for _, v := range f.Value.([]any) {
			in = in || id == val(v)
		}
		return in == (f.Operator == query.OpIn)
	}
	w.t.Fatalf("reference evaluator: operator %s is not supported; extend eval", f.Operator)
	return false
}

// reference builds the role's reference database: the same data set on
// the same kind of database, with every row the role may not see deleted
// (their links go with them: foreign keys become NULL, join rows are
// deleted), and the published rows standing for the drafts it may not
// read. It is queried as the admin.
func (w *visWorld) reference(t testing.TB, role string) *apptest.Harness {
	t.Helper()
	ref := apptest.New(t, w.d)
	loadSmall(t, ref)
	vis := w.visible(role)
	for _, ct := range w.s.Types {
		var hidden []string
		for _, id := range w.rows.ids[ct] {
			if !vis[ct][id] {
				hidden = append(hidden, strconv.FormatInt(id, 10))
			}
		}
		if len(hidden) == 0 {
			continue
		}
		stmt := "DELETE FROM " + database.Ident(ct.Table) + " WHERE " + database.Ident(schema.ColID) + " IN (" + strings.Join(hidden, ",") + ")"
		if _, err := ref.App.DB.ExecContext(context.Background(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	// Without the drafts the role may not read, a document's published row
	// is also its draft (what a draft read of it shows), and the links a
	// plain row keeps to drafts are those it keeps to that row.
	acc := w.policy.Access(role)
	for _, ct := range w.s.Types {
		for _, a := range ct.Attributes {
			if a.DraftColumn == "" || !acc.NoDrafts[a.TargetType] {
				continue
			}
			stmt := "UPDATE " + database.Ident(ct.Table) + " SET " + database.Ident(a.DraftColumn) + " = " + database.Ident(a.Column)
			if _, err := ref.App.DB.ExecContext(context.Background(), stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
	}
	return ref
}

// as sends a GET as the role's demo user (no token for the public),
// reporting to t: the harness is shared by parallel tests.
func (w *visWorld) as(t testing.TB, role, path string) *apptest.Response {
	h := *w.h
	h.T = t
	return h.Do("GET", path, nil, apptest.As(w.tokens[role])...)
}

// sameAnswer checks one request: 200 from both, and the same JSON. A draft
// read shows publishedAt null on the drafts the admin reads and the real
// date on the published versions a role without the drafts right reads
// instead, so with status=draft publishedAt is left out of the comparison.
func sameAnswer(t testing.TB, role, path string, got, want *apptest.Response) bool {
	t.Helper()
	if got.Status != 200 || want.Status != 200 {
		t.Errorf("%s %s: status %d (reference %d): %s", role, path, got.Status, want.Status, got.Body)
		return false
	}
	drop := strings.Contains(path, "status=draft")
	g, r := normalJSON(t, got.Body, drop), normalJSON(t, want.Body, drop)
	if !reflect.DeepEqual(g, r) {
		t.Errorf("%s %s: a hidden row changed the answer\n got: %s\nwant: %s", role, path, clip(got.Body), clip(want.Body))
		return false
	}
	return true
}

func normalJSON(t testing.TB, body []byte, dropPublished bool) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not JSON: %s", body)
	}
	if dropPublished {
		v = dropKey(v, "publishedAt")
	}
	return v
}

func dropKey(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, key)
		for k, e := range x {
			x[k] = dropKey(e, key)
		}
	case []any:
		for i, e := range x {
			x[i] = dropKey(e, key)
		}
	}
	return v
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

// relPath is a path of one or two relation hops from a root type.
type relPath []*schema.Attribute

func (p relPath) target() *schema.ContentType { return p[len(p)-1].TargetType }

// brackets is "[a][b]".
func (p relPath) brackets() string {
	s := ""
	for _, a := range p {
		s += "[" + a.Name + "]"
	}
	return s
}

func (p relPath) dotted() string {
	names := make([]string, len(p))
	for i, a := range p {
		names[i] = a.Name
	}
	return strings.Join(names, ".")
}

func (p relPath) toOne() bool {
	for _, a := range p {
		if a.ToMany() {
			return false
		}
	}
	return true
}

// passesDrafts reports whether the path reaches a draft & publish type.
func (p relPath) passesDrafts() bool {
	for _, a := range p {
		if a.TargetType.DraftAndPublish {
			return true
		}
	}
	return false
}

// relPaths are every relation path of depth 1 and 2 out of root whose
// every hop the role may read, in schema order.
func (w *visWorld) relPaths(role string, root *schema.ContentType) []relPath {
	var out []relPath
	for _, a := range root.Attributes {
		if !a.IsRelation() || !w.canRead(role, a.TargetType) {
			continue
		}
		out = append(out, relPath{a})
		for _, b := range a.TargetType.Attributes {
			if b.IsRelation() && w.canRead(role, b.TargetType) {
				out = append(out, relPath{a, b})
			}
		}
	}
	return out
}

// sample is a probe value of a row of ct the role may not see (hidden)
// and of one it may see, for the filters to compare with; "" when there
// is none. Without a probe field, ids.
func (w *visWorld) sample(ct *schema.ContentType, vis map[int64]bool) (field, hidden, shown string) {
	field = "id"
	values := map[int64]string{}
	if f := probeField(ct); f != nil {
		field, values = f.Name, w.rows.probe[ct]
	} else {
		for _, id := range w.rows.ids[ct] {
			values[id] = strconv.FormatInt(id, 10)
		}
	}
	ids := make([]int64, 0, len(values))
	for id := range values {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		switch {
		case !vis[id] && hidden == "":
			hidden = values[id]
		case vis[id] && shown == "":
			shown = values[id]
		}
	}
	return field, hidden, shown
}

// qv escapes a query-string value.
func qv(s string) string { return url.QueryEscape(s) }

func (w *visWorld) String() string { return fmt.Sprintf("visWorld(%s)", w.d) }
