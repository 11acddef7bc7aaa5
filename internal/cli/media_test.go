package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestMediaOrphansCommand: `kiln media orphans` lists exactly the stored
// files no row names — what a crash between storing an upload and
// committing its row leaves — and --delete removes them, keeping every
// file a row names.
func TestMediaOrphansCommand(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // kilnOn sets the environment
		kiln := kilnOn(t, h)
		r := h.Upload("/api/upload", []apptest.File{{Name: "kept.txt", Data: []byte("kept")}}, nil)
		if r.Status != 201 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		dir := filepath.Join(h.App.Config.Paths.Data, "uploads")
		orphans := []string{"lost_0123456789.jpg", "thumbnail_lost_0123456789.jpg"}
		for _, k := range orphans {
			if err := os.WriteFile(filepath.Join(dir, k), []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		lines := func(s string) []string {
			out := strings.Fields(s)
			slices.Sort(out)
			return out
		}
		code, out, errOut := kiln("media", "orphans")
		if code != 0 || !slices.Equal(lines(out), orphans) || !strings.Contains(errOut, "2 orphan file(s) in the local storage") {
			t.Fatalf("orphans: %d %q %q", code, out, errOut)
		}
		code, _, errOut = kiln("media", "orphans", "--delete")
		if code != 0 || !strings.Contains(errOut, "2 orphan file(s) removed") {
			t.Fatalf("orphans --delete: %d %q", code, errOut)
		}
		left, _ := os.ReadDir(dir)
		if len(left) != 1 || !strings.HasPrefix(left[0].Name(), "kept_") {
			t.Errorf("the uploads folder holds %v, want the kept file alone", left)
		}
		if code, _, errOut := kiln("media", "nope"); code != 2 || !strings.Contains(errOut, "kiln media orphans") {
			t.Errorf("a wrong subcommand: %d %q", code, errOut)
		}
	})
}
