//go:build !race

package imaging

const raceEnabled = false
