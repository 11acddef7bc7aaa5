//go:build !race

package upload_test

const raceDetector = false
