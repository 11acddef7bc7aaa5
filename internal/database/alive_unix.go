//go:build unix

package database

import (
	"errors"
	"net"
	"syscall"

	"golang.org/x/sys/unix"
)

// alive reports whether an idle connection to the database is still
// usable, without a round trip: one non-blocking peek at its socket. An
// idle connection has nothing to read; end of file (the server closed it:
// a restart) or unexpected bytes (the server's "terminating connection"
// notice) mean it is dead. Connections that are not plain sockets (TLS)
// are taken as alive; the query will tell.
func alive(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return true
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	ok = true
	var buf [1]byte
	err = raw.Read(func(fd uintptr) bool {
		n, _, err := unix.Recvfrom(int(fd), buf[:], unix.MSG_PEEK|unix.MSG_DONTWAIT)
		switch {
		case errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EWOULDBLOCK):
		case err != nil, n >= 0:
			ok = false // an error, end of file (n == 0) or unread bytes
		}
		return true // never wait for the socket to become readable
	})
	return ok && err == nil
}
