package rest

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
)

// Signed URLs: a private bucket's files are fetched through URLs signed
// for a while (upload.yaml's s3.signedUrls, Strapi's isUrlSigned). Rows
// keep the plain URL; each answer signs the urls of the files it carries
// — the upload routes' and every populated media field's, at any depth —
// for the request.

type signerKey struct{}

// FileSigner signs, in place, a file entry's url and its formats' urls,
// and reports whether it did (internal/upload's Service.SignURLs).
type FileSigner func(ctx context.Context, e *entry.Entry) (bool, error)

// SignFileURLs is the middleware that makes the request's answers carry
// signed file urls; the app installs it when the provider signs.
func SignFileURLs(sign FileSigner) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Locals(signerKey{}, sign)
		return c.Next()
	}
}

// signsURLs reports whether the request's answers sign file urls.
func signsURLs(c *fiber.Ctx) bool {
	_, ok := c.Locals(signerKey{}).(FileSigner)
	return ok
}

// signFiles signs the urls of every file in list and below it (populated
// relations and components), for this request. Nothing is done, nor
// walked, when the provider does not sign; a url that cannot be signed
// stays as stored.
func signFiles(c *fiber.Ctx, list ...*entry.Entry) {
	sign, ok := c.Locals(signerKey{}).(FileSigner)
	if !ok {
		return
	}
	var walk func(e *entry.Entry)
	walk = func(e *entry.Entry) {
		if e == nil {
			return
		}
		if e.Type.Builtin && e.Type.Name == schema.FileType {
			_, _ = sign(c.UserContext(), e)
		}
		for i, v := range e.Values {
			if i >= len(e.Has) || !e.Has[i] {
				continue
			}
			switch x := v.(type) {
			case *entry.Entry:
				walk(x)
			case []*entry.Entry:
				for _, y := range x {
					walk(y)
				}
			}
		}
	}
	for _, e := range list {
		walk(e)
	}
}
