package webhook_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/webhook"
	"github.com/kiln-cms/kiln/internal/webhook/webhooktest"
)

// TestMediaEvents: uploading, changing and deleting a file emit
// media.create, media.update and media.delete — not entry.* — each with
// the file under "media" and no model, as Strapi's upload plugin sends
// them.
func TestMediaEvents(t *testing.T) {
	each(t, func(t *testing.T, d database.Dialect) {
		rcv := webhooktest.NewReceiver(t)
		cfg := webhooktest.WithHook(t, apptest.ProjectConfig(t, d, "media", "content-types"), rcv.URL,
			[]string{"media.create", "media.update", "media.delete", "entry.create", "entry.update", "entry.delete"}, "file", "album")
		h := apptest.NewWith(t, cfg)
		photo, err := os.ReadFile(filepath.Join(apptest.Root(t), "testdata", "media", "files", "small.png"))
		if err != nil {
			t.Fatal(err)
		}
		r := h.Upload("/api/upload", []apptest.File{{Name: "small.png", Data: photo}}, nil)
		if r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		var files []map[string]any
		if err := decodeNumbers(r.Body, &files); err != nil {
			t.Fatal(err)
		}
		id := h.IDOf(files[0])
		if r := h.Upload(fmt.Sprintf("/api/upload?id=%d", id), nil, []string{"fileInfo", `{"caption":"c"}`}); r.Status != 200 {
			t.Fatalf("update: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%d", id), nil); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		webhooktest.WaitFor(t, "three deliveries", func() bool { return len(rcv.Requests()) >= 3 })
		// Deliveries run in parallel: their order is not the events'.
		var got []string
		for i, req := range rcv.Requests() {
			if err := webhook.Verify(secret, req.Header.Get("X-Kiln-Signature"), req.Body, time.Minute); err != nil {
				t.Fatalf("signature: %v", err)
			}
			var p map[string]json.RawMessage
			if err := json.Unmarshal(req.Body, &p); err != nil {
				t.Fatal(err)
			}
			var event string
			_ = json.Unmarshal(p["event"], &event)
			got = append(got, event)
			var media struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			}
			_ = json.Unmarshal(p["media"], &media)
			_, hasModel := p["model"]
			if media.ID != id || media.Name != "small.png" || hasModel || p["entry"] != nil {
				t.Errorf("delivery %d: %s", i, req.Body)
			}
		}
		slices.Sort(got)
		if want := []string{"media.create", "media.delete", "media.update"}; !slices.Equal(got, want) {
			t.Errorf("events %v, want %v", got, want)
		}
		if n := len(rcv.Requests()); n != 3 {
			t.Errorf("%d deliveries, want 3 (no entry.* for a file)", n)
		}
	})
}

// decodeNumbers decodes raw keeping numbers as json.Number, as apptest
// reads ids.
func decodeNumbers(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(v)
}
