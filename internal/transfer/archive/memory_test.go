package archive

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// zeros yields n zero bytes without holding them, sampling the heap at
// each MiB.
type zeros struct {
	n, off, next int64
	peak         uint64
}

func (z *zeros) Read(p []byte) (int, error) {
	if z.off >= z.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), z.n-z.off)]
	clear(p)
	z.off += int64(len(p))
	if z.off >= z.next {
		z.next += 1 << 20
		z.sample()
	}
	return len(p), nil
}

func (z *zeros) sample() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	z.peak = max(z.peak, ms.HeapInuse)
}

func heapInuse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// TestStreamsFlat reads 200 MiB through Walk and writes 32 MiB through the
// Writer: neither may hold more than a few buffers. Not parallel, so that
// no other test's garbage is counted.
func TestStreamsFlat(t *testing.T) {
	const maxGrowth = 4 << 20 // gzip's window and tables, a few 64 KiB buffers
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	dir := t.TempDir()

	// Written with tar and gzip at their fastest, not by the Writer at
	// Strapi's level 6, which takes 2 s over 200 MiB.
	const size = 200 << 20
	path := filepath.Join(dir, "big.tar.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	tw := tar.NewWriter(zw)
	tw.WriteHeader(&tar.Header{Name: "assets/uploads/zeros.bin", Typeflag: tar.TypeReg, Size: size, Mode: 0o644})
	if _, err := io.Copy(tw, &zeros{n: size}); err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(tw.Close(), zw.Close(), f.Close()); err != nil {
		t.Fatal(err)
	}
	// 200 MiB of zeros gzip past MaxRatio, as a bomb would: lifted here.
	a, err := Open(path, "", Limits{MaxRatio: math.MaxInt64})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	before := heapInuse()
	read := &zeros{}
	err = a.Walk("assets", func(name string, n int64, r io.Reader) error {
		buf := make([]byte, 32<<10)
		for {
			k, err := r.Read(buf)
			read.off += int64(k)
			if read.off >= read.next {
				read.next += 1 << 20
				read.sample()
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
		}
	})
	if err != nil || read.off != size {
		t.Fatalf("read %d bytes: %v", read.off, err)
	}
	growth := int64(read.peak) - int64(before)
	t.Logf("reading %d MiB: heap grew by at most %.1f MiB, %v", size>>20, float64(growth)/(1<<20), time.Since(start))
	if growth > maxGrowth {
		t.Errorf("reading: heap grew by %d bytes", growth)
	}

	// The Writer, gzip and encryption on, the bytes coming through a
	// LineWriter's spill file as well as through Add.
	const wsize = 32 << 20
	start = time.Now()
	w, err := Create(filepath.Join(dir, "out.tar.gz.enc"), WriteOptions{Compress: true, Key: "k"})
	if err != nil {
		t.Fatal(err)
	}
	before = heapInuse() // after scrypt's 16 MiB, which are gone by now
	gen := &zeros{n: wsize}
	if err := w.Add("assets/uploads/zeros.bin", wsize, gen); err != nil {
		t.Fatal(err)
	}
	l := w.Lines("entities", "entities", 4<<20)
	line := make([]byte, 64<<10)
	for i := range 256 {
		line[0] = byte('a' + i%26)
		if err := l.WriteLine(line[:64<<10-1]); err != nil {
			t.Fatal(err)
		}
		if i%16 == 0 {
			gen.sample()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	growth = int64(gen.peak) - int64(before)
	t.Logf("writing %d MiB: heap grew by at most %.1f MiB, %v", wsize>>20+16, float64(growth)/(1<<20), time.Since(start))
	if growth > maxGrowth {
		t.Errorf("writing: heap grew by %d bytes", growth)
	}
}
