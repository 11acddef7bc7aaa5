package webhook_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/webhook"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// The guard's table is generated: every address of these lists written
// in every spelling below.
var (
	// privateV4 are addresses a delivery may not reach, one or more of
	// each refused range.
	privateV4 = []string{"127.0.0.1", "127.53.0.9", "10.1.2.3", "172.16.5.4", "192.168.1.1", "169.254.169.254",
		"100.64.0.1", "0.0.0.0", "192.0.0.8", "198.18.0.1", "240.0.0.1", "255.255.255.255", "224.0.0.251"}
	// publicV4 are addresses it may reach: a guard that refused every
	// spelling would fail on them.
	publicV4 = []string{"8.8.8.8", "1.1.1.1", "93.184.216.34", "151.101.1.69"}
)

// hostSpelling writes an IPv4 address as a URL's host. glibc says
// whether glibc's resolver reads the spelling as that address too
// (getaddrinfo, through inet_aton).
type hostSpelling struct {
	name  string
	spell func(b [4]byte) string
	glibc bool
}

func u32(b [4]byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func eachPart(b [4]byte, format string) string {
	parts := make([]string, 4)
	for i, x := range b {
		parts[i] = fmt.Sprintf(format, x)
	}
	return strings.Join(parts, ".")
}

func fullwidth(s string, dot rune) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9':
			return r - '0' + '０'
		case r == '.':
			return dot
		}
		return r
	}, s)
}

var hostSpellings = []hostSpelling{
	{"dotted", func(b [4]byte) string { return netip.AddrFrom4(b).String() }, true},
	{"one decimal number", func(b [4]byte) string { return fmt.Sprint(u32(b)) }, true},
	{"one hex number", func(b [4]byte) string { return fmt.Sprintf("0x%08x", u32(b)) }, true},
	{"one HEX number", func(b [4]byte) string { return fmt.Sprintf("0X%X", u32(b)) }, true},
	{"one octal number", func(b [4]byte) string { return fmt.Sprintf("0%o", u32(b)) }, true},
	{"dotted octal", func(b [4]byte) string { return eachPart(b, "0%o") }, true},
	{"dotted hex", func(b [4]byte) string { return eachPart(b, "0x%x") }, true},
	{"a.b.c16 (127.0.1)", func(b [4]byte) string { return fmt.Sprintf("%d.%d.%d", b[0], b[1], uint16(b[2])<<8|uint16(b[3])) }, true},
	{"a.b24 (127.1)", func(b [4]byte) string { return fmt.Sprintf("%d.%d", b[0], u32(b)&0xffffff) }, true},
	{"hex, octal, decimal", func(b [4]byte) string { return fmt.Sprintf("0x%x.0%o.%d.%d", b[0], b[1], b[2], b[3]) }, true},
	{"trailing dot", func(b [4]byte) string { return netip.AddrFrom4(b).String() + "." }, false},
	{"fullwidth digits", func(b [4]byte) string { return fullwidth(netip.AddrFrom4(b).String(), '.') }, false},
	{"fullwidth digits and dots", func(b [4]byte) string { return fullwidth(netip.AddrFrom4(b).String(), '．') }, false},
}

// v6Spelling writes an IPv4 address inside an IPv6 one. decoded says the
// guard judges it by the IPv4 address; otherwise the form is refused
// whatever it carries.
type v6Spelling struct {
	name    string
	spell   func(b [4]byte) string
	decoded bool
}

var v6Spellings = []v6Spelling{
	{"IPv4-mapped", func(b [4]byte) string { return "::ffff:" + netip.AddrFrom4(b).String() }, true},
	{"IPv4-mapped, hex", func(b [4]byte) string { return fmt.Sprintf("::ffff:%x:%x", u32(b)>>16, u32(b)&0xffff) }, true},
	{"IPv4-mapped, written out", func(b [4]byte) string { return fmt.Sprintf("0:0:0:0:0:ffff:%x:%x", u32(b)>>16, u32(b)&0xffff) }, true},
	{"IPv4-compatible", func(b [4]byte) string { return "::" + netip.AddrFrom4(b).String() }, false},
	{"IPv4-compatible, hex", func(b [4]byte) string { return fmt.Sprintf("::%x:%x", u32(b)>>16, u32(b)&0xffff) }, false},
	{"IPv4-translated", func(b [4]byte) string { return "::ffff:0:" + netip.AddrFrom4(b).String() }, false},
	{"NAT64", func(b [4]byte) string { return "64:ff9b::" + netip.AddrFrom4(b).String() }, false},
	{"NAT64, local use", func(b [4]byte) string { return "64:ff9b:1::" + netip.AddrFrom4(b).String() }, false},
	{"6to4", func(b [4]byte) string { return fmt.Sprintf("2002:%x:%x::1", u32(b)>>16, u32(b)&0xffff) }, false},
	{"Teredo", func(b [4]byte) string {
		// Server 65.54.227.120, the client's address inverted.
		return fmt.Sprintf("2001:0:4136:e378:8000:63bf:%x:%x", ^u32(b)>>16, ^u32(b)&0xffff)
	}, false},
	{"ISATAP", func(b [4]byte) string { return "2a00:1450:4001:81b:0:5efe:" + netip.AddrFrom4(b).String() }, true},
	{"ISATAP, u bit", func(b [4]byte) string { return "2a00:1450:4001:81b:200:5efe:" + netip.AddrFrom4(b).String() }, true},
}

// TestGuardReadsEverySpelling: every address of the lists, in every
// numeric spelling, is read back as itself (and as glibc's resolver
// reads it, where it reads it) and judged as the address; in every IPv6
// form, it is judged by the address where the form is decoded and
// refused where it is not.
func TestGuardReadsEverySpelling(t *testing.T) {
	t.Parallel()
	_, errGetent := exec.LookPath("getent")
	for _, list := range []struct {
		addrs  []string
		public bool
	}{{privateV4, false}, {publicV4, true}} {
		for _, s := range list.addrs {
			addr := netip.MustParseAddr(s)
			if webhook.Public(addr) != list.public {
				t.Errorf("Public(%s) = %v", addr, !list.public)
			}
			for _, sp := range hostSpellings {
				host := sp.spell(addr.As4())
				got, ok := webhook.HostAddr(host)
				if !ok || got != addr {
					t.Errorf("%s of %s: HostAddr(%q) = %v, %v", sp.name, addr, host, got, ok)
				}
				if sp.glibc && errGetent == nil {
					out, _ := exec.Command("getent", "ahostsv4", host).Output()
					if f := strings.Fields(string(out)); len(f) == 0 || f[0] != addr.String() {
						t.Errorf("%s of %s: glibc reads %q as %q", sp.name, addr, host, out)
					}
				}
			}
			for _, sp := range v6Spellings {
				host := sp.spell(addr.As4())
				ip, err := netip.ParseAddr(host)
				if err != nil {
					t.Fatalf("%s of %s: %q: %v", sp.name, addr, host, err)
				}
				if want := sp.decoded && list.public; webhook.Public(ip) != want {
					t.Errorf("%s of %s: Public(%s) = %v, want %v", sp.name, addr, host, !want, want)
				}
			}
		}
	}
	// IPv6 itself: only global unicast, and not the blocks refused whole.
	for s, want := range map[string]bool{
		"2606:4700:4700::1111": true, "2a00:1450:4001:81b::200e": true, "::1": false, "::": false,
		"fe80::1": false, "fe80::1%eth0": false, "fc00::1": false, "fd12:3456::1": false, "fec0::1": false,
		"ff02::1": false, "100::1": false, "2001:db8::1": true, "2001:1::1": false,
	} {
		if got := webhook.Public(netip.MustParseAddr(s)); got != want {
			t.Errorf("Public(%s) = %v, want %v", s, got, want)
		}
	}
	// Names stay names.
	for _, host := range []string{"localhost", "example.com", "1.2.3.4.nip.io", "0x7f.example", "1.2.3.4.5", "256.1.1.1", "08.0.0.1", "127.0.0.1x", ""} {
		if a, ok := webhook.HostAddr(host); ok {
			t.Errorf("HostAddr(%q) = %v, want a name", host, a)
		}
	}
}

// privateHosts are the URL hosts of every private address in every
// spelling, IPv6 ones in brackets, with the address each is.
func privateHosts(addrs ...string) (hosts []string, is []netip.Addr) {
	for _, s := range addrs {
		b := netip.MustParseAddr(s).As4()
		for _, sp := range hostSpellings {
			hosts, is = append(hosts, sp.spell(b)), append(is, netip.AddrFrom4(b))
		}
		for _, sp := range v6Spellings {
			hosts, is = append(hosts, "["+sp.spell(b)+"]"), append(is, netip.AddrFrom4(b))
		}
	}
	return hosts, is
}

// TestPrivateSpellingsRefusedWhenSaved: an admin saving a webhook whose
// URL's host is a private address, in any spelling, gets a 400 naming
// the URL; so does a config file with one; a public one is taken.
func TestPrivateSpellingsRefusedWhenSaved(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		h := apptest.New(t, d)
		hosts, _ := privateHosts(privateV4...)
		created := h.Do("POST", "/api/admin/webhooks", map[string]any{"data": map[string]any{
			"name": "public", "url": "https://93.184.216.34/in", "events": []string{"*"}}})
		if created.Status != 201 {
			t.Fatalf("a public address: %d %s", created.Status, created.Body)
		}
		path := fmt.Sprintf("/api/admin/webhooks/%v", created.JSON(t)["data"].(map[string]any)["id"])
		for i, host := range hosts {
			url := "http://" + host + ":8080/in"
			for _, r := range []*apptest.Response{
				h.Do("POST", "/api/admin/webhooks", map[string]any{"data": map[string]any{
					"name": fmt.Sprint("private-", i), "url": url, "events": []string{"*"}}}),
				h.Do("PUT", path, map[string]any{"data": map[string]any{"url": url}}),
			} {
				st, name, msg, details := h.ErrorOf(r)
				if st != 400 || name != "ValidationError" || !strings.HasPrefix(msg, "url: ") ||
					!strings.Contains(msg, "is not a public address: deliveries to it are refused (webhooks.allowPrivate is off)") ||
					!strings.Contains(fmt.Sprint(details), "[url]") {
					t.Errorf("%s: %d %s %q %v", url, st, name, msg, details)
				}
			}
		}
		// The message names the address and how the URL spelled it.
		r := h.Do("POST", "/api/admin/webhooks", map[string]any{"data": map[string]any{
			"name": "x", "url": "http://2130706433/", "events": []string{"*"}}})
		if _, _, msg, _ := h.ErrorOf(r); msg != "url: 127.0.0.1 (2130706433) is not a public address: deliveries to it are refused (webhooks.allowPrivate is off)" {
			t.Errorf("message %q", msg)
		}
		// The public webhook kept its URL.
		if got := h.Do("GET", path, nil).JSON(t)["data"].(map[string]any)["url"]; got != "https://93.184.216.34/in" {
			t.Errorf("the URL became %v", got)
		}
	})
	t.Run("config file", func(t *testing.T) {
		hosts, _ := privateHosts("127.0.0.1")
		for _, host := range hosts {
			cfg := apptest.FreshConfig(t, database.SQLite) // refused before it migrates
			t.Setenv(secretVar, secret)
			cfg.Webhooks.Hooks = []config.Webhook{{Name: "local", URL: "http://" + host + "/in", Events: []string{"*"}, SecretEnv: secretVar}}
			a, err := app.New(context.Background(), cfg, quiet())
			if err == nil {
				a.Close()
				t.Errorf("%s: the app started", host)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, `config/webhooks.yaml: webhook "local": url: `) || !strings.Contains(msg, "is not a public address") {
				t.Errorf("%s: %v", host, err)
			}
		}
	})
}

// TestPrivateSpellingsRefusedAtTheDial: webhooks whose URLs spell the
// address of a listener on 127.0.0.1 every way, written to the database
// past the check, get their deliveries refused at the dial, at the first
// attempt and for good; the listener never sees a connection.
func TestPrivateSpellingsRefusedAtTheDial(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		var accepted atomic.Int64
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				accepted.Add(1)
				c.Close()
			}
		}()
		port := ln.Addr().(*net.TCPAddr).Port

		h := apptest.New(t, d)
		ctx := context.Background()
		hosts, _ := privateHosts("127.0.0.1")
		var list []webhook.NewDelivery
		err = h.App.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
			now := time.Now().UTC()
			for i, host := range hosts {
				w := webhook.WebhookRow{Name: fmt.Sprint("spelled-", i), URL: fmt.Sprintf("http://%s:%d/in", host, port),
					Events: []string{"*"}, Types: []string{}, Headers: map[string]string{}, Secret: secret, Enabled: true,
					Source: webhook.SourceAPI, CreatedAt: now, UpdatedAt: now}
				if err := webhook.InsertWebhook(ctx, tx, &w); err != nil {
					return err
				}
				list = append(list, webhook.NewDelivery{WebhookID: w.ID, Event: "entry.create", Payload: []byte(`{}`)})
			}
			return webhook.AddDeliveries(ctx, tx, list, now)
		})
		if err != nil {
			t.Fatal(err)
		}
		h.App.Webhooks.Wake()
		type row struct {
			url, status, lastError string
			attempts               int
		}
		var rows []row
		webhooktest.WaitFor(t, "every delivery to end", func() bool {
			rows = rows[:0]
			r, err := h.App.DB.QueryContext(ctx, "SELECT w.url, d.status, COALESCE(d.last_error, ''), d.attempts FROM "+
				migrate.DeliveriesTable+" d JOIN "+migrate.WebhooksTable+" w ON w.id = d.webhook_id")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			done := 0
			for r.Next() {
				var x row
				if err := r.Scan(&x.url, &x.status, &x.lastError, &x.attempts); err != nil {
					t.Fatal(err)
				}
				rows = append(rows, x)
				if x.status != webhook.DeliveryPending {
					done++
				}
			}
			return done == len(hosts)
		})
		for _, x := range rows {
			if x.status != webhook.DeliveryFailed || x.attempts != 1 || !strings.Contains(x.lastError, "not a public address") {
				t.Errorf("%s: %s after %d attempts: %s", x.url, x.status, x.attempts, x.lastError)
			}
		}
		if n := accepted.Load(); n != 0 {
			t.Errorf("the listener on 127.0.0.1 accepted %d connections", n)
		}
	})
}
