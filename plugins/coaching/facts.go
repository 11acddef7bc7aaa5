package coaching

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The plugin's reads. Whatever the number of coaches, matching and the
// availability list make a fixed number of statements: the candidates
// (through the query language, so a client's filters and the caller's
// scopes apply), then one each for their fields and capacity, their weekly
// rules and their scheduled events, in chunks of chunkSize ids.
//
// Those three are hand-written statements that read every content table
// through From, which narrows it to the rows the caller may see (their
// read options, ro): a learner, rule or event they may not see does not
// exist for them, so it takes no place, gives no time and holds no slot.
// When ro does not limit a type, From is the table itself.

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
func (k *coaching) candidateIDs(ctx context.Context, f *query.Filter, ro content.ReadOptions) ([]int64, error) {
	q := &query.Query{Type: k.m.Coach, Filters: f, Fields: []*schema.Attribute{schema.SysID}}
	page, err := k.api.Content.Find(ctx, q, ro)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(page.Entries))
	for i, e := range page.Entries {
		ids[i] = e.ID
	}
	return ids, nil
}

// coachesData loads, for the ids, each coach's matching fields, assigned
// learners, weekly rules and the scheduled events that overlap [from, to),
// as far as ro lets the caller see them.
func (k *coaching) coachesData(ctx context.Context, ids []int64, from, to time.Time, ro content.ReadOptions) ([]*coachData, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	byID := make(map[int64]*coachData, len(ids))
	var list []*coachData
	for start := 0; start < len(ids); start += chunkSize {
		chunk := ids[start:min(start+chunkSize, len(ids))]
		part, err := k.coachFields(ctx, chunk, ro)
		if err != nil {
			return nil, err
		}
		for _, c := range part {
			byID[c.ID] = c
		}
		list = append(list, part...)
		if err := k.loadRules(ctx, chunk, byID, ro); err != nil {
			return nil, err
		}
	}
	return list, k.loadBusy(ctx, ids, from, to, byID, ro)
}

// coachFields reads the coaches' expertise, languages, zone and capacity,
// with how many of their learners the caller may see, in one statement.
func (k *coaching) coachFields(ctx context.Context, ids []int64, ro content.ReadOptions) ([]*coachData, error) {
	m := k.m
	rows, err := k.api.Content.Statement(ro).W("SELECT ").ID("c").W(", ").Col("c", m.CoachExpertise).W(", ").Col("c", m.CoachLanguages).
		W(", ").Col("c", m.CoachTimezone).W(", ").Col("c", m.CoachMax).W(", COALESCE(n.assigned, 0) FROM ").From(m.Coach, "c").
		W(" LEFT JOIN (SELECT ").Col("l", m.LearnerCoach).W(" AS coach, COUNT(*) AS assigned FROM ").From(m.Learner, "l").
		W(" WHERE ").Col("l", m.LearnerCoach).W(" IN ").Ints(ids).W(" GROUP BY ").Col("l", m.LearnerCoach).
		W(") n ON n.coach = ").ID("c").W(" WHERE ").ID("c").W(" IN ").Ints(ids).W(" ORDER BY ").ID("c").Query(ctx)
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
	if d, ok := k.m.CoachMax.Default.(int64); ok {
		return d
	}
	return 0
}

// loadRules reads the weekly rules of the coaches that the caller may
// see; a rule with a missing or malformed time is skipped, as it gives no
// time.
func (k *coaching) loadRules(ctx context.Context, ids []int64, into map[int64]*coachData, ro content.ReadOptions) error {
	m := k.m
	rows, err := k.api.Content.Statement(ro).W("SELECT ").Col("a", m.AvCoach).W(", ").Col("a", m.AvWeekday).W(", ").
		Col("a", m.AvStart).W(", ").Col("a", m.AvEnd).W(" FROM ").From(m.Availability, "a").
		W(" WHERE ").Col("a", m.AvCoach).W(" IN ").Ints(ids).W(" ORDER BY ").Col("a", m.AvCoach).W(", ").ID("a").Query(ctx)
	if err != nil {
		return fmt.Errorf("reading availabilities: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var coach int64
		var weekday, start, end any
		if err := rows.Scan(&coach, &weekday, &start, &end); err != nil {
			return err
		}
		day, _ := decoded(schema.Integer, weekday).(int64)
		s, _ := decoded(schema.Time, start).(string)
		e, _ := decoded(schema.Time, end).(string)
		from, err1 := parseClock(s)
		until, err2 := parseClock(e)
		if c := into[coach]; c != nil && err1 == nil && err2 == nil && day >= 0 && day <= 6 {
			c.Rules = append(c.Rules, Rule{Weekday: time.Weekday(day), Start: from, End: until})
		}
	}
	return rows.Err()
}

// loadBusy reads the coaches' scheduled events that overlap [from, to)
// and that the caller may see, in one statement.
//
// For a few coaches the coach index is the way in. For many, listing them
// makes the database walk every event of every coach through that index
// (SQLite chose it for 190 coaches and read all 50,000 events of the large
// data set); reading the range by startAt and keeping the coaches wanted
// here is half the work.
func (k *coaching) loadBusy(ctx context.Context, ids []int64, from, to time.Time, into map[int64]*coachData, ro content.ReadOptions) error {
	m := k.m
	st := k.api.Content.Statement(ro).W("SELECT ").Col("e", m.EvCoach).W(", ").Col("e", m.EvStart).W(", ").Col("e", m.EvEnd).
		W(" FROM ").From(m.Event, "e").W(" WHERE ").Col("e", m.EvStatus).W(" = ").Str(statusScheduled).
		W(" AND ").Col("e", m.EvStart).W(" < ").At(to).
		W(" AND ").Col("e", m.EvEnd).W(" > ").At(from)
	if len(ids) <= fewCoaches {
		st.W(" AND ").Col("e", m.EvCoach).W(" IN ").Ints(ids)
	} else {
		st.W(" AND ").Col("e", m.EvCoach).W(" IS NOT NULL")
	}
	rows, err := st.Query(ctx)
	if err != nil {
		return fmt.Errorf("reading events: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var coach int64
		var start, end any
		if err := rows.Scan(&coach, &start, &end); err != nil {
			return err
		}
		s, ok1 := decoded(schema.DateTime, start).(time.Time)
		e, ok2 := decoded(schema.DateTime, end).(time.Time)
		if c := into[coach]; c != nil && ok1 && ok2 {
			c.Busy = append(c.Busy, Interval{s, e})
		}
	}
	return rows.Err()
}

// statusScheduled is the event status that holds a coach's time.
const statusScheduled = "scheduled"

// decoded is a scanned value in its canonical Go form, nil when it cannot
// be read as the type.
func decoded(t schema.FieldType, v any) any {
	d, err := content.Decode(t, v)
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
