package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/aes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Archive is an opened archive or unpacked folder. It holds no open file:
// each Walk reads it again from the start.
type Archive struct {
	path   string
	folder bool
	gzip   bool
	key    []byte // the derived AES key; nil when not encrypted
	lim    Limits
}

// Open opens a Strapi archive (.tar, .tar.gz or .tgz, .tar.gz.enc,
// .tar.enc) or unpacked folder, and checks it as far as is cheap: an
// archive's first entry is read, a folder's every entry is looked at
// (without reading the files). Whether the file is gzip or tar is told by
// its content; what is neither is taken as encrypted, and needs key. A
// key given for an archive that is not encrypted is not used.
func Open(path, key string, lim Limits) (*Archive, error) {
	a := &Archive{path: path, lim: lim.orDefault()}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		a.folder = true
		if err := a.walkFolder("", nil); err != nil {
			return nil, err
		}
		return a, nil
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("archive %s: %w: neither a file nor a folder", path, ErrNotArchive)
	}
	head, err := readHead(path)
	if err != nil {
		return nil, err
	}
	switch {
	case isGzip(head):
		a.gzip = true
	case isTar(head):
	case hasDraftHeader(head):
		return nil, fmt.Errorf("archive %s: %w: it begins with %q, the header of a newer Strapi encryption format that Kiln does not read", path, ErrNotArchive, head[:8])
	case key == "":
		if strings.HasSuffix(path, ".enc") {
			return nil, fmt.Errorf("archive %s: %w", path, ErrEncrypted)
		}
		return nil, fmt.Errorf("archive %s: %w: neither tar nor gzip (if it is encrypted, give its key with --key)", path, ErrNotArchive)
	default:
		if a.key, err = deriveKey(key); err != nil {
			return nil, err
		}
		if err := a.sniffDecrypted(head); err != nil {
			return nil, err
		}
	}
	if err := a.first(); err != nil {
		return nil, err
	}
	return a, nil
}

// openWithKey is Open for an encrypted archive with its key already
// derived: the fuzz target's way round scrypt's 50 ms.
func openWithKey(path string, key []byte, lim Limits) (*Archive, error) {
	a := &Archive{path: path, lim: lim.orDefault(), key: key}
	head, err := readHead(path)
	if err != nil {
		return nil, err
	}
	if err := a.sniffDecrypted(head); err != nil {
		return nil, err
	}
	if err := a.first(); err != nil {
		return nil, err
	}
	return a, nil
}

func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	return head[:n], nil
}

// sniffDecrypted deciphers the head (ECB deciphers each block alone, so
// no stream is needed) and checks that it is gzip or tar: the one early
// sign of a wrong key.
func (a *Archive) sniffDecrypted(head []byte) error {
	if len(head) < 16 {
		return fmt.Errorf("archive %s: %w: %d bytes, less than one block", a.path, ErrNotArchive, len(head))
	}
	plain := bytes.Clone(head[:len(head)/aes.BlockSize*aes.BlockSize])
	b, err := aes.NewCipher(a.key)
	if err != nil {
		return err
	}
	ecb(plain, b.Decrypt)
	switch {
	case isGzip(plain):
		a.gzip = true
	case isTar(plain):
	default:
		return fmt.Errorf("archive %s: %w", a.path, ErrWrongKey)
	}
	return nil
}

// first reads the archive's first header, so that a broken archive fails
// at Open rather than half-way through an import.
func (a *Archive) first() error {
	r, err := a.reader()
	if err != nil {
		return err
	}
	defer r.f.Close()
	_, _, err = r.next()
	if err == io.EOF {
		return fmt.Errorf("archive %s: %w: it holds no entry", a.path, ErrNotArchive)
	}
	return err
}

// tarReader reads an archive's entries, and knows where the current
// entry's data ends.
type tarReader struct {
	a       *Archive
	f       *os.File
	tr      *tar.Reader
	m       *meter
	entries int
	end     int64  // where the last entry's data ends in the tar stream
	last    string // the last entry's name, for errors
}

// reader opens the file and stacks what reads it: decipher, gunzip,
// meter, tar.
func (a *Archive) reader() (*tarReader, error) {
	f, err := os.Open(a.path)
	if err != nil {
		return nil, err
	}
	var r io.Reader = bufio.NewReaderSize(f, 64<<10)
	if a.key != nil {
		if r, err = newECBReader(r, a.key); err != nil {
			f.Close()
			return nil, err
		}
	}
	m := &meter{r: r, lim: a.lim}
	if a.gzip {
		m.comp = &counter{r: r}
		zr, err := gzip.NewReader(m.comp)
		if err != nil {
			f.Close()
			if a.key != nil {
				err = fmt.Errorf("%w: %w", ErrWrongKey, err)
			}
			return nil, a.failed("", err)
		}
		m.r = zr
	}
	return &tarReader{a: a, f: f, tr: tar.NewReader(m), m: m}, nil
}

// next reads the next entry's header and checks it: its name, its type,
// the limits. ok is false for a directory or global header, to pass over.
// At the end it returns io.EOF.
func (r *tarReader) next() (h *tar.Header, ok bool, err error) {
	a := r.a
	h, err = r.tr.Next()
	if err == io.EOF && r.entries > 0 && r.m.n == r.end {
		// Go's reader takes a stream that stops between two entries for
		// the end; it is a copy cut short, with the rest lost.
		err = fmt.Errorf("the archive stops without tar's end-of-archive blocks: %w", io.ErrUnexpectedEOF)
	}
	if err == io.EOF {
		return nil, false, err
	}
	if err != nil && !(errors.Is(err, tar.ErrInsecurePath) && h != nil) {
		return nil, false, a.failed(r.last, err)
	}
	r.end = r.m.n
	if h.Typeflag == tar.TypeReg {
		r.end += (h.Size + 511) &^ 511
	}
	if r.entries++; r.entries > a.lim.MaxEntries {
		return nil, false, fmt.Errorf("archive %s: entry %q: %w: more than %d entries (MaxEntries)", a.path, h.Name, ErrLimit, a.lim.MaxEntries)
	}
	name, ok, err := checkHeader(h)
	if err != nil {
		return nil, false, fmt.Errorf("archive %s: %w", a.path, err)
	}
	if ok && h.Size > a.lim.MaxTotal-r.m.n {
		// Said up front, rather than once the bytes are read.
		return nil, false, fmt.Errorf("archive %s: entry %q: %w: its %d bytes take the archive past %d bytes (MaxTotal)", a.path, name, ErrLimit, h.Size, a.lim.MaxTotal)
	}
	if name != "" { // not a global header
		h.Name, r.last = name, name
	}
	return h, ok, nil
}

// failed names where reading broke: after the last entry whose header
// was read.
func (a *Archive) failed(after string, err error) error {
	err = describe(err)
	if after == "" {
		return fmt.Errorf("archive %s: at its first entry: %w", a.path, err)
	}
	return fmt.Errorf("archive %s: after entry %q: %w", a.path, after, err)
}

// describe says in words what a broken archive's error means.
func describe(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("truncated: %w", err)
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, gzip.ErrChecksum), errors.Is(err, tar.ErrHeader):
		return fmt.Errorf("corrupt: %w", err)
	}
	return err
}

func isGzip(b []byte) bool {
	return len(b) >= 3 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8 // deflate, the one method
}

// isTar reports whether b starts with a tar header whose checksum holds
// (old tars sum signed bytes, hence both sums).
func isTar(b []byte) bool {
	if len(b) < 512 {
		return false
	}
	field := strings.Trim(string(b[148:156]), " \x00")
	want, err := strconv.ParseInt(field, 8, 64)
	if err != nil {
		return false
	}
	var unsigned, signed int64
	for i, c := range b[:512] {
		if 148 <= i && i < 156 {
			c = ' '
		}
		unsigned += int64(c)
		signed += int64(int8(c))
	}
	return want == unsigned || want == signed
}
