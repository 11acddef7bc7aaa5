package dataset_test

import (
	"context"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/core/demo"
	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestDemo: the platform's data as the command line takes it — the small
// and the large scale, small first; an unknown scale refused; a set that
// fits the platform's app, loads into it empty, and makes the demo
// accounts, the coach's and the learner's linked to the first of theirs.
func TestDemo(t *testing.T) {
	t.Parallel()
	if got := dataset.Demo.Scales(); !slices.Equal(got, []string{"small", "large"}) {
		t.Errorf("scales %v", got)
	}
	if _, err := dataset.Demo.Generate("huge", 1); err == nil {
		t.Error("the scale huge was made")
	}
	set, err := dataset.Demo.Generate("small", 1)
	if err != nil {
		t.Fatal(err)
	}
	h := apptest.New(t, apptest.SQLite)
	a := demo.App{Content: h.App.Content, RoleIDs: h.App.Accounts.RoleIDs}
	ctx := context.Background()
	if missing := set.Missing(a); len(missing) != 0 {
		t.Fatalf("the platform's app lacks %v", missing)
	}
	if empty, err := set.Empty(ctx, a); !empty || err != nil {
		t.Fatalf("empty before the load: %v %v", empty, err)
	}
	accounts, err := set.Seed(ctx, a, demo.Options{Password: "demo-password"})
	if err != nil {
		t.Fatal(err)
	}
	want := []demo.Account{
		{Role: "admin", Email: "admin@kiln.local", Password: "demo-password"},
		{Role: "coach", Email: "coach@kiln.local", Password: "demo-password", Linked: "coach 1"},
		{Role: "learner", Email: "learner@kiln.local", Password: "demo-password", Linked: "learner 1"},
		{Role: "authenticated", Email: "user@kiln.local", Password: "demo-password"},
	}
	if !slices.Equal(accounts, want) {
		t.Errorf("accounts %+v, want %+v", accounts, want)
	}
	if empty, err := set.Empty(ctx, a); empty || err != nil {
		t.Errorf("empty after the load: %v %v", empty, err)
	}
}
