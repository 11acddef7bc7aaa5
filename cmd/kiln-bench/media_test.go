package main

import (
	"bytes"
	"image/jpeg"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
)

// TestMultipartFileFraming checks the multipart body of scenario 8, in
// memory and streamed: it is exactly length(size) bytes, and
// mime/multipart reads from it one part, files, with the file's name,
// type and bytes, under the boundary its Content-Type names.
func TestMultipartFileFraming(t *testing.T) {
	mp := newMultipartFile("files", `odd "name".bin`, "application/octet-stream")
	file := bytes.Repeat([]byte("kiln\r\n--"), 1000) // boundary-like bytes inside
	whole := mp.body(file)
	if int64(len(whole)) != mp.length(int64(len(file))) {
		t.Fatalf("body is %d bytes, length says %d", len(whole), mp.length(int64(len(file))))
	}
	streamed, err := io.ReadAll(iotest.OneByteReader(mp.reader(bytes.NewReader(file))))
	if err != nil || !bytes.Equal(streamed, whole) {
		t.Fatalf("the streamed body differs from the whole one (%v)", err)
	}
	mt, params, err := mime.ParseMediaType(mp.contentType())
	if err != nil || mt != "multipart/form-data" || params["boundary"] != mp.boundary {
		t.Fatalf("Content-Type %q: %s %v %v", mp.contentType(), mt, params, err)
	}
	form, err := multipart.NewReader(bytes.NewReader(whole), params["boundary"]).ReadForm(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer form.RemoveAll()
	fhs := form.File["files"]
	if len(fhs) != 1 || len(form.File) != 1 || len(form.Value) != 0 {
		t.Fatalf("form: %v files, %v values", form.File, form.Value)
	}
	fh := fhs[0]
	if fh.Filename != `odd "name".bin` || fh.Header.Get("Content-Type") != "application/octet-stream" || fh.Size != int64(len(file)) {
		t.Errorf("part: %q %q %d bytes", fh.Filename, fh.Header.Get("Content-Type"), fh.Size)
	}
	f, _ := fh.Open()
	got, _ := io.ReadAll(f)
	f.Close()
	if !bytes.Equal(got, file) {
		t.Error("the part's bytes differ from the file's")
	}
	if other := newMultipartFile("files", "x", "y"); other.boundary == mp.boundary {
		t.Error("two bodies share a boundary")
	}
}

// TestStatusKB reads figures from a /proc/<pid>/status, and this
// process's own.
func TestStatusKB(t *testing.T) {
	status := "Name:\tkiln\nVmPeak:\t 2000 kB\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\nThreads:\t9\n"
	for key, want := range map[string]float64{"VmHWM": 51200, "VmRSS": 40960, "VmPeak": 2000} {
		if got, ok := statusKB(status, key); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", key, got, ok, want)
		}
	}
	if _, ok := statusKB(status, "VmSwap"); ok {
		t.Error("VmSwap is not there")
	}
	if _, ok := statusKB(status, "Vm"); ok {
		t.Error("a key's prefix is not the key")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	rss := rssOf(os.Getpid()) // first: the peak read after it is at least as high
	if hwm := peakRSSOf(os.Getpid()); hwm <= 0 || rss <= 0 || rss > hwm {
		t.Errorf("this process: VmHWM %.1f MiB, VmRSS %.1f MiB", hwm, rss)
	}
	if peakRSSOf(-1) != 0 {
		t.Error("a process that is not there has no memory")
	}
}

// TestNoiseJPEG: scenario 8's image is about 1 MB and the size it says.
func TestNoiseJPEG(t *testing.T) {
	img, err := noiseJPEG(imageWidth, imageHeight)
	if err != nil {
		t.Fatal(err)
	}
	if len(img) < 900_000 || len(img) > 1_100_000 {
		t.Errorf("the image is %d bytes, not about 1 MB", len(img))
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(img))
	if err != nil || cfg.Width != imageWidth || cfg.Height != imageHeight {
		t.Errorf("%d×%d %v", cfg.Width, cfg.Height, err)
	}
	again, _ := noiseJPEG(imageWidth, imageHeight)
	if !bytes.Equal(img, again) {
		t.Error("the image differs between calls")
	}
}

// TestUploadPosts runs scenario 8's requests with each loader against a
// server that reads them as Kiln does: every one must be a multipart POST
// whose files part is the image.
func TestUploadPosts(t *testing.T) {
	for _, loader := range []string{loaderWrk, loaderGo} {
		t.Run(loader, func(t *testing.T) {
			if _, err := exec.LookPath("wrk"); err != nil && loader == loaderWrk {
				t.Skip("wrk is not installed (apt-get install wrk)")
			}
			testUploadPosts(t, loader)
		})
	}
}

func testUploadPosts(t *testing.T, loader string) {
	file := bytes.Repeat([]byte{0xff, 0xd8, 1, 2, 3}, 20_000)
	var good, bad atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok := r.Method == "POST" && r.Header.Get("Authorization") == "Bearer tok" && r.ParseMultipartForm(1<<20) == nil
		if ok {
			fhs := r.MultipartForm.File["files"]
			ok = len(fhs) == 1 && fhs[0].Filename == "bench.jpg"
			if ok {
				f, _ := fhs[0].Open()
				b, _ := io.ReadAll(f)
				f.Close()
				ok = bytes.Equal(b, file)
			}
		}
		if !ok {
			bad.Add(1)
			w.WriteHeader(400)
			return
		}
		good.Add(1)
		w.WriteHeader(201)
	}))
	defer srv.Close()
	o := options{duration: 300 * time.Millisecond, connections: 2, threads: 1, work: t.TempDir(), loader: loader}
	mp := newMultipartFile("files", "bench.jpg", "image/jpeg")
	body := mp.body(file)
	bodyFile := filepath.Join(o.work, "body.bin")
	if err := os.WriteFile(bodyFile, body, 0o644); err != nil {
		t.Fatal(err)
	}
	sc := scenario{script: uploadScript(mp.contentType(), bodyFile), body: func(int64) []byte { return body }, contentType: mp.contentType()}
	res, err := runLoad(o, srv.URL+"/api/upload", "tok", sc)
	if err != nil {
		t.Fatal(err)
	}
	if good.Load() == 0 || bad.Load() != 0 || res.errs != 0 {
		t.Errorf("%d good uploads, %d bad; the loader counted %d requests, %d errors", good.Load(), bad.Load(), res.requests, res.errs)
	}
}

// TestWaitEmpty: waitEmpty sees a file go, and names one that stays.
func TestWaitEmpty(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "multipart-1")
	os.WriteFile(gone, []byte("spooled"), 0o644)
	time.AfterFunc(50*time.Millisecond, func() { os.Remove(gone) })
	if left := waitEmpty(dir, 5*time.Second); len(left) != 0 {
		t.Errorf("left: %v", left)
	}
	os.WriteFile(filepath.Join(dir, "multipart-2"), []byte("12345"), 0o644)
	left := waitEmpty(dir, 60*time.Millisecond)
	if got := listing(left); got != "multipart-2 (5 bytes) LEFT BEHIND" {
		t.Errorf("listing: %q", got)
	}
	if dirBytes(dir) != 5 || listing(nil) != "empty" {
		t.Errorf("dirBytes %d", dirBytes(dir))
	}
}

// TestParseScenarios: 14 is a scenario; 15 is not. 13 needs no large
// set (an app of its own), 11, 12 and 14 do.
func TestParseScenarios(t *testing.T) {
	got, err := parseScenarios("7, 8")
	if err != nil || !got[7] || !got[8] || len(got) != 2 {
		t.Errorf("%v %v", got, err)
	}
	if got, err := parseScenarios("14"); err != nil || !got[14] {
		t.Errorf("14: %v %v", got, err)
	}
	if _, err := parseScenarios("15"); err == nil || !strings.Contains(err.Error(), "from 1 to 14") {
		t.Errorf("15: %v", err)
	}
	if o := (options{only: map[int]bool{13: true}}); o.needsLargeSet() {
		t.Error("13 needs no large set")
	}
	for _, n := range []int{11, 12, 14} {
		if o := (options{only: map[int]bool{n: true}}); !o.needsLargeSet() {
			t.Errorf("%d needs the large set", n)
		}
	}
	o := options{only: map[int]bool{7: true, 8: true}}
	if o.needsLargeSet() {
		t.Error("7 and 8 need no large set")
	}
	if o.only[2] = true; !o.needsLargeSet() {
		t.Error("2 needs the large set")
	}
	if o := (options{only: map[int]bool{9: true}}); !o.needsLargeSet() {
		t.Error("9 needs the large set")
	}
}
