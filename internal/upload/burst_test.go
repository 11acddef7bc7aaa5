package upload_test

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// bigPhoto is a w×h JPEG of smooth gradients, made once.
var bigPhoto = sync.OnceValue(func() []byte {
	w, h := 4000, 3000 // 12 megapixels
	if raceDetector {
		// Decoding is about twenty times slower under the detector; what
		// it checks is the goroutines, not the pixels.
		w, h = 1100, 825 // still larger than every breakpoint
	}
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := m.Pix[y*m.Stride:]
		for x := range w {
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = uint8(x/16), uint8(y/12), uint8((x+y)/28), 255
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 80}); err != nil {
		panic(err)
	}
	return b.Bytes()
})

// TestUploadBurstConcurrentWithReads: eight uploads of a 12-megapixel
// photo (four smaller ones under the race detector) at once are all stored, with their formats, while plain API
// reads keep answering within their deadline; the imaging limiter lets
// no more than upload.imageWorkers decodes run at once.
//
// It runs alone (not parallel), before the package's parallel tests: on
// two cores their work would push an upload waiting its turn past the
// request deadline, which is a 503 by design, not what this measures.
// The deadline is raised for the same reason on slow machines.
func TestUploadBurstConcurrentWithReads(t *testing.T) {
	const workers = 2
	uploads, readDeadline := 8, 2*time.Second
	if raceDetector {
		// Twice the workers still queues uploads behind the limiter, which
		// is what the detector watches; eight took half the race run's CPU.
		uploads, readDeadline = 4, 10*time.Second
	}
	photo := bigPhoto()
	h := media(t, database.SQLite, func(c *config.Config) {
		c.Upload.ImageWorkers = workers
		c.Server.RequestTimeout = time.Minute
	})
	base := h.Serve()
	h.Create("/api/albums", map[string]any{"title": "Reads"})
	body, ctype := apptest.Multipart([]apptest.File{{Name: "big.jpg", Data: photo}})

	post := func() (int, []byte, error) {
		req, _ := http.NewRequest("POST", base+"/api/upload", bytes.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("Authorization", "Bearer "+h.AdminToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b, nil
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	var reads atomic.Int64
	var slowest atomic.Int64
	readErr := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		client := &http.Client{Timeout: readDeadline}
		for {
			select {
			case <-done:
				return
			default:
			}
			start := time.Now()
			resp, err := client.Get(base + "/api/albums")
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					err = fmt.Errorf("status %d", resp.StatusCode)
				}
			}
			if err != nil {
				select {
				case readErr <- err:
				default:
				}
				return
			}
			if d := time.Since(start); int64(d) > slowest.Load() {
				slowest.Store(int64(d))
			}
			reads.Add(1)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	results := make([]string, uploads)
	var up sync.WaitGroup
	for i := range uploads {
		up.Add(1)
		go func() {
			defer up.Done()
			st, b, err := post()
			if err != nil || st != 201 {
				results[i] = fmt.Sprintf("upload %d: %d %v %.200s", i, st, err, b)
			}
		}()
	}
	up.Wait()
	close(done)
	wg.Wait()
	for _, r := range results {
		if r != "" {
			t.Error(r)
		}
	}
	select {
	case err := <-readErr:
		t.Errorf("a read during the burst failed: %v", err)
	default:
	}
	if reads.Load() == 0 {
		t.Error("no read answered during the burst")
	}
	t.Logf("%d reads during the burst, the slowest %s", reads.Load(), time.Duration(slowest.Load()))
	if n := len(rows(t, h)); n != uploads {
		t.Errorf("%d rows, want %d", n, uploads)
	}
	if n := len(storedKeys(t, h)); n != uploads*5 {
		t.Errorf("%d keys, want %d (each photo and its 4 formats)", n, uploads*5)
	}
	if l := listing(t, uploadsDir(t, h)); len(l) != uploads*5 {
		t.Errorf("the uploads folder holds %d names, want %d", len(l), uploads*5)
	}
	if p := h.App.Upload.PeakDecodes(); p != workers {
		t.Errorf("%d decodes at once at the peak, want upload.imageWorkers %d", p, workers)
	}
}
