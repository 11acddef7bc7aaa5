package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
)

// DefaultMaxJSONL is the size at which Strapi starts a stage's next
// JSON-lines file: createTarEntryStream's default of 2.56e8 (strapi export
// passes its --max-size-jsonl, in MiB, only when given). Strapi counts
// UTF-16 units; Kiln counts bytes.
const DefaultMaxJSONL = 256_000_000

// LineWriter writes one stage's JSON lines as <dir>/<prefix>_00001.jsonl,
// _00002 and on, starting the next file before a line that would take the
// current one past its size, as Strapi does. A tar header needs its size
// before the bytes, so each file is spilt to a hidden file beside the
// archive (not in the temporary folder, often in memory) and added when
// full or closed.
type LineWriter struct {
	w           *Writer
	dir, prefix string
	max         int64
	index       int
	spill       *os.File
	buf         *bufio.Writer
	size        int64
	err         error
	closed      bool
}

// Lines begins a stage's JSON-lines files; maxSize <= 0 takes
// DefaultMaxJSONL. Strapi names a stage's files after its folder:
// Lines("entities", "entities", 0).
func (w *Writer) Lines(dir, prefix string, maxSize int64) *LineWriter {
	if maxSize <= 0 {
		maxSize = DefaultMaxJSONL
	}
	l := &LineWriter{w: w, dir: dir, prefix: prefix, max: maxSize}
	if w.done {
		l.err, l.closed = errors.New("archive: Lines after Close"), true
		return l
	}
	w.lines = append(w.lines, l)
	return l
}

// WriteLine writes one line: a JSON value, which must hold no newline
// (encoding/json writes none). A line longer than the file size is refused,
// as Strapi refuses it ("payload too large").
func (l *LineWriter) WriteLine(line []byte) error {
	if l.err != nil {
		return l.err
	}
	if l.closed {
		return errors.New("archive: WriteLine after Close")
	}
	if bytes.IndexByte(line, '\n') >= 0 {
		return fmt.Errorf("%s: a JSON line holds a newline", l.dir)
	}
	n := int64(len(line)) + 1
	if n > l.max {
		return fmt.Errorf("%s: payload too large: a line of %d bytes, files of at most %d", l.dir, n, l.max)
	}
	if l.size+n > l.max {
		if l.err = l.flush(); l.err != nil {
			return l.err
		}
	}
	if l.spill == nil {
		f, err := os.CreateTemp(filepath.Dir(l.w.path), ".kiln-"+l.prefix+"-*.jsonl")
		if err != nil {
			l.err = err
			return err
		}
		l.spill, l.buf = f, bufio.NewWriterSize(f, 64<<10)
	}
	l.buf.Write(line)
	if l.err = l.buf.WriteByte('\n'); l.err != nil {
		return l.err
	}
	l.size += n
	return nil
}

// flush adds the file written so far to the archive and empties the spill
// file for the next.
func (l *LineWriter) flush() error {
	if l.size == 0 {
		return nil
	}
	if err := l.buf.Flush(); err != nil {
		return err
	}
	if _, err := l.spill.Seek(0, 0); err != nil {
		return err
	}
	l.index++
	name := path.Join(l.dir, fmt.Sprintf("%s_%05d.jsonl", l.prefix, l.index))
	if err := l.w.Add(name, l.size, l.spill); err != nil {
		return err
	}
	l.size = 0
	if err := l.spill.Truncate(0); err != nil {
		return err
	}
	_, err := l.spill.Seek(0, 0)
	l.buf.Reset(l.spill)
	return err
}

// Close adds the last file; a stage with no line writes none, as in
// Strapi. The Writer's Close closes what is left open.
func (l *LineWriter) Close() error {
	if l.closed {
		return l.err
	}
	if l.err == nil {
		l.err = l.flush()
	}
	l.discard()
	return l.err
}

func (l *LineWriter) discard() {
	l.closed = true
	if l.spill != nil {
		l.spill.Close()
		os.Remove(l.spill.Name())
		l.spill = nil
	}
	l.w.lines = slices.DeleteFunc(l.w.lines, func(x *LineWriter) bool { return x == l })
}
