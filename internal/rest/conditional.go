package rest

import (
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
)

// Conditional gives every successful GET or HEAD answer under /api an
// ETag and its caching headers, and answers 304 Not Modified with no body
// when the request's If-None-Match matches it (RFC 9110 §13.1.2). It runs
// once for generated, single-type, account and plugin routes alike.
//
// The tag is a 64-bit xxhash of the body bytes: a generated answer hashes
// them as they are encoded (answer.go), any other body is hashed once
// built. A validator needs to tell apart the representations of one URL,
// not to resist a forger — whoever could choose a body to collide with
// could read the answer anyway — and at 2^-64 an accidental collision
// between two versions of the same answer is out of reach.
//
// Cache-Control: an answer to a request that carried credentials is
// "private, no-cache": no shared cache keeps it, the client revalidates it
// with the ETag. A public answer is "no-cache": any cache may keep it but
// must revalidate before using it, so an edit shows at once. A plugin's
// own Cache-Control (the .ics feed) and ETag are left as they are.
//
// Mount it after Authenticate and before LimitAnswer, so that a refused
// answer (an error) gets none of this: errors carry no ETag.
func Conditional(c *fiber.Ctx) error {
	if err := c.Next(); err != nil {
		return err
	}
	m := c.Method()
	if m != fiber.MethodGet && m != fiber.MethodHead {
		return nil
	}
	resp := c.Response()
	if resp.StatusCode() != fiber.StatusOK {
		return nil
	}
	if len(resp.Header.Peek(fiber.HeaderCacheControl)) == 0 {
		if hasCredentials(c) {
			c.Set(fiber.HeaderCacheControl, "private, no-cache")
		} else {
			c.Set(fiber.HeaderCacheControl, "no-cache")
		}
	}
	c.Vary(fiber.HeaderAuthorization)
	if versionByHeader(c.Path()) {
		c.Vary(headerResponseFormat)
	}
	tag := string(resp.Header.Peek(fiber.HeaderETag))
	if tag == "" {
		sum, ok := c.Locals(etagKey).(uint64)
		if !ok {
			if resp.IsBodyStream() {
				return nil // not ours: hashing it would read it into memory
			}
			sum = xxhash.Sum64(resp.Body())
		}
		tag = formatETag(sum)
		c.Set(fiber.HeaderETag, tag)
	}
	if inm := c.Get(fiber.HeaderIfNoneMatch); inm != "" && noneMatchHas(inm, tag) {
		// Closes a streamed body (and so frees its temporary file).
		resp.ResetBody()
		resp.Header.Del(fiber.HeaderContentType)
		resp.Header.SetNoDefaultContentType(true) // reset with the response
		resp.SetStatusCode(fiber.StatusNotModified)
	}
	return nil
}

// hasCredentials reports whether the request carried a token (a JWT or an
// API token) or was resolved to anyone but the public.
func hasCredentials(c *fiber.Ctx) bool {
	if len(c.Request().Header.Peek(fiber.HeaderAuthorization)) > 0 {
		return true
	}
	cl := caller.Of(c)
	return cl.Token != nil || cl.UserID != 0
}

// versionByHeader reports whether the answer's shape can depend on the
// Strapi-Response-Format header: only below plain /api (VersionOf).
func versionByHeader(p string) bool {
	return !(p == "/api/v1" || p == "/api/v2" || strings.HasPrefix(p, "/api/v1/") || strings.HasPrefix(p, "/api/v2/"))
}

const headerResponseFormat = "Strapi-Response-Format"

func formatETag(sum uint64) string {
	b := make([]byte, 0, 18)
	b = append(b, '"')
	s := strconv.AppendUint(make([]byte, 0, 16), sum, 16)
	for i := len(s); i < 16; i++ {
		b = append(b, '0')
	}
	b = append(b, s...)
	return string(append(b, '"'))
}

// noneMatchHas reports whether an If-None-Match value matches tag: "*", or
// a list of entity tags of which one is tag by the weak comparison (W/
// ignored on both sides, RFC 9110 §8.8.3.2). A malformed list matches
// nothing, so the answer is sent whole.
func noneMatchHas(inm, tag string) bool {
	tag = strings.TrimPrefix(tag, "W/")
	inm = strings.TrimSpace(inm)
	if inm == "*" {
		return true
	}
	for inm != "" {
		inm = strings.TrimLeft(inm, " \t,")
		if inm == "" {
			break
		}
		inm = strings.TrimPrefix(inm, "W/")
		if inm == "" || inm[0] != '"' {
			return false
		}
		end := strings.IndexByte(inm[1:], '"')
		if end < 0 {
			return false
		}
		if inm[:end+2] == tag {
			return true
		}
		inm = strings.TrimLeft(inm[end+2:], " \t")
		if inm != "" && inm[0] != ',' {
			return false
		}
	}
	return false
}
