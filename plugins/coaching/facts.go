package coaching

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// The plugin's reads. Whatever the number of coaches, matching and the
// availability list make a fixed number of statements: the candidates
// (through the query language, so a client's filters and the caller's
// scopes apply), then one each for their capacity, their weekly rules and
// their scheduled events, in chunks of chunkSize ids.
//
// Those three are hand-written, and a hand-written statement knows
// nothing of scopes; so each is brought back to what the caller may see
// (its read options, ro), as every read of a plugin must be: a learner,
// rule or event they may not see does not exist for them, so it takes no
// place, gives no time and holds no slot. When ro does not limit the type
// nothing changes and nothing more is read; otherwise the learners are
// counted among the visible ones (one more statement), and the rules and
// events read are kept only when visible (one more per 500 rows).

// chunkSize bounds the ids one statement lists, far below both databases'
// limits on bound values.
const chunkSize = 500

// fewCoaches is where loadBusy stops naming the coaches (see there); it
// is below chunkSize, so the list it names is always within bounds.
const fewCoaches = 20

// coachData is a coach as matching and availability see it.
type coachData struct {
	Candidate
	// Zone is the timezone field as written; Location is nil when it is
	// empty or unknown, ZoneErr says which.
	Zone    string
	ZoneErr error
	Rules   []Rule
	Busy    []Interval
}

// candidateIDs are the ids of the coaches f selects (nil for all), under
// the read options, in id order.
func (k *coaching) candidateIDs(ctx context.Context, f *query.Filter, ro store.ReadOptions) ([]int64, error) {
	q := &query.Query{Type: k.m.coach, Filters: f, Fields: []*schema.Attribute{schema.SysID}}
	entries, err := k.api.Content.Store.Find(ctx, k.api.Content.DB.Bun, q, ro)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	return ids, nil
}

// coachesData loads, for the ids, each coach's matching fields, assigned
// learners, weekly rules and the scheduled events that overlap [from, to),
// as far as ro lets the caller see them.
func (k *coaching) coachesData(ctx context.Context, conn store.Conn, ids []int64, from, to time.Time, ro store.ReadOptions) ([]*coachData, error) {
	byID := make(map[int64]*coachData, len(ids))
	var list []*coachData
	for start := 0; start < len(ids); start += chunkSize {
		chunk := ids[start:min(start+chunkSize, len(ids))]
		part, err := k.coachFields(ctx, conn, chunk, ro)
		if err != nil {
			return nil, err
		}
		for _, c := range part {
			byID[c.ID] = c
		}
		list = append(list, part...)
		if err := k.loadRules(ctx, conn, chunk, byID, ro); err != nil {
			return nil, err
		}
	}
	return list, k.loadBusy(ctx, conn, ids, from, to, byID, ro)
}

// coachFields reads the coaches' expertise, languages, zone and capacity,
// with how many of their learners the caller may see.
func (k *coaching) coachFields(ctx context.Context, conn store.Conn, ids []int64, ro store.ReadOptions) ([]*coachData, error) {
	m := k.m
	var visible []int64
	limited := ro.Limited(m.learner)
	if limited {
		f, err := idFilter(m.learner, m.learnerCoach, ids)
		if err != nil {
			return nil, err
		}
		if visible, _, err = k.api.VisibleIDs(ctx, conn, m.learner, f, ro); err != nil {
			return nil, err
		}
	}
	lc := store.Col(m.learnerCoach)
	b := k.stmt().W("SELECT c.", idCol, ", c.", store.Col(m.coachExpertise), ", c.", store.Col(m.coachLanguages),
		", c.", store.Col(m.coachTimezone), ", c.", store.Col(m.coachMax), ", COALESCE(n.assigned, 0)",
		" FROM ", store.Table(m.coach), " c LEFT JOIN (SELECT ", lc, " AS coach, COUNT(*) AS assigned FROM ", store.Table(m.learner),
		" WHERE ", lc, " IN ").IDs(ids)
	if limited {
		only(b, idCol, visible)
	}
	b.W(" GROUP BY ", lc, ") n ON n.coach = c.", idCol, " WHERE c.", idCol, " IN ").IDs(ids).W(" ORDER BY c.", idCol)
	rows, err := b.Query(ctx, conn)
	if err != nil {
		return nil, fmt.Errorf("reading coaches: %w", err)
	}
	defer rows.Close()
	var out []*coachData
	for rows.Next() {
		c := &coachData{}
		var expertise, languages, zone, maxLearners any
		if err := rows.Scan(&c.ID, &expertise, &languages, &zone, &maxLearners, &c.Assigned); err != nil {
			return nil, err
		}
		c.Expertise, c.Languages = stringList(expertise), stringList(languages)
		c.Zone, _ = decoded(schema.String, zone).(string)
		c.Location, c.ZoneErr = zoneOf(c.Zone)
		c.MaxLearners = k.capacityOf(maxLearners)
		out = append(out, c)
	}
	return out, rows.Err()
}

// capacityOf reads maxLearners; a null one is the field's default.
func (k *coaching) capacityOf(v any) int64 {
	if n, ok := decoded(schema.Integer, v).(int64); ok {
		return n
	}
	if d, ok := k.m.coachMax.Default.(int64); ok {
		return d
	}
	return 0
}

// loadRules reads the weekly rules of the coaches that the caller may
// see; a rule with a missing or malformed time is skipped, as it gives no
// time.
func (k *coaching) loadRules(ctx context.Context, conn store.Conn, ids []int64, into map[int64]*coachData, ro store.ReadOptions) error {
	m := k.m
	rows, err := k.stmt().W("SELECT ", idCol, ", ", store.Col(m.avCoach), ", ", store.Col(m.avWeekday), ", ", store.Col(m.avStart), ", ", store.Col(m.avEnd),
		" FROM ", store.Table(m.availability), " WHERE ", store.Col(m.avCoach), " IN ").IDs(ids).
		W(" ORDER BY ", store.Col(m.avCoach), ", ", idCol).Query(ctx, conn)
	if err != nil {
		return fmt.Errorf("reading availabilities: %w", err)
	}
	type rule struct {
		id, coach int64
		Rule
	}
	var list []rule
	var ruleIDs []int64
	for rows.Next() {
		var r rule
		var weekday, start, end any
		if err := rows.Scan(&r.id, &r.coach, &weekday, &start, &end); err != nil {
			rows.Close()
			return err
		}
		day, _ := decoded(schema.Integer, weekday).(int64)
		s, _ := decoded(schema.Time, start).(string)
		e, _ := decoded(schema.Time, end).(string)
		from, err1 := parseClock(s)
		until, err2 := parseClock(e)
		if into[r.coach] != nil && err1 == nil && err2 == nil && day >= 0 && day <= 6 {
			r.Rule = Rule{Weekday: time.Weekday(day), Start: from, End: until}
			list = append(list, r)
			ruleIDs = append(ruleIDs, r.id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	seen, err := k.api.Visible(ctx, conn, m.availability, ruleIDs, ro)
	if err != nil {
		return err
	}
	ok := idSet(seen)
	for _, r := range list {
		if ok[r.id] {
			into[r.coach].Rules = append(into[r.coach].Rules, r.Rule)
		}
	}
	return nil
}

// loadBusy reads the coaches' scheduled events that overlap [from, to),
// in one statement.
//
// For a few coaches the coach index is the way in. For many, listing them
// makes the database walk every event of every coach through that index
// (SQLite chose it for 190 coaches and read all 50,000 events of the large
// data set); reading the range by startAt and keeping the coaches wanted
// here is half the work.
func (k *coaching) loadBusy(ctx context.Context, conn store.Conn, ids []int64, from, to time.Time, into map[int64]*coachData, ro store.ReadOptions) error {
	m := k.m
	b := k.stmt().W("SELECT ", idCol, ", ", store.Col(m.evCoach), ", ", store.Col(m.evStart), ", ", store.Col(m.evEnd),
		" FROM ", store.Table(m.event), " WHERE ", store.Col(m.evStatus), " = ").Str(statusScheduled).
		W(" AND ", store.Col(m.evStart), " < ").At(to).
		W(" AND ", store.Col(m.evEnd), " > ").At(from)
	if len(ids) <= fewCoaches {
		b.W(" AND ", store.Col(m.evCoach), " IN ").IDs(ids)
	} else {
		b.W(" AND ", store.Col(m.evCoach), " IS NOT NULL")
	}
	rows, err := b.Query(ctx, conn)
	if err != nil {
		return fmt.Errorf("reading events: %w", err)
	}
	type busy struct {
		id, coach int64
		Interval
	}
	var list []busy
	var eventIDs []int64
	for rows.Next() {
		var e busy
		var start, end any
		if err := rows.Scan(&e.id, &e.coach, &start, &end); err != nil {
			rows.Close()
			return err
		}
		s, ok1 := decoded(schema.DateTime, start).(time.Time)
		en, ok2 := decoded(schema.DateTime, end).(time.Time)
		if into[e.coach] != nil && ok1 && ok2 {
			e.Interval = Interval{s, en}
			list = append(list, e)
			eventIDs = append(eventIDs, e.id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	seen, err := k.api.Visible(ctx, conn, m.event, eventIDs, ro)
	if err != nil {
		return err
	}
	ok := idSet(seen)
	for _, e := range list {
		if ok[e.id] {
			into[e.coach].Busy = append(into[e.coach].Busy, e.Interval)
		}
	}
	return nil
}

// idFilter is "rel is one of ids" on ct, for a read of the rows of ct
// that belong to those entries.
func idFilter(ct *schema.ContentType, rel *schema.Attribute, ids []int64) (*query.Filter, error) {
	in := make([]any, len(ids))
	for i, id := range ids {
		in[i] = strconv.FormatInt(id, 10)
	}
	return query.ParseFilter(ct, map[string]any{rel.Name: map[string]any{"id": map[string]any{"$in": in}}},
		query.Options{MaxInList: len(ids)})
}

// only writes " AND <column> IN (ids)" — "AND 1 = 0" for no ids — so that
// a hand-written statement reads only the rows with those ids.
func only(b *store.Stmt, column string, ids []int64) {
	if len(ids) == 0 {
		b.W(" AND 1 = 0")
		return
	}
	b.W(" AND ", column, " IN ").IDs(ids)
}

// idSet is a list of ids as a set.
func idSet(ids []int64) map[int64]bool {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// statusScheduled is the event status that holds a coach's time.
const statusScheduled = "scheduled"

var idCol = store.Ident(schema.ColID)

func (k *coaching) stmt() *store.Stmt { return store.NewStmt(k.api.Content.DB.Dialect) }

// decoded is a scanned value in its canonical Go form, nil when it cannot
// be read as the type.
func decoded(t schema.FieldType, v any) any {
	d, err := store.Decode(t, v)
	if err != nil {
		return nil
	}
	return d
}

// stringList reads a json column holding a list of strings; anything else
// (null, an object, numbers) is an empty list.
func stringList(v any) []string {
	raw, _ := decoded(schema.JSON, v).(json.RawMessage)
	return jsonStrings(raw)
}

// jsonStrings reads a JSON list of strings; anything else is no list.
func jsonStrings(raw json.RawMessage) []string {
	var list []string
	if len(raw) == 0 || json.Unmarshal(raw, &list) != nil {
		return nil
	}
	return list
}

// zoneOf resolves an IANA zone name; empty is no zone (nil, nil), and
// "Local" is refused: it would mean the server's zone, not the person's.
func zoneOf(name string) (*time.Location, error) {
	if name == "" {
		return nil, nil
	}
	if name == "Local" {
		return nil, errs.Newf(errs.KindValidation, "%q is not an IANA time zone name", name)
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, errs.Newf(errs.KindValidation, "%q is not an IANA time zone name", name)
	}
	zones.Store(name, loc)
	return loc, nil
}

// zones caches loaded zones: time.LoadLocation reads and parses the zone's
// data on every call, which cost more than the rest of a match together.
var zones sync.Map
