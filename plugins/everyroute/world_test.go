// Package everyroute_test calls every route of every plugin Kiln runs
// (plugins/all), as every role, on the small data set: the cases are made
// from the plugin registry, so a new route is covered the day it is
// registered. Its rule is the one of config/permissions.yaml: a row the
// caller may not see does not exist for them, for every purpose.
package everyroute_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store"
	"github.com/kiln-cms/kiln/plugins/all"
)

// now is every plugin's clock: the data set's reference instant, with
// past and coming events on both sides of it.
var now = dataset.Reference

// deskRole is a role the shipped file does not have: every plugin action,
// and scopes on most types (customer 1's people and programs, active
// coaches, weekday rules, published blueprints), so that every route,
// analytics and matching included, is called by someone who sees only
// part of the data. Its scopes read only rows it may see itself, so
// deleting what it may not see leaves what it sees unchanged (the premise
// of TestHiddenRowsChangeNoAnswer).
const deskRole = `
  desk:
    name: Desk
    description: Test role that sees part of everything.
    actions: [coaching.*, analytics.*, scheduling.*, content.*, users.me,
      blueprint.find, blueprint.findOne, category.find, category.findOne, customer.find, customer.findOne,
      program.find, program.findOne, module.find, module.findOne, session.find, session.findOne,
      coach.find, coach.findOne, learner.find, learner.findOne, enrollment.find, enrollment.findOne,
      event.find, event.findOne, attendance.find, attendance.findOne, availability.find, availability.findOne]
    scopes:
      customer: {id: {$eq: 1}}
      program: {customer: {id: {$eq: 1}}}
      module: {program: {customer: {id: {$eq: 1}}}}
      session: {program: {customer: {id: {$eq: 1}}}}
      learner: {customer: {id: {$eq: 1}}}
      enrollment: {learner: {customer: {id: {$eq: 1}}}}
      event: {program: {customer: {id: {$eq: 1}}}}
      attendance: {event: {program: {customer: {id: {$eq: 1}}}}}
      coach: {active: {$eq: true}}
      availability: {weekday: {$lt: 5}}
`

// role is a caller: the public, or a signed-in user with a token.
type role struct {
	name  string
	user  int64 // 0 for the public
	token string
	ro    entry.ReadOptions
	// visible holds, by type, the ids the role may see; hidden the others.
	visible, hidden map[*schema.ContentType][]int64
	// secrets are strings only a row the role may not see holds (its
	// documentId, its unique text fields): none may be in an answer.
	secrets []string
}

// world is an app with the small data set and a user per role.
type world struct {
	t     *testing.T
	h     *apptest.Harness
	roles []*role
	// docs maps a type and id to the entry's documentId.
	docs map[*schema.ContentType]map[int64]string
	// feed tokens by role name; noFeed are tokens that open nothing any
	// more (a blocked user's, a user whose role lost the right).
	feeds  map[string]string
	noFeed []string
	// last is the snapshot taken after the last request; "" when the
	// database may have changed since (see do).
	last string
}

// build makes a world on a fresh database of the dialect.
func build(t *testing.T, d database.Dialect) *world {
	t.Helper()
	h := apptest.NewWith(t, apptest.ConfigWithRoles(t, d, deskRole), all.Plugins(func() time.Time { return now })...)
	ctx := context.Background()
	if err := dataset.Load(ctx, h.App.Content, dataset.Generate(dataset.Small, 7), h.App.Accounts.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, h: h, docs: map[*schema.ContentType]map[int64]string{}, feeds: map[string]string{}}
	// The desk's user is linked to the first active coach without one.
	desk := w.user("desk", "desk@kiln.test", "desk")
	var coach int64
	if err := h.App.DB.QueryRowContext(ctx, "SELECT MIN(id) FROM coaches WHERE user_id IS NULL AND active = ?",
		store.Encode(d, schema.Boolean, true)).Scan(&coach); err != nil {
		t.Fatal(err)
	}
	if r := h.Do("PUT", fmt.Sprint("/api/coaches/", coach), map[string]any{"data": map[string]any{"user": desk}}); r.Status != 200 {
		t.Fatalf("linking the desk's coach: %d %s", r.Status, r.Body)
	}
	w.roles = []*role{
		{name: "public"},
		w.demo("authenticated", "user@kiln.local"),
		w.demo("learner", "learner@kiln.local"),
		w.demo("coach", "coach@kiln.local"),
		{name: "desk", user: desk},
		{name: "admin", user: 1, token: h.AdminToken},
	}
	for _, r := range w.roles {
		if r.token == "" && r.user != 0 {
			r.token = w.token(r.user)
		}
		if r.user != 0 && r.name != "authenticated" {
			w.feeds[r.name] = w.rotate(r.token)
		}
	}
	// Tokens that no longer open a feed: the authenticated user's (the
	// role never held scheduling.calendarToken; the row is written as if
	// the file had changed since), and a blocked learner's.
	w.noFeed = append(w.noFeed, w.plantToken(w.roles[1].user))
	blocked := w.user("blocked", "blocked@kiln.test", "learner")
	w.noFeed = append(w.noFeed, w.rotate(w.token(blocked)))
	if r := h.Do("PUT", fmt.Sprint("/api/users/", blocked), map[string]any{"blocked": true}); r.Status != 200 {
		t.Fatalf("blocking: %d %s", r.Status, r.Body)
	}
	w.see()
	w.watchWrites()
	return w
}

// demo is the demo user with the e-mail, signed in.
func (w *world) demo(name, email string) *role {
	w.t.Helper()
	p, err := account.PrincipalByEmail(context.Background(), w.h.App.Content, email)
	if err != nil || p.RoleType != name {
		w.t.Fatalf("demo user %s: %v %+v", email, err, p)
	}
	return &role{name: name, user: p.ID}
}

// user creates a user with the role and returns its id.
func (w *world) user(name, email, roleType string) int64 {
	w.t.Helper()
	w.h.CreateUser(name, email, roleType)
	p, err := account.PrincipalByEmail(context.Background(), w.h.App.Content, email)
	if err != nil {
		w.t.Fatal(err)
	}
	return p.ID
}

func (w *world) token(user int64) string {
	w.t.Helper()
	tok, err := w.h.App.Security.Tokens.Issue(user, 0) // users made by the test: version 0
	if err != nil {
		w.t.Fatal(err)
	}
	return tok
}

// rotate asks for a feed URL as the token's user and returns its path.
func (w *world) rotate(token string) string {
	w.t.Helper()
	r := w.h.Do("POST", "/api/calendar/token", nil, apptest.As(token)...)
	if r.Status != 200 {
		w.t.Fatalf("rotating a feed token: %d %s", r.Status, r.Body)
	}
	return r.JSON(w.t)["data"].(map[string]any)["path"].(string)
}

// plantToken stores a feed token for a user whose role may not have one,
// as a token made before the role lost the right would be, and returns
// its path.
func (w *world) plantToken(user int64) string {
	w.t.Helper()
	token := strings.Repeat("ab", 32)
	sum := sha256.Sum256([]byte(token))
	if _, err := w.h.App.DB.ExecContext(context.Background(),
		"INSERT INTO scheduling_calendar_tokens (user_id, token_hash, created_at) VALUES (?, ?, ?)",
		user, fmt.Sprintf("%x", sum), store.Encode(w.h.App.DB.Dialect, schema.DateTime, now)); err != nil {
		w.t.Fatal(err)
	}
	return "/api/calendar/" + token + ".ics"
}

// readOptions are what a role's request reads through, built as the core
// builds them: the role's compiled access and the user's id.
func (w *world) readOptions(r *role) entry.ReadOptions {
	acc := w.h.App.Security.Policy.Access(r.name)
	return entry.ReadOptions{Scopes: acc.Scopes, NoDrafts: acc.NoDrafts, User: r.user}
}

// see works out, for every role and type, which entries the role may see
// (through the store, as the core reads for them) and the strings of the
// others, and every entry's documentId.
func (w *world) see() {
	w.t.Helper()
	ctx := context.Background()
	everything := map[*schema.ContentType][]*entry.Entry{}
	for _, ct := range w.h.App.Schema.Types {
		page, err := w.h.App.Content.Find(ctx, &query.Query{Type: ct, Status: query.Draft}, entry.ReadOptions{})
		if err != nil {
			w.t.Fatal(err)
		}
		list := page.Entries
		if ct.DraftAndPublish { // both rows of each document
			pub, err := w.h.App.Content.Find(ctx, &query.Query{Type: ct, Status: query.Published}, entry.ReadOptions{})
			if err != nil {
				w.t.Fatal(err)
			}
			list = append(list, pub.Entries...)
		}
		everything[ct] = list
		w.docs[ct] = map[int64]string{}
		for _, e := range list {
			w.docs[ct][e.ID] = e.DocumentID
		}
	}
	for _, r := range w.roles {
		r.ro = w.readOptions(r)
		r.visible, r.hidden, r.secrets = map[*schema.ContentType][]int64{}, map[*schema.ContentType][]int64{}, nil
		for _, ct := range w.h.App.Schema.Types {
			seen := w.visibleIDs(ct, r.ro)
			shown := map[string]bool{}
			for _, e := range everything[ct] {
				if slices.Contains(seen, e.ID) {
					shown[e.DocumentID] = true
				}
			}
			for _, e := range everything[ct] {
				if slices.Contains(seen, e.ID) {
					r.visible[ct] = append(r.visible[ct], e.ID)
					continue
				}
				if shown[e.DocumentID] {
					continue // the other version of a document the role sees: neither hidden nor shown
				}
				r.hidden[ct] = append(r.hidden[ct], e.ID)
				r.secrets = append(r.secrets, e.DocumentID)
				for _, a := range ct.Attributes {
					if v, ok := e.Get(a); ok && a.Unique && !a.IsPrivate() {
						if s, ok := v.(string); ok && len(s) >= 6 {
							r.secrets = append(r.secrets, s)
						}
					}
				}
			}
		}
	}
}

// visibleIDs are the ids of ct that ro lets a caller see.
func (w *world) visibleIDs(ct *schema.ContentType, ro entry.ReadOptions) []int64 {
	w.t.Helper()
	page, err := w.h.App.Content.Find(context.Background(),
		&query.Query{Type: ct, Fields: query.IDsOnly(), Status: query.Draft}, ro)
	if err != nil {
		w.t.Fatal(err)
	}
	list := page.Entries
	ids := make([]int64, len(list))
	for i, e := range list {
		ids[i] = e.ID
	}
	return ids
}

func (w *world) role(name string) *role {
	for _, r := range w.roles {
		if r.name == name {
			return r
		}
	}
	w.t.Fatalf("no role %s", name)
	return nil
}

// leaks reports the strings of rows the viewer may not see that an
// answer holds, but for those the request itself sent. An iCalendar
// answer is unfolded first (RFC 5545 folds lines at 75 octets).
func leaks(viewer *role, body []byte, sent string) []string {
	body = bytes.ReplaceAll(body, []byte("\r\n "), nil)
	var out []string
	for _, s := range viewer.secrets {
		if bytes.Contains(body, []byte(s)) && !strings.Contains(sent, s) {
			out = append(out, s)
		}
	}
	return out
}

// writesTable holds a row for every row any request changed (watchWrites).
const writesTable = "kiln_test_writes"

// watchWrites makes every change to a row of any table add a row to
// writesTable, by triggers: an UPDATE that changes no value adds none
// (rows compared as text: json has no equality), and a write rolled back
// leaves none, as it leaves the data as it was. So snapshot tells a
// request that wrote from one that did not by counting rows, where it
// read every table whole around every request (three quarters of this
// package's CPU time).
func (w *world) watchWrites() {
	w.t.Helper()
	ctx, db := context.Background(), w.h.App.DB
	pg := db.Dialect == database.Postgres
	list := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"
	stmts := []string{"CREATE TABLE " + writesTable + " (at INTEGER)"}
	if pg {
		list = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
		stmts = append(stmts, `CREATE FUNCTION kiln_test_wrote() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN INSERT INTO `+writesTable+` VALUES (0); RETURN NULL; END $$`)
	}
	for i, table := range strs(w.t, db, list) {
		t := database.Ident(table)
		if pg {
			stmts = append(stmts,
				fmt.Sprintf("CREATE TRIGGER kiln_test_w%d AFTER INSERT OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION kiln_test_wrote()", i, t),
				fmt.Sprintf("CREATE TRIGGER kiln_test_u%d AFTER UPDATE ON %s FOR EACH ROW WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION kiln_test_wrote()", i, t))
			continue
		}
		var changed []string
		for _, c := range strs(w.t, db, "SELECT name FROM pragma_table_info('"+table+"')") {
			changed = append(changed, "OLD."+database.Ident(c)+" IS NOT NEW."+database.Ident(c))
		}
		for _, ev := range []string{"INSERT", "DELETE", "UPDATE"} {
			when := ""
			if ev == "UPDATE" {
				when = " WHEN " + strings.Join(changed, " OR ")
			}
			stmts = append(stmts, fmt.Sprintf("CREATE TRIGGER kiln_test_%s%d AFTER %s ON %s FOR EACH ROW%s BEGIN INSERT INTO %s VALUES (0); END",
				strings.ToLower(ev), i, ev, t, when, writesTable))
		}
	}
	for _, q := range stmts {
		if _, err := db.ExecContext(ctx, q); err != nil {
			w.t.Fatalf("%s: %v", q, err)
		}
	}
}

// snapshot names the state of the database: two snapshots are equal when
// nothing was written in between (watchWrites).
func (w *world) snapshot() string {
	w.t.Helper()
	n := strs(w.t, w.h.App.DB, "SELECT CAST(COUNT(*) AS TEXT) FROM "+writesTable)
	return n[0]
}

func strs(t *testing.T, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, q string) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// related are the ids of entries of type b that entry id of type a is
// linked to through any relation of a, whoever may see them.
func (w *world) related(a *schema.ContentType, id int64, b *schema.ContentType) []int64 {
	w.t.Helper()
	q := &query.Query{Type: a, Fields: query.IDsOnly(), Status: query.Draft}
	for _, attr := range a.Attributes {
		if attr.IsRelation() && attr.TargetType == b {
			q.Populate = append(q.Populate, &query.Populate{Relation: attr,
				Query: &query.Query{Type: b, Fields: query.IDsOnly(), Status: query.Draft}})
		}
	}
	if len(q.Populate) == 0 {
		return nil
	}
	e, err := w.h.App.Content.Get(context.Background(), q, id, entry.ReadOptions{})
	if err != nil {
		w.t.Fatal(err)
	}
	var out []int64
	for _, p := range q.Populate {
		switch v := get(e, p.Relation).(type) {
		case *entry.Entry:
			if v != nil {
				out = append(out, v.ID)
			}
		case []*entry.Entry:
			for _, x := range v {
				out = append(out, x.ID)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func get(e *entry.Entry, a *schema.Attribute) any {
	v, _ := e.Get(a)
	return v
}

// ref writes an id, or the entry's documentId.
func (w *world) ref(ct *schema.ContentType, id int64, byDoc bool) string {
	if byDoc {
		return w.docs[ct][id]
	}
	return strconv.FormatInt(id, 10)
}
