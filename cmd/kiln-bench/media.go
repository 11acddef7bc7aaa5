package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	mrand "math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/kiln-cms/kiln/core/imaging"
	"github.com/kiln-cms/kiln/core/storage"
)

// Scenario 8, media: uploads to the media library (POST /api/upload,
// core/upload over core/storage's local disk), on an app of its own (the
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
//     core/imaging under a limiter of Kiln's default size, and write the
//     original and the formats to disk through core/storage's local
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

// bigResult is the large upload's figures.
type bigResult struct {
	size          int64
	upload, read  time.Duration
	before, after float64 // VmHWM of kiln serve, MiB: before the upload, after its answer
	afterRead     float64 // and after the file was read back
	spooled       int64   // the most bytes seen in TMPDIR during the upload
	left          []string
	sent, got     string // SHA-256, hex
	gotSize       int64
}

func (r bigResult) report() string {
	same := "identical"
	if r.sent != r.got || r.gotSize != r.size {
		same = fmt.Sprintf("DIFFERENT: sent %s, read back %d bytes %s", r.sent, r.gotSize, r.got)
	}
	mib := float64(r.size) / (1 << 20)
	return fmt.Sprintf("   8 media, %.0f MiB upload: %s (%.0f MiB/s); peak RSS of kiln serve %.1f MiB before, %.1f MiB after (+%.1f MiB), %.1f MiB after reading it back\n"+
		"   8 media, %.0f MiB upload: spooled to TMPDIR up to %.0f MiB during the upload; TMPDIR after the answer: %s; read back from /uploads in %s (%.0f MiB/s), SHA-256 %s\n",
		mib, r.upload.Round(time.Millisecond), mib/r.upload.Seconds(), r.before, r.after, r.after-r.before, r.afterRead,
		mib, float64(r.spooled)/(1<<20), listing(r.left), r.read.Round(time.Millisecond), mib/r.read.Seconds(), same)
}

// bigUpload uploads size random bytes, generated as they are sent, and
// reads them back from /uploads.
func bigUpload(k *kilnProcess, token, tmpDir string, size int64) (bigResult, error) {
	pid := k.cmd.Process.Pid
	r := bigResult{size: size, before: peakRSSOf(pid)}
	mp := newMultipartFile("files", "big.bin", "application/octet-stream")
	sum := sha256.New()
	var seed [32]byte
	src := io.TeeReader(io.LimitReader(mrand.NewChaCha8(seed), size), sum)
	stop := watchBytes(tmpDir, &r.spooled)
	start := time.Now()
	out, err := postUpload(k.base, token, mp.contentType(), mp.reader(src), mp.length(size))
	r.upload = time.Since(start)
	stop()
	if err != nil {
		return r, err
	}
	r.sent = hex.EncodeToString(sum.Sum(nil))
	r.after = peakRSSOf(pid)
	r.left = waitEmpty(tmpDir, 5*time.Second)

	start = time.Now()
	res, err := http.Get(k.base + out[0].URL)
	if err != nil {
		return r, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return r, fmt.Errorf("GET %s: HTTP %d", out[0].URL, res.StatusCode)
	}
	back := sha256.New()
	r.gotSize, err = io.Copy(back, res.Body)
	r.read = time.Since(start)
	if err != nil {
		return r, err
	}
	r.got = hex.EncodeToString(back.Sum(nil))
	r.afterRead = peakRSSOf(pid)
	return r, nil
}

// cutOffSize is what the cut-off upload declares.
const cutOffSize = 1 << 30

// abortedUpload declares a cutOffSize upload, sends abortAfter bytes of it
// and closes the connection; it answers how many bytes the server had
// spooled to TMPDIR then, and what TMPDIR holds once the server has had
// time to notice.
func abortedUpload(k *kilnProcess, token, tmpDir string) (int64, []string, error) {
	conn, err := net.Dial("tcp", strings.TrimPrefix(k.base, "http://"))
	if err != nil {
		return 0, nil, err
	}
	mp := newMultipartFile("files", "cut.bin", "application/octet-stream")
	w := bufio.NewWriter(conn)
	fmt.Fprintf(w, "POST /api/upload HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		strings.TrimPrefix(k.base, "http://"), token, mp.contentType(), mp.length(cutOffSize))
	w.Write(mp.head)
	var seed [32]byte
	seed[0] = 1
	if _, err := io.Copy(w, io.LimitReader(mrand.NewChaCha8(seed), abortAfter)); err != nil {
		conn.Close()
		return 0, nil, err
	}
	w.Flush()
	// Until the server has read what was sent: its temp file stops growing.
	var last int64 = -1
	for range 100 {
		n := dirBytes(tmpDir)
		if n == last && n > 0 {
			break
		}
		last = n
		time.Sleep(50 * time.Millisecond)
	}
	conn.Close()
	return last, waitEmpty(tmpDir, 5*time.Second), nil
}

// mediaFloor is scenario 8's floor: o.connections workers, each in a
// closed loop for o.duration, store img as Kiln does, less the HTTP,
// the multipart and the database — probe, formats under a limiter of
// Kiln's default size, the original and the formats written by
// core/storage's local provider into dir — timed as the Go loader times
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

// watchBytes samples the bytes in dir every 20 ms into *most (the
// highest seen) until the returned stop is called.
func watchBytes(dir string, most *int64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			*most = max(*most, dirBytes(dir))
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// dirBytes is the size of the files directly in dir.
func dirBytes(dir string) int64 {
	var n int64
	for _, f := range dirFiles(dir) {
		n += f.size
	}
	return n
}

type dirFile struct {
	name string
	size int64
}

func dirFiles(dir string) []dirFile {
	entries, _ := os.ReadDir(dir)
	var out []dirFile
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			out = append(out, dirFile{e.Name(), fi.Size()})
		}
	}
	return out
}

// waitEmpty waits up to d for dir to hold no file (fasthttp removes a
// request's spooled files once the answer is written, after the client
// may have read it) and answers what it still holds then, as "name (n
// bytes)".
func waitEmpty(dir string, d time.Duration) []string {
	var files []dirFile
	for end := time.Now().Add(d); ; {
		if files = dirFiles(dir); len(files) == 0 || time.Now().After(end) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	var out []string
	for _, f := range files {
		out = append(out, fmt.Sprintf("%s (%d bytes)", f.name, f.size))
	}
	sort.Strings(out)
	return out
}

// listing writes what waitEmpty answered.
func listing(left []string) string {
	if len(left) == 0 {
		return "empty"
	}
	return strings.Join(left, ", ") + " LEFT BEHIND"
}
