package scheduling

import (
	"context"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

const (
	// feedPast is how far back the feed reaches: a year of history for
	// the calendar, without every event of a long career. Upcoming events
	// are all there.
	feedPast = 365 * 24 * time.Hour
	// feedMax caps the events of one feed answer; past it, the oldest are
	// left out.
	feedMax = 2000
)

// feed answers GET /api/calendar/<token>.ics: the events the token's user
// runs as coach or attends as learner, from feedPast ago on (the latest
// feedMax of them). A malformed, wrong or rotated token, or a blocked or
// deleted user, is the same 404 as a path that does not exist: the answer
// says nothing about whether a token was ever valid.
func (s *sched) feed(c *fiber.Ctx) error {
	token, ok := strings.CutSuffix(c.Params("file"), ".ics")
	if !ok || !wellFormed(token) {
		return errs.NotFound()
	}
	ctx := c.UserContext()
	uid, err := s.tokenUser(ctx, tokenHash(token))
	if err != nil {
		return err
	}
	coachID, learnerID, err := s.people(ctx, uid)
	if err != nil {
		return err
	}
	var who []any
	if coachID != 0 {
		who = append(who, map[string]any{s.m.evCoach.Name: map[string]any{"id": map[string]any{"$eq": coachID}}})
	}
	if learnerID != 0 {
		who = append(who, map[string]any{s.m.evLearners.Name: map[string]any{"id": map[string]any{"$eq": learnerID}}})
	}
	cal := s.calendar()
	cal.SetXWRCalName("Kiln")
	cal.SetXWRCalDesc("Your Kiln coaching events")
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	if len(who) > 0 {
		f, err := query.ParseFilter(s.m.event, map[string]any{"$and": []any{
			map[string]any{"$or": who},
			map[string]any{s.m.evEnd.Name: map[string]any{"$gt": timeText(s.now().Add(-feedPast))}},
		}}, query.DefaultOptions())
		if err != nil {
			return err
		}
		events, revs, err := s.icsEvents(ctx, f, store.ReadOptions{}, feedMax, true)
		if err != nil {
			return err
		}
		// The feed has no caller's scopes to read through, so the rule is
		// spelled out: the coach of an event sees all its learners, a
		// learner only themselves.
		keep := func(e *store.Entry, learner int64) bool {
			if co, ok := get(e, s.m.evCoach).(*store.Entry); ok && co != nil && co.ID == coachID {
				return true
			}
			return learner == learnerID
		}
		for _, e := range events {
			s.addEvent(cal, e, revs[e.ID], keep)
		}
	}
	c.Set(fiber.HeaderCacheControl, "private, max-age=300")
	return sendCalendar(c, cal)
}

// people finds the coach and learner records linked to a user (0 when
// none); the links are one-to-one.
func (s *sched) people(ctx context.Context, uid int64) (coachID, learnerID int64, err error) {
	one := func(ct *schema.ContentType, user *schema.Attribute) (int64, error) {
		ids, err := s.stmt().w("SELECT ", idCol, " FROM ", tbl(ct), " WHERE ", col(user), " = ").id(uid).
			w(" ORDER BY ", idCol, " LIMIT 1").int64s(ctx, s.api.Content.DB.Bun)
		if err != nil || len(ids) == 0 {
			return 0, err
		}
		return ids[0], nil
	}
	if coachID, err = one(s.m.coach, s.m.coachUser); err != nil {
		return 0, 0, err
	}
	learnerID, err = one(s.m.learner, s.m.learnerUser)
	return coachID, learnerID, err
}

// wellFormed accepts exactly what rotateToken hands out: 64 lowercase hex
// digits. Anything else is refused before the database is asked.
func wellFormed(token string) bool {
	if len(token) != 2*tokenBytes {
		return false
	}
	for i := 0; i < len(token); i++ {
		if c := token[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
