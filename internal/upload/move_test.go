package upload_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/storage/s3test"
	"github.com/kiln-cms/kiln/internal/upload"
)

// s3Of opens a bucket of the shared SeaweedFS as a provider.
func s3Of(t *testing.T) storage.Storage {
	t.Helper()
	st, err := storage.NewS3(context.Background(), s3test.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// providersOf are the files' providers, by row in id order.
func providersOf(t *testing.T, h *apptest.Harness) []string {
	t.Helper()
	var out []string
	for _, e := range rows(t, h) {
		v, _ := e.Get(h.App.Upload.FileType.Attr("provider"))
		out = append(out, fmt.Sprint(v))
	}
	return out
}

// TestMoveStatementsPerBatch: a move reads its rows a batch per statement
// and switches each batch in one: 25 files in batches of 10 cost the
// count, then three reads and three updates.
func TestMoveStatementsPerBatch(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		to := s3Of(t)
		var fs []apptest.File
		for i := range 25 {
			fs = append(fs, apptest.File{Name: fmt.Sprintf("f%02d.txt", i), Data: []byte(strings.Repeat("x", i+1))})
		}
		if r := h.Upload("/api/upload", fs, nil); r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		// The statements on the files' table: the app's own background
		// work (the webhook worker) runs others meanwhile.
		var mu sync.Mutex
		var on []string
		table := `"` + h.App.Upload.FileType.Table + `"`
		h.App.DB.Observe(func(q string, _ []any) {
			if strings.Contains(q, table) {
				mu.Lock()
				on = append(on, strings.Fields(q)[0])
				mu.Unlock()
			}
		})
		res := h.App.Upload.Move(context.Background(), upload.MoveOptions{From: h.App.Upload.Storage(), To: to, BatchSize: 10})
		mu.Lock()
		n := strings.Join(on, " ")
		mu.Unlock()
		if n != "SELECT SELECT UPDATE SELECT UPDATE SELECT UPDATE" || res.Elapsed <= 0 || res.Moved != 25 || res.Objects != 25 || res.Bytes != 25*26/2 || res.Stopped != nil || len(res.Failed) != 0 {
			t.Errorf("moved %d files (%d objects, %d bytes; stopped %v, failed %v) in the statements %s, want 25, 25, 325 in a count, then a read and an update per batch",
				res.Moved, res.Objects, res.Bytes, res.Stopped, res.Failed, n)
		}
	})
}

// replacing is a target storage that replaces a file through the upload
// route (new bytes, a new hash) while its first object is being copied.
type replacing struct {
	storage.Storage
	once    sync.Once
	replace func()
}

func (r *replacing) Put(ctx context.Context, key string, body io.Reader, size int64, mime string) error {
	r.once.Do(r.replace)
	return r.Storage.Put(ctx, key, body, size, mime)
}

// TestMoveLeavesAFileReplacedMeanwhile: a file whose bytes are replaced
// while the move copies the old ones keeps its row on the source (the
// switch checks the hash it copied), named with the reason; the other
// files move; a second run moves the new bytes.
func TestMoveLeavesAFileReplacedMeanwhile(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		to := s3Of(t)
		if r := h.Upload("/api/upload", []apptest.File{{Name: "a.txt", Data: []byte("old a")}, {Name: "b.txt", Data: []byte("b")}}, nil); r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		target := &replacing{Storage: to, replace: func() {
			if r := h.Upload("/api/upload?id=1", []apptest.File{{Name: "a.txt", Data: []byte("new a")}}, nil); r.Status != 200 {
				t.Errorf("replace: %d %s", r.Status, r.Body)
			}
		}}
		res := h.App.Upload.Move(context.Background(), upload.MoveOptions{From: h.App.Upload.Storage(), To: target, Concurrency: 1})
		want := `file 1 "a.txt": the row changed while it was copied (its file replaced or deleted): run again`
		if res.Moved != 1 || len(res.Failed) != 1 || res.Failed[0].Error() != want || res.Stopped != nil {
			t.Fatalf("moved %d, failed %v, stopped %v; want 1 and %q", res.Moved, res.Failed, res.Stopped, want)
		}
		if got := providersOf(t, h); fmt.Sprint(got) != "[local aws-s3]" {
			t.Fatalf("providers %v, want a.txt still local, b.txt on aws-s3", got)
		}
		res = h.App.Upload.Move(context.Background(), upload.MoveOptions{From: h.App.Upload.Storage(), To: to})
		if res.Moved != 1 || res.Objects != 1 || res.Bytes != 5 || len(res.Failed) != 0 {
			t.Fatalf("the second run: %+v", res)
		}
		r, _, err := to.Get(context.Background(), keysOfRow(t, h, 0))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if b, _ := io.ReadAll(r); string(b) != "new a" {
			t.Errorf("the moved a.txt holds %q, want the new bytes", b)
		}
	})
}

// keysOfRow is the stored key of the i-th file row.
func keysOfRow(t *testing.T, h *apptest.Harness, i int) string {
	t.Helper()
	e := rows(t, h)[i]
	ft := h.App.Upload.FileType
	hash, _ := e.Get(ft.Attr("hash"))
	ext, _ := e.Get(ft.Attr("ext"))
	return fmt.Sprint(hash, ext)
}
