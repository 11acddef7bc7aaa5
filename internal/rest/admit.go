package rest

import (
	"github.com/gofiber/fiber/v2"
)

// Admit lets at most n requests be worked on at once; the others wait
// their turn, in arrival order, until their deadline (Deadline runs
// first), and then answer the request-deadline 503.
//
// What a request holds while it is worked on — its rows, its answer
// being encoded — grows with how many run at once, while throughput does
// not: past a few requests per core they only take turns on the same
// cores and database connections. A waiting request holds its parsed head
// and nothing else, so the server's memory stays bounded by n however
// many connections are open (docs/operations.md, "Memory"). n <= 0
// admits every request.
func Admit(n int) fiber.Handler {
	if n <= 0 {
		return func(c *fiber.Ctx) error { return c.Next() }
	}
	slots := make(chan struct{}, n)
	return func(c *fiber.Ctx) error {
		select {
		case slots <- struct{}{}:
		default:
			// Full: wait, in the runtime's FIFO of blocked senders.
			ctx := c.UserContext()
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		defer func() { <-slots }()
		return c.Next()
	}
}
