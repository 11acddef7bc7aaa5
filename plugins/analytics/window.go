package analytics

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// window is the optional from/to restriction of the time-based figures,
// as half-open UTC instants [from, to): "to=2026-06-30" keeps the whole of
// the 30th, so a caller names the days they mean, both included. A nil
// bound is open.
type window struct{ from, to *time.Time }

// parseWindow reads from and to (YYYY-MM-DD). It runs before any query, so
// a bad request costs the database nothing; the 400 names the parameter.
func parseWindow(c *fiber.Ctx) (window, error) {
	return windowOf(func(name string) string { return c.Query(name) })
}

// windowOf reads from and to by name, from a query string or a GraphQL
// field's arguments.
func windowOf(get func(name string) string) (window, error) {
	var w window
	for _, p := range []struct {
		name string
		dst  **time.Time
		days int
	}{{"from", &w.from, 0}, {"to", &w.to, 1}} {
		raw := get(p.name)
		if raw == "" {
			continue
		}
		d, err := time.Parse(schema.DateLayout, raw)
		if err != nil {
			return w, paramErr(p.name, p.name+" must be a date (YYYY-MM-DD), got "+quote(raw))
		}
		d = d.AddDate(0, 0, p.days)
		*p.dst = &d
	}
	if w.from != nil && w.to != nil && !w.from.Before(*w.to) {
		return w, paramErr("from", "from must not be after to")
	}
	return w, nil
}

func paramErr(param, msg string) error {
	return errs.New(errs.KindValidation, msg).WithDetails(map[string]any{"param": param})
}

// quote keeps an echoed parameter short and printable.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return `"` + s + `"`
}
