package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	mrand "math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/kiln-cms/kiln/internal/imaging"
	"github.com/kiln-cms/kiln/internal/storage"
)

// Scenario 8, media: uploads to the media library (POST /api/upload,
// internal/upload over internal/storage's local disk), on an app of its own (the
// repository's content types and config, a database of its own, migrated,
// a full-access API token), its upload limit raised above its uploads and
// its TMPDIR a folder of its own, where fasthttp spools large files.
//
//   - First, on the fresh server, one upload of -upload-size (1 GiB)
//     random bytes, which the client generates as it sends them (never
//     held in its memory):
//     the server's peak RSS (VmHWM) before and after, what its TMPDIR
//     held during the upload and holds after the answer, and the file
//     read back from /uploads, its SHA-256 against the one sent. Then an
//     upload cut off by the client after abortAfter bytes: its spooled
//     bytes must be gone as well.
//   - Then throughput: every connection posts the same ~1 MB JPEG
//     (noiseJPEG) as the multipart part files, for -duration, against
//     the floor: in this process, without HTTP, what any server must do
//     for that upload — probe the image, make its four formats with
//     internal/imaging under a limiter of Kiln's default size, and write the
//     original and the formats to disk through internal/storage's local
//     provider (temp file, fsync, rename), as Kiln writes them; no
//     multipart, no permission check, no database row.

const (
	mediaPort = 13382
	// abortAfter is how much of a declared 1 GiB upload the cut-off
	// client sends before it closes the connection: more than fasthttp
	// keeps in memory (16 MiB), so some of it is spooled.
	abortAfter = 64 << 20
	// mediaTimeout is how long one upload of the throughput runs may
	// take before it counts as an error: they queue behind the imaging
	// limiter, so -connections of them take seconds.
	mediaTimeout = 60 * time.Second
	// imageWidth and imageHeight are the throughput runs' image.
	imageWidth, imageHeight = 1600, 1200
)

// runMedia measures scenario 8 on db.
func runMedia(o options, db string) error {
	dataDir := filepath.Join(o.work, db+"-media")
	tmpDir := filepath.Join(dataDir, "tmp")
	if err := os.MkdirAll(tmpDir, 0o755); err != nil {
		return err
	}
	dbURL := "sqlite:" + filepath.Join(dataDir, "kiln.db")
	if db == "postgres" {
		var err error
		if dbURL, err = freshPostgresNamed(o.pgURL, "kiln_bench_media"); err != nil {
			return err
		}
	}
	bigSize := max(o.uploadMiB, 1) << 20
	env := append(projectEnv(dataDir, dbURL),
		// Above the large and the cut-off uploads and their framing.
		"KILN_UPLOAD_SIZE_LIMIT="+strconv.FormatInt(2*max(bigSize, cutOffSize), 10),
		"TMPDIR="+tmpDir)
	token, err := ownApp(o, env)
	if err != nil {
		return err
	}
	k, err := startKilnEnv(o, env, mediaPort)
	if err != nil {
		return err
	}
	defer k.stop()

	big, err := bigUpload(k, token, tmpDir, bigSize)
	if err != nil {
		return fmt.Errorf("the %d MiB upload: %w", o.uploadMiB, err)
	}
	fmt.Print(big.report())
	spooled, left, err := abortedUpload(k, token, tmpDir)
	if err != nil {
		return fmt.Errorf("the cut-off upload: %w", err)
	}
	fmt.Printf("   8 media, cut-off upload: %d of %d MiB sent, %.0f MiB of it spooled to TMPDIR, then the connection closed; TMPDIR after: %s\n",
		abortAfter>>20, cutOffSize>>20, float64(spooled)/(1<<20), listing(left))

	img, err := noiseJPEG(imageWidth, imageHeight)
	if err != nil {
		return err
	}
	mp := newMultipartFile("files", "bench.jpg", "image/jpeg")
	body := mp.body(img)
	if err := checkImageUpload(k.base, token, mp.contentType(), body); err != nil {
		return err
	}
	if o.timeout == 0 {
		o.timeout = mediaTimeout
	}
	o.connections = max(o.uploadConnections, 1)
	bodyFile := filepath.Join(o.work, "media-body.bin")
	if err := os.WriteFile(bodyFile, body, 0o644); err != nil {
		return err
	}
	sc := scenario{name: "8 upload, 1 MB JPEG", kiln: "/api/upload", script: uploadScript(mp.contentType(), bodyFile),
		body: func(int64) []byte { return body }, contentType: mp.contentType()}
	kr, err := runLoad(o, k.base+sc.kiln, token, sc)
	if err != nil {
		return err
	}
	fr, err := mediaFloor(o, filepath.Join(o.work, db+"-media-floor"), img)
	if err != nil {
		return err
	}
	ratio := 0.0
	if fr.rps > 0 {
		ratio = kr.rps / fr.rps
	}
	mb := float64(len(img)) / 1e6
	fmt.Printf("   %-28s kiln %8.1f req/s  p50 %-8s p99 %-8s max %-8s err %-4d | floor %8.1f req/s  p99 %-8s | %3.0f%%\n",
		sc.name, kr.rps, ms(kr.p50), ms(kr.p99), ms(kr.max), kr.errs, fr.rps, ms(fr.p99), 100*ratio)
	fmt.Printf("   8 media: the image is %d bytes (%d×%d JPEG), %d connections: kiln %.2f MB/s, floor %.2f MB/s of images; TMPDIR after: %s\n",
		len(img), imageWidth, imageHeight, o.connections, kr.rps*mb, fr.rps*mb, listing(waitEmpty(tmpDir, 5*time.Second)))
	fmt.Printf("   peak RSS of scenario 8's kiln serve at the end: %.1f MiB\n", k.peakRSS())
	return nil
}

// ownApp migrates an app of its own (env) and creates a full-access API
// token for it, which it returns.
func ownApp(o options, env []string) (string, error) {
	if out, err := kilnCmd(o, env, "migrate"); err != nil {
		return "", fmt.Errorf("kiln migrate: %v: %s", err, out)
	}
	out, err := kilnCmd(o, env, "token", "create", "--name", "bench", "--type", "full-access")
	if err != nil {
		return "", fmt.Errorf("kiln token create: %v: %s", err, out)
	}
	token := tokenPattern.FindString(string(out))
	if token == "" {
		return "", fmt.Errorf("kiln token create printed no token: %s", out)
	}
	return token, nil
}

// noiseJPEG is a w×h JPEG (quality 90) of a gradient with strong noise,
// so that it does not compress as a flat picture would: at 1600×1200
// about 1 MB. It is the same image every time.
func noiseJPEG(w, h int) ([]byte, error) {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := mrand.New(mrand.NewPCG(8, 8))
	for y := range h {
		for x := range w {
			n := uint8(rng.IntN(75))
			m.SetRGBA(x, y, color.RGBA{uint8(x*180/w) + n, uint8(y*180/h) + n, uint8((x+y)*180/(w+h)) + n, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// multipartFile is a multipart/form-data body of one file part: head
// (the boundary and the part's headers), then the file's bytes, then
// tail (the closing boundary). Its length is known before the file is
// read, so a body streamed from a generator gets a Content-Length.
type multipartFile struct {
	boundary   string
	head, tail []byte
}

// newMultipartFile frames a file sent as field with that file name and
// Content-Type, under a random boundary.
func newMultipartFile(field, filename, ctype string) multipartFile {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename))
	h.Set("Content-Type", ctype)
	w.CreatePart(h) // writes into buf: it cannot fail
	m := multipartFile{boundary: w.Boundary(), head: bytes.Clone(buf.Bytes())}
	buf.Reset()
	w.Close()
	m.tail = bytes.Clone(buf.Bytes())
	return m
}

// contentType is the request's Content-Type, with the boundary.
func (m multipartFile) contentType() string {
	return "multipart/form-data; boundary=" + m.boundary
}

// length is the body's length around a file of size bytes.
func (m multipartFile) length(size int64) int64 {
	return int64(len(m.head)) + size + int64(len(m.tail))
}

// body is the whole body around file, in memory.
func (m multipartFile) body(file []byte) []byte {
	return slices.Concat(m.head, file, m.tail)
}

// reader streams the body around file as it is read.
func (m multipartFile) reader(file io.Reader) io.Reader {
	return io.MultiReader(bytes.NewReader(m.head), file, bytes.NewReader(m.tail))
}

// uploadScript is the wrk script of scenario 8: every request posts the
// multipart body kept in file (wrk reads it once per thread).
func uploadScript(ctype, file string) string {
	return fmt.Sprintf(`-- kiln-bench scenario 8: every request uploads the same image.
wrk.method = "POST"
wrk.headers["Content-Type"] = %q
local f = assert(io.open(%q, "rb"))
wrk.body = f:read("*a")
f:close()
`, ctype, file)
}

// uploaded is what POST /api/upload answers of a file, in part.
type uploaded struct {
	ID      int64          `json:"id"`
	URL     string         `json:"url"`
	Size    float64        `json:"size"`
	Formats map[string]any `json:"formats"`
}

// postUpload sends one upload and reads its answer, which must be a 201.
func postUpload(base, token, ctype string, body io.Reader, length int64) ([]uploaded, error) {
	req, err := http.NewRequest(http.MethodPost, base+"/api/upload", body)
	if err != nil {
		return nil, err
	}
	req.ContentLength = length
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var out []uploaded
	if res.StatusCode != http.StatusCreated || json.Unmarshal(b, &out) != nil || len(out) != 1 {
		return nil, fmt.Errorf("HTTP %d: %.300s", res.StatusCode, b)
	}
	return out, nil
}

// checkImageUpload uploads the image once before the throughput runs:
// it must be stored with its four formats, or the runs measure something
// else.
func checkImageUpload(base, token, ctype string, body []byte) error {
	out, err := postUpload(base, token, ctype, bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return fmt.Errorf("uploading the image: %w", err)
	}
	if len(out[0].Formats) != len(imaging.DefaultBreakpoints) {
		return fmt.Errorf("the image was stored with %d formats, not %d", len(out[0].Formats), len(imaging.DefaultBreakpoints))
	}
	return nil
}

// mediaFloor is scenario 8's floor: o.connections workers, each in a
// closed loop for o.duration, store img as Kiln does, less the HTTP,
// the multipart and the database — probe, formats under a limiter of
// Kiln's default size, the original and the formats written by
// internal/storage's local provider into dir — timed as the Go loader times
// requests.
func mediaFloor(o options, dir string, img []byte) (result, error) {
	st, err := storage.NewLocal(dir)
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	lim := imaging.NewLimiter(0)
	ctx := context.Background()
	store := func() error {
		if _, err := imaging.Probe(bytes.NewReader(img)); err != nil {
			return err
		}
		_, fs, err := lim.Formats(ctx, bytes.NewReader(img), imaging.DefaultBreakpoints)
		if err != nil {
			return err
		}
		hash := rand.Text()
		if err := st.Put(ctx, hash+".jpg", bytes.NewReader(img), int64(len(img)), "image/jpeg"); err != nil {
			return err
		}
		for _, f := range fs {
			if err := st.Put(ctx, f.Name+"_"+hash+f.Ext, bytes.NewReader(f.Data), int64(len(f.Data)), f.Mime); err != nil {
				return err
			}
		}
		return nil
	}
	conns := max(o.connections, 1)
	tallies := make([]tally, conns)
	deadline := time.Now().Add(o.duration)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range tallies {
		t := &tallies[i]
		t.hist = hdrhistogram.New(1, int64(time.Minute/time.Microsecond), 3)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				began := time.Now()
				if err := store(); err != nil {
					t.socket++
					continue
				}
				t.answers++
				t.hist.RecordValue(max(int64(time.Since(began)/time.Microsecond), 1))
			}
		}()
	}
	wg.Wait()
	return summarise(tallies, time.Since(start)), nil
}
