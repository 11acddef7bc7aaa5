// Package clientip decides which address a request comes from. It is the
// one place that reads X-Forwarded-For: the rate limit's address key and
// the logs ask it (Of), never fiber's c.IP().
//
// The connection's peer is the client unless the peer is a trusted proxy.
// Behind trusted proxies, X-Forwarded-For is walked from the right, since
// each proxy appends the address it received the request from and only
// the entries added by trusted proxies can be believed: the client is the
// rightmost address that is not itself a trusted proxy. Everything to its
// left was written by the client, who could have put anything there —
// taking the leftmost address (as fiber's ProxyHeader does) would let a
// caller choose its own rate-limit key.
package clientip

import (
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Trusted is the list of proxies whose X-Forwarded-For is believed:
// single addresses (a /32 or /128) and ranges. IPv4 ranges are matched
// against IPv4 addresses and IPv4-mapped IPv6 ones alike.
type Trusted []netip.Prefix

// Contains reports whether a is a trusted proxy.
func (t Trusted) Contains(a netip.Addr) bool {
	a = normal(a)
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Client returns the address of the client of a request that arrived on a
// connection from peer and carries the X-Forwarded-For header values xff
// (each header line, in the order received; several lines are one list).
//
//   - An untrusted peer is the client; its X-Forwarded-For is ignored.
//   - Otherwise the list is walked from the right. Empty elements are
//     skipped; the first address that is not a trusted proxy is the client.
//   - If every address is trusted, the leftmost one is the client.
//   - An element that is not an address ("unknown", a name, garbage) stops
//     the walk: the client is the last good address to its right (the
//     peer, if it is the rightmost element), so garbage never picks the key.
//
// Elements may carry a port ("192.0.2.1:4711", "[2001:db8::1]:443"),
// brackets, a zone and surrounding spaces. The result is normalised: an
// IPv4-mapped IPv6 address is returned as IPv4, without a zone.
func (t Trusted) Client(peer netip.Addr, xff []string) netip.Addr {
	client := normal(peer)
	if !t.Contains(client) {
		return client
	}
	for i := len(xff) - 1; i >= 0; i-- {
		rest := xff[i]
		for rest != "" {
			var elem string
			if j := strings.LastIndexByte(rest, ','); j >= 0 {
				elem, rest = rest[j+1:], rest[:j]
			} else {
				elem, rest = rest, ""
			}
			elem = strings.Trim(elem, " \t")
			if elem == "" {
				continue
			}
			a, ok := parseElement(elem)
			if !ok {
				return client
			}
			client = a
			if !t.Contains(a) {
				return a
			}
		}
	}
	return client
}

// parseElement reads one X-Forwarded-For element: an address, an IPv4
// address with a port, or an IPv6 address in brackets with or without a
// port.
func parseElement(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return normal(a), true
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		a, err := netip.ParseAddr(s[1 : len(s)-1])
		if err != nil || !a.Is6() {
			return netip.Addr{}, false
		}
		return normal(a), true
	}
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return normal(ap.Addr()), true
}

// normal drops a zone and unmaps an IPv4-mapped IPv6 address, so that one
// client has one spelling and "::ffff:10.0.0.1" is matched by 10.0.0.0/8.
func normal(a netip.Addr) netip.Addr { return a.Unmap().WithZone("") }

// localsKey is where Middleware keeps the address for Of.
type localsKey struct{}

// Middleware works out each request's client address once, before any
// other handler, for Of. Register it first.
func Middleware(t Trusted) fiber.Handler {
	return func(c *fiber.Ctx) error {
		peer := peerOf(c)
		var xff []string
		if t.Contains(peer) {
			xff = headerValues(c)
		}
		c.Locals(localsKey{}, t.Client(peer, xff))
		return c.Next()
	}
}

// Of returns the request's client address as Middleware worked it out.
// Where Middleware did not run (an answer fasthttp gives before routing,
// such as a 413, or an app without it), it is the connection's peer:
// no proxy is trusted.
func Of(c *fiber.Ctx) netip.Addr {
	if a, ok := c.Locals(localsKey{}).(netip.Addr); ok {
		return a
	}
	return peerOf(c)
}

// peerOf is the connection's address (0.0.0.0 when it has none, as under
// fiber's app.Test).
func peerOf(c *fiber.Ctx) netip.Addr {
	a, _ := netip.AddrFromSlice(c.Context().RemoteIP())
	return normal(a)
}

// headerValues returns every X-Forwarded-For line of the request.
func headerValues(c *fiber.Ctx) []string {
	raw := c.Request().Header.PeekAll(fiber.HeaderXForwardedFor)
	out := make([]string, len(raw))
	for i, v := range raw {
		out[i] = string(v)
	}
	return out
}
