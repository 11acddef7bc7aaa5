package scheduling

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
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
// feedMax of them), read through that user's own access — their role's
// scopes with their user id, exactly what their GET /api/events/:id/ics
// reads through — so the feed and the per-event file agree on every event
// and every attendee. A malformed, wrong or rotated token, a blocked or
// deleted user, or one whose role no longer holds the action that hands
// out feeds (scheduling.calendarToken), is the same 404 as a path that
// does not exist: the answer says nothing about whether a token was ever
// valid.
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
	user, err := s.api.UserByID(ctx, uid)
	if err != nil {
		return err
	}
	if user.Blocked || !s.api.RoleAllowed(user.Role, tokenAction) {
		return errs.NotFound()
	}
	mine := s.mineFilter(uid, ptr(s.now().Add(-feedPast)), nil)
	events, revs, err := s.icsEvents(ctx, mine, s.api.ReadOptionsFor(uid, user.Role), feedMax, true)
	if err != nil {
		return err
	}
	cal := s.calendar()
	cal.SetXWRCalName("Kiln")
	cal.SetXWRCalDesc("Your Kiln coaching events")
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	for _, e := range events {
		s.addEvent(cal, e, revs[e.ID])
	}
	c.Set(fiber.HeaderCacheControl, "private, max-age=300")
	return sendCalendar(c, cal)
}

// tokenAction is the action that hands out feed URLs: a user whose role
// no longer holds it has no feed.
const tokenAction = "scheduling.calendarToken"

func ptr[T any](v T) *T { return &v }

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
