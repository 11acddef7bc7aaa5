package imaging

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestLimiterNeverOverlaps(t *testing.T) {
	l := NewLimiter(1)
	var active, most, ran atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := l.Do(context.Background(), func() error {
				n := active.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				time.Sleep(2 * time.Millisecond)
				active.Add(-1)
				ran.Add(1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 || ran.Load() != 8 {
		t.Fatalf("at most %d at once, %d ran; want 1 and 8", most.Load(), ran.Load())
	}
}

func TestLimiterCancelWhileWaiting(t *testing.T) {
	l := NewLimiter(1)
	hold, held := make(chan struct{}), make(chan struct{})
	go l.Do(context.Background(), func() error { close(held); <-hold; return nil })
	<-held
	defer close(hold)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	ran := false
	go func() { done <- l.Do(ctx, func() error { ran = true; return nil }) }()
	select {
	case err := <-done:
		t.Fatalf("Do returned %v while the only slot was taken", err)
	case <-time.After(20 * time.Millisecond):
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || ran {
			t.Fatalf("Do = %v, ran = %v; want context.Canceled, not run", err, ran)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Do kept waiting after its context was cancelled")
	}
}

func TestLimiterCancelledBeforeDo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l := NewLimiter(4) // free slots: the cancelled context still wins
	if err := l.Do(ctx, func() error { t.Error("fn ran"); return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("Do = %v", err)
	}
}

func TestLimiterDefaultAndError(t *testing.T) {
	want := max(runtime.GOMAXPROCS(0)/2, 1)
	if got := cap(NewLimiter(0).slots); got != want {
		t.Errorf("default slots %d, want %d", got, want)
	}
	l := NewLimiter(1)
	boom := errors.New("boom")
	if err := l.Do(context.Background(), func() error { return boom }); err != boom {
		t.Errorf("Do = %v", err)
	}
	// The slot was given back.
	_, fs, err := l.Formats(context.Background(), bytes.NewReader(encodeAs(t, "png", pattern(300, 200))), DefaultBreakpoints)
	if err != nil || len(fs) != 1 || fs[0].Name != "thumbnail" {
		t.Fatalf("Formats = %v, %v", fs, err)
	}
}
