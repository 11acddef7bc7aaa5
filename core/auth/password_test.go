package auth

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/errs"
)

func TestMain(m *testing.M) {
	BcryptCost = bcrypt.MinCost // the suite checks behaviour, not bcrypt's cost
	os.Exit(m.Run())
}

func TestPasswords(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !CheckPassword(h, "correct horse") || CheckPassword(h, "correct horsE") || CheckPassword("", "") {
		t.Fatal("CheckPassword is wrong")
	}
	for _, bad := range []struct{ pw, msg string }{
		{strings.Repeat("x", 73), "Password must be less than 73 bytes"},
		{"", "password must be defined."},
	} {
		_, err := HashPassword(bad.pw)
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindValidation || e.Message != bad.msg {
			t.Errorf("HashPassword(%d bytes): %v, want %q", len(bad.pw), err, bad.msg)
		}
	}
}

// TestDummyCheckCostsWhatAFailedCheckCosts: an unknown user must not answer
// faster than a wrong password. Medians of a few runs, generous bounds.
func TestDummyCheckCostsWhatAFailedCheckCosts(t *testing.T) {
	old := BcryptCost
	BcryptCost = 8 // dear enough to measure, cheap enough under -race
	defer func() { BcryptCost = old }()
	h, _ := HashPassword("secret-one")
	DummyCheck("warm-up") // the dummy hash is made on first use
	median := func(f func()) time.Duration {
		var d []time.Duration
		for i := 0; i < 5; i++ {
			start := time.Now()
			f()
			d = append(d, time.Since(start))
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[2]
	}
	real := median(func() { CheckPassword(h, "wrong") })
	dummy := median(func() { DummyCheck("wrong") })
	if ratio := float64(dummy) / float64(real); ratio < 0.5 || ratio > 2 {
		t.Errorf("dummy check %v vs real check %v (ratio %.2f)", dummy, real, ratio)
	}
}
