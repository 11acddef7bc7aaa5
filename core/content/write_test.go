package content_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/kindtest"
)

// The types of these tests: a field of every kind, top-level (specimen)
// and in components held in every place one can be (holder), and media.
// They are internal/rest's kinds tests' (kinds_golden_test.go,
// component_kinds_test.go), with the relations and media to write.
var (
	specimenYAML = `kind: collectionType
info: {singularName: specimen, pluralName: specimens}
attributes:
` + kindtest.Fields() + `  relation: {type: relation, relation: manyToOne, target: specimen}
  friends: {type: relation, relation: manyToMany, target: specimen}
  cover: {type: media, allowedTypes: [images]}
  photos: {type: media, multiple: true}
`
	allYAML = `info: {displayName: All kinds}
attributes:
  string: {type: string}
  integer: {type: integer}
  boolean: {type: boolean}
  datetime: {type: datetime}
  json: {type: json}
  enumeration: {type: enumeration, enum: [low, high]}
`
	holderYAML = `kind: collectionType
info: {singularName: holder, pluralName: holders}
attributes:
  name: {type: string}
  one: {type: component, component: kinds.all}
  many: {type: component, component: kinds.all, repeatable: true, max: 3}
  deep: {type: component, component: kinds.outer}
  zone: {type: dynamiczone, components: [kinds.all, kinds.outer]}
`
	outerYAML = "info: {displayName: Outer}\nattributes:\n  label: {type: string}\n  inner: {type: component, component: kinds.all}\n"
)

// writesApp is an app of dialect d on the types above.
func writesApp(t *testing.T, d database.Dialect) *apptest.Harness {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"specimen.yaml": specimenYAML, "holder.yaml": holderYAML,
		"components/kinds/all.yaml": allYAML, "components/kinds/outer.yaml": outerYAML,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = dir
	cfg.Paths.Config = filepath.Join(apptest.Root(t), "testdata", "components", "config") // the admin may do everything
	return apptest.NewWith(t, cfg)
}

// eachDialect runs fn on an app of each dialect (PostgreSQL when
// KILN_TEST_POSTGRES_URL is set).
func eachDialect(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			fn(t, writesApp(t, d))
		})
	}
}

// kindCase is one kind's write: a Go value and the JSON body value that
// say the same, the canonical value both store, and a Go value of the
// wrong type with the message it gets.
type kindCase struct {
	goValue, body, want any
	wrong               any
	wrongMsg            string
}

// kindCases has a case for every kind of schema.Kinds() but the relation
// (written with SetRelation, below).
func kindCases() map[schema.FieldType]kindCase {
	berlin := time.FixedZone("UTC+2", 2*3600)
	return map[schema.FieldType]kindCase{
		schema.String:      {"Ada", "Ada", "Ada", 12, "string must be a string"},
		schema.Text:        {"two\nlines", "two\nlines", "two\nlines", true, "text must be a string"},
		schema.RichText:    {"# Title", "# Title", "# Title", 1.5, "richtext must be a string"},
		schema.Email:       {"ada@example.test", "ada@example.test", "ada@example.test", []string{"ada@example.test"}, "email must be a string"},
		schema.Password:    {"s3cret-pass", "s3cret-pass", nil, 7, "password must be a string"},
		schema.UID:         {"ada-lovelace", "ada-lovelace", "ada-lovelace", 1, "uid must be a string"},
		schema.Enumeration: {"high", "high", "high", 1, "enumeration must be a string"},
		schema.Integer:     {int32(42), json.Number("42"), int64(42), "42", "integer must be an integer"},
		schema.BigInteger:  {uint64(9007199254740993), json.Number("9007199254740993"), int64(9007199254740993), 1.5, "biginteger must be an integer"},
		schema.Float:       {2.5, json.Number("2.5"), 2.5, "2.5", "float must be a number"},
		schema.Decimal:     {float32(1.25), json.Number("1.25"), 1.25, true, "decimal must be a number"},
		schema.Boolean:     {true, true, true, "true", "boolean must be a boolean"},
		schema.Date:        {time.Date(2024, 5, 1, 23, 30, 0, 0, berlin), "2024-05-01", "2024-05-01", 20240501, "date must be a date (YYYY-MM-DD)"},
		schema.Time:        {time.Date(1, 1, 1, 9, 30, 15, 0, berlin), "09:30:15", "09:30:15", 930, "time must be a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)"},
		schema.DateTime: {time.Date(2024, 5, 1, 9, 30, 15, 123456789, berlin), "2024-05-01T07:30:15.123Z",
			time.Date(2024, 5, 1, 7, 30, 15, 123000000, time.UTC), "2024-05-01T07:30:15.123Z", "datetime must be a date-time (RFC 3339) or a date"},
		schema.JSON: {map[string]any{"b": 1, "a": []any{true, nil, "x"}}, map[string]any{"b": json.Number("1"), "a": []any{true, nil, "x"}},
			json.RawMessage(`{"a":[true,null,"x"],"b":1}`), make(chan int), "json must be JSON"},
		schema.Blocks: {[]map[string]any{{"type": "paragraph", "children": []map[string]any{{"type": "text", "text": "hi"}}}},
			[]any{map[string]any{"type": "paragraph", "children": []any{map[string]any{"type": "text", "text": "hi"}}}},
			json.RawMessage(`[{"children":[{"text":"hi","type":"text"}],"type":"paragraph"}]`), func() {}, "blocks must be JSON"},
	}
}

// TestWriteEveryKind: for every kind, a typed write (NewWrite.Set of a Go
// value) and the JSON body that says the same (WriteFromBody) store the
// same canonical value, read back; a Go value of the wrong type is the
// body's 400, naming the field at its path, where a body's text would
// be read (Set("integer", "42") is refused).
func TestWriteEveryKind(t *testing.T) {
	t.Parallel()
	cases := kindCases()
	for _, k := range schema.Kinds() {
		if _, ok := cases[k.Type()]; !ok && k.Type() != schema.Relation {
			t.Errorf("no case for kind %s", k.Type())
		}
	}
	eachDialect(t, func(t *testing.T, h *apptest.Harness) {
		ct := h.App.Schema.Type("specimen")
		svc, ctx := h.App.Content, context.Background()
		q := &query.Query{Type: ct}
		// read is the field's stored value: written, read back, deleted
		// (uid is unique), and for a password its hash's check.
		read := func(a *schema.Attribute, w *content.Write) any {
			t.Helper()
			e, err := svc.Create(ctx, q, w, content.ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", a.Name, err)
			}
			defer svc.Delete(ctx, q, content.ID(e.ID), content.ReadOptions{})
			got, err := svc.Get(ctx, &query.Query{Type: ct, Fields: []*schema.Attribute{a}}, e.ID, content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			v, _ := got.Get(a)
			return v
		}
		for _, a := range ct.Attributes {
			c, ok := cases[a.Type]
			if !ok {
				continue
			}
			typed := read(a, content.NewWrite(ct).Set(a.Name, c.goValue))
			body := read(a, content.WriteFromBody(ct, map[string]any{a.Name: c.body}))
			if !reflect.DeepEqual(typed, body) {
				t.Errorf("%s: typed write stored %#v, the body %#v", a.Name, typed, body)
			}
			if a.Type != schema.Password && !reflect.DeepEqual(typed, c.want) {
				t.Errorf("%s: stored %#v, want %#v", a.Name, typed, c.want)
			}
			_, err := svc.Create(ctx, q, content.NewWrite(ct).Set(a.Name, c.wrong), content.ReadOptions{})
			wantFieldError(t, a.Name+" of the wrong type", err, []string{a.Name}, c.wrongMsg)
		}
		// A password is stored as its hash, whichever way it came: a
		// column no read answers, so read by a statement.
		pw := ct.Attr("password")
		for _, w := range []*content.Write{content.NewWrite(ct).Set("password", "s3cret-pass"),
			content.WriteFromBody(ct, map[string]any{"password": "s3cret-pass"})} {
			e, err := svc.Create(ctx, &query.Query{Type: ct, Fields: query.IDsOnly()}, w, content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var hash string
			if err := svc.Statement(content.ReadOptions{}).W("SELECT ").Col("s", pw).W(" FROM ").From(ct, "s").W(" WHERE ").ID("s").W(" = ").Int(e.ID).
				QueryRow(ctx, &hash); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(hash, "$2") {
				t.Errorf("password stored as %q, want a bcrypt hash", hash)
			}
		}
	})
}

// TestWriteRulesAndNames: a typed value breaking a rule, a field the type
// does not have, and a value for the wrong sort of field are the errors a
// body gets, envelope and all.
func TestWriteRulesAndNames(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *apptest.Harness) {
		ct := h.App.Schema.Type("specimen")
		svc, ctx := h.App.Content, context.Background()
		q := &query.Query{Type: ct}
		for _, tc := range []struct {
			name  string
			typed *content.Write
			body  map[string]any
		}{
			{"an unknown field", content.NewWrite(ct).Set("nope", 1), map[string]any{"nope": json.Number("1")}},
			{"out of the 32-bit range", content.NewWrite(ct).Set("integer", int64(1)<<40), map[string]any{"integer": json.Number("1099511627776")}},
			{"not an enumeration's value", content.NewWrite(ct).Set("enumeration", "medium"), map[string]any{"enumeration": "medium"}},
			{"not an e-mail", content.NewWrite(ct).Set("email", "ada"), map[string]any{"email": "ada"}},
			{"two entries for a to-one", content.NewWrite(ct).SetRelation("relation", content.ID(1), content.ID(2)),
				map[string]any{"relation": []any{json.Number("1"), json.Number("2")}}},
			{"a missing target", content.NewWrite(ct).Connect("friends", content.ID(99)), map[string]any{"friends": map[string]any{"connect": []any{json.Number("99")}}}},
			{"an empty reference", content.NewWrite(ct).Connect("friends", content.DocumentID("")), map[string]any{"friends": map[string]any{"connect": []any{""}}}},
			{"a missing file", content.NewWrite(ct).Media("photos", 404), map[string]any{"photos": []any{json.Number("404")}}},
		} {
			_, typedErr := svc.Create(ctx, q, tc.typed, content.ReadOptions{})
			_, bodyErr := svc.Create(ctx, q, content.WriteFromBody(ct, tc.body), content.ReadOptions{})
			te, ok1 := errs.As(typedErr)
			be, ok2 := errs.As(bodyErr)
			if !ok1 || !ok2 || te.Kind != errs.KindValidation || te.Message != be.Message || !reflect.DeepEqual(te.Details, be.Details) {
				t.Errorf("%s: typed %v, body %v: want the same 400", tc.name, typedErr, bodyErr)
			}
		}
		for _, tc := range []struct {
			name string
			w    *content.Write
			path []string
			msg  string
		}{
			{"a Go value for a relation", content.NewWrite(ct).Set("relation", 1), []string{"relation"}, "relation is a relation: write it with SetRelation, Connect or Disconnect"},
			{"a relation change for a scalar", content.NewWrite(ct).Connect("string", content.ID(1)), []string{"string"}, "string is not a relation: write it with Set"},
			{"components for a scalar", content.NewWrite(ct).Component("integer"), []string{"integer"}, "integer is not a component field: write it with Set"},
		} {
			_, err := svc.Create(ctx, q, tc.w, content.ReadOptions{})
			wantFieldError(t, tc.name, err, tc.path, tc.msg)
		}
		if _, err := svc.Create(ctx, q, content.NewWrite(h.App.Schema.Type("holder")), content.ReadOptions{}); err == nil || errs.KindOf(err) == errs.KindValidation {
			t.Errorf("a write of another type: %v, want a plain error", err)
		}
	})
}

// TestWriteRelations: SetRelation, Connect (by id and by documentId),
// ConnectAt and Disconnect leave a relation as the body's set, connect,
// positions and disconnect do; Media as a list of file ids.
func TestWriteRelations(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *apptest.Harness) {
		ct := h.App.Schema.Type("specimen")
		svc, ctx := h.App.Content, context.Background()
		friends, relation := ct.Attr("friends"), ct.Attr("relation")
		var ids []int64
		var docs []string
		for _, name := range []string{"a", "b", "c", "d"} {
			e, err := svc.Create(ctx, &query.Query{Type: ct}, content.NewWrite(ct).Set("string", name), content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			ids, docs = append(ids, e.ID), append(docs, e.DocumentID)
		}
		q := &query.Query{Type: ct, Populate: []*query.Populate{
			{Relation: friends, Query: &query.Query{Type: ct, Fields: query.IDsOnly()}},
			{Relation: relation, Query: &query.Query{Type: ct, Fields: query.IDsOnly()}},
		}}
		num := func(id int64) json.Number { return json.Number(strconv.FormatInt(id, 10)) }
		// Each step runs on two entries, one written typed and one by
		// body, which must then link the same entries in the same order.
		steps := []struct {
			name  string
			typed *content.Write
			body  map[string]any
			want  []int64 // friends, in order; then the relation
		}{
			{"set by id and documentId", content.NewWrite(ct).SetRelation("friends", content.ID(ids[0]), content.DocumentID(docs[1])).SetRelation("relation", content.DocumentID(docs[2])),
				map[string]any{"friends": map[string]any{"set": []any{num(ids[0]), docs[1]}}, "relation": docs[2]}, []int64{ids[0], ids[1], ids[2]}},
			{"connect at the start", content.NewWrite(ct).ConnectAt("friends", content.DocumentID(docs[2]), content.Position{Start: true}),
				map[string]any{"friends": map[string]any{"connect": []any{map[string]any{"documentId": docs[2], "position": map[string]any{"start": true}}}}},
				[]int64{ids[2], ids[0], ids[1], ids[2]}},
			{"connect before, and at the end", content.NewWrite(ct).ConnectAt("friends", content.ID(ids[3]), content.Position{Before: content.ID(ids[0])}).Connect("friends", content.ID(ids[0])),
				map[string]any{"friends": map[string]any{"connect": []any{
					map[string]any{"id": num(ids[3]), "position": map[string]any{"before": num(ids[0])}}, map[string]any{"id": num(ids[0])}}}},
				[]int64{ids[2], ids[3], ids[1], ids[0], ids[2]}},
			{"disconnect, and clear the to-one", content.NewWrite(ct).Disconnect("friends", content.DocumentID(docs[3]), content.ID(ids[2])).SetRelation("relation"),
				map[string]any{"friends": map[string]any{"disconnect": []any{docs[3], num(ids[2])}}, "relation": nil}, []int64{ids[1], ids[0], 0}},
		}
		var pair [2]int64
		for i := range pair {
			e, err := svc.Create(ctx, &query.Query{Type: ct}, content.NewWrite(ct).Set("string", "holder"), content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			pair[i] = e.ID
		}
		for _, st := range steps {
			var got [2][]int64
			for i, w := range []*content.Write{st.typed, content.WriteFromBody(ct, st.body)} {
				e, err := svc.Update(ctx, q, content.ID(pair[i]), w, content.ReadOptions{})
				if err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
				got[i] = linked(e, friends, relation)
			}
			if !slices.Equal(got[0], st.want) || !slices.Equal(got[1], st.want) {
				t.Errorf("%s: typed %v, body %v, want %v", st.name, got[0], got[1], st.want)
			}
		}

		// Media: files by id, a single field's and a multiple one's.
		file := h.App.Schema.Type("file")
		var files []int64
		for _, f := range []struct{ name, mime string }{{"a.png", "image/png"}, {"b.pdf", "application/pdf"}} {
			e, err := svc.Create(ctx, &query.Query{Type: file}, content.NewWrite(file).Set("name", f.name).Set("hash", strings.TrimSuffix(f.name, filepath.Ext(f.name))).
				Set("ext", filepath.Ext(f.name)).Set("mime", f.mime).Set("size", 1.5).Set("url", "/uploads/"+f.name).Set("provider", "local"), content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, e.ID)
		}
		cover, photos := ct.Attr("cover"), ct.Attr("photos")
		mq := &query.Query{Type: ct, Populate: []*query.Populate{
			{Relation: cover, Query: &query.Query{Type: file, Fields: query.IDsOnly()}},
			{Relation: photos, Query: &query.Query{Type: file, Fields: query.IDsOnly()}},
		}}
		var got [2][]int64
		for i, w := range []*content.Write{content.NewWrite(ct).Media("cover", files[0]).Media("photos", files[1], files[0]),
			content.WriteFromBody(ct, map[string]any{"cover": num(files[0]), "photos": []any{num(files[1]), num(files[0])}})} {
			e, err := svc.Update(ctx, mq, content.ID(pair[i]), w, content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got[i] = linked(e, photos, cover)
		}
		if want := []int64{files[1], files[0], files[0]}; !slices.Equal(got[0], want) || !slices.Equal(got[1], want) {
			t.Errorf("media: typed %v, body %v, want %v", got[0], got[1], want)
		}
		_, err := svc.Update(ctx, mq, content.ID(pair[0]), content.NewWrite(ct).Media("cover", files[1]), content.ReadOptions{})
		wantFieldError(t, "a pdf as an image", err, []string{"cover"}, "cover takes images, not the file "+strconv.FormatInt(files[1], 10)+" (application/pdf)")
	})
}

// linked is the ids a to-many relation links, in order, then the to-one's
// (0 for none).
func linked(e *content.Entry, many, one *schema.Attribute) []int64 {
	var out []int64
	v, _ := e.Get(many)
	for _, r := range v.([]*content.Entry) {
		out = append(out, r.ID)
	}
	var id int64
	if r, _ := e.Get(one); r != nil {
		if r, ok := r.(*content.Entry); ok && r != nil {
			id = r.ID
		}
	}
	return append(out, id)
}

// TestWriteComponents: components given as items (single, repeatable,
// nested, a zone's members by their component) store what the body's
// objects store, read back through the API; an item updated in place
// keeps its row; the wrong component is refused at the body's path.
func TestWriteComponents(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, h *apptest.Harness) {
		ct := h.App.Schema.Type("holder")
		all, outer := h.App.Schema.Component("kinds.all"), h.App.Schema.Component("kinds.outer")
		svc, ctx := h.App.Content, context.Background()
		when := time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC)
		item := func(s string, n int) *content.Write {
			return content.NewWrite(all).Set("string", s).Set("integer", n).Set("boolean", n%2 == 0).Set("datetime", when).
				Set("json", map[string]any{"n": n}).Set("enumeration", "low")
		}
		itemBody := func(s string, n int) map[string]any {
			return map[string]any{"string": s, "integer": json.Number(strconv.Itoa(n)), "boolean": n%2 == 0,
				"datetime": "2024-05-01T09:30:00.000Z", "json": map[string]any{"n": json.Number(strconv.Itoa(n))}, "enumeration": "low"}
		}
		typed := content.NewWrite(ct).Set("name", "h").
			Component("one", item("one", 1)).
			Component("many", item("m1", 2), item("m2", 3)).
			Component("deep", content.NewWrite(outer).Set("label", "out").Component("inner", item("in", 4))).
			Component("zone", item("z1", 5), content.NewWrite(outer).Set("label", "z2").Component("inner", item("z2in", 6)))
		body := map[string]any{"name": "h",
			"one":  itemBody("one", 1),
			"many": []any{itemBody("m1", 2), itemBody("m2", 3)},
			"deep": map[string]any{"label": "out", "inner": itemBody("in", 4)},
			"zone": []any{with(itemBody("z1", 5), "__component", "kinds.all"),
				map[string]any{"__component": "kinds.outer", "label": "z2", "inner": itemBody("z2in", 6)}},
		}
		const populate = "?populate[one]=true&populate[many]=true&populate[deep][populate]=inner&populate[zone][on][kinds.all]=true&populate[zone][on][kinds.outer][populate]=inner"
		answer := func(w *content.Write) (map[string]any, int64) {
			t.Helper()
			e, err := svc.Create(ctx, &query.Query{Type: ct}, w, content.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r := h.Do("GET", "/api/holders/"+e.DocumentID+populate, nil)
			if r.Status != 200 {
				t.Fatalf("GET: %d %s", r.Status, r.Body)
			}
			return r.JSON(t)["data"].(map[string]any), e.ID
		}
		got, typedID := answer(typed)
		want, _ := answer(content.WriteFromBody(ct, body))
		strip(got)
		strip(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("typed components:\n%v\nthe body's:\n%v", got, want)
		}
		if z, _ := got["zone"].([]any); len(z) != 2 || z[1].(map[string]any)["inner"].(map[string]any)["string"] != "z2in" {
			t.Errorf("zone: %v", got["zone"])
		}

		// An item updated in place keeps its row and the fields it leaves out.
		rows := h.Do("GET", "/api/holders/"+strconv.FormatInt(typedID, 10)+populate, nil).JSON(t)["data"].(map[string]any)["many"].([]any)
		first, err := rows[0].(map[string]any)["id"].(json.Number).Int64()
		if err != nil {
			t.Fatal(err)
		}
		e, err := svc.Update(ctx, &query.Query{Type: ct}, content.ID(typedID),
			content.NewWrite(ct).Component("many", content.NewWrite(all).InPlace(first).Set("string", "renamed")), content.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		after := h.Do("GET", "/api/holders/"+e.DocumentID+populate, nil).JSON(t)["data"].(map[string]any)["many"].([]any)
		if len(after) != 1 || after[0].(map[string]any)["id"] != json.Number(strconv.FormatInt(first, 10)) ||
			after[0].(map[string]any)["string"] != "renamed" || after[0].(map[string]any)["integer"] != json.Number("2") {
			t.Errorf("in place: %v", after)
		}

		for _, tc := range []struct {
			name string
			w    *content.Write
			path []string
			msg  string
		}{
			{"the wrong component", content.NewWrite(ct).Component("one", content.NewWrite(outer)), []string{"one"}, "one must be a kinds.all, not a kinds.outer"},
			{"a zone's stranger", content.NewWrite(ct).Component("zone", item("ok", 1), content.NewWrite(ct)), []string{"zone", "1", "__component"},
				"zone[1].__component must be one of the following values: kinds.all, kinds.outer"},
			{"two items for one", content.NewWrite(ct).Component("one", item("a", 1), item("b", 2)), []string{"one"}, "one must be an object"},
			{"a wrong kind in an item", content.NewWrite(ct).Component("many", item("a", 1), content.NewWrite(all).Set("integer", "2")),
				[]string{"many", "1", "integer"}, "many[1].integer must be an integer"},
			{"too many items", content.NewWrite(ct).Component("many", item("a", 1), item("b", 2), item("c", 3), item("d", 4)), []string{"many"},
				"many field must have less than or equal to 3 items"},
		} {
			_, err := svc.Create(ctx, &query.Query{Type: ct}, tc.w, content.ReadOptions{})
			wantFieldError(t, tc.name, err, tc.path, tc.msg)
		}
		// The same mistakes in a body, where they can be said, get the same
		// answer.
		_, typedErr := svc.Create(ctx, &query.Query{Type: ct}, content.NewWrite(ct).Component("many", content.NewWrite(all).Set("nope", 1)), content.ReadOptions{})
		_, bodyErr := svc.Create(ctx, &query.Query{Type: ct}, content.WriteFromBody(ct, map[string]any{"many": []any{map[string]any{"nope": json.Number("1")}}}), content.ReadOptions{})
		if te, be := errs.KindOf(typedErr), errs.KindOf(bodyErr); te != errs.KindValidation || be != te || typedErr.Error() != bodyErr.Error() {
			t.Errorf("an unknown key in an item: typed %v, body %v", typedErr, bodyErr)
		}
	})
}

// with is m with k set to v.
func with(m map[string]any, k string, v any) map[string]any {
	m[k] = v
	return m
}

// strip drops what two entries written alike differ by: ids, documentIds
// and timestamps, at every depth.
func strip(v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"id", "documentId", "createdAt", "updatedAt", "publishedAt"} {
			delete(x, k)
		}
		for _, c := range x {
			strip(c)
		}
	case []any:
		for _, c := range x {
			strip(c)
		}
	}
}

// wantFieldError fails unless err is a 400 whose first field error is at
// path with message msg.
func wantFieldError(t *testing.T, name string, err error, path []string, msg string) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		t.Errorf("%s: %v, want a 400", name, err)
		return
	}
	list, _ := e.Details["errors"].([]errs.FieldError)
	if len(list) == 0 || !slices.Equal(list[0].Path, path) || list[0].Message != msg {
		t.Errorf("%s: %q %+v, want %v %q", name, e.Message, list, path, msg)
	}
}
