// Package imaging makes the "formats" that Strapi 5's upload plugin
// derives from an uploaded image (thumbnail, large, medium, small), in
// pure Go so that Kiln needs no cgo and no libvips.
//
// An upload goes through three steps:
//
//	info, err := imaging.Probe(r)             // header only: format, size, EXIF orientation
//	err = imaging.CheckPixels(info, max)      // refuse a decompression bomb before decoding
//	info, fs, err := lim.Formats(ctx, r, imaging.DefaultBreakpoints) // decode once, resize, encode
//
// Probe and Formats answer ErrNotImage for anything that is not a JPEG,
// PNG, GIF or WebP they can read (SVG included): Strapi gives such files
// no formats and null width/height.
//
// Sizes follow Strapi/sharp's fit: "inside": a breakpoint makes a format
// only when the (oriented) image is wider OR taller than the breakpoint's
// box, the image is scaled by min(bw/w, bh/h) keeping its aspect ratio,
// never enlarged, and each side is rounded half up (libvips'
// VIPS_ROUND_UINT, like JavaScript's Math.round), at least 1: see
// FitInside.
//
// Encodings: a JPEG's formats are JPEG (quality 80, sharp's default),
// a PNG's are PNG. A GIF's formats are PNG of its first frame: the
// standard library has a GIF encoder, but it would re-quantise the
// smoothly resized pixels to 256 colours, and an animated GIF cannot be
// resized frame by frame here anyway. A WebP's formats are JPEG when the
// picture is opaque (photos stay small) and PNG when it has transparency
// (kept, not flattened): Go has a WebP decoder (golang.org/x/image/webp)
// but no pure-Go WebP encoder.
//
// Re-encoding with Go's encoders writes pixels only, so no EXIF (GPS
// position, camera serial) nor any other metadata of the original reaches
// a format. EXIF orientation is applied to the formats' pixels and to the
// reported size of the original.
package imaging

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"sort"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// ErrNotImage is returned for input that is not a JPEG, PNG, GIF or WebP
// that can be read: text, SVG, a truncated file. Callers store such a
// file as-is, with no formats and null width/height.
var ErrNotImage = errors.New("imaging: not a decodable image")

// ErrTooManyPixels is returned by CheckPixels (and Formats) when an image
// declares more pixels than allowed; it is decided from the header, so a
// decompression bomb is refused before its pixels are allocated.
var ErrTooManyPixels = errors.New("imaging: image has too many pixels")

// DefaultMaxPixels is sharp's default limitInputPixels (0x3FFF²), the
// bound Strapi runs with. Formats refuses larger images even when its
// caller forgot CheckPixels; callers should pass their own, usually
// smaller, bound to CheckPixels.
const DefaultMaxPixels int64 = 0x3FFF * 0x3FFF

// JPEGQuality is the quality of JPEG formats: sharp's default, which is
// what Strapi's formats are written with.
const JPEGQuality = 80

// maxHeader bounds what Probe keeps of the header to find the EXIF
// orientation: the EXIF APP1 segment comes right after SOI and is at
// most 64 KiB, so this leaves room for a few segments before it.
const maxHeader = 1 << 20

// Info is what Probe reads from an image's header, before any decoding.
type Info struct {
	Format        string // "jpeg", "png", "gif", "webp"
	Width, Height int    // as displayed: EXIF orientation 5-8 swaps them
	Orientation   int    // EXIF orientation 1..8 (1 when none)
}

// Breakpoint is one format to make: the image is fitted inside
// Width×Height when it is larger than that box in either direction.
type Breakpoint struct {
	Name          string
	Width, Height int
}

// DefaultBreakpoints are Strapi 5's: its thumbnail plus the responsive
// breakpoints large, medium and small, in the order Strapi makes them.
// Callers must not modify it; copy it to make a variant.
var DefaultBreakpoints = []Breakpoint{
	{Name: "thumbnail", Width: 245, Height: 156},
	{Name: "large", Width: 1000, Height: 1000},
	{Name: "medium", Width: 750, Height: 750},
	{Name: "small", Width: 500, Height: 500},
}

// Format is one resized, re-encoded variant of an image.
type Format struct {
	Name          string // the breakpoint's name: "thumbnail", "small", ...
	Width, Height int    // as displayed (orientation applied)
	Ext, Mime     string // ".jpg"/"image/jpeg" or ".png"/"image/png"
	Data          []byte // the encoded file, without any metadata
}

// Probe reads only the header of an image: its format, its size as
// displayed and its EXIF orientation. It does not decode pixels, so it is
// cheap on any file and is what CheckPixels is fed with. Anything that is
// not a readable JPEG, PNG, GIF or WebP header gives ErrNotImage.
// Probe reads ahead from r (a few KiB past the header), so Formats must
// be given the file again from its start.
func Probe(r io.Reader) (Info, error) {
	c := &capture{r: r}
	br := bufio.NewReader(c)
	magic, _ := br.Peek(16)
	format := sniff(magic)
	if format == "" {
		return Info{}, ErrNotImage
	}
	var (
		cfg image.Config
		err error
	)
	switch format {
	case "jpeg":
		cfg, err = jpeg.DecodeConfig(br)
	case "png":
		cfg, err = png.DecodeConfig(br)
	case "gif":
		cfg, err = gif.DecodeConfig(br)
	case "webp":
		cfg, err = webp.DecodeConfig(br)
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return Info{}, ErrNotImage
	}
	info := Info{Format: format, Width: cfg.Width, Height: cfg.Height, Orientation: 1}
	if format == "jpeg" {
		// jpeg.DecodeConfig has read up to the frame header, and the
		// EXIF segment must come before it, so c.buf holds it.
		info.Orientation = jpegOrientation(c.buf)
	}
	if info.Orientation >= 5 {
		info.Width, info.Height = info.Height, info.Width
	}
	return info, nil
}

// capture keeps the first maxHeader bytes read through it, so that Probe
// can look for the EXIF orientation in what the header decoder consumed
// without asking for a seekable reader.
type capture struct {
	r   io.Reader
	buf []byte
}

func (c *capture) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if room := maxHeader - len(c.buf); room > 0 {
		c.buf = append(c.buf, p[:min(n, room)]...)
	}
	return n, err
}

// sniff names the format from the file's first bytes, so that only the
// four formats Kiln supports are tried, whatever other decoders some
// other package registered with the image package.
func sniff(b []byte) string {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "jpeg"
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "gif"
	case len(b) >= 15 && string(b[:4]) == "RIFF" && string(b[8:15]) == "WEBPVP8":
		return "webp"
	}
	return ""
}

// CheckPixels refuses an image whose header declares more than max
// pixels, before anything is decoded: a 100000×100000 PNG is a few
// hundred bytes on the wire and 40 GB once decoded.
func CheckPixels(info Info, max int64) error {
	if n := int64(info.Width) * int64(info.Height); n > max {
		return fmt.Errorf("%w: %d×%d is %d pixels, more than %d", ErrTooManyPixels, info.Width, info.Height, n, max)
	}
	return nil
}

// FitInside is the size of a w×h image fitted inside a bw×bh box, keeping
// its aspect ratio, computed as sharp does it so that Kiln reports the
// sizes Strapi reports: sharp takes shrink = max(w/bw, h/bh) and asks
// libvips to resize by 1/shrink, and libvips makes each side
// VIPS_ROUND_UINT(side × scale), that is floor(x + 0.5): rounded half up
// like Math.round. The arithmetic is kept in float64 in that very order
// because where side × scale is a half in exact arithmetic (148×1184 into
// 245×156 is 19.5 wide) the double's rounding decides, and a different
// order would answer one pixel off. Neither side goes below 1. FitInside
// does not check whether the image is larger than the box: see larger.
func FitInside(w, h, bw, bh int) (int, int) {
	shrink := max(float64(w)/float64(bw), float64(h)/float64(bh))
	scale := 1.0 / shrink
	return max(int(float64(w)*scale+0.5), 1), max(int(float64(h)*scale+0.5), 1)
}

// larger reports whether a w×h image makes a format for bp: Strapi makes
// one when the image exceeds the breakpoint in width OR height.
func larger(w, h int, bp Breakpoint) bool {
	return w > bp.Width || h > bp.Height
}

// Formats decodes src (a whole image file), applies its EXIF orientation
// and makes one Format per breakpoint the image is larger than, in the
// order of bps. Callers check the pixel count with Probe and CheckPixels
// first; Formats itself only refuses more than DefaultMaxPixels. Run it
// under a Limiter: decoding a 12-megapixel photo takes tens of
// megabytes and a good part of a core.
func Formats(ctx context.Context, src io.Reader, bps []Breakpoint) (Info, []Format, error) {
	return formats(ctx, src, bps, xdraw.CatmullRom)
}

// formats is Formats with the resampling kernel as a parameter, so the
// benchmark can compare filters.
func formats(ctx context.Context, src io.Reader, bps []Breakpoint, kernel *xdraw.Kernel) (Info, []Format, error) {
	if err := ctx.Err(); err != nil {
		return Info{}, nil, err
	}
	data, err := io.ReadAll(src)
	if err != nil {
		return Info{}, nil, err
	}
	info, err := Probe(bytes.NewReader(data))
	if err != nil {
		return Info{}, nil, err
	}
	if err := CheckPixels(info, DefaultMaxPixels); err != nil {
		return info, nil, err
	}

	// Which breakpoints make a format, and at what size, is decided on
	// the displayed size; the work is done on the stored pixels, sized
	// with width and height swapped for orientations 5-8, and each result
	// is oriented once it is small: turning a 12 MP photo costs as much
	// as resizing it, turning a thumbnail costs nothing.
	type job struct {
		i      int // index in bps and in the result
		w, h   int // displayed size
		sw, sh int // stored size
	}
	var jobs []job
	for i, bp := range bps {
		if !larger(info.Width, info.Height, bp) {
			continue
		}
		w, h := FitInside(info.Width, info.Height, bp.Width, bp.Height)
		sw, sh := w, h
		if info.Orientation >= 5 {
			sw, sh = h, w
		}
		jobs = append(jobs, job{i: i, w: w, h: h, sw: sw, sh: sh})
	}
	if len(jobs) == 0 {
		return info, nil, nil
	}

	img, err := decode(info, data)
	if err != nil {
		return info, nil, err
	}
	ext, mime, encode := encoderFor(info.Format, img)

	// Largest first, each from the smallest image already made that is
	// at least as large in both directions: only the first resize reads
	// the full-size picture, the others read a format (large → medium →
	// small → thumbnail), which is what keeps a 12 MP photo well under a
	// second.
	order := make([]int, len(jobs))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool {
		ja, jb := jobs[order[a]], jobs[order[b]]
		return ja.sw*ja.sh > jb.sw*jb.sh
	})
	made := make([]*image.RGBA, 0, len(jobs))
	out := make([]*Format, len(bps))
	for _, k := range order {
		if err := ctx.Err(); err != nil {
			return info, nil, err
		}
		j := jobs[k]
		var from image.Image = img
		var resized *image.RGBA
		for _, m := range made {
			b := m.Bounds()
			if b.Dx() == j.sw && b.Dy() == j.sh {
				resized = m // two breakpoints of one size
				break
			}
			if b.Dx() >= j.sw && b.Dy() >= j.sh {
				from = m // made is largest first: keep the last that fits
			}
		}
		if resized == nil {
			if from == img {
				from = preShrink(img, j.sw, j.sh)
			}
			resized = image.NewRGBA(image.Rect(0, 0, j.sw, j.sh))
			kernel.Scale(resized, resized.Bounds(), from, from.Bounds(), xdraw.Src, nil)
			made = append(made, resized)
		}
		var buf bytes.Buffer
		if err := encode(&buf, orient(resized, info.Orientation)); err != nil {
			return info, nil, fmt.Errorf("imaging: encoding %s: %w", bps[j.i].Name, err)
		}
		out[j.i] = &Format{Name: bps[j.i].Name, Width: j.w, Height: j.h, Ext: ext, Mime: mime, Data: buf.Bytes()}
	}
	fs := make([]Format, 0, len(jobs))
	for _, f := range out {
		if f != nil {
			fs = append(fs, *f)
		}
	}
	return info, fs, nil
}

// decode decodes the whole image with the decoder of the format Probe
// found, and brings it to YCbCr (what a JPEG decodes to) or RGBA: both
// are types x/image/draw's kernel scaler has fast paths for (a paletted
// GIF or a CMYK JPEG would go through image.Image.At, pixel by pixel),
// and that half (shrink.go) reads directly. RGBA is premultiplied, which
// is also how a picture with transparency must be resized, lest its
// invisible pixels' colours bleed into the visible ones.
func decode(info Info, data []byte) (image.Image, error) {
	r := bytes.NewReader(data)
	var (
		img image.Image
		err error
	)
	switch info.Format {
	case "jpeg":
		img, err = jpeg.Decode(r)
	case "png":
		img, err = png.Decode(r)
	case "gif":
		img, err = gif.Decode(r)
	case "webp":
		img, err = webp.Decode(r)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	sw, sh := info.Width, info.Height
	if info.Orientation >= 5 {
		sw, sh = sh, sw
	}
	b := img.Bounds()
	switch img.(type) {
	case *image.RGBA, *image.YCbCr:
		if b.Dx() == sw && b.Dy() == sh {
			return img, nil
		}
	}
	// A GIF's first frame may be smaller than its logical screen, which
	// is the size Probe reported: draw it onto a transparent screen.
	canvas := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(canvas, b, img, b.Min, draw.Src)
	return canvas, nil
}

// encoderFor chooses the formats' encoding for an original of the given
// format (see the package comment for why).
func encoderFor(format string, img image.Image) (ext, mime string, encode func(io.Writer, image.Image) error) {
	jpg := func(w io.Writer, m image.Image) error {
		return jpeg.Encode(w, m, &jpeg.Options{Quality: JPEGQuality})
	}
	pngEnc := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode
	switch format {
	case "jpeg":
		return ".jpg", "image/jpeg", jpg
	case "webp":
		if o, ok := img.(interface{ Opaque() bool }); ok && o.Opaque() {
			return ".jpg", "image/jpeg", jpg
		}
	}
	return ".png", "image/png", pngEnc
}
