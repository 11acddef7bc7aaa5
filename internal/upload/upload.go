// Package upload is the media library: it takes uploaded files, reads
// what they are from their bytes, makes an image's formats, keeps the
// bytes in a storage provider (internal/storage) and their descriptions as
// entries of the built-in file type (schema.FileType) through the content
// service, so that media fields, populate and filters see them as any
// relation's target. It knows nothing of HTTP; internal/rest's upload routes
// call it.
//
// A file's bytes and its row are kept together: the bytes are stored
// first, then the row is written in one transaction; if the transaction
// fails, the stored bytes are deleted. A crash between the two leaves
// bytes no row names, which Orphans lists and `kiln media orphans
// --delete` removes: never a row without its bytes.
package upload

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	stdmime "mime"
	"path"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/imaging"
	"github.com/kiln-cms/kiln/internal/storage"
)

// Service is the media library over one storage provider.
type Service struct {
	content *content.Service
	store   storage.Storage
	cfg     config.Upload
	images  *imaging.Limiter
	// decoding is how many decodes run now, peak the most that ran at
	// once: what PeakDecodes reports.
	decoding, peak atomic.Int32
	bps            []imaging.Breakpoint
	log            *slog.Logger
	// FileType is the built-in type of files' rows.
	FileType *schema.ContentType
}

// New returns the media library of the app's content service.
func New(c *content.Service, st storage.Storage, cfg config.Upload, log *slog.Logger) *Service {
	s := &Service{content: c, store: st, cfg: cfg, log: log, FileType: c.Schema.Type(schema.FileType)}
	s.images = imaging.NewLimiter(cfg.ImageWorkers)
	s.bps = Breakpoints(cfg)
	return s
}

// PeakDecodes is the most images decoded at once since the service
// started: at most upload.imageWorkers, the limiter's bound.
func (s *Service) PeakDecodes() int { return int(s.peak.Load()) }

// decodeStarted counts a decode and raises the peak.
func (s *Service) decodeStarted() {
	n := s.decoding.Add(1)
	for p := s.peak.Load(); n > p; p = s.peak.Load() {
		if s.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

// Storage is the provider the files' bytes are kept in.
func (s *Service) Storage() storage.Storage { return s.store }

// Breakpoints are the formats the settings ask for: the thumbnail, then
// the breakpoints from the largest.
func Breakpoints(cfg config.Upload) []imaging.Breakpoint {
	var out []imaging.Breakpoint
	for name, px := range cfg.FormatBreakpoints() {
		out = append(out, imaging.Breakpoint{Name: name, Width: px, Height: px})
	}
	// Largest first, as Strapi lists them; equal sizes by name.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (out[j].Width > out[j-1].Width || out[j].Width == out[j-1].Width && out[j].Name < out[j-1].Name); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	if cfg.MakesThumbnail() {
		out = append(out, imaging.Breakpoint{Name: "thumbnail", Width: 245, Height: 156})
	}
	return out
}

// Info is what a client says of a file (Strapi's fileInfo): each nil
// field keeps the default (the file's name) or the current value.
type Info struct {
	Name            *string `json:"name"`
	AlternativeText *string `json:"alternativeText"`
	Caption         *string `json:"caption"`
	FocalPoint      any     `json:"focalPoint"`
}

// Incoming is one uploaded file: the name the client gave it, its size
// and a way to read it (a multipart part, spooled to disk when large).
type Incoming struct {
	Filename string
	Size     int64
	Open     func() (io.ReadSeekCloser, error)
	Info     Info
}

// Attach links new files to an entry's media field (Strapi's ref, refId
// and field): a single field gets the (last) file, a multiple one gets
// them appended.
type Attach struct {
	Type  *schema.ContentType
	ID    int64
	Field *schema.Attribute
}

// stored is one file's bytes as kept: the keys written and the write of
// its row.
type stored struct {
	keys []string
	row  *content.Write
}

// Upload stores the files and writes their rows, and links them to
// at when it is given, all in one transaction; it answers the files' rows
// in the order given, read with q.
func (s *Service) Upload(ctx context.Context, files []Incoming, at *Attach, q *query.Query, ro entry.ReadOptions) ([]*entry.Entry, error) {
	if len(files) == 0 {
		return nil, errs.New(errs.KindValidation, "Files are empty")
	}
	for _, f := range files {
		if err := checkSize(f); err != nil {
			return nil, err
		}
	}
	var done []stored
	cleanup := func() {
		for _, st := range done {
			s.remove(context.WithoutCancel(ctx), st.keys)
		}
	}
	for _, f := range files {
		st, err := s.store1(ctx, f, at, q.Type)
		if err != nil {
			cleanup()
			return nil, err
		}
		done = append(done, st)
	}
	var out []*entry.Entry
	err := s.content.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		out = out[:0]
		for _, st := range done {
			e, err := tx.Create(ctx, q, st.row, ro)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		if at != nil {
			return s.attach(ctx, tx, at, out, ro)
		}
		return nil
	})
	if err != nil {
		cleanup()
		return nil, err
	}
	return out, nil
}

// checkSize refuses an empty file before anything is stored, with
// Strapi's answer to one: an empty part is a client's mistake (a form
// sent without its file), not a file worth a row.
func checkSize(f Incoming) error {
	if f.Size == 0 {
		return errs.New(errs.KindValidation, "Files are empty")
	}
	return nil
}

// attach links the new files to at's field.
func (s *Service) attach(ctx context.Context, tx *content.Tx, at *Attach, files []*entry.Entry, ro entry.ReadOptions) error {
	q, err := query.Parse(at.Type, "", query.Options{})
	if err != nil {
		return err
	}
	w := content.NewWrite(at.Type)
	if at.Field.Multiple {
		for _, f := range files {
			w.Connect(at.Field.Name, content.ID(f.ID))
		}
	} else {
		w.Media(at.Field.Name, files[len(files)-1].ID)
	}
	_, err = tx.Update(ctx, q, content.ID(at.ID), w, ro)
	return err
}

// store1 reads one file's type from its bytes, makes its formats and
// stores everything; it answers the write of its row, of type file.
func (s *Service) store1(ctx context.Context, f Incoming, at *Attach, file *schema.ContentType) (stored, error) {
	r, err := f.Open()
	if err != nil {
		return stored{}, errs.New(errs.KindValidation, "the file "+quote(f.Filename)+" cannot be read").Wrap(err)
	}
	defer r.Close()
	// The type is the bytes', never the client's word.
	mt, err := mimetype.DetectReader(r)
	if err != nil {
		return stored{}, errs.New(errs.KindValidation, "the file "+quote(f.Filename)+" cannot be read").Wrap(err)
	}
	mime := baseMime(mt.String())
	base := baseName(f.Filename)
	ext := keyExt(strings.ToLower(path.Ext(base)), mt)
	name := clipName(base)
	if f.Info.Name != nil && strings.TrimSpace(*f.Info.Name) != "" {
		name = *f.Info.Name
	}
	// Strapi's basename(fileInfo.name || filename, ext): the name given,
	// without the file's extension when it ends with it.
	hash := hashOf(strings.TrimSuffix(baseName(name), path.Ext(base)))
	row := content.NewWrite(file).Set("name", name).Set("hash", hash).Set("ext", ext).Set("mime", mime).
		Set("size", kB(f.Size)).Set("url", s.store.URL(hash+ext)).Set("provider", s.store.Provider())
	if f.Info.AlternativeText != nil {
		row.Set("alternativeText", *f.Info.AlternativeText)
	}
	if f.Info.Caption != nil {
		row.Set("caption", *f.Info.Caption)
	}
	if f.Info.FocalPoint != nil {
		row.Set("focalPoint", f.Info.FocalPoint)
	}
	if at != nil && !at.Field.MediaAllows(mime) {
		// Refused before anything is stored, naming the field as a write
		// of the entry would.
		return stored{}, errs.Fields([]errs.FieldError{errs.Field(at.Field.Name, fmt.Sprintf("%s takes %s, not the file %s (%s)",
			at.Field.Name, strings.Join(at.Field.AllowedTypes, ", "), quote(f.Filename), mime))})
	}
	if mime == "image/svg+xml" {
		if _, err := r.Seek(0, io.SeekStart); err == nil {
			if w, h, ok := svgSize(r); ok {
				row.Set("width", w).Set("height", h)
			}
		}
	}
	var formats []imaging.Format
	if decodable[mime] {
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return stored{}, err
		}
		info, err := imaging.Probe(r)
		if err != nil {
			return stored{}, errs.New(errs.KindValidation, fmt.Sprintf("the image %s cannot be read: %v", quote(f.Filename), err))
		}
		if err := imaging.CheckPixels(info, s.cfg.MaxPixels); err != nil {
			return stored{}, errs.New(errs.KindPayloadTooLarge, fmt.Sprintf("the image %s declares %d×%d pixels, more than the %d upload.maxPixels allows",
				quote(f.Filename), info.Width, info.Height, s.cfg.MaxPixels))
		}
		row.Set("width", info.Width).Set("height", info.Height)
		if len(s.bps) > 0 {
			err = s.images.Do(ctx, func() error {
				defer s.decoding.Add(-1)
				s.decodeStarted()
				if _, err := r.Seek(0, io.SeekStart); err != nil {
					return err
				}
				_, formats, err = imaging.Formats(ctx, r, s.bps)
				return err
			})
			if err != nil {
				if ctx.Err() != nil {
					return stored{}, errs.New(errs.KindUnavailable, "the server is busy making image formats: try again").Wrap(err)
				}
				return stored{}, errs.New(errs.KindValidation, fmt.Sprintf("the image %s cannot be decoded: %v", quote(f.Filename), err))
			}
		}
	}
	var st stored
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return stored{}, err
	}
	if err := s.put(ctx, hash+ext, r, f.Size, mime); err != nil {
		return stored{}, err
	}
	st.keys = append(st.keys, hash+ext)
	if len(formats) > 0 {
		var fm orderedObject
		for _, x := range formats {
			if x.Mime == mime {
				x.Ext = ext // a .jpeg stays .jpeg, as in Strapi
			}
			key := x.Name + "_" + hash + x.Ext
			if err := s.put(ctx, key, strings.NewReader(string(x.Data)), int64(len(x.Data)), x.Mime); err != nil {
				s.remove(context.WithoutCancel(ctx), st.keys)
				return stored{}, err
			}
			st.keys = append(st.keys, key)
			fm = append(fm, member{x.Name, formatJSON(x, name, hash, s.store.URL(key))})
		}
		row.Set("formats", fm)
	}
	st.row = row
	return st, nil
}

// decodable are the image types Go decodes: they get width, height and
// formats. Others (SVG, HEIC, ...) are kept as they are.
var decodable = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// put stores one key; storage that is away is a 503 the client may retry.
func (s *Service) put(ctx context.Context, key string, r io.Reader, size int64, mime string) error {
	err := s.store.Put(ctx, key, r, size, mime)
	if errors.Is(err, storage.ErrUnavailable) {
		return errs.New(errs.KindUnavailable, "the file storage is unavailable: try again later").Wrap(err)
	}
	return err
}

// remove deletes stored keys, logging what cannot be: an orphan the
// orphans command finds later.
func (s *Service) remove(ctx context.Context, keys []string) {
	for _, k := range keys {
		if err := s.store.Delete(ctx, k); err != nil && s.log != nil {
			s.log.Warn("a stored file could not be removed: `kiln media orphans` lists it", "key", k, "err", err)
		}
	}
}

// formatJSON is one format as Strapi describes it, in its key order.
func formatJSON(f imaging.Format, name, hash, url string) orderedObject {
	return orderedObject{
		{"ext", f.Ext}, {"url", url}, {"hash", f.Name + "_" + hash}, {"mime", f.Mime},
		{"name", f.Name + "_" + name}, {"path", nil}, {"size", kB(int64(len(f.Data)))},
		{"width", f.Width}, {"height", f.Height}, {"sizeInBytes", len(f.Data)},
	}
}

// kB is a size as Strapi stores it: kilobytes with two decimals.
func kB(n int64) float64 {
	return math.Round(float64(n)/10) / 100
}

// hashOf is a stored name: the file's name made safe for a key (Strapi
// keeps letters and digits and makes the rest _), then 10 random hex
// digits so that two uploads of one name never meet.
func hashOf(stem string) string {
	var b strings.Builder
	for _, r := range stem {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)), r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := strings.Trim(b.String(), "_")
	if len(s) > 100 {
		s = s[:100]
	}
	if s == "" {
		s = "file"
	}
	var rnd [5]byte
	_, _ = rand.Read(rnd[:])
	return s + "_" + hex.EncodeToString(rnd[:])
}

// baseName is the last element of a client's file name, whichever
// separator it uses: nothing of a path it names is kept, nor control
// characters, nor the bidirectional controls that make "gpj.exe" read
// "exe.jpg".
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || bidiControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	if strings.TrimSpace(name) == "" || name == "." || name == ".." {
		return "file"
	}
	return name
}

func bidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// maxName is the most characters a file's name column holds.
const maxName = 255

// clipName shortens a name to maxName characters, keeping its extension,
// so that a long name is stored rather than refused by its column after
// the bytes are stored.
func clipName(name string) string {
	if utf8.RuneCountInString(name) <= maxName {
		return name
	}
	ext := path.Ext(name)
	if n := utf8.RuneCountInString(ext); n == 0 || n > 16 {
		ext = ""
	}
	stem := []rune(strings.TrimSuffix(name, ext))
	return string(stem[:maxName-utf8.RuneCountInString(ext)]) + ext
}

// keyExt is the extension of a file's key: the one the client's name
// gives when the bytes agree with it, else the sniffed type's. The key's
// extension is what /uploads (or a bucket's web server) serves the file
// as, so an HTML page named photo.jpg is kept as .html, served as an
// attachment, rather than as .jpg with text/html bytes; a PNG named
// x.jpg is kept as .png. Bytes of no particular type (text, binary)
// keep their name's extension unless it names a type a browser shows
// (an image, a page, a script): notes.md stays .md.
func keyExt(claimed string, mt *mimetype.MIME) string {
	sniffed := mt.Extension()
	if claimed == "" || !safeExt(claimed) || claimed == sniffed {
		return sniffed
	}
	named := baseMime(stdmime.TypeByExtension(claimed))
	if named != "" {
		for m := mt; m != nil; m = m.Parent() {
			if m.Is(named) {
				return claimed
			}
		}
	}
	switch baseMime(mt.String()) {
	case "text/plain", "application/octet-stream":
		if !shown(named) {
			return claimed
		}
	default:
		if named == "" && !shown(baseMime(mt.String())) {
			return claimed // an extension this system does not know
		}
	}
	return sniffed
}

// shown reports whether a browser displays a type itself: an image, or
// a page, a script or XML, which run in the site's origin.
func shown(m string) bool {
	m = strings.ToLower(m)
	return strings.HasPrefix(m, "image/") || strings.Contains(m, "html") || strings.Contains(m, "xml") ||
		strings.Contains(m, "javascript") || strings.Contains(m, "ecmascript")
}

// safeExt reports whether an extension is one a key may end with.
func safeExt(ext string) bool {
	if len(ext) < 2 || len(ext) > 16 {
		return false
	}
	for _, r := range ext[1:] {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// baseMime is a MIME type without its parameters (charset).
func baseMime(m string) string {
	if i := strings.IndexByte(m, ';'); i >= 0 {
		m = m[:i]
	}
	return strings.TrimSpace(m)
}

func quote(s string) string { return strconv.Quote(s) }
