package rest

import (
	"io"
	"os"
	"sync"

	"github.com/cespare/xxhash/v2"
	"github.com/gofiber/fiber/v2"
)

// spillAt is how much of an answer is kept in memory: an answer that grows
// past it goes, in chunks of about this size, to an unlinked temporary
// file that fasthttp then sends (sendfile), so a request's memory stays
// this buffer plus one entry's JSON however large the answer grows.
var spillAt = 64 << 10

// answerBufs are the encoding buffers; one that grew far past spillAt (a
// single huge entry) is dropped rather than kept.
var answerBufs = sync.Pool{New: func() any { b := make([]byte, 0, spillAt+spillAt/2); return &b }}

const (
	maxAnswerKey = "kiln.maxAnswer"
	etagKey      = "kiln.etag"
)

// answer is where a generated answer is encoded: the bytes not yet sent
// to the file stay in the encoder's buffer; they are counted against
// maxAnswerBytes (so the 400 comes before anything is sent) and hashed for
// the ETag as they go, so the body is never built twice.
type answer struct {
	f      *os.File
	n      int // bytes in f
	d      xxhash.Digest
	max    int
	err    error
	buf    *[]byte
	noFile bool // no temporary file could be made: the answer stays in memory
}

// newAnswer returns an answer for the request and its empty buffer.
func newAnswer(c *fiber.Ctx) (*answer, []byte) {
	a := &answer{buf: answerBufs.Get().(*[]byte)}
	a.max, _ = c.Locals(maxAnswerKey).(int)
	a.d.Reset()
	return a, (*a.buf)[:0]
}

// flush moves b to the file once it holds spillAt bytes and returns the
// buffer to go on with; a nil answer (a plugin's EntryJSON) keeps all.
func (a *answer) flush(b []byte) []byte {
	if a == nil || len(b) < spillAt {
		return b
	}
	if a.err == nil && a.max > 0 && a.n+len(b) > a.max {
		a.err = answerTooLarge(a.max)
	}
	if a.err != nil {
		return b[:0]
	}
	if a.f == nil && !a.noFile {
		f, err := spillFile()
		if err != nil {
			// A disk that takes no file costs memory, not the answer.
			a.noFile = true
			return b
		}
		a.f = f
	}
	if a.noFile {
		return b
	}
	if _, err := a.f.Write(b); err != nil {
		a.err = err
		return b[:0]
	}
	a.d.Write(b)
	a.n += len(b)
	return b[:0]
}

// stopped reports whether encoding may stop: the answer will be an error.
func (a *answer) stopped() bool { return a != nil && a.err != nil }

// send answers b (what is left after the flushes) with status: from
// memory when nothing was spilled, else as the file's stream, which
// fasthttp closes (and so frees) once sent or when the connection ends.
func (a *answer) send(c *fiber.Ctx, status int, b []byte) error {
	defer a.release(b)
	if a.err == nil && a.max > 0 && a.n+len(b) > a.max {
		a.err = answerTooLarge(a.max)
	}
	if a.err == nil && a.f != nil {
		if _, err := a.f.Write(b); err != nil {
			a.err = err
		} else if _, err := a.f.Seek(0, io.SeekStart); err != nil {
			a.err = err
		}
	}
	if a.err != nil {
		if a.f != nil {
			a.f.Close()
		}
		return a.err
	}
	a.d.Write(b)
	c.Status(status)
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	if a.f == nil {
		c.Response().SetBody(b) // a copy: b goes back to the pool
	} else {
		c.Response().SetBodyStream(a.f, a.n+len(b))
	}
	c.Locals(etagKey, a.d.Sum64())
	return nil
}

// abort drops an answer that will not be sent: the read failed midway.
func (a *answer) abort(b []byte) {
	if a.f != nil {
		a.f.Close()
	}
	a.release(b)
}

func (a *answer) release(b []byte) {
	if cap(b) <= 4*spillAt {
		*a.buf = b[:0]
		answerBufs.Put(a.buf)
	}
}

// spillFile is a temporary file already unlinked: nothing is left on disk
// whatever happens to the request or the process, and its pages are freed
// when the stream is closed.
func spillFile() (*os.File, error) {
	f, err := os.CreateTemp("", "kiln-answer-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// BodySize is the size of the answer's body without reading a streamed
// one (Response.Body would read it all into memory).
func BodySize(c *fiber.Ctx) int {
	if r := c.Response(); r.IsBodyStream() {
		return r.Header.ContentLength()
	}
	return len(c.Response().Body())
}
