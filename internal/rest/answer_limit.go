package rest

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
)

// DefaultMaxAnswerBytes is the largest answer body when none is configured.
const DefaultMaxAnswerBytes = 16 << 20

// LimitAnswer refuses, with a 400 naming the limit, a successful answer
// whose body is larger than the caller's limit (maxOf: their role's
// maxAnswerBytes, read once the caller is known), in place of sending it.
// The store's row budget bounds what a read can build in memory; this
// bounds what one request can make the server send, for generated and
// plugin routes alike. A generated answer checks the limit itself as it
// is encoded (answer.go), so it stops early and nothing of it is sent; a
// plugin's body is checked here, once built.
func LimitAnswer(maxOf func(c *fiber.Ctx) int) fiber.Handler {
	return func(c *fiber.Ctx) error {
		max := maxOf(c)
		if max <= 0 {
			max = DefaultMaxAnswerBytes
		}
		c.Locals(maxAnswerKey, max)
		if err := c.Next(); err != nil {
			return err
		}
		if st := c.Response().StatusCode(); st < 200 || st >= 300 || BodySize(c) <= max {
			return nil
		}
		c.Response().ResetBody()
		return answerTooLarge(max)
	}
}

func answerTooLarge(max int) error {
	return errs.Newf(errs.KindValidation,
		"The answer would be larger than %d bytes: ask for fewer entries with pagination, fields or a narrower populate", max).
		WithDetails(map[string]any{"limit": max, "setting": "maxAnswerBytes"})
}
