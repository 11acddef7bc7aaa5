package conns

import (
	"bytes"
	"net"
	"time"
)

// A connection past a cap is answered by a goroutine of its own, never by
// the server: it reads the request head (so that the answer is taken as
// the answer to it, not as an unsolicited one), writes the canned answer
// and closes gracefully. At most maxRefusing are answered at a time, each
// within refuseTimeout for the head and as long again for the close; a
// connection past that (a flood) is closed at once, unanswered.
const (
	maxRefusing   = 64
	refuseTimeout = time.Second
	maxRefuseHead = 16 << 10
)

// refuse answers c with answer and closes it, counting the refusal in the
// log (once per interval); why and the attributes say which cap it was.
func (l *Listener) refuse(c net.Conn, answer []byte, why string, attrs ...any) {
	if n, ok := l.refusals.note(); ok {
		l.o.Log.Warn("refusing connections: "+why, append(attrs, "refused", n)...)
	}
	if len(answer) == 0 || l.refusing.Add(1) > maxRefusing {
		if len(answer) != 0 {
			l.refusing.Add(-1)
		}
		c.Close()
		return
	}
	go func() {
		defer l.refusing.Add(-1)
		c.SetDeadline(time.Now().Add(refuseTimeout))
		readHead(c)
		c.SetWriteDeadline(time.Now().Add(refuseTimeout))
		c.Write(answer)
		lingerClose(c, refuseTimeout)
	}()
}

// readHead reads from c until the end of a request head, an error (the
// deadline) or maxRefuseHead bytes.
func readHead(c net.Conn) {
	buf := make([]byte, 0, 4096)
	tmp := make([]byte, 2048)
	for len(buf) < maxRefuseHead {
		n, err := c.Read(tmp)
		buf = append(buf, tmp[:n]...)
		if bytes.Contains(buf, []byte("\r\n\r\n")) || err != nil {
			return
		}
	}
}
