package clientip

import (
	"net/netip"
	"testing"
)

func trusted(entries ...string) Trusted {
	var t Trusted
	for _, e := range entries {
		t = append(t, netip.MustParsePrefix(e))
	}
	return t
}

func TestClient(t *testing.T) {
	proxies := trusted("10.0.0.0/8", "127.0.0.1/32", "2001:db8:ffff::/48", "::1/128")
	cases := []struct {
		name string
		peer string
		xff  []string
		want string
	}{
		{"untrusted peer: its header changes nothing", "203.0.113.9", []string{"198.51.100.7"}, "203.0.113.9"},
		{"untrusted peer, spoofed trusted address", "203.0.113.9", []string{"10.0.0.1"}, "203.0.113.9"},
		{"trusted peer without a header", "10.0.0.1", nil, "10.0.0.1"},
		{"trusted peer, empty header", "10.0.0.1", []string{""}, "10.0.0.1"},
		{"trusted peer, one address", "10.0.0.1", []string{"198.51.100.7"}, "198.51.100.7"},
		{"the client's own entries on the left are ignored", "10.0.0.1", []string{"6.6.6.6, 198.51.100.7"}, "198.51.100.7"},
		{"trusted proxies on the right are skipped", "10.0.0.1", []string{"6.6.6.6, 198.51.100.7, 10.9.9.9, 127.0.0.1"}, "198.51.100.7"},
		{"all trusted: the leftmost", "10.0.0.1", []string{"10.0.0.5, 10.0.0.6"}, "10.0.0.5"},
		{"all trusted over several lines: the leftmost", "10.0.0.1", []string{"10.0.0.7", "10.0.0.8"}, "10.0.0.7"},
		{"several lines are one list", "10.0.0.1", []string{"6.6.6.6", "198.51.100.7, 10.1.1.1"}, "198.51.100.7"},
		{"a later line of trusted proxies only", "10.0.0.1", []string{"6.6.6.6, 198.51.100.7", "10.1.1.1"}, "198.51.100.7"},
		{"spaces and tabs", "10.0.0.1", []string{"  6.6.6.6 ,\t198.51.100.7\t,  10.1.1.1  "}, "198.51.100.7"},
		{"empty elements are skipped", "10.0.0.1", []string{"198.51.100.7,,10.1.1.1,", ","}, "198.51.100.7"},
		{"IPv4 with a port", "10.0.0.1", []string{"198.51.100.7:4711"}, "198.51.100.7"},
		{"trusted IPv4 with a port", "10.0.0.1", []string{"198.51.100.7, 10.1.1.1:80"}, "198.51.100.7"},
		{"IPv6", "10.0.0.1", []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv6 in brackets", "10.0.0.1", []string{"[2001:db8::2]"}, "2001:db8::2"},
		{"IPv6 in brackets with a port", "10.0.0.1", []string{"[2001:db8::3]:443"}, "2001:db8::3"},
		{"trusted IPv6 proxy skipped", "::1", []string{"2001:db8::1, [2001:db8:ffff::9]:80"}, "2001:db8::1"},
		{"IPv6 with a zone", "10.0.0.1", []string{"fe80::1%eth0"}, "fe80::1"},
		{"IPv4-mapped addresses are IPv4", "::ffff:10.0.0.1", []string{"::ffff:198.51.100.7, ::ffff:10.2.2.2"}, "198.51.100.7"},
		{"garbage on the right: the peer", "10.0.0.1", []string{"198.51.100.7, garbage"}, "10.0.0.1"},
		{"garbage between: the last good address to its right", "10.0.0.1", []string{"198.51.100.7, unknown, 10.1.1.1"}, "10.1.1.1"},
		{"garbage left of the client changes nothing", "10.0.0.1", []string{"garbage, 198.51.100.7"}, "198.51.100.7"},
		{"garbage in a later line stops the walk", "10.0.0.1", []string{"198.51.100.7", "10.1.1.1, proxy.local"}, "10.0.0.1"},
		{"an IPv4 address in brackets is garbage", "10.0.0.1", []string{"[198.51.100.7]"}, "10.0.0.1"},
		{"a bad port is garbage", "10.0.0.1", []string{"198.51.100.7:99999"}, "10.0.0.1"},
		{"a quoted address is garbage", "10.0.0.1", []string{`"198.51.100.7"`}, "10.0.0.1"},
		{"a range is garbage", "10.0.0.1", []string{"198.51.100.0/24"}, "10.0.0.1"},
		{"an untrusted peer with a zone", "fe80::7%eth0", []string{"198.51.100.7"}, "fe80::7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := proxies.Client(netip.MustParseAddr(tc.peer), tc.xff)
			if got != netip.MustParseAddr(tc.want) {
				t.Fatalf("Client(%s, %q) = %s, want %s", tc.peer, tc.xff, got, tc.want)
			}
		})
	}
}

// With no proxy trusted, the header is never read.
func TestClientTrustsNobodyByDefault(t *testing.T) {
	for _, peer := range []string{"10.0.0.1", "127.0.0.1", "::1", "0.0.0.0"} {
		if got := Trusted(nil).Client(netip.MustParseAddr(peer), []string{"198.51.100.7"}); got != netip.MustParseAddr(peer) {
			t.Errorf("peer %s: got %s", peer, got)
		}
	}
}

func TestContains(t *testing.T) {
	tr := trusted("10.0.0.0/8", "192.0.2.1/32", "2001:db8::/32")
	for addr, want := range map[string]bool{
		"10.255.0.1":       true,
		"11.0.0.1":         false,
		"192.0.2.1":        true,
		"192.0.2.2":        false,
		"::ffff:10.0.0.1":  true,
		"2001:db8:1::1":    true,
		"2001:db9::1":      false,
		"2001:db8::1%eth0": true,
	} {
		if got := tr.Contains(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Contains(%s) = %v, want %v", addr, got, want)
		}
	}
}
