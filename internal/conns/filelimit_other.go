//go:build !unix

package conns

// fileLimit is unknown on systems without RLIMIT_NOFILE.
func fileLimit() (uint64, bool) { return 0, false }
