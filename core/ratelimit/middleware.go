package ratelimit

import (
	"net/netip"

	"github.com/gofiber/fiber/v2"
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
//   - Anybody else is "addr:<ip>": use AddressKey, which takes the address
//     of the connection (fiber's c.IP()). That is the client only when no
//     proxy is in front; behind one, set fiber.Config.ProxyHeader together
//     with EnableTrustedProxyCheck and TrustedProxies, so that only the
//     proxy's header is believed. Without ProxyHeader, an X-Forwarded-For
//     sent by the client is ignored, so a spoofed one cannot start a fresh
//     counter. Prefer a header the proxy overwrites (X-Real-IP): fiber takes
//     the first address of X-Forwarded-For, which a proxy that appends to
//     the list leaves under the client's control.
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
// c.IP() (the connection's, or a trusted proxy's header; see Middleware).
//
// The address is parsed and written back in its canonical form, so that
// spellings of one address ("::ffff:1.2.3.4", "1.2.3.4") share a counter,
// and a proxy header that is not an address falls back to the connection's
// address rather than becoming a key of the client's choosing. An IPv6
// address counts as its /64, since one subscriber usually gets a whole
// /64 and could otherwise use a new address per request.
func AddressKey(c *fiber.Ctx) string {
	a, err := netip.ParseAddr(c.IP())
	if err != nil {
		a, _ = netip.AddrFromSlice(c.Context().RemoteIP())
	}
	return "addr:" + canonicalAddr(a)
}

func canonicalAddr(a netip.Addr) string {
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
