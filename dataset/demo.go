package dataset

import (
	"context"

	"github.com/kiln-cms/kiln/core/demo"
)

// Demo is the platform's demo data as Kiln's command line takes it
// (kiln.WithDemo, which cmd/kiln hands it to): `kiln seed` makes the
// small or the large set, and a first start loads the small one of seed 1.
var Demo demo.Data = platform{}

type platform struct{}

func (platform) Scales() []string { return []string{Small.Name, Large.Name} }

func (platform) About() string {
	return "Load the platform's deterministic demo data into an empty database:\n" +
		"--scale small (tens of rows) or large (the benchmark size: see BENCHMARKS.md). The demo users get random\n" +
		"passwords, printed once, unless --password chooses one."
}

func (platform) Generate(scale string, seed uint64) (demo.Set, error) {
	sc, err := ParseScale(scale)
	if err != nil {
		return nil, err
	}
	return demoSet{Generate(sc, seed)}, nil
}

// demoSet is a Set as the command line loads it.
type demoSet struct{ set *Set }

func (s demoSet) Missing(a demo.App) []string { return s.set.Missing(a.Content.Schema, a.RoleIDs) }

func (s demoSet) Empty(ctx context.Context, a demo.App) (bool, error) {
	return s.set.Empty(ctx, a.Content)
}

func (s demoSet) Seed(ctx context.Context, a demo.App, o demo.Options) ([]demo.Account, error) {
	made, err := Seed(ctx, a.Content, s.set, a.RoleIDs, Options{Password: o.Password, Progress: o.Progress})
	if err != nil {
		return nil, err
	}
	out := make([]demo.Account, len(made))
	for i, u := range made {
		out[i] = demo.Account{Role: u.Role, Email: u.Email, Password: u.Password}
		if u.Links != "" {
			// The demo users are linked to the first of their type.
			out[i].Linked = u.Links + " 1"
		}
	}
	return out, nil
}
