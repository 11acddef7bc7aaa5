package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config mirrors the settings of Strapi's aws-s3 provider.
type S3Config struct {
	Bucket string
	// Region defaults to us-east-1; set it so no request is spent asking
	// the bucket's location.
	Region string
	// Endpoint is the server's URL ("https://s3.eu-west-1.amazonaws.com",
	// "http://127.0.0.1:9000"); empty means AWS for Region. A bare host
	// means https.
	Endpoint string
	// AccessKeyID and SecretAccessKey, when empty, come from the AWS
	// environment variables, shared credentials file or instance role.
	AccessKeyID, SecretAccessKey string
	// BaseURL, when set, replaces the bucket's address in URL (a CDN).
	BaseURL string
	// Prefix is put before every key (Strapi's rootPath).
	Prefix string
	// ForcePathStyle addresses the bucket as endpoint/bucket/key rather
	// than bucket.endpoint/key; most self-hosted servers need it.
	ForcePathStyle bool
	// SignedURLs marks the bucket private: clients get signed URLs that
	// last SignedURLTTL (default 15 minutes, as Strapi).
	SignedURLs   bool
	SignedURLTTL time.Duration
}

// S3 keeps files as objects in an S3-compatible bucket.
type S3 struct {
	c       *minio.Client
	bucket  string
	prefix  string
	baseURL string // without the trailing slash
	signed  bool
	ttl     time.Duration
}

const (
	// partSize is S3's smallest part: an upload of unknown size holds one
	// part in memory, and 10,000 of them allow objects of about 48 GiB.
	partSize = 5 << 20
	// s3Retries and s3DialTimeout bound how long a Put takes to report an
	// unreachable server (about 10 s at worst, at once when refused).
	s3Retries     = 3
	s3DialTimeout = 3 * time.Second
	defaultTTL    = 15 * time.Minute
	maxTTL        = 7 * 24 * time.Hour // S3's limit for presigned URLs
)

// NewS3 makes a client for cfg's bucket. It does no request, so kiln starts
// while the server is down and uploads answer ErrUnavailable meanwhile.
func NewS3(ctx context.Context, cfg S3Config) (*S3, error) {
	if cfg.Bucket == "" {
		return nil, errors.New("storage: s3: no bucket")
	}
	region := cfg.Region
	if region == "" {
		region = "us-east-1"
	}
	endpoint := cfg.Endpoint
	if endpoint == "" {
		endpoint = "https://s3." + region + ".amazonaws.com"
	} else if !strings.Contains(endpoint, "://") {
		endpoint = "https://" + endpoint
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
		return nil, fmt.Errorf("storage: s3: endpoint %q is not http(s)://host[:port]", cfg.Endpoint)
	}
	secure := u.Scheme == "https"

	var creds *credentials.Credentials
	if cfg.AccessKeyID != "" {
		creds = credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, "")
	} else {
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{}, &credentials.FileAWSCredentials{}, &credentials.IAM{},
		})
	}
	tr, err := minio.DefaultTransport(secure)
	if err != nil {
		return nil, fmt.Errorf("storage: s3: %w", err)
	}
	tr.DialContext = (&net.Dialer{Timeout: s3DialTimeout, KeepAlive: 30 * time.Second}).DialContext
	lookup := minio.BucketLookupDNS
	if cfg.ForcePathStyle {
		lookup = minio.BucketLookupPath
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:        creds,
		Secure:       secure,
		Region:       region,
		Transport:    tr,
		BucketLookup: lookup,
		MaxRetries:   s3Retries,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: s3: %w", err)
	}

	prefix := strings.Trim(cfg.Prefix, "/")
	if prefix != "" {
		prefix += "/"
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		if cfg.ForcePathStyle {
			base = u.Scheme + "://" + u.Host + "/" + cfg.Bucket
		} else {
			base = u.Scheme + "://" + cfg.Bucket + "." + u.Host
		}
	}
	ttl := cfg.SignedURLTTL
	if ttl <= 0 {
		ttl = defaultTTL
	}
	return &S3{c: c, bucket: cfg.Bucket, prefix: prefix, baseURL: base, signed: cfg.SignedURLs, ttl: ttl}, nil
}

// Provider is Strapi's name for this provider.
func (s *S3) Provider() string { return ProviderS3 }

func (s *S3) object(key string) string { return s.prefix + key }

// URL is the object's unsigned address (baseURL, or the bucket's own).
func (s *S3) URL(key string) string {
	segs := strings.Split(s.object(key), "/")
	for i, seg := range segs {
		segs[i] = url.PathEscape(seg)
	}
	return s.baseURL + "/" + strings.Join(segs, "/")
}

// Put uploads body in one request when it is known to fit one part, else
// as a multipart upload holding one part in memory; a failed multipart
// upload is aborted, so no object appears.
func (s *S3) Put(ctx context.Context, key string, body io.Reader, size int64, mime string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if mime == "" {
		mime = "application/octet-stream"
	}
	br := &bodyReader{ctx: ctx, r: body}
	_, err := s.c.PutObject(ctx, s.bucket, s.object(key), br, size, minio.PutObjectOptions{
		ContentType: mime,
		PartSize:    partSize,
	})
	if err != nil {
		if cerr := br.clientErr(key, size); cerr != nil {
			return cerr
		}
		return s3Err("put "+key, err)
	}
	return nil
}

// Get opens the object under key for reading; its first request (a
// HEAD, for the size) is made here, so a missing object answers an error
// matching fs.ErrNotExist at once rather than at the first Read.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	if err := CheckKey(key); err != nil {
		return nil, 0, err
	}
	obj, err := s.c.GetObject(ctx, s.bucket, s.object(key), minio.GetObjectOptions{})
	if err != nil {
		return nil, 0, s3Err("get "+key, err)
	}
	info, err := obj.Stat()
	if err != nil {
		_ = obj.Close()
		if r := minio.ToErrorResponse(err); r.Code == "NoSuchKey" || r.StatusCode == 404 {
			return nil, 0, fmt.Errorf("storage: get %s: %w", key, fs.ErrNotExist)
		}
		return nil, 0, s3Err("get "+key, err)
	}
	return obj, info.Size, nil
}

// Delete removes key; S3 answers a missing key as deleted.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if err := s.c.RemoveObject(ctx, s.bucket, s.object(key), minio.RemoveObjectOptions{}); err != nil {
		return s3Err("delete "+key, err)
	}
	return nil
}

// Keys lists the objects directly under the prefix; objects in deeper
// "folders" or with names no key could have are not kiln's and are skipped.
func (s *S3) Keys(ctx context.Context, fn func(key string) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops minio's listing goroutine when fn stops early
	for obj := range s.c.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix}) {
		if obj.Err != nil {
			return s3Err("list", obj.Err)
		}
		k := strings.TrimPrefix(obj.Key, s.prefix)
		if CheckKey(k) != nil {
			continue
		}
		if err := fn(k); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// SignedURL is a presigned GET of key lasting ttl (the configured TTL when
// ttl <= 0, at most 7 days). Signing is local: no request is made.
func (s *S3) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	if ttl <= 0 {
		ttl = s.ttl
	}
	ttl = min(max(ttl, time.Second), maxTTL)
	u, err := s.c.PresignedGetObject(ctx, s.bucket, s.object(key), ttl, nil)
	if err != nil {
		return "", s3Err("sign "+key, err)
	}
	return u.String(), nil
}

func (s *S3) signs() bool { return s.signed }

// s3Err marks as ErrUnavailable what a retry later may cure: the server
// unreachable, timing out, or answering 5xx, 429 or SlowDown.
func s3Err(op string, err error) error {
	if s3Unavailable(err) {
		return unavailable(op, err)
	}
	return fmt.Errorf("storage: %s: %w", op, err)
}

func s3Unavailable(err error) bool {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) {
		switch resp.Code {
		case "SlowDown", "ServiceUnavailable", "InternalError", "RequestTimeout":
			return true
		}
		return resp.StatusCode >= 500 || resp.StatusCode == 429 || resp.StatusCode == 408
	}
	if errors.Is(err, context.Canceled) {
		return false // the caller went away; nothing is wrong with the storage
	}
	var ne net.Error
	return errors.As(err, &ne) ||
		errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE)
}
