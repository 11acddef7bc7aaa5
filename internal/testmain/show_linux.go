package testmain

import (
	"path/filepath"
	"strconv"
	"syscall"
)

// toGo writes line to the standard output of the go command that runs
// this test binary, when go keeps the binary's output to itself (go test
// with package arguments, without -v). It reports whether it did.
//
// It writes only to a terminal or a pipe, where a line written between
// go's own lines lands whole; never to a file, where go's next write at
// its own offset would overwrite it. It calls syscall rather than os so
// that go test's cache does not count these files among the test's
// inputs.
func toGo(line string) bool {
	proc := "/proc/" + strconv.Itoa(syscall.Getppid())
	buf := make([]byte, 4096)
	n, err := syscall.Readlink(proc+"/exe", buf)
	if err != nil || filepath.Base(string(buf[:n])) != "go" {
		return false // run by hand, by a script, or under go test -exec
	}
	var ours, gos syscall.Stat_t
	if syscall.Fstat(1, &ours) != nil || syscall.Stat(proc+"/fd/1", &gos) != nil {
		return false
	}
	if ours.Dev == gos.Dev && ours.Ino == gos.Ino {
		return false // go passes our output through (go test in a package's folder)
	}
	if t := gos.Mode & syscall.S_IFMT; t != syscall.S_IFCHR && t != syscall.S_IFIFO {
		return false
	}
	fd, err := syscall.Open(proc+"/fd/1", syscall.O_WRONLY|syscall.O_APPEND|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer syscall.Close(fd)
	_, err = syscall.Write(fd, []byte(line+"\n"))
	return err == nil
}
