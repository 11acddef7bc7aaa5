package scheduling

import (
	"math"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

func TestSequence(t *testing.T) {
	t.Parallel()
	for rev, want := range map[int64]int{
		0:                 0,
		1:                 1,
		2:                 2,
		-1:                0, // never negative
		math.MaxInt32:     math.MaxInt32,
		math.MaxInt32 + 1: math.MaxInt32, // within 32 bits
	} {
		if got := sequence(rev); got != want {
			t.Errorf("sequence(%d) = %d, want %d", rev, got, want)
		}
	}
}

func TestTextCNAndURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain":            "plain",
		"a\r\nb\rc\nd\te":  "a\nb\nc\nd\te",
		"bell\x07esc\x1b.": "bellesc.",
	} {
		if got := text(in); got != want {
			t.Errorf("text(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"Ada Lovelace":     "Ada Lovelace",
		"Doe, Jane":        "Doe Jane",
		`The "Boss"; a:b`:  "The Boss a b",
		"line\r\nbreak":    "linebreak",
		"  spaced   out  ": "spaced out",
	} {
		if got := cn(in); got != want {
			t.Errorf("cn(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"https://meet.test/a?b=c&d=e": "https://meet.test/a?b=c&d=e",
		"http://x.test":               "http://x.test",
		"https://x.test/\r\nX:y":      "",
		"https://x.test/a b":          "",
		"javascript:alert(1)":         "",
		"https://":                    "",
		"":                            "",
	} {
		if got := safeURL(in); got != want {
			t.Errorf("safeURL(%q) = %q, want %q", in, got, want)
		}
	}
	if mailto("a@b.test") != "mailto:a@b.test" || mailto("a@b.test\r\nX") != "" || mailto("") != "" {
		t.Error("mailto")
	}
}

func TestWellFormed(t *testing.T) {
	t.Parallel()
	good := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	for tok, want := range map[string]bool{
		good:                           true,
		good[:63]:                      false,
		good + "0":                     false,
		"0123456789ABCDEF" + good[16:]: false,
		"g" + good[1:]:                 false,
		"":                             false,
	} {
		if wellFormed(tok) != want {
			t.Errorf("wellFormed(%q) != %v", tok, want)
		}
	}
	if len(tokenHash(good)) != 64 || tokenHash(good) == tokenHash(good[:63]+"1") {
		t.Error("tokenHash")
	}
}

func TestSameSet(t *testing.T) {
	t.Parallel()
	if !sameSet([]int64{3, 1, 2}, []int64{1, 2, 3}) || !sameSet(nil, []int64{}) || sameSet([]int64{1}, []int64{1, 2}) {
		t.Error("sameSet")
	}
	if !sameSet([]int64{1, 1, 2}, []int64{2, 1}) {
		t.Error("sameSet ignores repeats")
	}
}

// The constraint names the events table's columns itself (Tables runs
// before the model is bound); a model whose columns differ stops start-up.
func TestCheckConstraint(t *testing.T) {
	t.Parallel()
	col := func(c string) *schema.Attribute { return &schema.Attribute{Column: c} }
	m := model{Event: &schema.ContentType{Table: "events"}, EvCoach: col("coach_id"), EvStart: col("start_at"),
		EvEnd: col("end_at"), EvStatus: col("status")}
	if err := m.checkConstraint(); err != nil {
		t.Errorf("the shipped columns: %v", err)
	}
	m.EvStart = col("begins_at")
	want := `scheduling: the events_coach_no_overlap constraint no longer matches the events table: column "begins_at" where the constraint names "start_at"`
	if err := m.checkConstraint(); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
