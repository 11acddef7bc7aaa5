package docsui

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
)

// Static is a body that never changes while the process runs (an asset,
// an OpenAPI document): served from memory with a strong ETag, so that a
// browser revalidates for a 304 instead of downloading again, and gzipped
// for clients that take it. The gzip is made on first request, not at
// start-up, so that processes and tests that never serve it never pay.
type Static struct {
	contentType string
	body        []byte
	etag        string
	// Header is set on every answer.
	Header map[string]string
	// CacheControl is the answers' Cache-Control; "" is no-cache (revalidate
	// every time: the body may change with the next build).
	CacheControl string

	gzOnce sync.Once
	gz     []byte
}

// NewStatic wraps a body and its content type.
func NewStatic(contentType string, body []byte) *Static {
	sum := sha256.Sum256(body)
	return &Static{contentType: contentType, body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

// Body is the uncompressed body.
func (s *Static) Body() []byte { return s.body }

// Serve answers the body, a 304 when the client has it, gzipped when the
// client accepts gzip and it pays.
func (s *Static) Serve(c *fiber.Ctx) error {
	for k, v := range s.Header {
		c.Set(k, v)
	}
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	if s.CacheControl != "" {
		c.Set(fiber.HeaderCacheControl, s.CacheControl)
	} else {
		c.Set(fiber.HeaderCacheControl, "no-cache")
	}
	body, etag := s.body, s.etag
	// fiber takes a missing Accept-Encoding as accepting anything; only a
	// client that says gzip gets it.
	if c.Get(fiber.HeaderAcceptEncoding) != "" && c.AcceptsEncodings("gzip") == "gzip" {
		if gz := s.gzipped(); gz != nil {
			body, etag = gz, strings.TrimSuffix(s.etag, `"`)+`-gz"`
			c.Set(fiber.HeaderContentEncoding, "gzip")
		}
	}
	c.Set(fiber.HeaderETag, etag)
	if match := c.Get(fiber.HeaderIfNoneMatch); match != "" && (match == "*" || strings.Contains(match, etag)) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, s.contentType)
	return c.Send(body)
}

// gzipped is the body gzipped, or nil when that would not make it smaller
// by a tenth (a PNG, a tiny file).
func (s *Static) gzipped() []byte {
	s.gzOnce.Do(func() {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(s.body)
		w.Close()
		if buf.Len() < len(s.body)*9/10 {
			s.gz = buf.Bytes()
		}
	})
	return s.gz
}
