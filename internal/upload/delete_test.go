package upload_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestDeleteRemovesEveryKey: deleting a file removes its bytes and every
// format's, and its urls answer 404 at once.
func TestDeleteRemovesEveryKey(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		keep := one(t, h.Upload("/api/upload", []apptest.File{{Name: "tall.jpg", Data: fixture(t, "tall.jpg")}}, nil))
		f := one(t, h.Upload("/api/upload", []apptest.File{{Name: "photo.jpg", Data: fixture(t, "photo.jpg")}}, nil))
		urls := urlsOf(f)
		if len(urls) != 5 {
			t.Fatalf("the photo has %d urls, want itself and 4 formats: %q", len(urls), urls)
		}
		for _, u := range urls {
			if r := h.Do("GET", u, nil); r.Status != 200 {
				t.Fatalf("GET %s before the delete: %d", u, r.Status)
			}
		}
		r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%s", f["id"]), nil)
		if r.Status != 200 {
			t.Fatalf("DELETE: %d %s", r.Status, r.Body)
		}
		for _, u := range urls {
			r := h.Do("GET", u, nil)
			if r.Status != 404 {
				t.Errorf("GET %s after the delete: %d, want 404", u, r.Status)
			}
		}
		if got, want := listing(t, uploadsDir(t, h)), keysOf(t, keep); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the uploads folder holds %q, want only the other file's %q", got, want)
		}
		if r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%s", f["id"]), nil); r.Status != 404 {
			t.Errorf("a second DELETE: %d, want 404", r.Status)
		}
	})
}

// albumMedia reads an album's cover, gallery ids and seo.image.
func albumMedia(t *testing.T, h *apptest.Harness, id int64) (cover any, gallery []int64, seoImage any) {
	t.Helper()
	r := h.Do("GET", fmt.Sprintf("/api/albums/%d?populate[cover]=true&populate[gallery]=true&populate[seo][populate][image]=true", id), nil)
	if r.Status != 200 {
		t.Fatalf("GET album: %d %s", r.Status, r.Body)
	}
	data := r.JSON(t)["data"].(map[string]any)
	if c, ok := data["cover"].(map[string]any); ok {
		cover = h.IDOf(c)
	} else {
		cover = data["cover"]
	}
	list, _ := data["gallery"].([]any)
	for _, g := range list {
		gallery = append(gallery, h.IDOf(g))
	}
	seo := data["seo"].(map[string]any)
	if img, ok := seo["image"].(map[string]any); ok {
		seoImage = h.IDOf(img)
	} else {
		seoImage = seo["image"]
	}
	return cover, gallery, seoImage
}

// TestDeleteUnlinksEverywhere: a file that is an album's cover, in its
// gallery between two others and its seo component's image is deleted:
// the album reads cover null, the gallery without it (the others in
// order) and seo.image null. When the delete fails midway (a hook after
// the row's delete), nothing of it is done: the links and the bytes stay.
func TestDeleteUnlinksEverywhere(t *testing.T) {
	t.Parallel()
	each(t, nil, func(t *testing.T, h *apptest.Harness) {
		up := func(name string, data []byte) int64 {
			f := one(t, h.Upload("/api/upload", []apptest.File{{Name: name, Data: data}}, nil))
			id, _ := f["id"].(json.Number).Int64()
			return id
		}
		a, x, b := up("a.png", pngOf(30, 20)), up("photo.jpg", fixture(t, "photo.jpg")), up("b.png", pngOf(20, 30))
		album := h.Create("/api/albums", map[string]any{
			"title": "Holiday", "cover": x, "gallery": []int64{a, x, b},
			"seo": map[string]any{"label": "holiday", "image": x},
		})
		cover, gallery, seo := albumMedia(t, h, album)
		if cover != x || fmt.Sprint(gallery) != fmt.Sprint([]int64{a, x, b}) || seo != x {
			t.Fatalf("before: cover %v gallery %v seo.image %v", cover, gallery, seo)
		}
		keys := storedKeys(t, h)

		// A failure after the row's delete rolls all of it back.
		fail := true
		h.App.Content.Hooks.AfterDelete(schema.FileType, func(ctx context.Context, ev *hook.Event) error {
			if fail {
				return errs.New(errs.KindApplication, "not now")
			}
			return nil
		})
		r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%d", x), nil)
		wantError(t, h, r, 400, "ApplicationError")
		cover, gallery, seo = albumMedia(t, h, album)
		if cover != x || fmt.Sprint(gallery) != fmt.Sprint([]int64{a, x, b}) || seo != x {
			t.Errorf("after a failed delete: cover %v gallery %v seo.image %v, want all as before", cover, gallery, seo)
		}
		if got := storedKeys(t, h); fmt.Sprint(got) != fmt.Sprint(keys) {
			t.Errorf("after a failed delete the storage holds %q, want %q", got, keys)
		}

		fail = false
		if r := h.Do("DELETE", fmt.Sprintf("/api/upload/files/%d", x), nil); r.Status != 200 {
			t.Fatalf("DELETE: %d %s", r.Status, r.Body)
		}
		cover, gallery, seo = albumMedia(t, h, album)
		if cover != nil {
			t.Errorf("cover %v, want null", cover)
		}
		if fmt.Sprint(gallery) != fmt.Sprint([]int64{a, b}) {
			t.Errorf("gallery %v, want [%d %d]", gallery, a, b)
		}
		if seo != nil {
			t.Errorf("seo.image %v, want null", seo)
		}
		if n := len(storedKeys(t, h)); n != 2 {
			t.Errorf("%d keys stored, want the two PNGs'", n)
		}
	})
}
