package scheduling

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

// myEvents answers GET /api/events/me: the events the caller runs as coach
// or attends as learner, that overlap from..to (an event from 9:00 to
// 10:00 is in a window starting at 9:30; one ending exactly at from is
// not). Both bounds are optional. Every query parameter works as on
// /api/events — filters, populate, fields, sort (default startAt),
// pagination — and the caller's ownership scopes still apply on top.
func (s *sched) myEvents(c *fiber.Ctx) error {
	q, err := s.api.Query(c, s.m.Event, "from", "to")
	if err != nil {
		return err
	}
	from, err := windowBound(q.Extra, "from")
	if err != nil {
		return err
	}
	to, err := windowBound(q.Extra, "to")
	if err != nil {
		return err
	}
	if from != nil && to != nil && !to.After(*from) {
		return errs.New(errs.KindValidation, "to must be after from").
			WithDetails(map[string]any{"key": "to", "source": "query", "param": "to"})
	}
	mine, err := s.mineFilter(s.api.Caller(c).UserID, from, to)
	if err != nil {
		return err
	}
	q.Filters = query.AndFilters(q.Filters, mine)
	if len(q.Sort) == 0 {
		q.Sort = []query.SortKey{{Path: []*schema.Attribute{s.m.EvStart}}}
	}
	page, err := s.api.Content.Find(c.UserContext(), q, s.api.ReadOptions(c))
	if err != nil {
		return err
	}
	return rest.WriteList(c, page, q.Pagination)
}

// mineFilter selects the user's events in the window, written as a Strapi
// filter and checked by the query package like any client filter.
func (s *sched) mineFilter(userID int64, from, to *time.Time) (*query.Filter, error) {
	user := map[string]any{"user": map[string]any{"id": map[string]any{"$eq": strconv.FormatInt(userID, 10)}}}
	conds := []any{map[string]any{"$or": []any{
		map[string]any{s.m.EvCoach.Name: user},
		map[string]any{s.m.EvLearners.Name: user},
	}}}
	if from != nil {
		conds = append(conds, map[string]any{s.m.EvEnd.Name: map[string]any{"$gt": timeText(*from)}})
	}
	if to != nil {
		conds = append(conds, map[string]any{s.m.EvStart.Name: map[string]any{"$lt": timeText(*to)}})
	}
	return query.ParseFilter(s.m.Event, map[string]any{"$and": conds}, query.DefaultOptions())
}

// windowBound reads from or to: an ISO 8601 datetime (UTC when it has no
// offset) or a date (midnight UTC). Absent or empty is no bound.
func windowBound(extra map[string]string, key string) (*time.Time, error) {
	v := extra[key]
	if v == "" {
		return nil, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly} {
		if t, err := time.Parse(layout, v); err == nil {
			t = t.UTC()
			return &t, nil
		}
	}
	return nil, errs.Newf(errs.KindValidation, "%s must be a datetime (ISO 8601) or a date (YYYY-MM-DD)", key).
		WithDetails(map[string]any{"key": key, "source": "query", "param": key})
}
