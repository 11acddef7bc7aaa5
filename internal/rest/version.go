package rest

import (
	"strings"

	"github.com/gofiber/fiber/v2"
)

const versionKey = "kiln.version"

// VersionOf is the response version a request asked for: /api/v1 or the
// header Strapi-Response-Format: v4 select the Strapi 4 shape; /api/v2 and
// plain /api the Strapi 5 one.
func VersionOf(c *fiber.Ctx) Version {
	if v, ok := c.Locals(versionKey).(Version); ok {
		return v
	}
	v := V2
	p := c.Path()
	if underV1(p) || (!strings.HasPrefix(p, "/api/v2/") && strings.EqualFold(c.Get("Strapi-Response-Format"), "v4")) {
		v = V1
	}
	c.Locals(versionKey, v)
	return v
}

// underV1 reports whether p is below /api/v1, Strapi 4's own API.
func underV1(p string) bool { return p == "/api/v1" || strings.HasPrefix(p, "/api/v1/") }

// DeleteAnswersEntry reports whether a delete answers the deleted entry
// (200) rather than 204 with no body: only below /api/v1, as Strapi 4 did.
// Strapi 5 answers 204 in both its formats, so plain /api with
// Strapi-Response-Format: v4 answers as plain /api does; only the shape of
// entries follows the header.
func DeleteAnswersEntry(c *fiber.Ctx) bool { return underV1(c.Path()) }

// Versioned sets API-Version on every response under /api, errors included.
func Versioned(c *fiber.Ctx) error {
	setVersionHeader(c)
	return c.Next()
}

func setVersionHeader(c *fiber.Ctx) {
	if VersionOf(c) == V1 {
		c.Set("API-Version", "1")
	} else {
		c.Set("API-Version", "2")
	}
}
