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
	if p == "/api/v1" || strings.HasPrefix(p, "/api/v1/") ||
		(!strings.HasPrefix(p, "/api/v2/") && strings.EqualFold(c.Get("Strapi-Response-Format"), "v4")) {
		v = V1
	}
	c.Locals(versionKey, v)
	return v
}

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
