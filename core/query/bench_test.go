package query

import (
	"testing"

	"github.com/kiln-cms/kiln/core/query/querytest"
)

func BenchmarkParseComplex(b *testing.B) {
	ct := testType(b, "learner")
	opts := testOptions()
	if _, err := Parse(ct, querytest.ComplexLearnerList, opts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(ct, querytest.ComplexLearnerList, opts); err != nil {
			b.Fatal(err)
		}
	}
}
