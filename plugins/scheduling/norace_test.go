//go:build !race

package scheduling_test

// raceDetector: see race_test.go.
const raceDetector = false
