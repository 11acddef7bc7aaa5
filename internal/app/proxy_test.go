package app_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// proxyApp is an app behind the given trusted proxies that lets an address
// make three requests.
func proxyApp(t *testing.T, proxies ...string) *apptest.Harness {
	t.Helper()
	cfg := apptest.Config(t, database.SQLite)
	p, err := config.ParseProxies(proxies)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Server.TrustProxy = p
	cfg.RateLimit.PerAddress = 3
	return apptest.NewWith(t, cfg)
}

// remaining is what the rate limit says is left after the request, or
// "429" once refused.
func remaining(t *testing.T, r *apptest.Response) string {
	t.Helper()
	if r.Status == http.StatusTooManyRequests {
		return "429"
	}
	if r.Header.Get("X-RateLimit-Limit") != "3" {
		t.Fatalf("status %d without the address limit: %v %s", r.Status, r.Header, r.Body)
	}
	return r.Header.Get("X-RateLimit-Remaining")
}

// The rate-limit key of an anonymous caller follows internal/clientip's rule,
// over connections from chosen peer addresses: a header from an untrusted
// peer changes nothing; behind trusted proxies the client is the rightmost
// untrusted address, whatever the client wrote to its left.
func TestRateLimitKeyFollowsTrustedProxies(t *testing.T) {
	h := proxyApp(t, "10.0.0.0/8", "127.0.0.1", "::1")
	steps := []struct {
		what, peer string
		xff        []string
		want       string
	}{
		{"untrusted peer with a header", "203.0.113.5", []string{"198.51.100.1"}, "2"},
		{"untrusted peer spoofing another address", "203.0.113.5", []string{"198.51.100.2"}, "1"},
		{"untrusted peer spoofing a trusted proxy", "203.0.113.5", []string{"10.0.0.9"}, "0"},
		{"untrusted peer without a header", "203.0.113.5", nil, "429"},
		{"the same client behind a trusted proxy", "10.0.0.1", []string{"203.0.113.5"}, "429"},
		{"behind a proxy, the client's own entry ignored", "10.0.0.1", []string{"6.6.6.6, 198.51.100.7"}, "2"},
		{"another proxy, trusted hops skipped", "10.0.0.2", []string{"7.7.7.7, 198.51.100.7, 10.0.0.1"}, "1"},
		{"several header lines, with spaces and a port", "127.0.0.1", []string{"8.8.8.8", " 198.51.100.7:4711 "}, "0"},
		{"all trusted: the leftmost", "10.0.0.1", []string{"10.0.0.77, 10.0.0.1"}, "2"},
		{"garbage on the right: the peer", "10.0.0.77", []string{"198.51.100.8, garbage"}, "1"},
		{"garbage between: the proxy to its right", "10.0.0.1", []string{"198.51.100.9, unknown, 10.0.0.77"}, "0"},
		{"IPv6 behind an IPv6 proxy", "::1", []string{"[2001:db8:0:1::1]:443"}, "2"},
		{"the same /64", "::1", []string{"2001:db8:0:1::2"}, "1"},
		{"another /64", "::1", []string{"2001:db8:0:2::1"}, "2"},
	}
	for _, s := range steps {
		headers := []string{"Authorization", apptest.Anonymous}
		for _, v := range s.xff {
			headers = append(headers, "X-Forwarded-For", v)
		}
		if got := remaining(t, h.DoFrom(s.peer, "GET", "/api/programs", nil, headers...)); got != s.want {
			t.Fatalf("%s (from %s, X-Forwarded-For %q): remaining %s, want %s", s.what, s.peer, s.xff, got, s.want)
		}
	}
}

// With nobody trusted (the default), every header is ignored, even from
// loopback.
func TestRateLimitKeyTrustsNoProxyByDefault(t *testing.T) {
	h := proxyApp(t)
	for i, want := range []string{"2", "1", "0", "429"} {
		r := h.DoFrom("127.0.0.1", "GET", "/api/programs", nil,
			"Authorization", apptest.Anonymous, "X-Forwarded-For", "198.51.100."+strconv.Itoa(i))
		if got := remaining(t, r); got != want {
			t.Fatalf("request %d: remaining %s, want %s", i, got, want)
		}
	}
}

// The same rule over a real TCP connection from 127.0.0.1: trusted, the
// header names the client; left out of the list, it is ignored.
func TestRateLimitKeyOverLoopback(t *testing.T) {
	get := func(t *testing.T, base, xff string) string {
		req, _ := http.NewRequest("GET", base+"/api/programs", nil)
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return remaining(t, &apptest.Response{Status: resp.StatusCode, Header: resp.Header})
	}
	t.Run("trusted", func(t *testing.T) {
		base := proxyApp(t, "127.0.0.1").Serve()
		for i := range 3 {
			if got := get(t, base, "198.51.100."+strconv.Itoa(i)); got != "2" {
				t.Fatalf("client %d: remaining %s, want 2 (a counter of its own)", i, got)
			}
		}
	})
	t.Run("not trusted", func(t *testing.T) {
		base := proxyApp(t, "10.0.0.0/8", "::1").Serve()
		for i, want := range []string{"2", "1", "0", "429"} {
			if got := get(t, base, "198.51.100."+strconv.Itoa(i)); got != want {
				t.Fatalf("request %d: remaining %s, want %s", i, got, want)
			}
		}
	})
}

// DoFrom really connects from the address it is given: the probe the
// tests above stand on.
func TestDoFromSetsThePeer(t *testing.T) {
	h := proxyApp(t)
	for _, peer := range []string{"192.0.2.1", "192.0.2.2"} {
		if got := remaining(t, h.DoFrom(peer, "GET", "/api/programs", nil, "Authorization", apptest.Anonymous)); got != "2" {
			t.Fatalf("%s: remaining %s, want 2", peer, got)
		}
	}
}
