//go:build unix

package conns

import "syscall"

// fileLimit is the process's open-file limit (RLIMIT_NOFILE, soft).
func fileLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, false
	}
	return uint64(r.Cur), true
}
