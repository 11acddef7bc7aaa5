package upload

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/storage"
)

// UpdateInfo changes a file's name, alternative text, caption and focal
// point (Strapi's POST /api/upload?id=): its bytes, hash and url stay.
func (s *Service) UpdateInfo(ctx context.Context, id int64, info Info, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error) {
	w := content.NewWrite(q.Type)
	if info.Name != nil {
		if strings.TrimSpace(*info.Name) == "" {
			return nil, errs.Fields([]errs.FieldError{errs.Field("name", "name must not be empty")})
		}
		w.Set("name", *info.Name)
	}
	if info.AlternativeText != nil {
		w.Set("alternativeText", *info.AlternativeText)
	}
	if info.Caption != nil {
		w.Set("caption", *info.Caption)
	}
	if info.FocalPoint != nil {
		w.Set("focalPoint", info.FocalPoint)
	}
	e, err := s.content.Update(ctx, q, content.ID(id), w, ro)
	if errs.KindOf(err) == errs.KindNotFound {
		return nil, errs.New(errs.KindNotFound, "Entity not found")
	}
	return e, err
}

// Replace puts new bytes under an existing file (Strapi's POST
// /api/upload?id= with a file): its row keeps its id, documentId and
// links; name, type, size, dimensions and formats become the new file's.
// The old bytes are removed once the row is committed.
func (s *Service) Replace(ctx context.Context, id int64, f Incoming, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error) {
	if err := checkSize(f); err != nil {
		return nil, err
	}
	old, err := s.content.Get(ctx, q, id, ro)
	if err != nil {
		if errs.KindOf(err) == errs.KindNotFound {
			return nil, errs.New(errs.KindNotFound, "Entity not found")
		}
		return nil, err
	}
	st, err := s.store1(ctx, f, nil, q.Type)
	if err != nil {
		return nil, err
	}
	// Formats the new file does not have are cleared, not kept.
	w := st.row
	for _, k := range []string{"width", "height", "formats"} {
		if !w.Has(k) {
			w.Set(k, nil)
		}
	}
	e, err := s.content.Update(ctx, q, content.ID(id), w, ro)
	if err != nil {
		s.remove(context.WithoutCancel(ctx), st.keys)
		return nil, err
	}
	s.remove(context.WithoutCancel(ctx), s.keysOf(old))
	return e, nil
}

// Delete removes a file's row and, once that is committed, its bytes and
// every format's. Entries that held the file no longer do: their links
// go in the same transaction as the row (a foreign key set to null, a
// join table's row deleted), as Strapi clears them.
func (s *Service) Delete(ctx context.Context, id int64, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error) {
	gone, err := s.content.Delete(ctx, q, content.ID(id), ro)
	if err != nil {
		if errs.KindOf(err) == errs.KindNotFound {
			return nil, errs.New(errs.KindNotFound, "file.notFound")
		}
		return nil, err
	}
	s.remove(context.WithoutCancel(ctx), s.keysOf(gone))
	return gone, nil
}

// keysOf are the storage keys of a file's row: its own and its formats'.
func (s *Service) keysOf(e *entry.Entry) []string {
	ft := s.FileType
	str := func(name string) string {
		v, _ := e.Get(ft.Attr(name))
		x, _ := v.(string)
		return x
	}
	hash, ext := str("hash"), str("ext")
	if hash == "" {
		return nil
	}
	keys := []string{hash + ext}
	v, _ := e.Get(ft.Attr("formats"))
	if raw, ok := v.(json.RawMessage); ok {
		var formats map[string]struct {
			Hash string `json:"hash"`
			Ext  string `json:"ext"`
		}
		if json.Unmarshal(raw, &formats) == nil {
			for _, f := range formats {
				if f.Hash != "" {
					keys = append(keys, f.Hash+f.Ext)
				}
			}
		}
	}
	return keys
}

// Orphans are the stored keys no file's row names: what a crash between
// storing a file and committing its row leaves behind.
func (s *Service) Orphans(ctx context.Context) ([]string, error) {
	known := map[string]bool{}
	const page = 1000
	for start := 0; ; start += page {
		q, err := query.Parse(s.FileType, fmt.Sprintf("fields[0]=hash&fields[1]=ext&fields[2]=formats&sort=id&pagination[start]=%d&pagination[limit]=%d&pagination[withCount]=false", start, page),
			query.Options{MaxPageSize: page})
		if err != nil {
			return nil, err
		}
		p, err := s.content.Find(ctx, q, entry.ReadOptions{})
		if err != nil {
			return nil, err
		}
		for _, e := range p.Entries {
			for _, k := range s.keysOf(e) {
				known[k] = true
			}
		}
		if len(p.Entries) < page {
			break
		}
	}
	var out []string
	err := s.store.Keys(ctx, func(key string) error {
		if !known[key] {
			out = append(out, key)
		}
		return nil
	})
	return out, err
}

// DeleteOrphans removes the keys Orphans listed.
func (s *Service) DeleteOrphans(ctx context.Context, keys []string) error {
	for _, k := range keys {
		if err := s.store.Delete(ctx, k); err != nil {
			return err
		}
	}
	return nil
}

// SignURLs puts signed URLs in place of a file's url and its formats'
// urls when the provider wants them signed (an S3 bucket with
// s3.signedUrls: its objects are private) and reports whether it did:
// Strapi's isUrlSigned. The routes that answer files call it on each
// file they answer, after reading it and before writing it; nothing is
// stored. A url that is not one of the provider's (a file of another
// provider) is left as it is.
func (s *Service) SignURLs(ctx context.Context, e *entry.Entry) (bool, error) {
	signer, ok := storage.SignerFor(s.store)
	if !ok || e == nil {
		return false, nil
	}
	sign := func(u string) (string, bool, error) {
		key, ok := s.keyOfURL(u)
		if !ok {
			return u, false, nil
		}
		signed, err := signer.SignedURL(ctx, key, 0)
		return signed, err == nil, err
	}
	signed := false
	urlAttr := s.FileType.Attr("url")
	if v, _ := e.Get(urlAttr); v != nil {
		u, _ := v.(string)
		su, ok, err := sign(u)
		if err != nil {
			return false, err
		}
		if ok {
			e.Set(urlAttr, su)
			signed = true
		}
	}
	fmAttr := s.FileType.Attr("formats")
	v, _ := e.Get(fmAttr)
	var raw []byte
	switch x := v.(type) {
	case json.RawMessage:
		raw = x
	case []byte:
		raw = x
	case string:
		raw = []byte(x)
	}
	if len(raw) == 0 {
		return signed, nil
	}
	var formats map[string]struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(raw, &formats) != nil {
		return signed, nil
	}
	out := append([]byte(nil), raw...)
	for _, f := range formats {
		su, ok, err := sign(f.URL)
		if err != nil {
			return false, err
		}
		if !ok {
			continue
		}
		// Replace the url's JSON string where it stands, so that the
		// formats keep their order and every other member its bytes.
		for _, escapeHTML := range []bool{true, false} {
			from, to := jsonString(f.URL, escapeHTML), jsonString(su, escapeHTML)
			if bytes.Contains(out, from) {
				out = bytes.ReplaceAll(out, from, to)
				signed = true
				break
			}
		}
	}
	e.Set(fmAttr, json.RawMessage(out))
	return signed, nil
}

// keyOfURL is the provider's key of a url it made.
func (s *Service) keyOfURL(u string) (string, bool) {
	rest, ok := strings.CutPrefix(u, s.store.URL(""))
	if !ok || rest == "" {
		return "", false
	}
	key, err := url.PathUnescape(rest)
	if err != nil || storage.CheckKey(key) != nil {
		return "", false
	}
	return key, true
}

// jsonString is s as a JSON string, with or without Go's escapes of <,
// > and &.
func jsonString(s string, escapeHTML bool) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}
