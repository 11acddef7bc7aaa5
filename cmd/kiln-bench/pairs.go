package main

import (
	"fmt"
	"slices"
	"strings"
)

// pairRounds measures each GraphQL read scenario run (11, 12) o.pairs
// times beside its REST twin, the two one right after the other in each
// round, and prints every round's GraphQL/REST and their median. One run
// of each, as the table rows are, puts the REST scenario's floor between
// them and lets the machine drift from one to the other: on two cores the
// REST list alone moved by half from run to run, more than the gap the
// ratio measures.
func pairRounds(o options, base, token string, list []scenario) error {
	if o.pairs <= 0 {
		return nil
	}
	for _, g := range list {
		if g.rest == 0 || g.script != "" || g.query == nil || !o.runs(g.n) {
			continue
		}
		i := slices.IndexFunc(list, func(sc scenario) bool { return sc.n == g.rest })
		if i < 0 {
			continue
		}
		rest := list[i]
		var ratios []float64
		var rounds []string
		for range o.pairs {
			rr, err := runLoad(o, base+rest.kiln, token, rest)
			if err != nil {
				return err
			}
			gr, err := runLoad(o, base+g.kiln, token, g)
			if err != nil {
				return err
			}
			if rr.rps <= 0 {
				return fmt.Errorf("%s: the REST twin answered nothing", g.name)
			}
			ratios = append(ratios, gr.rps/rr.rps)
			rounds = append(rounds, fmt.Sprintf("%.0f/%.0f", gr.rps, rr.rps))
		}
		sorted := slices.Clone(ratios)
		slices.Sort(sorted)
		fmt.Printf("   %-28s GraphQL/REST in %d rounds, each beside the other: %s (req/s %s); median %.0f%%\n",
			g.name, len(ratios), percents(ratios), strings.Join(rounds, ", "), 100*median(sorted))
	}
	return nil
}

// median of a sorted list.
func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func percents(list []float64) string {
	var out []string
	for _, v := range list {
		out = append(out, fmt.Sprintf("%.0f%%", 100*v))
	}
	return strings.Join(out, " ")
}
