package archive

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// WriteOptions chooses the container, as strapi export's --no-compress,
// --no-encrypt and --key do.
type WriteOptions struct {
	Compress bool   // gzip the tar
	Key      string // encrypt with this key; "" writes the archive in clear
}

// FileName is the name Strapi gives an export of base, and the one its
// import needs to see, as it decides by the name alone whether to gunzip
// and decrypt: base.tar, then .gz, then .enc.
func FileName(base string, opts WriteOptions) string {
	name := base + ".tar"
	if opts.Compress {
		name += ".gz"
	}
	if opts.Key != "" {
		name += ".enc"
	}
	return name
}

// Writer writes an archive: tar, then gzip, then encryption, as Strapi's
// destination provider pipes them. It writes to a hidden file beside path
// that Close renames to path, so that path is never a half archive. A
// Writer is not safe for concurrent use.
type Writer struct {
	path, tmp string
	f         *os.File
	buf       *bufio.Writer
	enc       *ecbWriter   // nil when not encrypted
	gz        *gzip.Writer // nil when not compressed
	tw        *tar.Writer
	mtime     time.Time
	lines     []*LineWriter // open ones, for Close to close
	err       error         // the first error that spoilt the output
	done      bool
}

// Create begins an archive at path (see FileName for what Strapi will
// import). The file is readable by its owner only: an export is a copy of
// the whole content.
func Create(path string, opts WriteOptions) (*Writer, error) {
	var key []byte
	if opts.Key != "" {
		var err error
		if key, err = deriveKey(opts.Key); err != nil {
			return nil, err
		}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.partial")
	if err != nil {
		return nil, err
	}
	w := &Writer{path: path, tmp: f.Name(), f: f, buf: bufio.NewWriterSize(f, 64<<10), mtime: time.Now()}
	var out io.Writer = w.buf
	if key != nil {
		if w.enc, err = newECBWriter(out, key); err != nil {
			w.Abort()
			return nil, err
		}
		out = w.enc
	}
	if opts.Compress {
		w.gz = gzip.NewWriter(out) // zlib.createGzip's default level, 6
		out = w.gz
	}
	w.tw = tar.NewWriter(out)
	return w, nil
}

// Add writes a regular file of size bytes read from r, under name (slash
// separated, relative; refused as Walk would refuse it). Its header is
// what tar-stream, Strapi's writer, gives an entry: mode 0644, uid and gid
// 0, the time of writing; ustar, or pax for what ustar cannot hold.
func (w *Writer) Add(name string, size int64, r io.Reader) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return errors.New("archive: Add after Close")
	}
	clean, err := cleanName(name)
	if err == nil && clean != name {
		err = fmt.Errorf("entry %q: write it as %q", name, clean)
	}
	if err == nil && (clean == "" || size < 0) {
		err = fmt.Errorf("entry %q: no name, or a size of %d", name, size)
	}
	if err != nil {
		return err // nothing was written: the archive is still whole
	}
	h := &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: size, Mode: 0o644, ModTime: w.mtime}
	if err := w.tw.WriteHeader(h); err != nil {
		return w.fail(name, err)
	}
	n, err := io.CopyN(w.tw, r, size)
	if err == io.EOF {
		err = fmt.Errorf("%d bytes where %d were said", n, size)
	}
	if err == nil {
		// More than said would go unseen; an export cut short is worse
		// than one that fails.
		var one [1]byte
		if k, _ := io.ReadFull(r, one[:]); k > 0 {
			err = fmt.Errorf("more than the %d bytes said", size)
		}
	}
	if err != nil {
		return w.fail(name, err)
	}
	return nil
}

func (w *Writer) fail(name string, err error) error {
	w.err = fmt.Errorf("archive %s: entry %q: %w", w.path, name, err)
	return w.err
}

// Close closes the open LineWriters, ends the tar, the gzip stream and the
// encryption, and puts the file at its path, in place of any file there
// (as Strapi's export does). On an error, earlier or now, nothing is left
// and the error is returned.
func (w *Writer) Close() error {
	if w.done {
		return w.err
	}
	for len(w.lines) > 0 {
		if err := w.lines[0].Close(); err != nil && w.err == nil {
			w.err = err
		}
	}
	w.done = true
	if w.err == nil {
		w.err = w.finish()
	}
	if err := w.f.Close(); err != nil && w.err == nil {
		w.err = err
	}
	if w.err == nil {
		w.err = os.Rename(w.tmp, w.path)
	}
	if w.err != nil {
		os.Remove(w.tmp)
	}
	return w.err
}

func (w *Writer) finish() error {
	if err := w.tw.Close(); err != nil {
		return err
	}
	if w.gz != nil {
		if err := w.gz.Close(); err != nil {
			return err
		}
	}
	if w.enc != nil {
		if err := w.enc.Close(); err != nil {
			return err
		}
	}
	if err := w.buf.Flush(); err != nil {
		return err
	}
	return w.f.Sync()
}

// Abort gives up the archive, as Strapi's rollback does: nothing is left
// at path, nor of the LineWriters' spill files. Close after Abort returns
// an error.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	for _, l := range slices.Clone(w.lines) {
		l.discard()
	}
	w.done = true
	w.err = errors.New("archive: aborted")
	w.f.Close()
	os.Remove(w.tmp)
}
