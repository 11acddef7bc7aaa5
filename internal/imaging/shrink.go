package imaging

import (
	"image"
	"image/color"
)

// Before the kernel scaler sees a large image, it is halved with a 2×2
// box filter while it stays at least 4 times its target in both
// directions, as libvips does before its own reduce: x/image/draw's
// kernel widens its support with the scale factor, so CatmullRom from
// 4000 to 1000 pixels reads 16 source pixels for each one it writes, on
// every row of the full picture, and holds a float64 buffer of
// 1000×3000×4. The box halving reads each pixel once; the kernel then
// only has a factor of 2 to 4 left, for which it still smooths properly
// (no aliasing) and stays sharp. On a 12 MP JPEG this takes the resize
// from about two thirds of a second to about a tenth.

// preShrink halves src while it is at least 4 times w×h in both
// directions, and returns src itself when it is not that large.
func preShrink(src image.Image, w, h int) image.Image {
	for {
		b := src.Bounds()
		if b.Dx() < 4*w || b.Dy() < 4*h {
			return src
		}
		src = half(src)
	}
}

// half averages each 2×2 block of m (a YCbCr or RGBA image, which is
// what decode hands over: anything else is drawn onto an RGBA first) into
// one pixel of a new RGBA image. An odd last row or column is averaged
// with itself.
func half(m image.Image) *image.RGBA {
	b := m.Bounds()
	w, h := (b.Dx()+1)/2, (b.Dy()+1)/2
	d := image.NewRGBA(image.Rect(0, 0, w, h))
	switch m := m.(type) {
	case *image.YCbCr:
		for y := 0; y < h; y++ {
			y0 := b.Min.Y + 2*y
			y1 := min(y0+1, b.Max.Y-1)
			di := d.PixOffset(0, y)
			for x := 0; x < w; x++ {
				x0 := b.Min.X + 2*x
				x1 := min(x0+1, b.Max.X-1)
				yy := (int(m.Y[m.YOffset(x0, y0)]) + int(m.Y[m.YOffset(x1, y0)]) +
					int(m.Y[m.YOffset(x0, y1)]) + int(m.Y[m.YOffset(x1, y1)]) + 2) / 4
				c00, c11 := m.COffset(x0, y0), m.COffset(x1, y1)
				cb := (int(m.Cb[c00]) + int(m.Cb[c11]) + 1) / 2
				cr := (int(m.Cr[c00]) + int(m.Cr[c11]) + 1) / 2
				r, g, bl := color.YCbCrToRGB(uint8(yy), uint8(cb), uint8(cr))
				d.Pix[di+0], d.Pix[di+1], d.Pix[di+2], d.Pix[di+3] = r, g, bl, 0xFF
				di += 4
			}
		}
	case *image.RGBA:
		for y := 0; y < h; y++ {
			y0 := b.Min.Y + 2*y
			y1 := min(y0+1, b.Max.Y-1)
			di := d.PixOffset(0, y)
			for x := 0; x < w; x++ {
				x0 := b.Min.X + 2*x
				x1 := min(x0+1, b.Max.X-1)
				p, q := m.PixOffset(x0, y0), m.PixOffset(x1, y0)
				r, s := m.PixOffset(x0, y1), m.PixOffset(x1, y1)
				for c := 0; c < 4; c++ {
					d.Pix[di+c] = uint8((int(m.Pix[p+c]) + int(m.Pix[q+c]) + int(m.Pix[r+c]) + int(m.Pix[s+c]) + 2) / 4)
				}
				di += 4
			}
		}
	default:
		panic("imaging: half of an unexpected image type") // decode rules this out
	}
	return d
}
