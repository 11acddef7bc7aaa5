package rest

import "github.com/gofiber/fiber/v2"

// NoSniff sets X-Content-Type-Options: nosniff on the answer, so that a
// browser takes every answer for the type it is sent as and never, say,
// renders a JSON body holding user text as HTML. Register it before
// anything else; ErrorHandler sets it too, for the answers fasthttp gives
// before any handler runs (a body too large, a malformed request).
func NoSniff(c *fiber.Ctx) error {
	setNoSniff(c)
	return c.Next()
}

func setNoSniff(c *fiber.Ctx) { c.Set(fiber.HeaderXContentTypeOptions, "nosniff") }
