package everyroute_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// samples are the bodies of the routes that need one, by "METHOD path":
// each a list of bodies to send (nil: none). "$<type>" stands for a
// reference to an entry of that type, filled like a path parameter: a
// visible one for the request that should work, and a hidden and a
// missing one, which must get the same answer. A route whose request has
// required properties and no sample here fails the test, so a new route
// cannot go uncovered.
var samples = map[string]func(w *world, r *role) []map[string]any{
	"POST /events/:id/sync": func(*world, *role) []map[string]any {
		return []map[string]any{nil, {"learners": []any{"$learner"}}}
	},
	"PUT /events/:id/attendance/:learnerId": func(w *world, r *role) []map[string]any {
		if w.h.App.Security.Policy.Allowed(r.name, "scheduling.markAttendance") {
			return []map[string]any{{"status": "attended"}}
		}
		return []map[string]any{{"status": "accepted"}}
	},
	"POST /coaches/match":              func(*world, *role) []map[string]any { return []map[string]any{{"learner": "$learner"}} },
	"POST /coaches/:id/learners":       func(*world, *role) []map[string]any { return []map[string]any{{"learners": []any{"$learner"}}} },
	"POST /blueprints/:id/instantiate": func(*world, *role) []map[string]any { return []map[string]any{{"customer": "$customer"}} },
}

// param is one parameter of a route's path: an entry of ct, or (ct nil)
// the calendar feed's file, the one parameter that names no entry.
type param struct {
	name string
	ct   *schema.ContentType
}

// paramsOf reads a route's parameters: ":id" refers to the type the
// segment before it names ("/events/:id"), ":<type>Id" to that type.
func paramsOf(t *testing.T, s *schema.Schema, path string) []param {
	t.Helper()
	var out []param
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		name, ok := strings.CutPrefix(seg, ":")
		if !ok {
			continue
		}
		var ct *schema.ContentType
		switch {
		case name == "id" && i > 0:
			ct = s.ByPlural(segs[i-1])
		case strings.HasSuffix(name, "Id"):
			ct = s.Type(strings.TrimSuffix(name, "Id"))
		case name == "file" && path == "/calendar/:file":
			// The feed: filled with feed tokens (see slots).
		}
		if ct == nil && name != "file" {
			t.Fatalf("route %s: the test does not know what fills :%s; teach paramsOf", path, name)
		}
		out = append(out, param{name, ct})
	}
	return out
}

// value is what fills a parameter, and whose view an answer about it must
// keep to (the feed's owner; nil for the caller).
type value struct {
	text   string
	viewer *role
}

// slot is a parameter's values for one caller: visible[0] fills it when
// another parameter is under test.
type slot struct{ visible, hidden, missing []value }

const (
	missingID  = "987654321"
	missingDoc = "zzzzzzzzzzzzzzzzzzzzzzzz"
)

// slots chooses each parameter's values for the caller. An entry
// parameter's visible value is one the caller may see, chosen to be
// linked to hidden entries where possible (so that an answer about it
// could leak them), and linked to the other parameters' choices; its
// hidden values are entries the caller may not see (linked to the other
// choices first), by id and by documentId; its missing ones name nothing.
func (w *world) slots(r *role, params []param) []slot {
	out := make([]slot, len(params))
	base := make([]int64, len(params))
	for i, p := range params {
		if p.ct == nil { // the feed
			for _, owner := range w.roles {
				if path, ok := w.feeds[owner.name]; ok {
					out[i].visible = append(out[i].visible, value{fileOf(path), owner})
				}
			}
			for _, path := range w.noFeed {
				out[i].hidden = append(out[i].hidden, value{fileOf(path), nil})
			}
			out[i].missing = []value{{strings.Repeat("0", 64) + ".ics", nil}}
			continue
		}
		base[i] = w.pick(r, p.ct, params, base[:i])
		if base[i] != 0 {
			out[i].visible = []value{{w.ref(p.ct, base[i], true), nil}}
		}
		out[i].missing = []value{{missingID, nil}, {missingDoc, nil}}
	}
	for i, p := range params {
		if p.ct == nil {
			continue
		}
		var linked []int64
		for j, q := range params {
			if j != i && q.ct != nil && base[j] != 0 {
				linked = append(linked, w.related(q.ct, base[j], p.ct)...)
			}
		}
		hidden := r.hidden[p.ct]
		var first []int64
		for _, id := range hidden {
			if slices.Contains(linked, id) && len(first) < 2 {
				first = append(first, id)
			}
		}
		for _, id := range hidden {
			if len(first) < 2 && !slices.Contains(first, id) {
				first = append(first, id)
			}
		}
		for _, id := range first {
			out[i].hidden = append(out[i].hidden, value{w.ref(p.ct, id, false), nil}, value{w.ref(p.ct, id, true), nil})
		}
	}
	return out
}

// pick chooses a visible entry of ct for the caller: linked to the
// entries already chosen when possible, else the one of the first twenty
// linked to the most entries the caller may not see; 0 when they see
// none.
func (w *world) pick(r *role, ct *schema.ContentType, params []param, chosen []int64) int64 {
	visible := r.visible[ct]
	if len(visible) == 0 {
		return 0
	}
	for j, id := range chosen {
		if id == 0 || params[j].ct == nil {
			continue
		}
		for _, l := range w.related(params[j].ct, id, ct) {
			if slices.Contains(visible, l) {
				return l
			}
		}
	}
	best, most := visible[0], -1
	for _, id := range visible[:min(len(visible), 20)] {
		n := 0
		for _, other := range w.h.App.Schema.Types {
			for _, l := range w.related(ct, id, other) {
				if slices.Contains(r.hidden[other], l) {
					n++
				}
			}
		}
		if n > most {
			best, most = id, n
		}
	}
	return best
}

func fileOf(path string) string { return path[strings.LastIndex(path, "/")+1:] }

// fill writes a route's path with the values, under /api.
func fill(path string, params []param, values []string) string {
	for i, p := range params {
		path = strings.Replace(path, ":"+p.name, url.PathEscape(values[i]), 1)
	}
	return "/api" + path
}

// placeholders are the types a body's "$<type>" strings name.
func placeholders(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		if name, ok := strings.CutPrefix(x, "$"); ok {
			out = append(out, name)
		}
	case []any:
		for _, it := range x {
			out = append(out, placeholders(it)...)
		}
	case map[string]any:
		for _, it := range x {
			out = append(out, placeholders(it)...)
		}
	}
	return out
}

// substitute copies a body, writing refs[name] for "$<name>".
func substitute(v any, refs map[string]string) any {
	switch x := v.(type) {
	case string:
		if name, ok := strings.CutPrefix(x, "$"); ok {
			return refs[name]
		}
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = substitute(it, refs)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, it := range x {
			out[k] = substitute(it, refs)
		}
		return out
	}
	return v
}

// call is one request of the generated cases and what it got.
type call struct {
	method, path string
	body         any
	status       int
	answer       []byte
	wrote        bool
}

// do sends a request as the caller, with snapshots of the database around
// it, and checks the answer for strings of rows the viewer may not see.
func (w *world) do(t *testing.T, caller, viewer *role, method, path string, body any) call {
	t.Helper()
	// The state before is the state after the last request, when it was
	// taken (nothing else writes in between).
	before := w.last
	if before == "" {
		before = w.snapshot()
	}
	var send any
	if body != nil {
		send = body
	}
	resp := w.h.Do(method, path, send, apptest.As(caller.token)...)
	w.last = w.snapshot()
	c := call{method: method, path: path, body: body, status: resp.Status, answer: resp.Body, wrote: w.last != before}
	if strings.HasSuffix(path, "/calendar/token") && resp.Status == 200 {
		// A rotation ends the caller's old feed URL: keep the new one.
		var d struct{ Data struct{ Path string } }
		if err := json.Unmarshal(resp.Body, &d); err != nil || d.Data.Path == "" {
			t.Fatalf("rotation answer %s", resp.Body)
		}
		w.feeds[caller.name] = d.Data.Path
	}
	if resp.Status >= 500 {
		t.Errorf("%s %s %v as %s: %d %s", method, path, body, caller.name, resp.Status, resp.Body)
	}
	sent, _ := json.Marshal(body)
	if viewer == nil {
		viewer = caller
	}
	if l := leaks(viewer, resp.Body, path+string(sent)); len(l) > 0 {
		t.Errorf("%s %s %s as %s: the answer holds %d string(s) of rows %s may not see, e.g. %q: %.300s",
			method, path, sent, caller.name, len(l), viewer.name, l[0], resp.Body)
	}
	return c
}

// refused is the answer of a route to a role without its action: 401 for
// the public, 403 for a signed-in user.
func refused(r *role) int {
	if r.user == 0 {
		return 401
	}
	return 403
}

// TestEveryPluginRouteAsEveryRole calls every registered plugin route as
// public, authenticated, learner, coach, admin and a role that sees part
// of everything, on both databases. For every parameter that names an
// entry (in the path, or a "$<type>" of the body), an entry the caller may
// not see — by id and by documentId — gets exactly the answer of one that
// does not exist: a 404 for a path, the same refusal for a body; for a
// role without the route's action, exactly its 401 or 403. None of those
// writes anything (every table is compared before and after). No answer,
// whatever its parameters, holds the documentId or unique text of a row
// the caller may not see (for the calendar feed: its owner); routes with
// no parameter are checked this way, with populate=* too when they take
// it.
func TestEveryPluginRouteAsEveryRole(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel() // each database its own world
			w := build(t, d)
			routes := w.h.App.Plugins.Routes()
			if len(routes) < 20 {
				t.Fatalf("%d plugin routes registered: plugins/all is not what the app runs", len(routes))
			}
			stride := apptest.Stride()
			for ri, r := range w.roles {
				w.see()
				r = w.role(r.name)
				for i, rt := range routes {
					if (i+ri)%stride == 0 {
						w.route(t, r, rt)
					}
				}
			}
		})
	}
}

// sample is one body of a route for a caller: its template, the types
// its placeholders name, and the visible reference chosen for each.
type sample struct {
	tmpl  map[string]any
	types []string
	refs  map[string]string
}

// with is the body with its visible references, and ref for the
// placeholder name (none when name is ""); nil when the route takes none.
func (b sample) with(name, ref string) any {
	if b.tmpl == nil {
		return nil
	}
	m := map[string]string{}
	for k, v := range b.refs {
		m[k] = v
	}
	if name != "" {
		m[name] = ref
	}
	return substitute(b.tmpl, m)
}

// samplesOf are a route's bodies for the caller (see samples).
func (w *world) samplesOf(t *testing.T, r *role, rt plugin.Registered, params []param) []sample {
	t.Helper()
	key := rt.Method + " " + rt.Path
	var tmpls []map[string]any
	switch fn, ok := samples[key]; {
	case ok:
		tmpls = fn(w, r)
	case rt.Request != nil && len(asList(rt.Request["required"])) > 0:
		t.Fatalf("%s takes a body with required properties and has no sample: add one to samples", key)
	default:
		tmpls = []map[string]any{nil}
	}
	out := make([]sample, len(tmpls))
	for i, tmpl := range tmpls {
		out[i] = sample{tmpl: tmpl, types: placeholders(tmpl), refs: map[string]string{}}
		for _, name := range out[i].types {
			ct := w.h.App.Schema.Type(name)
			if ct == nil {
				t.Fatalf("%s: sample body names $%s, which is no content type", key, name)
			}
			out[i].refs[name] = missingID
			if v := w.pick(r, ct, params, nil); v != 0 {
				out[i].refs[name] = w.ref(ct, v, true)
			}
		}
	}
	return out
}

// route runs the cases of one route as one role.
func (w *world) route(t *testing.T, r *role, rt plugin.Registered) {
	key := rt.Method + " " + rt.Path
	allowed := w.h.App.Security.Policy.Allowed(r.name, rt.Action)
	params := paramsOf(t, w.h.App.Schema, rt.Path)
	slots := w.slots(r, params)
	pathOf := func(i int, v string) string {
		values := make([]string, len(params))
		for j, s := range slots {
			switch {
			case j == i:
				values[j] = v
			case len(s.visible) > 0:
				values[j] = s.visible[0].text
			default:
				values[j] = missingID
			}
		}
		return fill(rt.Path, params, values)
	}
	for _, body := range w.samplesOf(t, r, rt, params) {
		withBody, types := body.with, body.types
		// 1. Each path parameter hidden or missing: the same 404 (or the
		// role's refusal), nothing written.
		for i := range params {
			want := 404
			if !allowed {
				want = refused(r)
			}
			var first *call
			for _, v := range append(slices.Clone(slots[i].missing), slots[i].hidden...) {
				c := w.do(t, r, nil, rt.Method, pathOf(i, v.text), withBody("", ""))
				if c.status != want {
					t.Errorf("%s as %s, :%s = %s (%s): %d, want %d: %.300s", key, r.name, params[i].name, v.text,
						kind(slots[i], v), c.status, want, c.answer)
				}
				if c.wrote {
					t.Errorf("%s as %s, :%s = %s (%s): the database changed", key, r.name, params[i].name, v.text, kind(slots[i], v))
				}
				norm := normalize(c.answer, v.text)
				if first == nil {
					first = &c
					first.answer = []byte(norm)
				} else if norm != string(first.answer) {
					t.Errorf("%s as %s, :%s = %s (%s): %s\nbut for a missing one: %s", key, r.name, params[i].name, v.text,
						kind(slots[i], v), norm, first.answer)
				}
			}
		}
		// 2. Each "$<type>" of the body hidden or missing: the same refusal.
		for _, name := range types {
			ct := w.h.App.Schema.Type(name)
			cands := []string{missingID, missingDoc}
			for _, id := range r.hidden[ct][:min(2, len(r.hidden[ct]))] {
				cands = append(cands, w.ref(ct, id, false), w.ref(ct, id, true))
			}
			var first string
			for n, ref := range cands {
				c := w.do(t, r, nil, rt.Method, pathOf(-1, ""), withBody(name, ref))
				what := "missing"
				if n >= 2 {
					what = "hidden"
				}
				if c.status < 400 || c.wrote {
					t.Errorf("%s as %s, body $%s = %s (%s): %d, wrote %v: %.300s", key, r.name, name, ref, what, c.status, c.wrote, c.answer)
				}
				norm := fmt.Sprint(c.status, " ", normalize(c.answer, ref))
				if n == 0 {
					first = norm
				} else if norm != first {
					t.Errorf("%s as %s, body $%s = %s (%s): %s\nbut for a missing one: %s", key, r.name, name, ref, what, norm, first)
				}
			}
		}
		// 3. Everything visible: the answer keeps to the caller's view
		// (for the feed, to its owner's), and a role without the action
		// is refused.
		for _, q := range w.bases(rt, params, slots, withBody("", "")) {
			c := w.do(t, r, q.viewer, rt.Method, q.path, q.body)
			if !allowed && c.status != refused(r) {
				t.Errorf("%s as %s (no %s): %d, want %d", key, r.name, rt.Action, c.status, refused(r))
			}
			if c.wrote {
				w.see() // a write may change who sees what
			} else if rt.Method == "GET" && c.status == 200 && !strings.Contains(q.path, "/calendar/") {
				w.do(t, r, q.viewer, rt.Method, q.path+"?populate=*", nil)
			}
		}
	}
}

// request is a request to send, and whose view its answer keeps to (nil:
// the caller's).
type request struct {
	path   string
	body   any
	viewer *role
}

// bases are a route's requests with every parameter visible: one, or one
// per feed token for the feed.
func (w *world) bases(rt plugin.Registered, params []param, slots []slot, body any) []request {
	bases := [][]value{{}}
	for i := range params {
		vis := slots[i].visible
		if params[i].ct != nil && len(vis) > 1 {
			vis = vis[:1]
		}
		if len(vis) == 0 {
			vis = []value{{missingID, nil}}
		}
		var next [][]value
		for _, b := range bases {
			for _, v := range vis {
				next = append(next, append(slices.Clone(b), v))
			}
		}
		bases = next
	}
	out := make([]request, 0, len(bases))
	for _, b := range bases {
		values := make([]string, len(b))
		var viewer *role
		for i, v := range b {
			values[i] = v.text
			if v.viewer != nil {
				viewer = v.viewer
			}
		}
		out = append(out, request{fill(rt.Path, params, values), body, viewer})
	}
	return out
}

// normalize writes REF for the reference an answer echoes: a documentId
// wherever it is, a number only where it is quoted, so that answers about
// two references compare.
func normalize(answer []byte, ref string) string {
	s := string(answer)
	if strings.Trim(ref, "0123456789") != "" {
		return strings.ReplaceAll(s, ref, "REF")
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, `\"`+ref+`\"`, `\"REF\"`), `"`+ref+`"`, `"REF"`)
}

// kind says which of a slot's values v is.
func kind(s slot, v value) string {
	if slices.Contains(s.missing, v) {
		return "missing"
	}
	return "hidden"
}

func asList(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	}
	return nil
}
