package transfer

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// syntheticArchive writes an unpacked archive of testdata/graphql's types
// with n articles (each with a component three deep and a zone item), n
// learners linked to 100 customers, and n writers: 3n+100 rows, 3n
// component rows, n links.
func syntheticArchive(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"schemas", "entities", "links"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	copyFile := func(name string) {
		b, err := os.ReadFile(filepath.Join(strapi5, "unpacked", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("metadata.json")
	copyFile(filepath.Join("schemas", "schemas_00001.jsonl"))
	write := func(name string, fn func(w *bufio.Writer)) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		fn(w)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	const at = `"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"2026-01-02T03:04:05.000Z","publishedAt":"2026-01-02T03:04:05.000Z","locale":null`
	write(filepath.Join("entities", "entities_00001.jsonl"), func(w *bufio.Writer) {
		for i := 1; i <= 100; i++ {
			fmt.Fprintf(w, `{"type":"api::customer.customer","id":%d,"data":{"documentId":"%s","name":"Customer %d",%s}}`+"\n", i, documentIDOf("c", int64(i)), i, at)
		}
		for i := 1; i <= n; i++ {
			fmt.Fprintf(w, `{"type":"api::article.article","id":%d,"data":{"documentId":"%s","title":"Article %d",%s,`+
				`"seo":{"id":%d,"metaTitle":"Meta %d","meta_description":"About %d","internal_note":null,"social":[{"id":%d,"network":"x","handle":"h%d","link":{"id":%d,"url":"https://example.com/%d","label":"l"}}]},`+
				`"body":[{"id":%d,"body":"Quote %d","author":"A","__component":"blocks.quote"}]}}`+"\n",
				i, documentIDOf("a", int64(i)), i, at, i, i, i, i, i, i, i, i, i)
			fmt.Fprintf(w, `{"type":"api::learner.learner","id":%d,"data":{"documentId":"%s","name":"Learner %d","email":"l%d@example.com",%s}}`+"\n", i, documentIDOf("l", int64(i)), i, i, at)
			fmt.Fprintf(w, `{"type":"api::writer.writer","id":%d,"data":{"documentId":"%s","name":"Writer %d",%s}}`+"\n", i, documentIDOf("w", int64(i)), i, at)
		}
	})
	write(filepath.Join("links", "links_00001.jsonl"), func(w *bufio.Writer) {
		for i := 1; i <= n; i++ {
			fmt.Fprintf(w, `{"kind":"relation.basic","relation":"manyToOne","left":{"type":"api::learner.learner","field":"customer","ref":%d},"right":{"type":"api::customer.customer","field":"learners","ref":%d,"pos":%d}}`+"\n", i, i%100+1, i/100+1)
		}
	})
	return dir
}

// peakHeap runs fn while sampling the heap in use every few
// milliseconds, and returns the largest sample above the heap before.
func peakHeap(fn func()) (uint64, time.Duration) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	fn()
	took := time.Since(start)
	close(done)
	wg.Wait()
	if peak < base {
		return 0, took
	}
	return peak - base, took
}

// TestImportMemoryIsFlat: importing, and then exporting, four times the
// rows takes no more heap: each import stage is a walk of the archive
// written a batch at a time, and an export reads a batch at a time.
// Not parallel, so that no other test's garbage is counted.
func TestImportMemoryIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 50,000 rows")
	}
	// Garbage is collected at a quarter of the live heap, not at its
	// size: the second round's live heap holds the first round's app, and
	// at GOGC=100 it would let twice as much garbage stand before a
	// collection, counted as growth.
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	const maxGrowth = 12 << 20 // a batch of rows and components, the driver's statement, JSON buffers (3-4.5 MiB measured)
	var grew, exported []uint64
	for _, n := range []int{1000, 4000} {
		dir := syntheticArchive(t, n)
		cfg := apptest.ProjectConfigWithLocales(t, database.SQLite, "graphql", "src")
		h := apptest.NewWith(t, cfg)
		var rep *Report
		var err error
		growth, took := peakHeap(func() { rep, err = Import(context.Background(), h.App.Content, dir, ImportOptions{}) })
		if err != nil {
			t.Fatal(err)
		}
		if rep.Entities["api::article.article"] != n || rep.Links != n {
			t.Fatalf("imported %v and %d links", rep.Entities, rep.Links)
		}
		t.Logf("%d rows, %d links: heap grew %.1f MiB at most, in %v", 3*n+100, n, float64(growth)/(1<<20), took.Round(time.Millisecond))
		grew = append(grew, growth)
		var erep *ExportReport
		growth, took = peakHeap(func() {
			erep, err = Export(context.Background(), h.App.Content, filepath.Join(t.TempDir(), "out"), ExportOptions{})
		})
		if err != nil || erep.Entities["api::article.article"] != n {
			t.Fatalf("export: %v %v", err, erep)
		}
		t.Logf("exported: heap grew %.1f MiB at most, in %v", float64(growth)/(1<<20), took.Round(time.Millisecond))
		exported = append(exported, growth)
	}
	if exported[1] > maxGrowth || exported[1] > exported[0]+4<<20 {
		t.Errorf("exporting, the heap grew %d then %d bytes for four times the rows: want at most %d, and flat", exported[0], exported[1], maxGrowth)
	}
	if grew[1] > maxGrowth || grew[1] > grew[0]+4<<20 {
		t.Errorf("the heap grew %d then %d bytes for four times the rows: want at most %d, and flat", grew[0], grew[1], maxGrowth)
	}
}
