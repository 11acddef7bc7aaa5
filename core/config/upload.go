package config

import (
	"fmt"
	"time"
)

// Upload is config/upload.yaml: the media library's limits, its image
// formats and where files are stored (docs/media.md). Every key is also
// KILN_UPLOAD_<KEY> (KILN_UPLOAD_SIZE_LIMIT, KILN_UPLOAD_S3_BUCKET, ...).
type Upload struct {
	// SizeLimit is the most one upload request may carry, its files
	// together, in bytes; a larger request is a 413 before any of it is
	// stored. Default: 200 MiB (Strapi's 200 MB). Env: KILN_UPLOAD_SIZE_LIMIT.
	SizeLimit int64 `yaml:"sizeLimit"`
	// MaxPixels refuses an image whose header declares more pixels
	// (width × height) than this, before it is decoded: a decompression
	// bomb never reaches memory. Default: 100 000 000 (a 10 000 × 10 000
	// image). Env: KILN_UPLOAD_MAX_PIXELS.
	MaxPixels int64 `yaml:"maxPixels"`
	// Breakpoints are the responsive formats made of an image larger than
	// them (name → the largest side, in pixels). Unset: Strapi's large
	// 1000, medium 750, small 500 (FormatBreakpoints). An empty map makes
	// none.
	// Env: KILN_UPLOAD_BREAKPOINTS=large:1000,small:500.
	Breakpoints map[string]int `yaml:"breakpoints"`
	// Thumbnail makes the 245×156 thumbnail format. Default: true.
	// Env: KILN_UPLOAD_THUMBNAIL.
	Thumbnail *bool `yaml:"thumbnail"`
	// ReadTimeout bounds the reading of one upload's body, and then its
	// storing and resizing (the API's readTimeout and requestTimeout are
	// for small requests). Default: 10m.
	// Env: KILN_UPLOAD_READ_TIMEOUT.
	ReadTimeout time.Duration `yaml:"readTimeout"`
	// ImageWorkers is how many images are decoded and resized at once;
	// more uploads wait their turn, so a burst of large photos cannot take
	// every core from the API. Default: half the cores, at least 1.
	// Env: KILN_UPLOAD_IMAGE_WORKERS.
	ImageWorkers int `yaml:"imageWorkers"`
	// Provider is where the files' bytes are kept: "local" (under the
	// data folder, served at /uploads) or "s3". Default: local.
	// Env: KILN_UPLOAD_PROVIDER.
	Provider string `yaml:"provider"`
	// S3 is the s3 provider's settings.
	S3 UploadS3 `yaml:"s3"`
}

// UploadS3 are the settings of the s3 provider: any S3-compatible
// service (AWS, MinIO, SeaweedFS, R2, ...).
type UploadS3 struct {
	Bucket          string `yaml:"bucket"`          // KILN_UPLOAD_S3_BUCKET
	Region          string `yaml:"region"`          // KILN_UPLOAD_S3_REGION; default us-east-1
	Endpoint        string `yaml:"endpoint"`        // KILN_UPLOAD_S3_ENDPOINT; empty is AWS
	AccessKeyID     string `yaml:"accessKeyId"`     // KILN_UPLOAD_S3_ACCESS_KEY_ID
	SecretAccessKey string `yaml:"secretAccessKey"` // KILN_UPLOAD_S3_SECRET_ACCESS_KEY
	// BaseURL is the public address of the bucket's objects (a CDN);
	// empty is the endpoint's own. KILN_UPLOAD_S3_BASE_URL.
	BaseURL string `yaml:"baseUrl"`
	// Prefix is put before every key (a folder in a shared bucket).
	// KILN_UPLOAD_S3_PREFIX.
	Prefix string `yaml:"prefix"`
	// ForcePathStyle addresses the bucket as endpoint/bucket rather than
	// bucket.endpoint (MinIO, SeaweedFS). KILN_UPLOAD_S3_FORCE_PATH_STYLE.
	ForcePathStyle bool `yaml:"forcePathStyle"`
	// SignedURLs answers files' urls signed for SignedURLTTL, for a
	// private bucket (Strapi's isUrlSigned). KILN_UPLOAD_S3_SIGNED_URLS.
	SignedURLs   bool          `yaml:"signedUrls"`
	SignedURLTTL time.Duration `yaml:"signedUrlTtl"` // KILN_UPLOAD_S3_SIGNED_URL_TTL; default 15m
}

// The upload providers.
const (
	ProviderLocal = "local"
	ProviderS3    = "s3"
)

func defaultUpload() Upload {
	// Breakpoints stay nil: a map default would be merged with the file's
	// by the YAML decoder instead of replaced (FormatBreakpoints).
	return Upload{SizeLimit: 200 << 20, MaxPixels: 100_000_000,
		ReadTimeout: 10 * time.Minute, Provider: ProviderLocal,
		S3: UploadS3{Region: "us-east-1", SignedURLTTL: 15 * time.Minute}}
}

// FormatBreakpoints are the breakpoints the settings give, or Strapi's
// when they give none.
func (u Upload) FormatBreakpoints() map[string]int {
	if u.Breakpoints == nil {
		return map[string]int{"large": 1000, "medium": 750, "small": 500}
	}
	return u.Breakpoints
}

// MakesThumbnail reports whether images get the thumbnail format.
func (u Upload) MakesThumbnail() bool { return u.Thumbnail == nil || *u.Thumbnail }

func (u Upload) check() []string {
	var probs []string
	if u.SizeLimit < 1 {
		probs = append(probs, "upload: sizeLimit must be at least 1 byte")
	}
	if u.MaxPixels < 1 {
		probs = append(probs, "upload: maxPixels must be at least 1")
	}
	if u.ReadTimeout <= 0 {
		probs = append(probs, "upload: readTimeout must be positive")
	}
	if u.ImageWorkers < 0 {
		probs = append(probs, "upload: imageWorkers must be 0 (half the cores) or more")
	}
	for name, px := range u.Breakpoints {
		if px < 1 || name == "" || name == "thumbnail" {
			probs = append(probs, fmt.Sprintf("upload: breakpoint %q must have a name other than thumbnail and a size of at least 1", name))
		}
	}
	switch u.Provider {
	case ProviderLocal:
	case ProviderS3:
		if u.S3.Bucket == "" {
			probs = append(probs, "upload: the s3 provider needs s3.bucket")
		}
		if u.S3.SignedURLs && u.S3.SignedURLTTL <= 0 {
			probs = append(probs, "upload: s3.signedUrlTtl must be positive")
		}
	default:
		probs = append(probs, fmt.Sprintf("upload: provider %q is not local or s3", u.Provider))
	}
	return probs
}
