package webhook

import (
	"errors"
	"net/netip"
	"testing"
	"time"
)

func TestVerify(t *testing.T) {
	at := time.Unix(1_800_000_000, 0)
	body := []byte(`{"event":"entry.create"}`)
	good := Sign("s3cret", at, body)
	if good != "t=1800000000,v1="+mac("s3cret", "1800000000", body) {
		t.Fatalf("header %q", good)
	}
	for _, c := range []struct {
		name, secret, header string
		body                 []byte
		now                  time.Time
		want                 error
	}{
		{"signed now", "s3cret", good, body, at, nil},
		{"within tolerance", "s3cret", good, body, at.Add(4 * time.Minute), nil},
		{"a rotated secret among two", "s3cret", good[:len("t=1800000000,")] + "v1=00," + good[len("t=1800000000,"):], body, at, nil},
		{"replayed later", "s3cret", good, body, at.Add(6 * time.Minute), ErrTooOld},
		{"from the future", "s3cret", good, body, at.Add(-6 * time.Minute), ErrTooOld},
		{"wrong secret", "other", good, body, at, ErrBadSignature},
		{"body changed", "s3cret", good, []byte(`{"event":"entry.delete"}`), at, ErrBadSignature},
		{"timestamp changed", "s3cret", "t=1800000001" + good[len("t=1800000000"):], body, at, ErrBadSignature},
		{"no header", "s3cret", "", body, at, ErrNoSignature},
		{"no v1", "s3cret", "t=1800000000", body, at, ErrNoSignature},
		{"no t", "s3cret", good[len("t=1800000000,"):], body, at, ErrNoSignature},
	} {
		if err := verifyAt(c.secret, c.header, c.body, 5*time.Minute, c.now); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if err := Verify("s3cret", Sign("s3cret", time.Now(), body), body, time.Minute); err != nil {
		t.Errorf("Verify on the wall clock: %v", err)
	}
}

func TestPublic(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "1.1.1.1": true, "2606:4700:4700::1111": true, "93.184.216.34": true,
		"127.0.0.1": false, "127.8.9.1": false, "::1": false, "10.1.2.3": false, "172.16.0.1": false,
		"192.168.1.1": false, "169.254.169.254": false, "fe80::1": false, "0.0.0.0": false, "::": false,
		"224.0.0.1": false, "ff02::1": false, "::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false,
		"100.64.0.1": false, "fd00::1": false, "255.255.255.255": false, "64:ff9b::7f00:1": false,
		"198.18.0.1": false, "0.1.2.3": false,
	} {
		if got := Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Public(%s) = %v, want %v", addr, got, want)
		}
	}
	if err := dialGuard("tcp", "[::ffff:127.0.0.1]:80", nil); err == nil {
		t.Error("a v4-mapped loopback was let through")
	}
	if err := dialGuard("tcp", "8.8.8.8:443", nil); err != nil {
		t.Errorf("a public address was refused: %v", err)
	}
}

func TestBackoff(t *testing.T) {
	w := &Service{}
	w.cfg.Backoff, w.cfg.MaxBackoff = time.Second, 10*time.Second
	for attempt, base := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 8 * time.Second, 5: 10 * time.Second, 30: 10 * time.Second} {
		for range 50 {
			if d := w.backoff(attempt); d < base/2 || d > base {
				t.Fatalf("backoff(%d) = %v, want within [%v, %v]", attempt, d, base/2, base)
			}
		}
	}
}
