package app_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	cq "github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestFilesOnAnotherProviderWarn: a start whose files' rows name a
// provider other than the configured one says how many and the command
// that moves them (and, for a provider kiln cannot read, that it cannot),
// counted in one statement; files all on the configured provider say
// nothing.
func TestFilesOnAnotherProviderWarn(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			h := apptest.NewWith(t, apptest.Config(t, d))
			start := func() string {
				var buf lockedBuffer
				log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
					if a.Key == slog.TimeKey {
						return slog.Attr{}
					}
					return a
				}}))
				a, err := app.New(context.Background(), h.App.Config, log)
				if err != nil {
					t.Fatal(err)
				}
				a.Close()
				var lines []string
				for _, l := range strings.Split(buf.String(), "\n") {
					if strings.Contains(l, "files are kept") {
						lines = append(lines, l)
					}
				}
				return strings.Join(lines, "\n")
			}
			if got := start(); got != "" {
				t.Errorf("no file yet, the log says:\n%s", got)
			}
			ft := h.App.Upload.FileType
			q := &cq.Query{Type: ft}
			for i, p := range []string{"local", "aws-s3", "aws-s3", "cloudinary"} {
				w := content.NewWrite(ft).Set("name", "f.txt").Set("hash", "f_012345678"+string(rune('0'+i))).Set("ext", ".txt").
					Set("mime", "text/plain").Set("size", 0.01).Set("url", "/uploads/f.txt").Set("provider", p)
				if _, err := h.App.Content.Create(context.Background(), q, w, entry.ReadOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			c := h.CountQueries()
			counts, err := h.App.Upload.Providers(context.Background())
			if err != nil || c.N() != 1 || len(counts) != 3 || counts["local"] != 1 || counts["aws-s3"] != 2 || counts["cloudinary"] != 1 {
				t.Errorf("Providers: %v (%v) in %d statements, want local 1, aws-s3 2, cloudinary 1 in one", counts, err, c.N())
			}
			want := `level=WARN msg="files are kept by a provider other than the configured one, and their urls are not served: move them" files=2 provider=aws-s3 configured=local fix="kiln media move --to local"` + "\n" +
				`level=WARN msg="files are kept by a provider kiln cannot read or serve" files=1 provider=cloudinary configured=local`
			if got := start(); got != want {
				t.Errorf("the start-up log says:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
