package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ReadLines calls fn with each line of r, a JSON-lines file, without its
// newline (nor a "\r" before it); empty lines are skipped, as Strapi's
// reader skips them (its writer begins every file after a stage's first
// with one). A line longer than max bytes is an error naming the limit;
// max <= 0 takes DefaultLimits' MaxLine. The slice is reused from one call
// to the next: fn must copy what it keeps (json.Unmarshal does).
func ReadLines(r io.Reader, max int, fn func(line []byte) error) error {
	if max <= 0 {
		max = DefaultLimits().MaxLine
	}
	sc := bufio.NewScanner(r)
	// Room for the line, its "\r\n" and one byte more, to tell a line of
	// max bytes from a longer one.
	sc.Buffer(make([]byte, 0, min(64<<10, max+3)), max+3)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSuffix(sc.Bytes(), []byte{'\r'})
		if len(line) > max {
			return fmt.Errorf("line %d: %w: longer than %d bytes (MaxLine)", n, ErrLimit, max)
		}
		if len(line) == 0 {
			continue
		}
		if err := fn(line); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d: %w: longer than %d bytes (MaxLine)", n+1, ErrLimit, max)
		}
		return err
	}
	return nil
}
