package archive

import (
	"errors"
	"fmt"
	"io"
)

// The errors an archive is refused with; each comes wrapped in a message
// naming the archive and, where there is one, the entry.
var (
	// ErrEncrypted: the archive is not tar or gzip and no key was given.
	ErrEncrypted = errors.New("the archive is encrypted: give its key with --key")
	// ErrWrongKey: what the key deciphers is neither tar nor gzip, or its
	// padding is wrong. aes-128-ecb has no MAC, so this is all there is to
	// tell a wrong key by.
	ErrWrongKey = errors.New("wrong key, or not an archive Strapi encrypted")
	// ErrNotArchive: neither a Strapi archive nor a folder.
	ErrNotArchive = errors.New("not a Strapi archive")
	// ErrRefused: an entry whose name or type could write outside where it
	// is unpacked, or is not a plain file: a path with "..", an absolute
	// path, a backslash or NUL, a link, a device.
	ErrRefused = errors.New("refused")
	// ErrLimit: the archive passed one of its Limits.
	ErrLimit = errors.New("past the archive's limits")
)

// Limits bound what reading an archive may cost, against archives made to
// exhaust the disk, memory or time of whoever imports them. A zero field
// takes its default; to lift a limit, set it to its type's maximum.
type Limits struct {
	// MaxTotal bounds the bytes of the whole uncompressed tar stream
	// (headers and files), or of a folder's files.
	MaxTotal int64
	// MaxRatio bounds uncompressed bytes over the compressed bytes read so
	// far, once past ratioGrace, for a gzip-compressed archive.
	MaxRatio int64
	// MaxLine bounds one JSON line, for ReadLines.
	MaxLine int
	// MaxEntries bounds the entries of the archive or folder, directories
	// included.
	MaxEntries int
}

// DefaultLimits are meant to pass any real export and refuse any bomb:
//
//   - MaxTotal, 64 GiB: an export is its database plus its uploads, so this
//     is the size of the largest media library expected, not of JSON.
//   - MaxRatio, 200: gzip gets 5–20× from Strapi's JSON lines and about 1×
//     from images and video; deflate's ceiling is about 1032×, which only
//     runs of one byte reach (bombs are made of zeros).
//   - MaxLine, 64 MiB: one line is one entity, held whole in memory; Strapi
//     bounds it only by its 256 MB file size, but a rich-text field of tens
//     of MiB is already far past what its admin panel edits.
//   - MaxEntries, 4 Mi: an upload is two entries (the file and its
//     metadata) and each of an image's formats is an upload of its own, so
//     this is about 400,000 images with four formats each.
func DefaultLimits() Limits {
	return Limits{MaxTotal: 64 << 30, MaxRatio: 200, MaxLine: 64 << 20, MaxEntries: 4 << 20}
}

func (l Limits) orDefault() Limits {
	d := DefaultLimits()
	if l.MaxTotal <= 0 {
		l.MaxTotal = d.MaxTotal
	}
	if l.MaxRatio <= 0 {
		l.MaxRatio = d.MaxRatio
	}
	if l.MaxLine <= 0 {
		l.MaxLine = d.MaxLine
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = d.MaxEntries
	}
	return l
}

// ratioGrace is how much an archive unpacks to before MaxRatio applies:
// a small archive of repetitive JSON may well pass 200× and is harmless.
const ratioGrace = 4 << 20

// counter counts the bytes read through it: the compressed bytes, for the
// ratio.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// meter counts the uncompressed bytes and fails the read that passes
// MaxTotal or MaxRatio, so that a bomb stops as it goes off, whatever
// entry it hides in.
type meter struct {
	r    io.Reader
	comp *counter // nil when not compressed
	lim  Limits
	n    int64
}

func (m *meter) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	m.n += int64(n)
	if m.n > m.lim.MaxTotal {
		return n, fmt.Errorf("%w: it unpacks to more than %d bytes (MaxTotal)", ErrLimit, m.lim.MaxTotal)
	}
	// Divided rather than multiplied, so that a lifted MaxRatio cannot
	// overflow.
	if m.comp != nil && m.n > ratioGrace && m.n/m.lim.MaxRatio > m.comp.n {
		return n, fmt.Errorf("%w: it unpacks to more than %d times the %d compressed bytes read so far (MaxRatio): a decompression bomb?", ErrLimit, m.lim.MaxRatio, m.comp.n)
	}
	return n, err
}
