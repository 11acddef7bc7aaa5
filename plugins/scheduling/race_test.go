//go:build race

package scheduling_test

// raceDetector reports whether the tests run under the race detector,
// which slows every line of Go several times over: a bound on time must
// allow for it where the work measured is Go's own (SQLite).
const raceDetector = true
