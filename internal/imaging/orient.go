package imaging

import (
	"encoding/binary"
	"image"
)

// This file reads the one EXIF tag Kiln needs, Orientation (0x0112 in
// IFD0), and applies it. A library was not worth it for one tag:
// github.com/dsoprea/go-exif/v3 parses every IFD and brings several
// dependencies (go-logging, go-errors, go-utility, golang/geo) into a
// CMS that never shows EXIF, and disintegration/imaging, which would
// orient for us, is unmaintained since 2019. Reading one SHORT from IFD0
// in either byte order is some fifty lines, bounds-checked everywhere
// and covered by FuzzProbe.

// jpegOrientation walks a JPEG's header segments up to the first frame
// or scan header and returns the Orientation of its EXIF APP1 segment,
// 1 when there is none or it is not a value 1..8. b may be a prefix of
// the file: a segment cut short counts as absent.
func jpegOrientation(b []byte) int {
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return 1
		}
		m := b[i+1]
		switch {
		case m == 0xFF: // fill byte before a marker
			i++
			continue
		case m == 0x01 || (m >= 0xD0 && m <= 0xD7): // no length
			i += 2
			continue
		case m == 0xD9 || m == 0xDA: // EOI, SOS: past the header
			return 1
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC: // SOFn
			return 1
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return 1
		}
		seg := b[i+4 : i+2+n]
		if m == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 (type SHORT) from IFD0 of a TIFF
// structure, "II" (little-endian) or "MM" (big-endian).
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(t[2:]) != 42 {
		return 1
	}
	off := uint64(bo.Uint32(t[4:]))
	if off+2 > uint64(len(t)) {
		return 1
	}
	count := uint64(bo.Uint16(t[off:]))
	for k := uint64(0); k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > uint64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		// type 3 is SHORT; a count of 1 keeps the value in the entry.
		if bo.Uint16(t[e+2:]) != 3 || bo.Uint32(t[e+4:]) != 1 {
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// orient returns m turned as EXIF orientation o says it is displayed
// (m itself for 1). Value o describes where the stored first row and
// first column are shown: 2 mirrors, 3 turns 180°, 4 flips, 5
// transposes, 6 turns 90° clockwise, 7 transverses, 8 turns 90°
// counter-clockwise.
func orient(m *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return m
	}
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	d := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			var sx, sy int // the stored pixel shown at (x, y)
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			si := m.PixOffset(b.Min.X+sx, b.Min.Y+sy)
			di := d.PixOffset(x, y)
			copy(d.Pix[di:di+4], m.Pix[si:si+4])
		}
	}
	return d
}
