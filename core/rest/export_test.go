package rest

// SetSpillAt sets how much of an answer stays in memory, for tests of the
// spilled path, and returns what puts it back.
func SetSpillAt(n int) func() {
	old := spillAt
	spillAt = n
	return func() { spillAt = old }
}
