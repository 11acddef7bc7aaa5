package scheduling

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
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
	page, err := s.mine(c, q, q.Extra)
	if err != nil {
		return err
	}
	return reply.List(c, page, q.Pagination)
}

// mine reads the caller's events in the window extra's from and to name
// with q (REST's route and GraphQL's myEvents).
func (s *sched) mine(c *fiber.Ctx, q *query.Query, extra map[string]string) (*content.Page, error) {
	from, err := windowBound(extra, "from")
	if err != nil {
		return nil, err
	}
	to, err := windowBound(extra, "to")
	if err != nil {
		return nil, err
	}
	if from != nil && to != nil && !to.After(*from) {
		return nil, errs.New(errs.KindValidation, "to must be after from").
			WithDetails(map[string]any{"key": "to", "source": "query", "param": "to"})
	}
	mine := s.mineFilter(s.api.Caller(c).UserID, from, to)
	q.Filters = query.AndFilters(q.Filters, mine)
	if len(q.Sort) == 0 {
		q.Sort = []query.SortKey{{Path: []*schema.Attribute{s.m.EvStart}}}
	}
	return s.api.Content.Find(c.UserContext(), q, s.api.ReadOptions(c))
}

// mineFilter selects the user's events in the window: those they coach
// or attend, ending after from and starting before to.
func (s *sched) mineFilter(userID int64, from, to *time.Time) *query.Filter {
	conds := []*query.Filter{query.Or(
		query.Rel(s.m.EvCoach, query.Eq(s.m.CoachUser, userID)),
		query.Rel(s.m.EvLearners, query.Eq(s.m.LearnerUser, userID)),
	)}
	if from != nil {
		conds = append(conds, query.Gt(s.m.EvEnd, *from))
	}
	if to != nil {
		conds = append(conds, query.Lt(s.m.EvStart, *to))
	}
	return query.And(conds...)
}

// windowBound reads from or to: an ISO 8601 datetime (UTC when it has no
// offset) or a date (midnight UTC). Absent or empty is no bound.
func windowBound(extra map[string]string, key string) (*time.Time, error) {
	v := extra[key]
	if v == "" {
		return nil, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly} {
		t, err := time.Parse(layout, v)
		if err != nil {
			continue
		}
		// An offset can carry the years 0000 and 9999 past what a date-time
		// field holds.
		if t = t.UTC(); t.Year() < 0 || t.Year() > 9999 {
			return nil, boundError(key, "%s must be between the years 0000 and 9999 in UTC", key)
		}
		return &t, nil
	}
	return nil, boundError(key, "%s must be a datetime (ISO 8601) or a date (YYYY-MM-DD)", key)
}

// boundError is the 400 of a window bound the query string gave.
func boundError(key, format string, args ...any) error {
	return errs.Newf(errs.KindValidation, format, args...).
		WithDetails(map[string]any{"key": key, "source": "query", "param": key})
}
