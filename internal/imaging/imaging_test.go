package imaging

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"runtime"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// pattern draws a w×h picture with some structure (so encoders and the
// resizer have real work) in an RGBA image.
func pattern(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetRGBA(x, y, color.RGBA{uint8(x * 255 / max(w, 1)), uint8(y * 255 / max(h, 1)), uint8((x + y) / 8), 255})
		}
	}
	return m
}

func encodeAs(t testing.TB, format string, m image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch format {
	case "jpeg":
		err = jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90})
	case "png":
		err = png.Encode(&buf, m)
	case "gif":
		// Indices picked from the picture's red and green, not a colour
		// search: quantising big images would make the test slow.
		b := m.Bounds()
		p := image.NewPaletted(b, palette.WebSafe)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, _, _ := m.At(x, y).RGBA()
				p.SetColorIndex(x, y, uint8(int(r>>8)*6/256*36+int(g>>8)*6/256*6))
			}
		}
		err = gif.Encode(&buf, p, nil)
	default:
		t.Fatalf("no encoder for %s", format)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// expectedFit is the fit-inside size as the brief states Strapi/sharp
// computes it: round(side × min(bw/w, bh/h)), at least 1, computed here
// in exact integer arithmetic. Where that product is exactly a half,
// sharp's float64 arithmetic may land either side of it (see FitInside),
// so there either neighbour is accepted: halfCase reports those sides.
func expectedFit(w, h, bw, bh int) (int, int) {
	fw, fh, _, _ := exactFit(w, h, bw, bh)
	return fw, fh
}

func exactFit(w, h, bw, bh int) (fw, fh int, wHalf, hHalf bool) {
	W, H, BW, BH := int64(w), int64(h), int64(bw), int64(bh)
	// side × (num/den), rounded half up, and whether it was a half
	round := func(side, num, den int64) (int, bool) {
		return int(max((2*side*num+den)/(2*den), 1)), (2*side*num)%(2*den) == den
	}
	if W*BH >= H*BW { // bw/w <= bh/h: the width touches the box
		fw, wHalf = round(W, BW, W)
		fh, hHalf = round(H, BW, W)
	} else {
		fw, wHalf = round(W, BH, H)
		fh, hHalf = round(H, BH, H)
	}
	return fw, fh, wHalf, hHalf
}

type wantFormat struct {
	name string
	w, h int
}

// expectedFormats lists, in DefaultBreakpoints' order, the formats
// Strapi makes for a w×h image: one per breakpoint the image exceeds in
// width or height.
func expectedFormats(w, h int) []wantFormat {
	boxes := []wantFormat{{"thumbnail", 245, 156}, {"large", 1000, 1000}, {"medium", 750, 750}, {"small", 500, 500}}
	var out []wantFormat
	for _, b := range boxes {
		if w > b.w || h > b.h {
			fw, fh := expectedFit(w, h, b.w, b.h)
			out = append(out, wantFormat{b.name, fw, fh})
		}
	}
	return out
}

func TestFormatsSizes(t *testing.T) {
	sizes := [][2]int{
		{244, 155}, {245, 156}, {246, 157}, {246, 100}, {100, 157},
		{500, 400}, {501, 100}, {750, 750}, {751, 10}, {1000, 1000}, {1001, 1001},
		{1200, 800}, {800, 1200}, {2000, 1}, {1, 3000}, {1999, 1333},
		{1200, 80}, {80, 1200}, {1001, 10},
	}
	// Which formats are made and their sizes do not depend on the
	// encoding: the whole table runs on JPEG, a few sizes on PNG and GIF
	// check their decoding and encoding (and keep the test fast).
	few := [][2]int{{245, 156}, {246, 157}, {501, 100}, {1001, 1001}, {1200, 80}}
	for _, format := range []string{"jpeg", "png", "gif"} {
		sizes := sizes
		if format != "jpeg" {
			sizes = few
		}
		for _, sz := range sizes {
			w, h := sz[0], sz[1]
			if raceEnabled && w*h > 300_000 {
				continue
			}
			t.Run(fmt.Sprintf("%s/%dx%d", format, w, h), func(t *testing.T) {
				t.Parallel()
				data := encodeAs(t, format, pattern(w, h))
				info, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints)
				if err != nil {
					t.Fatal(err)
				}
				if info != (Info{Format: format, Width: w, Height: h, Orientation: 1}) {
					t.Errorf("info = %+v", info)
				}
				want := expectedFormats(w, h)
				var got []wantFormat
				for _, f := range fs {
					got = append(got, wantFormat{f.Name, f.Width, f.Height})
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("formats = %v, want %v", got, want)
				}
				wantExt, wantMime, wantDec := ".png", "image/png", "png"
				if format == "jpeg" {
					wantExt, wantMime, wantDec = ".jpg", "image/jpeg", "jpeg"
				}
				for _, f := range fs {
					if f.Ext != wantExt || f.Mime != wantMime {
						t.Errorf("%s: ext, mime = %q, %q", f.Name, f.Ext, f.Mime)
					}
					cfg, dec, err := image.DecodeConfig(bytes.NewReader(f.Data))
					if err != nil || dec != wantDec || cfg.Width != f.Width || cfg.Height != f.Height {
						t.Errorf("%s: data is %s %dx%d (%v), says %dx%d", f.Name, dec, cfg.Width, cfg.Height, err, f.Width, f.Height)
					}
				}
			})
		}
	}
}

// TestFitInside checks FitInside against exact arithmetic over many
// sizes: equal everywhere but at exact halves, where it may be one below
// (a double's rounding, as in sharp).
func TestFitInside(t *testing.T) {
	halves := 0
	for w := 1; w <= 2100; w += 7 {
		for h := 1; h <= 2100; h += 13 {
			for _, b := range [][2]int{{245, 156}, {1000, 1000}, {500, 500}} {
				gw, gh := FitInside(w, h, b[0], b[1])
				ew, eh, wHalf, hHalf := exactFit(w, h, b[0], b[1])
				okW := gw == ew || (wHalf && gw == ew-1)
				okH := gh == eh || (hHalf && gh == eh-1)
				if wHalf || hHalf {
					halves++
				}
				if !okW || !okH {
					t.Fatalf("FitInside(%d,%d,%d,%d) = %d×%d, want %d×%d", w, h, b[0], b[1], gw, gh, ew, eh)
				}
			}
		}
	}
	if halves == 0 {
		t.Error("no exact half was tried")
	}
	for _, c := range [][6]int{
		{2000, 1, 1000, 1000, 1000, 1}, // 0.5 rounds up
		{3000, 1, 1000, 1000, 1000, 1}, // 0.33: never below 1
		{246, 157, 245, 156, 244, 156}, // 244.43
		{4000, 3000, 245, 156, 208, 156},
		{3000, 4000, 1000, 1000, 750, 1000},
	} {
		if w, h := FitInside(c[0], c[1], c[2], c[3]); w != c[4] || h != c[5] {
			t.Errorf("FitInside%v = %d×%d", c[:4], w, h)
		}
	}
}

// tiff writes a TIFF structure (the body of an EXIF APP1 segment) with
// IFD0 holding Orientation, and with gps a GPS IFD holding a latitude
// ref and a marker string that must never reach a format.
func tiff(bo byteOrder, orientation int, gps bool) []byte {
	var b []byte
	if bo == binary.LittleEndian {
		b = append(b, 'I', 'I')
	} else {
		b = append(b, 'M', 'M')
	}
	b = bo.AppendUint16(b, 42)
	b = bo.AppendUint32(b, 8)
	n := 1
	if gps {
		n = 2
	}
	entry := func(b []byte, tag, typ uint16, count, value uint32, short bool) []byte {
		b = bo.AppendUint16(b, tag)
		b = bo.AppendUint16(b, typ)
		b = bo.AppendUint32(b, count)
		if short { // a SHORT sits left-justified in the value field
			b = bo.AppendUint16(b, uint16(value))
			return bo.AppendUint16(b, 0)
		}
		return bo.AppendUint32(b, value)
	}
	b = bo.AppendUint16(b, uint16(n))
	b = entry(b, 0x0112, 3, 1, uint32(orientation), true)
	gpsIFD := uint32(8 + 2 + 12*n + 4)
	if gps {
		b = entry(b, 0x8825, 4, 1, gpsIFD, false) // GPSInfo IFD pointer
	}
	b = bo.AppendUint32(b, 0) // no IFD1
	if gps {
		marker := []byte(gpsMarker + "\x00")
		b = bo.AppendUint16(b, 2)
		b = append(b, entry(nil, 0x0001, 2, 2, 0, false)...) // GPSLatitudeRef
		copy(b[len(b)-4:], "N\x00")
		b = entry(b, 0x0012, 2, uint32(len(marker)), gpsIFD+2+24+4, false) // GPSMapDatum → marker
		b = bo.AppendUint32(b, 0)
		b = append(b, marker...)
	}
	return b
}

// byteOrder is what tiff needs of binary.LittleEndian and BigEndian.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

const gpsMarker = "KILN-GPS-48.8584N-2.2945E"

// withExif puts an EXIF APP1 segment right after a JPEG's SOI.
func withExif(jpg, tiffBody []byte) []byte {
	body := append([]byte("Exif\x00\x00"), tiffBody...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(2+len(body)))
	seg = append(seg, body...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// markedPhoto is a 600×400 grey picture stored with a red block in its
// stored top-left corner and a green block in its stored top-right one.
func markedPhoto() *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, 600, 400))
	draw.Draw(m, m.Bounds(), image.NewUniform(color.RGBA{128, 128, 128, 255}), image.Point{}, draw.Src)
	draw.Draw(m, image.Rect(0, 0, 150, 100), image.NewUniform(color.RGBA{255, 0, 0, 255}), image.Point{}, draw.Src)
	draw.Draw(m, image.Rect(450, 0, 600, 100), image.NewUniform(color.RGBA{0, 255, 0, 255}), image.Point{}, draw.Src)
	return m
}

// Where the stored top-left (red) and top-right (green) corners are
// shown for each orientation, from the EXIF definition of where the
// stored row 0 and column 0 go (1: top/left, 2: top/right, 3:
// bottom/right, 4: bottom/left, 5: left/top, 6: right/top, 7:
// right/bottom, 8: left/bottom).
var cornersByOrientation = map[int][2]string{
	1: {"TL", "TR"}, 2: {"TR", "TL"}, 3: {"BR", "BL"}, 4: {"BL", "BR"},
	5: {"TL", "BL"}, 6: {"TR", "BR"}, 7: {"BR", "TR"}, 8: {"BL", "TL"},
}

func cornerColor(m image.Image, corner string) color.RGBA {
	b := m.Bounds()
	x, y := b.Min.X+b.Dx()/12, b.Min.Y+b.Dy()/12
	if corner[1] == 'R' {
		x = b.Max.X - 1 - b.Dx()/12
	}
	if corner[0] == 'B' {
		y = b.Max.Y - 1 - b.Dy()/12
	}
	r, g, bl, _ := m.At(x, y).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
}

func isRed(c color.RGBA) bool   { return c.R > 200 && c.G < 70 && c.B < 70 }
func isGreen(c color.RGBA) bool { return c.G > 200 && c.R < 70 && c.B < 70 }

func TestOrientation(t *testing.T) {
	photo := encodeAs(t, "jpeg", markedPhoto())
	for o := 1; o <= 8; o++ {
		for _, bo := range []byteOrder{binary.LittleEndian, binary.BigEndian} {
			t.Run(fmt.Sprintf("%d/%v", o, bo), func(t *testing.T) {
				t.Parallel()
				data := withExif(photo, tiff(bo, o, false))
				want := Info{Format: "jpeg", Width: 600, Height: 400, Orientation: o}
				if o >= 5 {
					want.Width, want.Height = 400, 600
				}
				info, err := Probe(bytes.NewReader(data))
				if err != nil || info != want {
					t.Fatalf("Probe = %+v, %v; want %+v", info, err, want)
				}
				info, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints)
				if err != nil || info != want {
					t.Fatalf("Formats info = %+v, %v; want %+v", info, err, want)
				}
				if len(fs) != 2 || fs[0].Name != "thumbnail" || fs[1].Name != "small" {
					t.Fatalf("formats = %v", fs)
				}
				for _, f := range fs {
					m, err := jpeg.Decode(bytes.NewReader(f.Data))
					if err != nil {
						t.Fatal(err)
					}
					ew, eh := expectedFit(want.Width, want.Height, 245, 156)
					if f.Name == "small" {
						ew, eh = expectedFit(want.Width, want.Height, 500, 500)
					}
					if b := m.Bounds(); b.Dx() != ew || b.Dy() != eh || f.Width != ew || f.Height != eh {
						t.Errorf("%s: %v, says %dx%d, want %dx%d", f.Name, b, f.Width, f.Height, ew, eh)
					}
					c := cornersByOrientation[o]
					if got := cornerColor(m, c[0]); !isRed(got) {
						t.Errorf("%s: red expected at %s, got %v", f.Name, c[0], got)
					}
					if got := cornerColor(m, c[1]); !isGreen(got) {
						t.Errorf("%s: green expected at %s, got %v", f.Name, c[1], got)
					}
				}
			})
		}
	}
}

func TestNoMetadataInFormats(t *testing.T) {
	data := withExif(encodeAs(t, "jpeg", pattern(600, 400)), tiff(binary.BigEndian, 6, true))
	if !bytes.Contains(data, []byte(gpsMarker)) || !bytes.Contains(data, []byte("Exif")) {
		t.Fatal("the test's source should carry the EXIF and GPS bytes")
	}
	info, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints)
	if err != nil || info.Orientation != 6 {
		t.Fatalf("Formats = %+v, %v (the GPS IFD must not hide the orientation)", info, err)
	}
	if len(fs) == 0 {
		t.Fatal("no formats")
	}
	for _, f := range fs {
		for _, leak := range []string{"Exif", gpsMarker, "KILN"} {
			if bytes.Contains(f.Data, []byte(leak)) {
				t.Errorf("%s holds %q", f.Name, leak)
			}
		}
	}
}

func TestWebP(t *testing.T) {
	for _, tc := range []struct {
		file      string
		w, h      int
		ext, mime string
	}{
		// opaque photo: JPEG keeps the formats small
		{"blue-purple-pink-large.no-filter.lossy.webp", 600, 400, ".jpg", "image/jpeg"},
		// transparency: PNG keeps it
		{"yellow_rose.lossy-with-alpha.webp", 400, 301, ".png", "image/png"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			info, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints)
			if err != nil || info != (Info{Format: "webp", Width: tc.w, Height: tc.h, Orientation: 1}) {
				t.Fatalf("Formats = %+v, %v", info, err)
			}
			want := expectedFormats(tc.w, tc.h)
			if len(fs) != len(want) {
				t.Fatalf("formats %v, want %v", fs, want)
			}
			for i, f := range fs {
				if f.Name != want[i].name || f.Width != want[i].w || f.Height != want[i].h || f.Ext != tc.ext || f.Mime != tc.mime {
					t.Errorf("format %s %dx%d %s %s, want %v %s %s", f.Name, f.Width, f.Height, f.Ext, f.Mime, want[i], tc.ext, tc.mime)
				}
				m, _, err := image.Decode(bytes.NewReader(f.Data))
				if err != nil {
					t.Fatal(err)
				}
				if tc.ext == ".png" {
					if o, ok := m.(interface{ Opaque() bool }); !ok || o.Opaque() {
						t.Errorf("%s: transparency lost", f.Name)
					}
				}
			}
		})
	}
}

// headerOnlyPNG is a PNG made of its signature and IHDR chunk alone (33
// bytes), declaring w×h: no pixel data at all.
func headerOnlyPNG(w, h uint32) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	chunk := []byte("IHDR")
	chunk = binary.BigEndian.AppendUint32(chunk, w)
	chunk = binary.BigEndian.AppendUint32(chunk, h)
	chunk = append(chunk, 8, 6, 0, 0, 0) // 8-bit RGBA, no interlace
	b = binary.BigEndian.AppendUint32(b, 13)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

func TestDecompressionBomb(t *testing.T) {
	bomb := headerOnlyPNG(100000, 100000)
	info, err := Probe(bytes.NewReader(bomb))
	if err != nil || info != (Info{Format: "png", Width: 100000, Height: 100000, Orientation: 1}) {
		t.Fatalf("Probe = %+v, %v", info, err)
	}
	if err := CheckPixels(info, 40_000_000); !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("CheckPixels = %v", err)
	}
	if err := CheckPixels(Info{Width: 4000, Height: 3000}, 12_000_000); err != nil {
		t.Fatalf("exactly the limit is allowed: %v", err)
	}
	// Neither Probe nor Formats (which refuses past DefaultMaxPixels by
	// itself) allocates anything near the 40 GB the pixels would take.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 10 {
		if _, err := Probe(bytes.NewReader(bomb)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Formats(context.Background(), bytes.NewReader(bomb), DefaultBreakpoints); !errors.Is(err, ErrTooManyPixels) {
			t.Fatalf("Formats = %v", err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 10; per > 64<<10 {
		t.Errorf("Probe+Formats on a header allocate %d bytes each", per)
	}
}

func TestNotImage(t *testing.T) {
	jpg := encodeAs(t, "jpeg", pattern(300, 200))
	svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/></svg>`)
	for name, data := range map[string][]byte{
		"empty":            nil,
		"text":             []byte("hello, this is not an image\n"),
		"svg":              svg,
		"jpeg cut in head": jpg[:40],
		"png signature":    []byte("\x89PNG\r\n\x1a\n"),
		"png bad crc":      append(headerOnlyPNG(10, 10)[:29], 0, 0, 0, 0),
		"png zero width":   headerOnlyPNG(0, 10),
		"bmp":              []byte("BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00"),
		"webp riff only":   []byte("RIFF\x00\x00\x00\x00WEBPVP8 "),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Probe(bytes.NewReader(data)); !errors.Is(err, ErrNotImage) {
				t.Errorf("Probe = %v", err)
			}
			if _, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints); !errors.Is(err, ErrNotImage) || fs != nil {
				t.Errorf("Formats = %v, %v", fs, err)
			}
		})
	}
	// A JPEG cut inside its scan still has a readable header: Probe
	// answers, decoding does not.
	cut := jpg[:len(jpg)/2]
	if _, err := Probe(bytes.NewReader(cut)); err != nil {
		t.Errorf("Probe on a header-complete JPEG: %v", err)
	}
	if _, _, err := Formats(context.Background(), bytes.NewReader(cut), DefaultBreakpoints); !errors.Is(err, ErrNotImage) {
		t.Errorf("Formats on a JPEG cut in its scan = %v", err)
	}
}

func TestSmallImageMakesNoFormatsWithoutDecoding(t *testing.T) {
	// 245×156 exactly: no format, and no need to decode (the pixel data
	// is garbage past the header, which would fail a decode).
	data := headerOnlyPNG(245, 156)
	info, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints)
	if err != nil || fs != nil || info.Width != 245 {
		t.Fatalf("Formats = %+v, %v, %v", info, fs, err)
	}
}

func TestFormatsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	data := encodeAs(t, "png", pattern(300, 200))
	if _, _, err := Formats(ctx, bytes.NewReader(data), DefaultBreakpoints); !errors.Is(err, context.Canceled) {
		t.Fatalf("Formats = %v", err)
	}
}

func TestCustomBreakpointsOrder(t *testing.T) {
	// The result follows the order given, whatever order the work is
	// done in; two breakpoints of one size give the same size.
	bps := []Breakpoint{{"a", 100, 100}, {"b", 400, 400}, {"c", 100, 100}, {"d", 2000, 2000}}
	_, fs, err := Formats(context.Background(), bytes.NewReader(encodeAs(t, "png", pattern(600, 300))), bps)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(fs[0].Name, fs[0].Width, fs[0].Height, fs[1].Name, fs[1].Width, fs[1].Height, fs[2].Name, fs[2].Width, fs[2].Height, len(fs))
	if want := fmt.Sprint("a", 100, 50, "b", 400, 200, "c", 100, 50, 3); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestJPEGOrientationMalformed(t *testing.T) {
	good := tiff(binary.LittleEndian, 6, false)
	for name, tc := range map[string]struct {
		body []byte
		want int
	}{
		"good":        {good, 6},
		"cut":         {good[:len(good)-6], 1},
		"bad order":   {append([]byte("XX"), good[2:]...), 1},
		"bad magic":   {append([]byte("II\x2b\x00"), good[4:]...), 1},
		"value 9":     {tiff(binary.LittleEndian, 9, false), 1},
		"value 0":     {tiff(binary.BigEndian, 0, false), 1},
		"ifd far off": {append([]byte("II\x2a\x00\xff\xff\xff\xff"), good[8:]...), 1},
	} {
		data := withExif([]byte{0xFF, 0xD8, 0xFF, 0xD9}, tc.body)
		if got := jpegOrientation(data); got != tc.want {
			t.Errorf("%s: orientation %d, want %d", name, got, tc.want)
		}
	}
}

func FuzzProbe(f *testing.F) {
	jpg := encodeAs(f, "jpeg", pattern(40, 30))
	f.Add(jpg)
	f.Add(withExif(jpg, tiff(binary.BigEndian, 6, true)))
	f.Add(withExif(jpg, tiff(binary.LittleEndian, 8, false)))
	f.Add(encodeAs(f, "png", pattern(40, 30)))
	f.Add(encodeAs(f, "gif", pattern(40, 30)))
	f.Add(headerOnlyPNG(100000, 100000))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8X"))
	f.Add([]byte("<svg/>"))
	f.Fuzz(func(t *testing.T, b []byte) {
		info, err := Probe(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrNotImage) {
				t.Fatalf("Probe error %v is not ErrNotImage", err)
			}
			return
		}
		if info.Width <= 0 || info.Height <= 0 || info.Orientation < 1 || info.Orientation > 8 {
			t.Fatalf("Probe = %+v", info)
		}
		// Decode only what is small, as a caller would after CheckPixels.
		if CheckPixels(info, 1<<16) == nil {
			_, fs, err := Formats(context.Background(), bytes.NewReader(b), []Breakpoint{{"t", 8, 8}})
			if err == nil {
				for _, f := range fs {
					if f.Width < 1 || f.Width > 8 || f.Height < 1 || f.Height > 8 {
						t.Fatalf("format %+v", f)
					}
				}
			}
		}
	})
}

// TestPreShrink checks the box halving that precedes the kernel on large
// pictures (shrink.go): a 1000×640 picture is at least 4 times the
// thumbnail, so it is halved first. Its colours must land where they
// were, for the YCbCr path (JPEG) and the RGBA path (PNG, with a
// transparent quadrant that must stay transparent), and the result must
// be close to CatmullRom straight from the full picture.
func TestPreShrink(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 1000, 640))
	quads := []struct {
		r image.Rectangle
		c color.RGBA
	}{
		{image.Rect(0, 0, 500, 320), color.RGBA{255, 0, 0, 255}},
		{image.Rect(500, 0, 1000, 320), color.RGBA{0, 255, 0, 255}},
		{image.Rect(0, 320, 500, 640), color.RGBA{0, 0, 255, 255}},
		{image.Rect(500, 320, 1000, 640), color.RGBA{}}, // transparent
	}
	for _, q := range quads {
		draw.Draw(m, q.r, image.NewUniform(q.c), image.Point{}, draw.Src)
	}
	for _, format := range []string{"jpeg", "png"} {
		src := m
		if format == "jpeg" { // no transparency in a JPEG: white there
			src = image.NewRGBA(m.Bounds())
			draw.Draw(src, src.Bounds(), image.White, image.Point{}, draw.Src)
			draw.Draw(src, src.Bounds(), m, image.Point{}, draw.Over)
		}
		data := encodeAs(t, format, src)
		_, fs, err := Formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints[:1])
		tw, th0 := expectedFit(1000, 640, 245, 156)
		if err != nil || len(fs) != 1 || fs[0].Width != tw || fs[0].Height != th0 {
			t.Fatalf("%s: %d formats, %v", format, len(fs), err)
		}
		th, _, err := image.Decode(bytes.NewReader(fs[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(th.At(x, y)).(color.NRGBA) }
		near := func(a, b uint8) bool { return int(a)+40 > int(b) && int(b)+40 > int(a) }
		for i, p := range []image.Point{{tw / 4, th0 / 4}, {3 * tw / 4, th0 / 4}, {tw / 4, 3 * th0 / 4}, {3 * tw / 4, 3 * th0 / 4}} {
			want := color.NRGBAModel.Convert(src.At(p.X*1000/tw, p.Y*640/th0)).(color.NRGBA)
			got := at(p.X, p.Y)
			if !near(got.A, want.A) || (want.A > 0 && (!near(got.R, want.R) || !near(got.G, want.G) || !near(got.B, want.B))) {
				t.Errorf("%s quadrant %d: got %v, want %v", format, i, got, want)
			}
		}
		if format != "png" {
			continue
		}
		// Against CatmullRom from the full picture, without halving.
		direct := image.NewRGBA(image.Rect(0, 0, tw, th0))
		xdraw.CatmullRom.Scale(direct, direct.Bounds(), m, m.Bounds(), xdraw.Src, nil)
		var sum, n float64
		for y := 0; y < th0; y++ {
			for x := 0; x < tw; x++ {
				a := color.NRGBAModel.Convert(direct.At(x, y)).(color.NRGBA)
				b := at(x, y)
				for _, d := range []int{int(a.R) - int(b.R), int(a.G) - int(b.G), int(a.B) - int(b.B), int(a.A) - int(b.A)} {
					sum += math.Abs(float64(d))
					n++
				}
			}
		}
		if mean := sum / n; mean > 2 {
			t.Errorf("halving then CatmullRom is %.2f levels from CatmullRom alone on average", mean)
		}
	}
}
