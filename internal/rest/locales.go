package rest

import (
	"context"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/route"
)

// ActionLocales is the permission of GET /api/i18n/locales, as Strapi's
// i18n plugin names it for the content API.
const ActionLocales = "i18n.locales"

// LocaleRoutes is GET /api/i18n/locales: the configured locales as
// Strapi 5 lists them, a bare array (docs/i18n.md). list reads them.
func LocaleRoutes(sec *Security, list func(context.Context) ([]locales.Locale, error)) route.Table {
	h := func(c *fiber.Ctx) error {
		if err := sec.Allow(c, ActionLocales); err != nil {
			return err
		}
		ls, err := list(c.UserContext())
		if err != nil {
			return err
		}
		return send(c, fiber.StatusOK, appendLocales(make([]byte, 0, 160*len(ls)+2), ls))
	}
	return route.Table{{Method: fiber.MethodGet, Path: "/i18n/locales", Prefixes: route.API, Action: ActionLocales,
		Source: route.SourceCore, Handlers: []fiber.Handler{h}}}
}

// appendLocales writes the locales in Strapi 5's keys and order: id,
// documentId, name, code, createdAt, updatedAt, publishedAt (a locale is
// published when made), isDefault.
func appendLocales(b []byte, ls []locales.Locale) []byte {
	b = append(b, '[')
	for i, l := range ls {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, l.ID, 10)
		b = append(b, `,"documentId":`...)
		b = appendString(b, l.DocumentID)
		b = append(b, `,"name":`...)
		b = appendString(b, l.Name)
		b = append(b, `,"code":`...)
		b = appendString(b, l.Code)
		for _, f := range []struct {
			k string
			t time.Time
		}{{"createdAt", l.CreatedAt}, {"updatedAt", l.UpdatedAt}, {"publishedAt", l.CreatedAt}} {
			b = append(b, `,"`+f.k+`":`...)
			b = appendString(b, f.t.UTC().Format("2006-01-02T15:04:05.000Z"))
		}
		b = append(b, `,"isDefault":`...)
		b = strconv.AppendBool(b, l.IsDefault)
		b = append(b, '}')
	}
	return append(b, ']')
}
