package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"
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
	// last at least SignedURLTTL (default 15 minutes, as Strapi), signed
	// at the start of a window of half of it (SignedURL).
	SignedURLs   bool
	SignedURLTTL time.Duration
	// Now is the clock URLs are signed by; nil is the wall clock. A test
	// sets it to sign at a known instant.
	Now func() time.Time
}

// S3 keeps files as objects in an S3-compatible bucket.
type S3 struct {
	c       *minio.Client
	bucket  string
	prefix  string
	baseURL string // without the trailing slash
	signed  bool
	ttl     time.Duration

	// What SignedURL signs with: the credentials minio uses, the
	// bucket's own address (never the CDN's: the signature names the
	// host), its region and the clock.
	creds    *credentials.Credentials
	signBase string
	region   string
	signer   *v4.Signer
	now      func() time.Time
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
	own := u.Scheme + "://" + cfg.Bucket + "." + u.Host
	if cfg.ForcePathStyle {
		own = u.Scheme + "://" + u.Host + "/" + cfg.Bucket
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = own
	}
	ttl := cfg.SignedURLTTL
	if ttl <= 0 {
		ttl = defaultTTL
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &S3{c: c, bucket: cfg.Bucket, prefix: prefix, baseURL: base, signed: cfg.SignedURLs, ttl: ttl,
		creds: creds, signBase: own, region: region, now: now,
		// S3 signs the path as sent, encoded once (the SDK's own S3
		// presigner sets the same).
		signer: v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }),
	}, nil
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

// SignedURL is a presigned GET of key that stays valid at least ttl from
// now (the configured TTL when ttl <= 0; at most 7 days, S3's limit).
// It is signed at the start of the current window (signingWindow), so
// that every answer of the window, on every instance with the same
// settings and a synchronised clock, carries the same URL and the same
// ETag. Signing is local: no request is made, unless the credentials
// come from an instance role and need refreshing.
func (s *S3) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	if ttl <= 0 {
		ttl = s.ttl
	}
	at, expires := signingWindow(s.now(), ttl)
	cc := s.c.CredContext()
	cc.Context = ctx
	v, err := s.creds.GetWithContext(cc)
	if err != nil {
		return "", s3Err("sign "+key, err)
	}
	if v.SignerType.IsAnonymous() || v.AccessKeyID == "" {
		return "", fmt.Errorf("storage: sign %s: no credentials to sign with", key)
	}
	u := s.signBase + "/" + s3utils.EncodePath(s.object(key)) +
		"?X-Amz-Expires=" + strconv.FormatInt(int64(expires/time.Second), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("storage: sign %s: %w", key, err)
	}
	signed, _, err := s.signer.PresignHTTP(ctx,
		aws.Credentials{AccessKeyID: v.AccessKeyID, SecretAccessKey: v.SecretAccessKey, SessionToken: v.SessionToken},
		req, "UNSIGNED-PAYLOAD", "s3", s.region, at)
	if err != nil {
		return "", fmt.Errorf("storage: sign %s: %w", key, err)
	}
	return signed, nil
}

// signingWindow answers when a URL asked for at now is signed, and for
// how long: at the start of now's window of ttl/2 (windows counted from
// the zero time, so every instance has the same), for ttl plus the
// window, so that a URL handed out at the window's very end still has
// ttl to run. A URL thus lasts between ttl and 1.5 × ttl from when it is
// handed out. The window shrinks so that ttl plus it stay within S3's
// 7 days; below a second (a ttl of about 7 days) it is the second,
// X-Amz-Date's own resolution, and the URL lasts ttl from its second.
func signingWindow(now time.Time, ttl time.Duration) (at time.Time, expires time.Duration) {
	ttl = min(max(ttl, time.Second), maxTTL).Truncate(time.Second)
	w := min(ttl/2, maxTTL-ttl).Truncate(time.Second)
	if w < time.Second {
		return now.Truncate(time.Second), ttl
	}
	return now.Truncate(w), ttl + w
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
