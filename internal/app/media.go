package app

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/rest"
	"github.com/kiln-cms/kiln/internal/storage"
	"github.com/kiln-cms/kiln/internal/upload"
)

// newMedia opens the upload provider config/upload.yaml names and the
// media library over it (docs/media.md).
func (a *App) newMedia(ctx context.Context) error {
	st, err := OpenStorage(ctx, a.Config, a.Config.Upload.Provider)
	if err != nil {
		return fmt.Errorf("opening the upload provider: %w", err)
	}
	if a.Config.Upload.Provider == config.ProviderLocal && a.DB.Dialect == database.Postgres {
		// Several instances share one PostgreSQL; each would keep its
		// uploads on its own disk, where the others cannot serve them.
		a.Log.Warn("uploads are kept on this instance's disk: other instances of a cluster will not see them; use the s3 provider (docs/media.md)",
			"dir", localDir(a.Config))
	}
	a.Upload = upload.New(a.Content, st, a.Config.Upload, a.Log)
	a.warnOtherProviders(ctx)
	return nil
}

// MoveCommand is the command that moves the files of the other provider
// to the one configured.
func MoveCommand(provider string) string { return "kiln media move --to " + provider }

// warnOtherProviders warns when files' rows name a provider other than
// the configured one: their urls are not served (a local file's
// /uploads is not mounted on s3; an object's url is not signed on
// local). One statement, a COUNT grouped by provider.
func (a *App) warnOtherProviders(ctx context.Context) {
	counts, err := a.Upload.Providers(ctx)
	if err != nil {
		a.Log.Warn("could not count the files by provider", "err", err)
		return
	}
	configured := a.Upload.Storage().Provider()
	for _, p := range slices.Sorted(maps.Keys(counts)) {
		switch n := counts[p]; {
		case p == configured:
		case p == storage.ProviderLocal || p == storage.ProviderS3:
			a.Log.Warn("files are kept by a provider other than the configured one, and their urls are not served: move them",
				"files", n, "provider", p, "configured", configured, "fix", MoveCommand(a.Config.Upload.Provider))
		default:
			a.Log.Warn("files are kept by a provider kiln cannot read or serve", "files", n, "provider", p, "configured", configured)
		}
	}
}

// localDir is where the local provider keeps files: the data folder's
// uploads.
func localDir(cfg config.Config) string { return filepath.Join(cfg.Paths.Data, "uploads") }

// OpenStorage opens the upload provider named (config.ProviderLocal or
// ProviderS3) from cfg's settings, whichever upload.provider names:
// `kiln media move` opens both.
func OpenStorage(ctx context.Context, cfg config.Config, provider string) (storage.Storage, error) {
	if provider == config.ProviderS3 {
		s := cfg.Upload.S3
		if s.Bucket == "" {
			return nil, errors.New("upload: the s3 provider needs s3.bucket (KILN_UPLOAD_S3_BUCKET)")
		}
		return storage.NewS3(ctx, storage.S3Config{Bucket: s.Bucket, Region: s.Region, Endpoint: s.Endpoint,
			AccessKeyID: s.AccessKeyID, SecretAccessKey: s.SecretAccessKey, BaseURL: s.BaseURL, Prefix: s.Prefix,
			ForcePathStyle: s.ForcePathStyle, SignedURLs: s.SignedURLs, SignedURLTTL: s.SignedURLTTL,
			Now: cfg.Clock})
	}
	return storage.NewLocal(localDir(cfg))
}

// uploadBodies lets an upload's multipart body be as large as
// upload.sizeLimit, and read for upload.readTimeout, while every other
// body keeps api.maxBodyBytes: fasthttp asks once a request's head is in,
// before it reads the body.
func uploadBodies(s *fasthttp.Server, cfg config.Upload) {
	prev := s.HeaderReceived
	s.HeaderReceived = func(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
		var rc fasthttp.RequestConfig
		if prev != nil {
			rc = prev(h)
		}
		uri, _, _ := strings.Cut(string(h.RequestURI()), "?")
		if h.IsPost() && uri == "/api"+rest.PathUpload &&
			strings.HasPrefix(strings.ToLower(string(h.ContentType())), "multipart/form-data") {
			rc.MaxRequestBodySize = int(min(cfg.SizeLimit, int64(^uint(0)>>1)))
			rc.ReadTimeout = cfg.ReadTimeout
		}
		return rc
	}
}
