package imaging

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// photo12MP is a 4000×3000 JPEG (quality 90) of a gradient with noise:
// the noise keeps the encoder and decoder from having it easy, as a real
// photo would not.
func photo12MP(b *testing.B) []byte {
	m := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < 3000; y++ {
		for x := 0; x < 4000; x++ {
			n := rng.IntN(32)
			m.SetRGBA(x, y, color.RGBA{uint8(x*200/4000 + n), uint8(y*200/3000 + n), uint8((x+y)*200/7000 + n), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkFormats12MP measures what an upload of a 12-megapixel photo
// costs: probe, decode, the four Strapi formats, JPEG encoding.
//
//	go test -run '^$' -bench Formats12MP -benchmem ./internal/imaging/
func BenchmarkFormats12MP(b *testing.B) {
	data := photo12MP(b)
	for _, k := range []struct {
		name   string
		kernel *xdraw.Kernel
	}{
		{"CatmullRom", xdraw.CatmullRom}, // what Formats uses
		{"BiLinear", xdraw.BiLinear},
	} {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, fs, err := formats(context.Background(), bytes.NewReader(data), DefaultBreakpoints, k.kernel)
				if err != nil || len(fs) != 4 {
					b.Fatal(fs, err)
				}
			}
		})
	}
	// The part no filter can change.
	b.Run("DecodeOnly", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
