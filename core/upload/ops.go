package upload

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
)

// UpdateInfo changes a file's name, alternative text, caption and focal
// point (Strapi's POST /api/upload?id=): its bytes, hash and url stay.
func (s *Service) UpdateInfo(ctx context.Context, id int64, info Info, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error) {
	body := map[string]any{}
	if info.Name != nil {
		if strings.TrimSpace(*info.Name) == "" {
			return nil, errs.Fields([]errs.FieldError{errs.Field("name", "name must not be empty")})
		}
		body["name"] = *info.Name
	}
	if info.AlternativeText != nil {
		body["alternativeText"] = *info.AlternativeText
	}
	if info.Caption != nil {
		body["caption"] = *info.Caption
	}
	if info.FocalPoint != nil {
		body["focalPoint"] = info.FocalPoint
	}
	e, err := s.content.Update(ctx, q, content.ID(id), body, ro)
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
	st, err := s.store1(ctx, f)
	if err != nil {
		return nil, err
	}
	// Formats the new file does not have are cleared, not kept.
	for _, k := range []string{"width", "height", "formats"} {
		if _, ok := st.body[k]; !ok {
			st.body[k] = nil
		}
	}
	e, err := s.content.Update(ctx, q, content.ID(id), st.body, ro)
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
