//go:build unix

package storetest

import "syscall"

// processAlive reports whether a process with the id still runs (signal 0
// checks without sending anything).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
