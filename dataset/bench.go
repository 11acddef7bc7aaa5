package dataset

import (
	"context"
	"os"

	"github.com/kiln-cms/kiln/core/content"
)

// BenchScale is the scale Go benchmarks load: KILN_BENCH_SCALE (small or
// large), large when unset.
func BenchScale() (Scale, error) {
	if s := os.Getenv("KILN_BENCH_SCALE"); s != "" {
		return ParseScale(s)
	}
	return Large, nil
}

// LoadAnalyzed loads the set as Load does, without progress, then updates
// the planner's statistics, as autovacuum (PostgreSQL) or a periodic
// ANALYZE (SQLite) would shortly after a real seed: without them
// PostgreSQL plans a fresh bulk load blind, and a benchmark would measure
// that instead of the server.
func LoadAnalyzed(ctx context.Context, svc *content.Service, set *Set, roleIDs map[string]int64) error {
	if err := Load(ctx, svc, set, roleIDs, nil); err != nil {
		return err
	}
	return svc.Analyze(ctx)
}
