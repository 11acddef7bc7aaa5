package ratelimit

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// ownRedis starts a redis-server of the test's own on a free loopback
// port, with nothing on disk, and stops it when the test ends; the test
// skips, saying why, when the binary is missing.
func ownRedis(t *testing.T) (*exec.Cmd, string) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		testmain.Skip(t, testmain.RedisServer, "redis-server is not installed: skipping the Redis fault tests")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		cmd.Wait()
	})
	url := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	s, err := NewRedisStore(url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if s.Ping(context.Background()) == nil {
			return cmd, url
		}
		if time.Now().After(deadline) {
			t.Fatal("own redis-server did not answer within 5s")
		}
	}
}

// TestBreakerFrozenAndStoppedRedis: with Redis frozen (SIGSTOP), the
// first few requests wait for their timeout, then the breaker opens and
// requests are counted per instance without waiting; after the cooldown
// one probe finds Redis back and counting returns there. A stopped Redis
// (connection refused) opens it the same way.
func TestBreakerFrozenAndStoppedRedis(t *testing.T) {
	cmd, url := ownRedis(t)
	shared, err := NewRedisStore(url)
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	const cooldown = 700 * time.Millisecond
	b := NewBreakerStore(shared, NewMemoryStore(), BreakerConfig{Failures: 3, Cooldown: cooldown,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx := context.Background()
	hit := func() (int64, time.Duration) {
		t.Helper()
		start := time.Now()
		n, _, err := b.Hit(ctx, "k", time.Minute)
		if err != nil {
			t.Fatalf("hit: %v", err)
		}
		return n, time.Since(start)
	}
	for want := int64(1); want <= 5; want++ {
		if n, _ := hit(); n != want {
			t.Fatalf("healthy hit %d counted %d", want, n)
		}
	}

	cmd.Process.Signal(syscall.SIGSTOP) // frozen: connections open, no answers
	for i := 0; i < 3; i++ {
		if _, took := hit(); took < 300*time.Millisecond {
			t.Errorf("frozen hit %d took %v: it cannot have asked Redis", i+1, took)
		}
	}
	if !b.Open() {
		t.Fatal("the breaker is still closed after 3 timeouts")
	}
	for i := 0; i < 20; i++ {
		n, took := hit()
		if took > 50*time.Millisecond {
			t.Errorf("hit with the breaker open took %v", took)
		}
		if want := int64(4 + i); n != want { // the 3 failed hits were counted locally too
			t.Errorf("local count %d, want %d", n, want)
		}
	}

	cmd.Process.Signal(syscall.SIGCONT)
	time.Sleep(cooldown + 100*time.Millisecond)
	// The probe counts in Redis again: past the 5 healthy hits (the frozen
	// ones may have landed too, once Redis woke up), and what Redis holds.
	n, _ := hit()
	if stored, err := shared.c.Get(ctx, RedisKeyPrefix+"k").Int64(); err != nil || n < 6 || n != stored {
		t.Errorf("after the cooldown the probe counted %d; Redis holds %d (%v)", n, stored, err)
	}
	if b.Open() {
		t.Error("the breaker stayed open after a successful probe")
	}

	cmd.Process.Kill()
	cmd.Wait()
	for i := 0; i < 3; i++ {
		hit()
	}
	if !b.Open() {
		t.Fatal("the breaker is still closed with Redis stopped")
	}
	if _, took := hit(); took > 50*time.Millisecond {
		t.Errorf("hit with Redis stopped and the breaker open took %v", took)
	}
}
