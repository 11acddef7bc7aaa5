//go:build race

package imaging

// raceEnabled lets the size table skip its megapixel pictures under the
// race detector, which makes pixel loops some twenty times slower; the
// thin pictures in the table go through the same breakpoints.
const raceEnabled = true
