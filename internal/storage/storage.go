// Package storage keeps the bytes of uploaded media files, on local disk or
// in an S3-compatible bucket, behind one small interface that the upload
// service calls; the file rows (name, mime, provider, url) live elsewhere.
//
// The S3 provider uses github.com/minio/minio-go/v7 rather than the AWS SDK
// for Go v2: it streams uploads of unknown size with one part buffer and adds
// about 2.0 MB to the kiln binary where the SDK (s3 + config +
// transfermanager) adds about 12.2 MB (51.8 MB → 53.8 MB vs 64.0 MB).
// Signed URLs alone take the SDK's SigV4 signer (aws-sdk-go-v2/aws/signer/v4,
// about 0.16 MB), the one signer at hand that signs at a given time, which a
// URL stable over a window needs (S3.SignedURL).
package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// Storage keeps the bytes of uploaded files under flat keys such as
// "photo_a1b2c3.jpg" that the caller makes.
type Storage interface {
	// Put stores body (size bytes, or -1 when unknown) under key, streaming
	// it. On any error nothing is left under key. mime is the Content-Type
	// to store where the provider keeps one.
	Put(ctx context.Context, key string, body io.Reader, size int64, mime string) error
	// Get opens key for reading and answers its size; a missing key is
	// an error matching fs.ErrNotExist. The caller closes the reader.
	Get(ctx context.Context, key string) (io.ReadCloser, int64, error)
	// Delete removes key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// URL is the address a client fetches key from.
	URL(key string) string
	// Keys calls fn for every stored key; an error from fn stops the walk
	// and is returned.
	Keys(ctx context.Context, fn func(key string) error) error
	// Provider is Strapi's provider name stored on the file row.
	Provider() string
}

// The providers' names, as file rows record them (Strapi's).
const (
	ProviderLocal = "local"
	ProviderS3    = "aws-s3"
)

// Signer is implemented by providers that can hand out time-limited URLs
// for private objects. Use SignerFor to learn whether a Storage wants its
// URLs signed: an S3 bucket configured without signed URLs can sign but
// need not.
type Signer interface {
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}

// Opener is implemented by providers whose files kiln serves itself (local),
// for the /uploads route.
type Opener interface {
	Open(key string) (*os.File, error)
}

// SignerFor answers st as a Signer when st is configured to sign its URLs
// (Strapi's isPrivate), so callers sign only where a plain URL would be
// refused.
func SignerFor(st Storage) (Signer, bool) {
	s, ok := st.(Signer)
	if !ok {
		return nil, false
	}
	if p, ok := st.(interface{ signs() bool }); ok && !p.signs() {
		return nil, false
	}
	return s, true
}

var (
	// ErrUnavailable marks failures of the storage itself (disk full or
	// read-only, S3 unreachable or answering 5xx/SlowDown) that a retry
	// later may cure: callers answer 503 with Retry-After. The cause is
	// wrapped alongside it.
	ErrUnavailable = errors.New("storage: unavailable")
	// ErrBadKey refuses a key that is not one flat file name, so that no
	// key can reach outside the storage's folder or prefix.
	ErrBadKey = errors.New("storage: bad key")
)

// maxKeyLen keeps keys within a file name's length on common file systems.
const maxKeyLen = 255

// CheckKey answers ErrBadKey unless key is one flat, visible file name.
func CheckKey(key string) error {
	switch {
	case key == "",
		len(key) > maxKeyLen,
		key[0] == '.',
		strings.ContainsAny(key, "/\\\x00"),
		strings.Contains(key, ".."):
		return &keyError{key}
	}
	return nil
}

type keyError struct{ key string }

func (e *keyError) Error() string { return "storage: bad key " + strconv.Quote(e.key) }
func (e *keyError) Unwrap() error { return ErrBadKey }

// unavailable wraps cause so that errors.Is finds both ErrUnavailable and
// the cause.
func unavailable(op string, cause error) error {
	return &unavailableError{op: op, cause: cause}
}

type unavailableError struct {
	op    string
	cause error
}

func (e *unavailableError) Error() string {
	return "storage: " + e.op + ": unavailable: " + e.cause.Error()
}
func (e *unavailableError) Unwrap() []error { return []error{ErrUnavailable, e.cause} }

// bodyReader remembers the error of the caller's body and stops at ctx's
// end, so a failed upload can tell the client's fault from the storage's.
type bodyReader struct {
	ctx context.Context
	r   io.Reader
	n   int64
	err error
	eof bool
}

// clientErr is the caller's part in a failed upload: its body failed, or
// ended short of the size it declared. Nil means the storage failed.
func (b *bodyReader) clientErr(key string, size int64) error {
	if b.err != nil {
		return fmt.Errorf("storage: put %s: reading body: %w", key, b.err)
	}
	if size >= 0 && b.eof && b.n != size {
		return fmt.Errorf("storage: put %s: body has %d bytes, want %d", key, b.n, size)
	}
	return nil
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if err := b.ctx.Err(); err != nil {
		b.err = err
		return 0, err
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	if err == io.EOF {
		b.eof = true
	} else if err != nil {
		b.err = err
	}
	return n, err
}
