//go:build race

package upload_test

// raceDetector: the race detector slows decoding about tenfold, so the
// burst test decodes smaller photos under it.
const raceDetector = true
