package webhook

import (
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// blocked are the ranges a delivery may not reach unless allowPrivate is
// set, besides what netip's predicates name (loopback, private, link-local
// — 169.254.169.254, the cloud metadata service, among them —,
// unspecified, multicast): "this network", shared address space (CGNAT),
// IETF protocol assignments, benchmarking, reserved, broadcast, and
// NAT64's well-known prefix, which reaches IPv4 addresses through IPv6.
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
}

// Public reports whether a delivery may connect to ip when private
// addresses are not allowed.
func Public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range blocked {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// ErrPrivateAddress is a delivery refused because its host resolved to an
// address that is not public.
type ErrPrivateAddress struct{ Addr string }

func (e *ErrPrivateAddress) Error() string {
	return fmt.Sprintf("refused to connect to %s: not a public address (webhooks.allowPrivate is off)", e.Addr)
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
