package webhook

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/net/idna"
)

// blocked4 are the IPv4 ranges a delivery may not reach unless
// allowPrivate is set, besides what netip's predicates name (loopback,
// private, link-local — 169.254.169.254, the cloud metadata service,
// among them —, unspecified, multicast): "this network", shared address
// space (CGNAT), IETF protocol assignments, benchmarking, reserved and
// broadcast.
var blocked4 = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
}

// globalUnicast is the only IPv6 space IANA gives to hosts on the
// internet. Everything outside it is refused: ::/8 (loopback,
// unspecified, IPv4-compatible ::a.b.c.d, IPv4-translated
// ::ffff:0:a.b.c.d, NAT64's 64:ff9b::/96 and 64:ff9b:1::/48, which reach
// IPv4 addresses through a translator), unique-local fc00::/7, link-local
// fe80::/10, the deprecated site-local fec0::/10, multicast ff00::/8.
var globalUnicast = netip.MustParsePrefix("2000::/3")

// blocked6 are the parts of globalUnicast refused whole: IETF protocol
// assignments, Teredo (2001::/32) among them, and 6to4. Both embed an
// IPv4 address a relay unwraps (Teredo's obfuscated), both are
// deprecated or dying, and no receiver's own address is one of them, so
// they are refused rather than decoded.
var blocked6 = []netip.Prefix{
	netip.MustParsePrefix("2001::/23"),
	netip.MustParsePrefix("2002::/16"),
}

// Public reports whether a delivery may connect to ip when private
// addresses are not allowed. An IPv6 address that carries an IPv4 one is
// judged by it when the IPv4 address is what is reached and sits at a
// fixed place: IPv4-mapped (::ffff:a.b.c.d, the IPv4 address itself to a
// dual-stack socket) and ISATAP (an interface id of 0:5efe:a.b.c.d or
// 200:5efe:a.b.c.d after any prefix, so it cannot be refused by prefix).
// The other forms are refused whole (globalUnicast, blocked6).
func Public(ip netip.Addr) bool {
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return public4(ip)
	}
	if !ip.Is6() || !globalUnicast.Contains(ip) {
		return false
	}
	for _, p := range blocked6 {
		if p.Contains(ip) {
			return false
		}
	}
	if v4, ok := isatap(ip); ok {
		return public4(v4)
	}
	return true
}

func public4(ip netip.Addr) bool {
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range blocked4 {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// isatap is the IPv4 address in an ISATAP interface id (RFC 5214):
// 00-00-5E-FE after the u and g bits, then the address.
func isatap(ip netip.Addr) (netip.Addr, bool) {
	b := ip.As16()
	if b[8]&^0x03 != 0 || b[9] != 0 || b[10] != 0x5e || b[11] != 0xfe {
		return netip.Addr{}, false
	}
	return netip.AddrFrom4([4]byte(b[12:])), true
}

// HostAddr is the address a URL's host is when it is written as one, in
// any spelling a resolver or a browser reads as an address: IPv6 (with
// or without a zone), dotted IPv4, and the numbers-and-dots forms of
// inet_aton and of the WHATWG URL standard — one to four numbers, each
// decimal, octal (a leading 0) or hex (0x), the last filling the bytes
// left: 2130706433, 0x7f000001, 0177.0.0.1, 127.1 and 127.0.1 are all
// 127.0.0.1, with a trailing dot or without. The host is first mapped as
// net/http maps it before dialing (IDNA), so fullwidth digits and dots
// count. ok is false for a name.
func HostAddr(host string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(host); err == nil {
		return a, true
	}
	if !isASCII(host) {
		mapped, err := idna.Lookup.ToASCII(host)
		if err != nil {
			return netip.Addr{}, false
		}
		host = mapped
		if a, err := netip.ParseAddr(host); err == nil {
			return a, true
		}
	}
	return parseIPv4Numbers(host)
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// parseIPv4Numbers reads the numbers-and-dots spellings of an IPv4
// address (the WHATWG URL standard's IPv4 parser, which takes what
// inet_aton takes and also "0x" alone and a trailing dot).
func parseIPv4Numbers(s string) (netip.Addr, bool) {
	s = strings.TrimSuffix(s, ".")
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return netip.Addr{}, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return netip.Addr{}, false
			}
			v = v<<8 | n
			continue
		}
		// The last number fills the bytes the others left.
		room := 8 * uint(5-len(parts))
		if n >= 1<<room {
			return netip.Addr{}, false
		}
		v = v<<room | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// parseIPv4Number is one number of parseIPv4Numbers: 0x… hex (empty is
// 0), 0… octal, else decimal.
func parseIPv4Number(p string) (uint64, bool) {
	base := 10
	switch {
	case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true
		}
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	// No sign, no underscore: ParseUint takes neither with a base given.
	n, err := strconv.ParseUint(p, base, 64)
	return n, err == nil
}

// ErrPrivateAddress is a delivery refused because its host is, or
// resolved to, an address that is not public.
type ErrPrivateAddress struct {
	// Addr is the address refused; Host the URL's host, when it spelled
	// that address another way (2130706433 for 127.0.0.1).
	Addr, Host string
}

func (e *ErrPrivateAddress) Error() string {
	if e.Host != "" && e.Host != e.Addr {
		return fmt.Sprintf("refused to connect to %s (%s): not a public address (webhooks.allowPrivate is off)", e.Host, e.Addr)
	}
	return fmt.Sprintf("refused to connect to %s: not a public address (webhooks.allowPrivate is off)", e.Addr)
}

// dialer connects deliveries. A host that is an address in any spelling
// (HostAddr) is dialed as that address, whatever the resolver would make
// of the spelling (Go's reads only dotted IPv4, glibc's reads 127.1 as
// 127.0.0.1); without allowPrivate, one that is not public is refused
// before anything is dialed.
type dialer struct {
	net          *net.Dialer
	allowPrivate bool
}

func (d *dialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	if a, ok := HostAddr(host); ok {
		if !d.allowPrivate && !Public(a) {
			return nil, &ErrPrivateAddress{Addr: a.String(), Host: host}
		}
		address = net.JoinHostPort(a.String(), port)
	}
	return d.net.DialContext(ctx, network, address)
}

// dialGuard is a net.Dialer Control: it runs once the name is resolved,
// for the very address about to be connected to, so a name that resolves
// (or re-resolves) to 127.0.0.1 is refused as the address itself is.
func dialGuard(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !Public(ip) {
		return &ErrPrivateAddress{Addr: host}
	}
	return nil
}
