package coaching

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
)

// firstSlots is how many slots /coaches/available shows per coach.
const firstSlots = 3

// slot is a free slot as the API writes it: UTC, and the coach's own
// wall clock.
type slot struct {
	Start      string `json:"start"`
	End        string `json:"end"`
	LocalStart string `json:"localStart"`
	LocalEnd   string `json:"localEnd"`
	Minutes    int64  `json:"minutes"`
}

func slotsJSON(list []Interval, loc *time.Location) []slot {
	out := make([]slot, 0, len(list))
	for _, iv := range list {
		out = append(out, slot{
			Start: iv.Start.UTC().Format(time.RFC3339), End: iv.End.UTC().Format(time.RFC3339),
			LocalStart: iv.Start.In(loc).Format(time.RFC3339), LocalEnd: iv.End.In(loc).Format(time.RFC3339),
			Minutes: int64(iv.Length() / time.Minute),
		})
	}
	return out
}

// availability answers GET /api/coaches/:id/availability?from&to&duration:
// the coach's free slots of at least duration minutes in from..to — the
// weekly rules read in the coach's time zone, minus their scheduled
// events. It takes no other query parameter.
func (k *coaching) availability(c *fiber.Ctx) error {
	if err := onlyKeys(c, "from", "to", "duration"); err != nil {
		return err
	}
	w, err := windowOf(queryMap(c), k.now())
	if err != nil {
		return err
	}
	ctx, ro := c.UserContext(), k.api.ReadOptions(c)
	coach, err := k.visibleCoach(ctx, k.api.Content, c.Params("id"), ro)
	if err != nil {
		return err
	}
	data, err := k.coachesData(ctx, []int64{coach}, w.from, w.to, ro)
	if err != nil || len(data) == 0 {
		return err
	}
	d := data[0]
	if d.ZoneErr != nil {
		return errs.Newf(errs.KindValidation, "the coach's timezone %s is not an IANA time zone name; fix the coach's timezone", quote(d.Zone)).
			WithDetails(map[string]any{"key": "timezone", "source": "coach", "coach": coach})
	}
	loc := d.rulesZone()
	free := FreeSlots(d.Rules, loc, d.Busy, w.from, w.to, w.duration)
	return reply.DataMeta(c, fiber.StatusOK, slotsJSON(free, loc), fiber.Map{
		"coach": coach, "timezone": loc.String(),
		"from": w.from.Format(time.RFC3339), "to": w.to.Format(time.RFC3339), "duration": int64(w.duration / time.Minute),
	})
}

// available answers GET /api/coaches/available?from&to&duration
// [&expertise][&language]: the active coaches with at least one free slot,
// each with their first slots, earliest first. The query language works on
// the coaches (filters, fields, populate, pagination); sort does not, the
// order being the slots'. A coach whose time zone is unknown cannot be
// placed in time and is left out (and logged). GraphQL's availableCoaches
// answers the same (graphql.go).
func (k *coaching) available(c *fiber.Ctx) error {
	if err := refuseKeys(c, "coaches are ordered by their first free slot", "sort"); err != nil {
		return err
	}
	q, err := k.api.Query(c, k.m.Coach, "from", "to", "duration", "expertise", "language")
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	found, err := k.availableCoaches(c.UserContext(), q.Filters, q.Extra, ro)
	if err != nil {
		return err
	}
	page, err := k.availablePage(c.UserContext(), q, found, ro)
	if err != nil {
		return err
	}
	items := make([]json.RawMessage, 0, len(page))
	for _, f := range page {
		item, err := json.Marshal(map[string]any{"coach": reply.EntryJSON(c, f.entry), "slots": slotsJSON(f.slots, f.loc)})
		if err != nil {
			return err
		}
		items = append(items, item)
	}
	total := int64(len(found))
	if !q.Pagination.WithCount {
		total = -1
	}
	return reply.Items(c, items, q.Pagination, total)
}

// availableCoaches are the active coaches the filter lets through with
// the expertise and language extra asks for and at least one free slot in
// its window (from, to, duration: windowOf), earliest first slot first.
func (k *coaching) availableCoaches(ctx context.Context, client *query.Filter, extra map[string]string, ro content.ReadOptions) ([]freeCoach, error) {
	w, err := windowOf(extra, k.now())
	if err != nil {
		return nil, err
	}
	filter, err := k.candidateFilter(ctx, client, "", ro)
	if err != nil {
		return nil, err
	}
	ids, err := k.candidateIDs(ctx, filter, ro)
	if err != nil {
		return nil, err
	}
	data, err := k.coachesData(ctx, ids, w.from, w.to, ro)
	if err != nil {
		return nil, err
	}
	return k.freeCoaches(data, extra, w), nil
}

// freeCoach is a coach with free slots in the window: their first ones;
// entry is the coach as the client asked, once read (availablePage).
type freeCoach struct {
	coach int64
	loc   *time.Location
	slots []Interval
	entry *content.Entry
}

// freeCoaches keeps the coaches with the expertise and language asked for
// and at least one free slot in w, earliest first slot first (ties by
// coach id). A coach whose time zone is unknown is logged and left out.
func (k *coaching) freeCoaches(data []*coachData, extra map[string]string, w window) []freeCoach {
	var found []freeCoach
	for _, d := range data {
		if !has(d.Expertise, extra["expertise"]) || !has(d.Languages, extra["language"]) {
			continue
		}
		if d.ZoneErr != nil {
			k.api.Log.Warn("coach left out of /coaches/available: unknown time zone", "coach", d.ID, "timezone", d.Zone)
			continue
		}
		loc := d.rulesZone()
		if s := FreeSlots(d.Rules, loc, d.Busy, w.from, w.to, w.duration); len(s) > 0 {
			found = append(found, freeCoach{coach: d.ID, loc: loc, slots: s[:min(len(s), firstSlots)]})
		}
	}
	slices.SortStableFunc(found, func(a, b freeCoach) int {
		if c := a.slots[0].Start.Compare(b.slots[0].Start); c != 0 {
			return c
		}
		return int(a.coach - b.coach)
	})
	return found
}

// availablePage is the page of found that q's pagination asks for, each
// coach read through q (fields, populate) in one go; a coach the read
// does not return is left out.
func (k *coaching) availablePage(ctx context.Context, q *query.Query, found []freeCoach, ro content.ReadOptions) ([]freeCoach, error) {
	page := found[min(q.Pagination.Offset(), len(found)):]
	if n := q.Pagination.Size(); n > 0 && len(page) > n {
		page = page[:n]
	}
	ids := make([]int64, len(page))
	for i, f := range page {
		ids[i] = f.coach
	}
	entries, err := k.entries(ctx, q, ids, ro)
	if err != nil {
		return nil, err
	}
	out := make([]freeCoach, 0, len(page))
	for _, f := range page {
		if f.entry = entries[f.coach]; f.entry != nil {
			out = append(out, f)
		}
	}
	return out, nil
}

// has reports whether the list holds the value (case and spacing aside);
// an empty value asks nothing.
func has(list []string, value string) bool {
	return norm(value) == "" || len(shared([]string{value}, list)) > 0
}

// queryMap is the query string's keys and values.
func queryMap(c *fiber.Ctx) map[string]string {
	out := map[string]string{}
	c.Context().QueryArgs().VisitAll(func(k, v []byte) { out[string(k)] = string(v) })
	return out
}

// onlyKeys answers 400 for any query parameter but the allowed ones.
func onlyKeys(c *fiber.Ctx, allowed ...string) error {
	var bad string
	c.Context().QueryArgs().VisitAll(func(k, _ []byte) {
		if key := string(k); bad == "" && !slices.Contains(allowed, key) {
			bad = key
		}
	})
	if bad != "" {
		return errs.InvalidKey(bad, bad, "query", bad)
	}
	return nil
}
