package coaching

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
)

// The availability routes' range rules.
const (
	maxRange        = 90 * 24 * time.Hour
	defaultRange    = 7 * 24 * time.Hour
	defaultDuration = 30 * time.Minute
)

// window is a slot search: free stretches of at least duration in
// [from, to).
type window struct {
	from, to time.Time
	duration time.Duration
}

// windowOf reads from, to and duration. from defaults to now (to the
// minute), to to a week after from, duration to 30 minutes. Each mistake
// is a 400 naming its parameter.
func windowOf(extra map[string]string, now time.Time) (window, error) {
	w := window{from: now.UTC().Truncate(time.Minute), duration: defaultDuration}
	if v, ok := extra["from"]; ok {
		t, err := instant("from", v)
		if err != nil {
			return w, err
		}
		w.from = t
	}
	w.to = w.from.Add(defaultRange)
	if v, ok := extra["to"]; ok {
		t, err := instant("to", v)
		if err != nil {
			return w, err
		}
		w.to = t
	}
	switch {
	case !w.to.After(w.from):
		return w, paramErr("to", "to must be after from")
	case w.to.Sub(w.from) > maxRange:
		return w, paramErr("to", "from..to may span at most 90 days")
	}
	if v, ok := extra["duration"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || time.Duration(n)*time.Minute > maxRange {
			return w, paramErr("duration", "duration must be a positive whole number of minutes, got "+quote(v))
		}
		w.duration = time.Duration(n) * time.Minute
	}
	return w, nil
}

// instant reads an ISO 8601 datetime (UTC when it has no offset) or a date
// (its midnight, UTC).
func instant(key, v string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, paramErr(key, key+" must be a datetime (ISO 8601) or a date (YYYY-MM-DD), got "+quote(v))
}

// paramErr is a 400 about one query parameter, in the details shape the
// query language uses.
func paramErr(key, msg string) error {
	return errs.New(errs.KindValidation, msg).WithDetails(map[string]any{"key": key, "source": "query", "param": key})
}

// quote keeps an echoed value short and printable.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}

// refuseKeys answers 400 when the query string uses a standard parameter
// the route has no meaning for (sort on a ranked answer, say), rather than
// ignoring it. fasthttp hands the keys over percent-decoded.
func refuseKeys(c *fiber.Ctx, why string, names ...string) error {
	var bad string
	c.Context().QueryArgs().VisitAll(func(k, _ []byte) {
		key := string(k)
		for _, n := range names {
			if bad == "" && (key == n || strings.HasPrefix(key, n+"[")) {
				bad = n
			}
		}
	})
	if bad == "" {
		return nil
	}
	e := errs.InvalidKey(bad, bad, "query", bad)
	e.Message += ": " + why
	return e
}
