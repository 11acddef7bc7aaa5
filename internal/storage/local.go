package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Local keeps files in one folder that kiln serves under /uploads, as
// Strapi's "local" provider does under public/uploads.
type Local struct {
	dir string
}

// tmpPrefix names in-flight uploads; the leading dot keeps them out of Keys
// and out of reach of any key.
const tmpPrefix = ".put-"

// NewLocal uses dir, creating it (0o750) when missing.
func NewLocal(dir string) (*Local, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("storage: local dir %q: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, localErr("create dir", err)
	}
	return &Local{dir: abs}, nil
}

// Dir is the folder the files live in.
func (l *Local) Dir() string { return l.dir }

// Provider is Strapi's name for this provider.
func (l *Local) Provider() string { return ProviderLocal }

// URL is the path kiln's /uploads route serves key at.
func (l *Local) URL(key string) string { return "/uploads/" + url.PathEscape(key) }

// Put writes body to a temp file in the same folder, fsyncs it and renames
// it over key, so a reader never sees half a file and a failure leaves
// nothing behind. mime is not kept: the file row holds it.
func (l *Local) Put(ctx context.Context, key string, body io.Reader, size int64, mime string) (err error) {
	if err := CheckKey(key); err != nil {
		return err
	}
	f, err := os.CreateTemp(l.dir, tmpPrefix+"*")
	if err != nil {
		return localErr("put "+key, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	br := &bodyReader{ctx: ctx, r: body}
	if _, err := io.Copy(f, br); err != nil {
		if cerr := br.clientErr(key, size); cerr != nil {
			return cerr
		}
		return localErr("put "+key, err)
	}
	if cerr := br.clientErr(key, size); cerr != nil {
		return cerr
	}
	if err := f.Chmod(0o640); err != nil {
		return localErr("put "+key, err)
	}
	if err := f.Sync(); err != nil {
		return localErr("put "+key, err)
	}
	if err := f.Close(); err != nil {
		return localErr("put "+key, err)
	}
	if err := os.Rename(tmp, filepath.Join(l.dir, key)); err != nil {
		return localErr("put "+key, err)
	}
	// The rename is durable once the folder is synced; a failure here
	// leaves a complete file, so it is not worth failing the upload.
	if d, err := os.Open(l.dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}

// Delete removes key; a missing key is not an error.
func (l *Local) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(l.dir, key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return localErr("delete "+key, err)
	}
	return nil
}

// Open opens key for reading; a missing key answers an error matching
// fs.ErrNotExist.
func (l *Local) Open(key string) (*os.File, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(l.dir, key))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, localErr("open "+key, err)
	}
	return f, nil
}

// Get opens key for reading (`kiln media move` reads a file it copies
// away): a missing key answers an error matching fs.ErrNotExist.
func (l *Local) Get(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	f, err := l.Open(key)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, 0, localErr("stat "+key, err)
	}
	return f, info.Size(), nil
}

// Keys calls fn for every regular file in the folder except in-flight
// uploads, reading the folder in batches so a large one is not held whole.
func (l *Local) Keys(ctx context.Context, fn func(key string) error) error {
	d, err := os.Open(l.dir)
	if err != nil {
		return localErr("list", err)
	}
	defer d.Close()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := d.ReadDir(256)
		for _, e := range entries {
			name := e.Name()
			if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || CheckKey(name) != nil {
				continue
			}
			if err := fn(name); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return localErr("list", err)
		}
	}
}

// localErr marks the file system errors a retry later may cure (full,
// over quota, read-only, failing disk) as ErrUnavailable.
func localErr(op string, err error) error {
	for _, e := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EIO} {
		if errors.Is(err, e) {
			return unavailable(op, err)
		}
	}
	return fmt.Errorf("storage: %s: %w", op, err)
}
