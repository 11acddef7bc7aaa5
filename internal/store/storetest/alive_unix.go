//go:build unix

package storetest

import (
	"os/exec"
	"syscall"
)

// processAlive reports whether a process with the id still runs (signal 0
// checks without sending anything).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// detach gives cmd a session of its own and no output, so that it
// outlives the test binary and nothing waits for it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
