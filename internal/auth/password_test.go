package auth

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/testmain"
)

func TestMain(m *testing.M) {
	BcryptCost = bcrypt.MinCost // the suite checks behaviour, not bcrypt's cost
	os.Exit(testmain.Run(m))
}

func TestHashAndCheck(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !CheckPassword(h, "correct horse") {
		t.Error("the right password is refused")
	}
	for _, wrong := range []string{"correct horsE", "correct horse ", "", "correct"} {
		if CheckPassword(h, wrong) {
			t.Errorf("%q is accepted", wrong)
		}
	}
	for _, hash := range []string{"", "correct horse", "$2a$04$short"} {
		if CheckPassword(hash, "correct horse") {
			t.Errorf("a password matched the unusable hash %q", hash)
		}
	}
	if h2, _ := HashPassword("correct horse"); h2 == h {
		t.Error("two hashes of a password are equal: no salt")
	}
	if long, err := HashPassword(strings.Repeat("x", 72)); err != nil || !CheckPassword(long, strings.Repeat("x", 72)) {
		t.Errorf("a 72-byte password: %v", err)
	}
}

func TestHashPasswordRefuses(t *testing.T) {
	for _, bad := range []struct{ name, pw, msg string }{
		{"73 bytes", strings.Repeat("x", 73), "Password must be less than 73 bytes"},
		{"25 euro signs (75 bytes)", strings.Repeat("€", 25), "Password must be less than 73 bytes"},
		{"empty", "", "password must be defined."},
	} {
		_, err := HashPassword(bad.pw)
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindValidation || e.Message != bad.msg {
			t.Errorf("%s: %v, want ValidationError %q", bad.name, err, bad.msg)
		}
	}
}

func TestDummyHashIsPrecomputedAtTheDefaultCost(t *testing.T) {
	if c, err := bcrypt.Cost(dummyHash(DefaultCost)); err != nil || c != DefaultCost {
		t.Fatalf("cost %d, %v", c, err)
	}
	if c, err := bcrypt.Cost(dummyHash(5)); err != nil || c != 5 {
		t.Fatalf("a dummy for cost 5 has cost %d, %v", c, err)
	}
}

// TestDummyCheckCostsWhatAFailedCheckCosts: an unknown user, or one
// without a usable hash, must not answer faster or slower than a wrong
// password. The checks are timed in turns and their medians compared; a
// noisy attempt (a busy machine) is retried, while a real difference fails
// every attempt.
func TestDummyCheckCostsWhatAFailedCheckCosts(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	old := BcryptCost
	BcryptCost = 7 // dear enough to measure, cheap enough under -race
	defer func() { BcryptCost = old }()
	h, err := HashPassword("secret-one")
	if err != nil {
		t.Fatal(err)
	}
	DummyCheck("warm-up") // the dummy hash at this cost is made on first use
	timeIt := func(f func()) time.Duration {
		start := time.Now()
		f()
		return time.Since(start)
	}
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	var failures []string
	for attempt := 0; attempt < 3; attempt++ {
		var real, dummy, unusable []time.Duration
		for i := 0; i < 9; i++ {
			real = append(real, timeIt(func() { CheckPassword(h, "wrong") }))
			dummy = append(dummy, timeIt(func() { DummyCheck("wrong") }))
			unusable = append(unusable, timeIt(func() { CheckPassword("", "wrong") }))
		}
		r := median(real)
		rd, ru := float64(median(dummy))/float64(r), float64(median(unusable))/float64(r)
		if rd >= 0.5 && rd <= 2 && ru >= 0.5 && ru <= 2 {
			return
		}
		failures = append(failures, fmt.Sprintf("dummy/real %.2f, no-hash/real %.2f", rd, ru))
	}
	t.Errorf("timings differ, want ratios within 0.5..2: %s", strings.Join(failures, "; "))
}
