package rest

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/storage"
)

// Signed URLs: a private bucket's files are fetched through URLs signed
// for a while (upload.yaml's s3.signedUrls, Strapi's isUrlSigned). Rows
// keep the plain URL; each answer signs the urls of the files it carries
// — the upload routes' and every populated media field's, at any depth —
// for the request.

type signerKey struct{}

// SignFileURLs is the middleware that makes the request's answers carry
// signed file urls; the app installs it when the provider signs.
func SignFileURLs(s storage.Signer) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Locals(signerKey{}, s)
		return c.Next()
	}
}

// signsURLs reports whether the request's answers sign file urls.
func signsURLs(c *fiber.Ctx) bool {
	_, ok := c.Locals(signerKey{}).(storage.Signer)
	return ok
}

// signFiles rewrites, in place, the url of every file in list and below
// it (populated relations and components), and its formats' urls, signed
// for this request. Nothing is done, nor walked, when the provider does
// not sign.
func signFiles(c *fiber.Ctx, list ...*entry.Entry) {
	s, ok := c.Locals(signerKey{}).(storage.Signer)
	if !ok {
		return
	}
	sign := func(u string) string {
		key := path.Base(u)
		if k, err := url.PathUnescape(key); err == nil {
			key = k
		}
		signed, err := s.SignedURL(c.UserContext(), key, 0)
		if err != nil {
			return u // a key that cannot be signed stays as stored
		}
		return signed
	}
	var walk func(e *entry.Entry)
	walk = func(e *entry.Entry) {
		if e == nil {
			return
		}
		if e.Type.Builtin && e.Type.Name == schema.FileType {
			signFile(e, sign)
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

// signFile signs one file's url and its formats' urls.
func signFile(e *entry.Entry, sign func(string) string) {
	ft := e.Type
	if a := ft.Attr("url"); a != nil {
		if u, ok := e.Get(a); ok {
			if s, _ := u.(string); s != "" {
				e.Set(a, sign(s))
			}
		}
	}
	a := ft.Attr("formats")
	if a == nil {
		return
	}
	v, ok := e.Get(a)
	raw, _ := v.(json.RawMessage)
	if !ok || len(raw) == 0 {
		return
	}
	var formats map[string]struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(raw, &formats) != nil {
		return
	}
	out := append(json.RawMessage(nil), raw...)
	for _, f := range formats {
		if f.URL == "" {
			continue
		}
		old, _ := json.Marshal(f.URL)
		signed, _ := json.Marshal(sign(f.URL))
		out = bytes.ReplaceAll(out, old, signed)
	}
	e.Set(a, out)
}
