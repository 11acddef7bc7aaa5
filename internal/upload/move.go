package upload

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/contentwire"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/storage"
)

// MoveOptions are what Move copies, from where to where, and how.
type MoveOptions struct {
	// From holds the files to move: the rows whose provider is its
	// Provider(). To is where they go.
	From, To storage.Storage
	// DryRun reads the rows and finds every source object (its size),
	// copying and switching nothing.
	DryRun bool
	// DeleteSource removes a file's source objects once its row is
	// switched and committed. Off, they are kept.
	DeleteSource bool
	// Concurrency is how many objects are copied at once (default 4).
	Concurrency int
	// BatchSize is how many rows are read in one statement and switched
	// in one transaction (default 100).
	BatchSize int
	// Progress gets a line per batch and per failure; nil for none.
	Progress io.Writer
}

// MoveFailure is a file left on its provider, and why.
type MoveFailure struct {
	ID   int64
	Name string
	// Key is the object that failed; empty when the row itself did.
	Key string
	Err error
}

func (f MoveFailure) Error() string {
	if f.Key == "" {
		return fmt.Sprintf("file %d %q: %v", f.ID, f.Name, f.Err)
	}
	return fmt.Sprintf("file %d %q: %s: %v", f.ID, f.Name, f.Key, f.Err)
}

func (f MoveFailure) Unwrap() error { return f.Err }

// MoveResult is what a move did.
type MoveResult struct {
	From, To string // the providers' names
	// Files is how many rows were on From when the move began.
	Files int64
	// Moved is how many rows now point at To (none in a dry run);
	// WouldMove, in a dry run, how many have every object in From.
	Moved, WouldMove int
	// Objects and Bytes are the moved files' objects, the files' and
	// their formats', copied and verified (in a dry run: found in From).
	Objects int
	Bytes   int64
	// Deleted is how many source objects DeleteSource removed.
	Deleted int
	// Failed are the files left on From, each with its reason.
	Failed []MoveFailure
	// Stopped, when set, ended the move before every row was read: a
	// storage unavailable, the database failing, the context ended.
	Stopped error
	Elapsed time.Duration
}

// moveRow is one file's row as a move reads it, and what becomes of it.
type moveRow struct {
	id                    int64
	name, hash, ext, mime string
	// objs are its objects: the file's, then its formats' in order.
	objs []Object
	// url and formats are the row's new values.
	url     string
	formats []byte
	// done counts the objects verified; bytes their size.
	done  int
	bytes int64
	fail  *MoveFailure
}

// Move copies every file whose row names o.From's provider to o.To,
// verifies each copy (read back: the same size and SHA-256 as the bytes
// read from the source) and then switches the rows — provider, url, the
// formats' urls, provider_metadata cleared — one transaction per batch,
// only the rows all of whose objects were verified. So it can stop at any
// point and run again: a row switched is done, one not switched is copied
// again, and no row ever points at bytes not verified in o.To. The
// source objects are kept unless o.DeleteSource.
//
// The switch is a storage change, not an edit: it writes the columns
// itself, in one UPDATE per batch, without the content service's hooks,
// webhooks or updatedAt.
func (s *Service) Move(ctx context.Context, o MoveOptions) (res MoveResult) {
	start := time.Now()
	res = MoveResult{From: o.From.Provider(), To: o.To.Provider()}
	defer func() { res.Elapsed = time.Since(start) }()
	if o.Concurrency < 1 {
		o.Concurrency = 4
	}
	if o.BatchSize < 1 {
		o.BatchSize = 100
	}
	if res.From == res.To {
		res.Stopped = fmt.Errorf("the source and the target are both %s", res.To)
		return res
	}
	counts, err := s.Providers(ctx)
	if err != nil {
		res.Stopped = fmt.Errorf("counting the files: %w", err)
		return res
	}
	res.Files = counts[res.From]
	var after int64
	for res.Stopped == nil {
		if err := ctx.Err(); err != nil {
			res.Stopped = fmt.Errorf("interrupted: %w", err)
			break
		}
		rows, err := s.moveRows(ctx, o.To, res.From, after, o.BatchSize)
		if err != nil {
			res.Stopped = fmt.Errorf("reading the files' rows after id %d: %w", after, err)
			break
		}
		if len(rows) == 0 {
			break
		}
		after = rows[len(rows)-1].id
		s.moveBatch(ctx, o, rows, &res)
		if len(rows) < o.BatchSize {
			break
		}
	}
	return res
}

// moveRows reads the next batch of rows on provider from, in id order
// after the id given: one statement.
func (s *Service) moveRows(ctx context.Context, to storage.Storage, from string, after int64, n int) ([]*moveRow, error) {
	ft := s.FileType
	col := func(name string) string { return database.Ident(ft.Attr(name).Column) }
	db := contentwire.DB(s.content)
	q := "SELECT " + database.Ident(schema.ColID) + ", " + col("name") + ", " + col("hash") + ", " + col("ext") + ", " + col("mime") + ", " + col("formats") +
		" FROM " + database.Ident(ft.Table) + " WHERE " + col("provider") + " = ? AND " + database.Ident(schema.ColID) + " > ? ORDER BY " + database.Ident(schema.ColID) + " LIMIT ?"
	rs, err := db.QueryContext(ctx, q, from, after, n)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []*moveRow
	for rs.Next() {
		var r moveRow
		var name, hash, ext, mime sql.NullString
		var formats any
		if err := rs.Scan(&r.id, &name, &hash, &ext, &mime, &formats); err != nil {
			return nil, err
		}
		r.name, r.hash, r.ext, r.mime = name.String, hash.String, ext.String, mime.String
		var raw []byte
		switch x := formats.(type) {
		case []byte:
			raw = x
		case string:
			raw = []byte(x)
		}
		err := r.plan(raw)
		if err == nil {
			err = r.rewrite(to, raw)
		}
		if err != nil {
			r.fail = &MoveFailure{ID: r.id, Name: r.name, Err: err}
		}
		out = append(out, &r)
	}
	return out, rs.Err()
}

// plan lists the row's objects (Objects).
func (r *moveRow) plan(formats []byte) (err error) {
	r.objs, err = Objects(r.hash, r.ext, r.mime, formats)
	return err
}

// rewrite sets the row's new url and formats for the target (Relocated).
func (r *moveRow) rewrite(to storage.Storage, formats []byte) (err error) {
	r.url, r.formats, err = Relocated(to, r.objs, formats)
	return err
}

// rawMember is one member of a JSON object, its value as written.
type rawMember struct {
	key string
	val json.RawMessage
}

// objectMembers splits a JSON object into its members, in their order.
func objectMembers(raw []byte) ([]rawMember, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []rawMember
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, rawMember{t.(string), v})
	}
	return out, nil
}

// moveBatch copies (or, in a dry run, finds) the batch's objects, then
// switches the rows all of whose objects were verified.
func (s *Service) moveBatch(ctx context.Context, o MoveOptions, rows []*moveRow, res *MoveResult) {
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		r *moveRow
		i int
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range o.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				key := j.r.objs[j.i]
				var n int64
				var err error
				if o.DryRun {
					n, err = findObject(bctx, o.From, key.Key)
				} else {
					n, err = copyObject(bctx, o.From, o.To, key.Key, key.Mime)
				}
				mu.Lock()
				switch {
				case err == nil:
					j.r.done++
					j.r.bytes += n
				case res.Stopped != nil:
					// Cut short by the stop: not this file's fault.
				case ctx.Err() != nil:
					res.Stopped = fmt.Errorf("interrupted: %w", ctx.Err())
					cancel()
				case errors.Is(err, storage.ErrUnavailable):
					// A storage away fails every copy after this one:
					// stop rather than try them all.
					res.Stopped = MoveFailure{ID: j.r.id, Name: j.r.name, Key: key.Key, Err: err}
					cancel()
				case j.r.fail == nil:
					j.r.fail = &MoveFailure{ID: j.r.id, Name: j.r.name, Key: key.Key, Err: err}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, r := range rows {
		if r.fail != nil {
			continue
		}
		for i := range r.objs {
			select {
			case jobs <- job{r, i}:
			case <-bctx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()

	var ready []*moveRow
	for _, r := range rows {
		switch {
		case r.fail != nil:
			res.Failed = append(res.Failed, *r.fail)
			progress(o.Progress, "not moved: %v", *r.fail)
		case r.done < len(r.objs):
			// Not all copied before a stop: left for the next run.
		case o.DryRun:
			res.WouldMove++
			res.Objects += r.done
			res.Bytes += r.bytes
		default:
			ready = append(ready, r)
		}
	}
	if o.DryRun {
		progress(o.Progress, "checked the files up to id %d: %d of %d would move, %d objects (%s) found in the %s storage",
			rows[len(rows)-1].id, res.WouldMove, res.Files, res.Objects, Bytes(res.Bytes), res.From)
		return
	}
	if len(ready) > 0 {
		// Switched even when interrupted: the copies are verified, and
		// it is one statement.
		switched, err := s.switchRows(context.WithoutCancel(ctx), o.From, o.To, ready)
		if err != nil {
			if res.Stopped == nil {
				res.Stopped = fmt.Errorf("switching %d files' rows to %s (their copies are verified there; run again): %w", len(ready), res.To, err)
			}
			return
		}
		for _, r := range ready {
			if !switched[r.id] {
				f := MoveFailure{ID: r.id, Name: r.name, Err: errors.New("the row changed while it was copied (its file replaced or deleted): run again")}
				res.Failed = append(res.Failed, f)
				progress(o.Progress, "not moved: %v", f)
				continue
			}
			res.Moved++
			res.Objects += r.done
			res.Bytes += r.bytes
			if o.DeleteSource && ctx.Err() == nil {
				for _, k := range r.objs {
					if err := o.From.Delete(ctx, k.Key); err != nil {
						progress(o.Progress, "file %d %q: %s: kept in the %s storage: %v", r.id, r.name, k.Key, res.From, err)
						continue
					}
					res.Deleted++
				}
			}
		}
	}
	progress(o.Progress, "moved %d of %d files: %d objects, %s copied and verified", res.Moved, res.Files, res.Objects, Bytes(res.Bytes))
}

// switchRows points the rows at the target in one transaction and one
// statement, each only while it is still the row that was copied (on
// the source, with the same hash: a file replaced meanwhile has new
// bytes), and answers the ids it switched.
func (s *Service) switchRows(ctx context.Context, from, to storage.Storage, rows []*moveRow) (map[int64]bool, error) {
	ft := s.FileType
	db := contentwire.DB(s.content)
	col := func(name string) string { return database.Ident(ft.Attr(name).Column) }
	id := database.Ident(schema.ColID)
	jsonArg := "?"
	if db.Dialect == database.Postgres {
		jsonArg = "CAST(? AS JSON)" // a CASE's parameter is text otherwise
	}
	var b strings.Builder
	var args []any
	b.WriteString("UPDATE " + database.Ident(ft.Table) + " SET " + col("provider") + " = ?, " + col("provider_metadata") + " = NULL, " + col("url") + " = CASE " + id)
	args = append(args, to.Provider())
	for _, r := range rows {
		b.WriteString(" WHEN ? THEN ?")
		args = append(args, r.id, r.url)
	}
	b.WriteString(" END")
	if slicesAny(rows, func(r *moveRow) bool { return r.formats != nil }) {
		b.WriteString(", " + col("formats") + " = CASE " + id)
		for _, r := range rows {
			if r.formats != nil {
				b.WriteString(" WHEN ? THEN " + jsonArg)
				args = append(args, r.id, string(r.formats))
			}
		}
		b.WriteString(" ELSE " + col("formats") + " END")
	}
	b.WriteString(" WHERE " + col("provider") + " = ? AND " + id + " IN (")
	args = append(args, from.Provider())
	for i, r := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("?")
		args = append(args, r.id)
	}
	b.WriteString(") AND " + col("hash") + " = CASE " + id)
	for _, r := range rows {
		b.WriteString(" WHEN ? THEN ?")
		args = append(args, r.id, r.hash)
	}
	b.WriteString(" END RETURNING " + id)
	switched := map[int64]bool{}
	err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		clear(switched)
		rs, err := tx.QueryContext(ctx, b.String(), args...)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var n int64
			if err := rs.Scan(&n); err != nil {
				return err
			}
			switched[n] = true
		}
		return rs.Err()
	})
	return switched, err
}

func slicesAny(rows []*moveRow, f func(*moveRow) bool) bool {
	for _, r := range rows {
		if f(r) {
			return true
		}
	}
	return false
}

// copyObject copies key from one storage to the other, hashing the
// source's bytes as they stream, then reads the copy back: it must have
// the same size and SHA-256. (S3's ETag is no checksum to rely on: it is
// not the MD5 of a multipart upload nor under SSE-KMS, and a disk has
// none.) It answers the size copied.
func copyObject(ctx context.Context, from, to storage.Storage, key, mime string) (int64, error) {
	src, size, err := from.Get(ctx, key)
	if err != nil {
		return 0, sourceErr(from, err)
	}
	defer src.Close()
	h := sha256.New()
	if err := to.Put(ctx, key, io.TeeReader(src, h), size, mime); err != nil {
		return 0, fmt.Errorf("copying to the %s storage: %w", to.Provider(), err)
	}
	want := h.Sum(nil)
	back, n, err := to.Get(ctx, key)
	if err != nil {
		return 0, fmt.Errorf("reading the copy back from the %s storage: %w", to.Provider(), err)
	}
	defer back.Close()
	h.Reset()
	read, err := io.Copy(h, back)
	if err != nil {
		return 0, fmt.Errorf("reading the copy back from the %s storage: %w", to.Provider(), err)
	}
	if n != size || read != size {
		return 0, fmt.Errorf("the copy in the %s storage has %d bytes, the source %d", to.Provider(), read, size)
	}
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		return 0, fmt.Errorf("the copy in the %s storage has SHA-256 %x, the source %x", to.Provider(), got, want)
	}
	return size, nil
}

// findObject is a dry run's copy: the source object's size.
func findObject(ctx context.Context, from storage.Storage, key string) (int64, error) {
	r, size, err := from.Get(ctx, key)
	if err != nil {
		return 0, sourceErr(from, err)
	}
	r.Close()
	return size, nil
}

func sourceErr(from storage.Storage, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the source object is missing from the %s storage", from.Provider())
	}
	return fmt.Errorf("reading it from the %s storage: %w", from.Provider(), err)
}

// progress writes one line to w, when there is one.
func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// Bytes is n bytes for a person: B, KB, MB, GB (powers of 1000, as sizes
// are on the rows).
func Bytes(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.2f GB", float64(n)/1e9)
}
