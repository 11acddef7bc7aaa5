package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"

	"github.com/kiln-cms/kiln/internal/database"
)

// Scenario 10, a populated media field: a page of 25 posts of
// testdata/media (draft & publish), each with a hero image of its own,
// read with the hero populated. It runs on an app of its own (that
// project's content types and config, a database of its own, migrated, a
// full-access API token), seeded through the API. It has no HTTP floor:
// its second column is the database's ceiling alone.

// mediaReadPath is scenario 10's request.
const mediaReadPath = "/api/posts?populate=hero&pagination[pageSize]=25"

// runMediaRead measures scenario 10 on db against the database alone.
func runMediaRead(o options, db string) error {
	env, dbURL, token, err := testdataApp(o, db, "media")
	if err != nil {
		return err
	}
	k, err := startKilnEnv(o, env, 13385)
	if err != nil {
		return err
	}
	defer k.stop()
	if err := seedPosts(k.base, token, 25); err != nil {
		return err
	}
	sdb, err := database.Open(context.Background(), dbURL)
	if err != nil {
		return err
	}
	defer sdb.Close()
	sc := scenario{n: 10, name: "10 media field populated", kiln: mediaReadPath}
	kr, err := runLoad(o, k.base+sc.kiln, token, sc)
	if err != nil {
		return err
	}
	_, ceil, err := ceilingOf(o, env, token, sdb, getRequest(mediaReadPath), kr)
	if err != nil {
		return err
	}
	fmt.Printf("   %-28s kiln %8.0f req/s  p50 %-8s p99 %-8s max %-8s err %-4d | floor        – %s\n",
		sc.name, kr.rps, ms(kr.p50), ms(kr.p99), ms(kr.max), kr.errs, ceil)
	return nil
}

// seedPosts uploads n small PNGs of different colours and creates a
// published post with each as its hero.
func seedPosts(base, token string, n int) error {
	for i := range n {
		m := image.NewRGBA(image.Rect(0, 0, 64, 48))
		for p := range m.Pix {
			m.Pix[p] = byte(i * 9)
		}
		m.Set(0, 0, color.White)
		var img bytes.Buffer
		if err := png.Encode(&img, m); err != nil {
			return err
		}
		mp := newMultipartFile("files", fmt.Sprintf("hero-%d.png", i), "image/png")
		body := mp.body(img.Bytes())
		up, err := postUpload(base, token, mp.contentType(), bytes.NewReader(body), int64(len(body)))
		if err != nil {
			return fmt.Errorf("uploading a hero: %w", err)
		}
		b, _ := json.Marshal(map[string]any{"data": map[string]any{"title": fmt.Sprint("Post ", i), "hero": up[0].ID}})
		req, _ := http.NewRequest("POST", base+"/api/posts?status=published", bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != 201 {
			return fmt.Errorf("creating a post: %d", res.StatusCode)
		}
	}
	return nil
}
