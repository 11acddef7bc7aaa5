package query

// AndFilters joins two filters into one that needs both; either may be nil
// (no condition). Plugins use it to narrow a client's filter with their
// own.
func AndFilters(a, b *Filter) *Filter {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &Filter{Kind: KindAnd, Children: []*Filter{a, b}}
}
