package ratelimit

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkMemoryStoreHit measures parallel hits with one mutex and with
// the default shards, on one hot key (every caller the same user) and on
// 10,000 keys (many callers, the usual case).
func BenchmarkMemoryStoreHit(b *testing.B) {
	keys := make([]string, 10_000)
	for i := range keys {
		keys[i] = fmt.Sprintf("addr:10.0.%d.%d", i/256, i%256)
	}
	for _, shards := range []int{1, defaultShards} {
		for _, spread := range []struct {
			name string
			keys []string
		}{{"onekey", keys[:1]}, {"10kkeys", keys}} {
			b.Run(fmt.Sprintf("shards=%d/%s", shards, spread.name), func(b *testing.B) {
				s := NewMemoryStore(withShards(shards))
				ctx := context.Background()
				var seq atomic.Int64
				b.ReportAllocs()
				b.RunParallel(func(pb *testing.PB) {
					// Each goroutine walks the keys from its own place.
					i := int(seq.Add(7919))
					for pb.Next() {
						if _, _, err := s.Hit(ctx, spread.keys[i%len(spread.keys)], time.Hour); err != nil {
							b.Error(err)
							return
						}
						i++
					}
				})
			})
		}
	}
}

// BenchmarkLimiterCheck is the whole per-request cost on the memory store.
func BenchmarkLimiterCheck(b *testing.B) {
	l := New(NewMemoryStore(), time.Hour)
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r, _ := l.Check(ctx, "user:1", 1<<30)
			r.SetHeaders(func(string, string) {})
		}
	})
}

// BenchmarkRedisStoreHit is one round trip per hit, for scale.
func BenchmarkRedisStoreHit(b *testing.B) {
	s, ns := newRedisStore(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, _, err := s.Hit(ctx, ns+"k", time.Hour); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
