package ratelimit

import (
	"net/netip"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/internal/clientip"
)

// Middleware limits the requests for which keyOf returns ok, counting them
// under the key it returns against the limit it returns. Requests it says
// no to (ok false: /_health, /_ready) pass uncounted.
//
// Every counted response carries X-RateLimit-Limit, -Remaining and -Reset,
// the 429 included; past the limit the handler returns Result.Err() and the
// app's error handler writes the envelope (and Retry-After, from the
// error's details). A store failure in a fail-closed Limiter is returned
// as is, for the error handler to answer 500 and log.
//
// Building the key is keyOf's job, and what it puts in decides whether a
// client can slip out of its limit:
//
//   - A signed-in user is "user:<id>", with the id from the verified token.
//   - Anybody else is "addr:<ip>": use AddressKey, which takes the client
//     address from internal/clientip: the connection's peer, or behind a
//     trusted proxy the rightmost X-Forwarded-For address that is not a
//     trusted proxy. Never fiber's c.IP() with a ProxyHeader, which takes
//     the header's first address, written by the client: a spoofed one
//     would start a fresh counter.
//   - Never the path, its case, a trailing slash, a query or a body field
//     (such as the e-mail of a login attempt): each variant would get its
//     own counter. A stricter limit for one route (login: 10 a minute) is
//     a second Middleware with its own Limiter on that route, keyed by the
//     caller as above; if it also keys by identifier, it normalises it
//     (trimmed, lower-cased) and adds that counter to the address one,
//     never replaces it.
func Middleware(l *Limiter, keyOf func(c *fiber.Ctx) (key string, limit int, ok bool)) fiber.Handler {
	return func(c *fiber.Ctx) error {
		key, limit, ok := keyOf(c)
		if !ok {
			return c.Next()
		}
		r, err := l.Check(c.UserContext(), key, limit)
		if err != nil {
			return err
		}
		r.SetHeaders(func(k, v string) { c.Set(k, v) })
		if err := r.Err(); err != nil {
			return err
		}
		return c.Next()
	}
}

// UserKey is the key of a signed-in user: "user:<id>".
func UserKey(id string) string { return "user:" + id }

// AddressKey is the key of an anonymous caller: "addr:<ip>", the IP from
// clientip.Of (see Middleware).
//
// The address is written in its canonical form, so that spellings of one
// address ("::ffff:1.2.3.4", "1.2.3.4") share a counter. An IPv6 address
// counts as its /64, since one subscriber usually gets a whole /64 and
// could otherwise use a new address per request.
func AddressKey(c *fiber.Ctx) string {
	return "addr:" + canonicalAddr(clientip.Of(c))
}

func canonicalAddr(a netip.Addr) string {
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
