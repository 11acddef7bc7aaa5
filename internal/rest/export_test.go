package rest

// SetSpillAt sets how much of an answer stays in memory, for tests of the
// spilled path, and returns what puts it back.
func SetSpillAt(n int) func() {
	old := spillAt
	spillAt = n
	return func() { spillAt = old }
}

// SetListChunk sets how many entries of a list's page are populated and
// encoded at a time (0: the whole page at once), and returns what puts it
// back.
func SetListChunk(n int) func() {
	old := listChunk
	listChunk = n
	return func() { listChunk = old }
}
