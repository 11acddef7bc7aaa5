package config

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Proxies is server.yaml's trustProxy: the addresses and CIDR ranges of
// the proxies in front of Kiln. A single address is kept as its /32 or
// /128; an IPv4-mapped IPv6 entry as the IPv4 address or range.
type Proxies []netip.Prefix

// trustProxyWas tells a configuration written for the old boolean what to
// write instead, rather than a YAML type error.
const trustProxyWas = "trustProxy is no longer true or false but the list of proxies " +
	"whose X-Forwarded-For is believed: write trustProxy: [127.0.0.1] or [10.0.0.0/8] " +
	"with your proxy's address or range (KILN_TRUST_PROXY=10.0.0.0/8,127.0.0.1), " +
	"or leave it out to trust none"

// UnmarshalYAML reads a list ([10.0.0.0/8, 127.0.0.1]) or one string of
// comma-separated entries, as KILN_TRUST_PROXY takes them.
func (p *Proxies) UnmarshalYAML(n *yaml.Node) error {
	var entries []string
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!bool":
		return fmt.Errorf("line %d: %s", n.Line, trustProxyWas)
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
	case n.Kind == yaml.ScalarNode:
		entries = strings.Split(n.Value, ",")
	case n.Kind == yaml.SequenceNode:
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode || item.Tag == "!!bool" || item.Tag == "!!null" {
				return fmt.Errorf("line %d: trustProxy entries are addresses or CIDR ranges, like 10.0.0.0/8", item.Line)
			}
			entries = append(entries, item.Value)
		}
	default:
		return fmt.Errorf("line %d: trustProxy is a list of addresses or CIDR ranges, like [10.0.0.0/8, 127.0.0.1]", n.Line)
	}
	parsed, err := ParseProxies(entries)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*p = parsed
	return nil
}

// ParseProxies reads trusted-proxy entries: IP addresses (IPv4 or IPv6,
// no port) and CIDR ranges. Blank entries are skipped; anything else that
// is not an address or a range (a host name, a boolean) is an error that
// names it, so that a typo stops start-up instead of trusting nobody or
// everybody.
func ParseProxies(entries []string) (Proxies, error) {
	var out Proxies
	for _, raw := range entries {
		e := strings.TrimSpace(raw)
		if e == "" {
			continue
		}
		p, err := parseProxy(e)
		if err != nil {
			return nil, fmt.Errorf("trustProxy entry %q is not an IP address or CIDR range (like 127.0.0.1 or 10.0.0.0/8; names are not resolved)", e)
		}
		out = append(out, p)
	}
	return out, nil
}

func parseProxy(e string) (netip.Prefix, error) {
	if strings.Contains(e, "/") {
		p, err := netip.ParsePrefix(e)
		if err != nil {
			return netip.Prefix{}, err
		}
		if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
			return netip.PrefixFrom(a.Unmap(), p.Bits()-96).Masked(), nil
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(e)
	if err != nil {
		return netip.Prefix{}, err
	}
	a = a.Unmap().WithZone("")
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// Strings are the entries in their canonical form (127.0.0.1/32).
func (p Proxies) Strings() []string {
	out := make([]string, len(p))
	for i, x := range p {
		out[i] = x.String()
	}
	return out
}

// proxies reads KILN_TRUST_PROXY: comma-separated entries.
func (e *envReader) proxies(dst *Proxies, name string) {
	v := e.getenv(name)
	if v == "" || e.err != nil {
		return
	}
	if _, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
		e.err = fmt.Errorf("config: %s=%q: %s", name, v, trustProxyWas)
		return
	}
	p, err := ParseProxies(strings.Split(v, ","))
	if err != nil {
		e.err = fmt.Errorf("config: %s: %w", name, err)
		return
	}
	*dst = p
}
