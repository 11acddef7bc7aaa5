package archive

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/scrypt"
)

// deriveKey is Node's scryptSync(key, "", 16) as Strapi's encrypt.ts and
// decrypt.ts call it: Node's defaults N=16384, r=8, p=1, and an empty salt.
func deriveKey(key string) ([]byte, error) {
	return scrypt.Key([]byte(key), nil, 16384, 8, 1, 16)
}

// Strapi's development line has drafted encrypted files that begin with a
// plaintext header carrying a per-file salt, which no release wrote when
// this was written. They are recognised, so as to say so rather than
// "wrong key".
var draftHeaders = [][]byte{[]byte("STRAPI2\x00"), []byte("STRAPIEX")}

func hasDraftHeader(head []byte) bool {
	for _, m := range draftHeaders {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return false
}

// ecb runs b over every block of p in place. Go has no ECB mode, on purpose:
// each block is enciphered alone, so equal blocks show. Strapi chose it; the
// archive is only as private as that.
func ecb(p []byte, crypt func(dst, src []byte)) {
	for i := 0; i+aes.BlockSize <= len(p); i += aes.BlockSize {
		crypt(p[i:i+aes.BlockSize], p[i:i+aes.BlockSize])
	}
}

const cryptBuf = 32 << 10 // a multiple of the block size

// ecbReader deciphers a stream. It holds the last block back until the
// stream ends, as only then is it known to carry the PKCS#7 padding.
type ecbReader struct {
	r    io.Reader
	b    cipher.Block
	in   []byte // ciphertext not yet deciphered
	out  []byte // plaintext not yet read
	obuf []byte
	err  error
}

func newECBReader(r io.Reader, key []byte) (*ecbReader, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return &ecbReader{r: r, b: b, in: make([]byte, 0, cryptBuf+aes.BlockSize), obuf: make([]byte, cryptBuf+aes.BlockSize)}, nil
}

func (d *ecbReader) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		d.fill()
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

func (d *ecbReader) fill() {
	n, err := d.r.Read(d.in[len(d.in):cap(d.in)])
	d.in = d.in[:len(d.in)+n]
	if err != nil && err != io.EOF {
		d.err = err
		return
	}
	if err == io.EOF {
		d.finish()
		return
	}
	// Keep between 1 and 16 bytes back: the last block may be the padding.
	k := (len(d.in) - 1) / aes.BlockSize * aes.BlockSize
	if k == 0 {
		return
	}
	out := d.obuf[:k]
	copy(out, d.in[:k])
	ecb(out, d.b.Decrypt)
	d.in = d.in[:copy(d.in, d.in[k:])]
	d.out = out
}

// errPadding is what a wrong key most often shows as at the end; at the
// start it shows as a header that does not parse, which Open checks first.
var errPadding = errors.New("the last block's padding is wrong")

func (d *ecbReader) finish() {
	d.err = io.EOF
	switch {
	case len(d.in) == 0:
		// The last block is always held back, so the whole stream was
		// empty; even empty plaintext enciphers to one block of padding.
		d.err = fmt.Errorf("the encrypted stream is empty: %w", io.ErrUnexpectedEOF)
		return
	case len(d.in)%aes.BlockSize != 0:
		d.err = fmt.Errorf("the encrypted stream is cut short, %d bytes past its last whole block: %w", len(d.in)%aes.BlockSize, io.ErrUnexpectedEOF)
		return
	}
	out := d.obuf[:len(d.in)]
	copy(out, d.in)
	ecb(out, d.b.Decrypt)
	d.in = d.in[:0]
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize || !bytes.Equal(out[len(out)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		d.err = fmt.Errorf("%w: %w", ErrWrongKey, errPadding)
		return
	}
	d.out = out[:len(out)-pad]
}

// ecbWriter enciphers a stream; Close adds the PKCS#7 padding, as Node's
// cipher.final() does.
type ecbWriter struct {
	w   io.Writer
	b   cipher.Block
	buf []byte
}

func newECBWriter(w io.Writer, key []byte) (*ecbWriter, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return &ecbWriter{w: w, b: b, buf: make([]byte, 0, cryptBuf+aes.BlockSize)}, nil
}

func (e *ecbWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		n := copy(e.buf[len(e.buf):cryptBuf], p)
		e.buf = e.buf[:len(e.buf)+n]
		p = p[n:]
		written += n
		if len(e.buf) == cryptBuf {
			ecb(e.buf, e.b.Encrypt)
			if _, err := e.w.Write(e.buf); err != nil {
				return written, err
			}
			e.buf = e.buf[:0]
		}
	}
	return written, nil
}

func (e *ecbWriter) Close() error {
	pad := aes.BlockSize - len(e.buf)%aes.BlockSize
	for range pad {
		e.buf = append(e.buf, byte(pad))
	}
	ecb(e.buf, e.b.Encrypt)
	_, err := e.w.Write(e.buf)
	e.buf = e.buf[:0]
	return err
}
