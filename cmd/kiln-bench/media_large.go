package main

// Scenario 8's large upload and the cut-off one: streamed multipart bodies,
// kiln serve's peak RSS around them, and what they leave in TMPDIR.

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

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
