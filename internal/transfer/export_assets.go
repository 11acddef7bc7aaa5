package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
)

// The files of an export: each stored object, and its assets/metadata
// sidecar as Strapi's import checks it.

// assetKey is a stored file and its assets/metadata sidecar.
type assetKey struct {
	key  string
	meta []byte
}

// fileKeys notes the stored keys of file row i (whose entities/ data is
// data) and of its formats, each with the sidecar strapi import reads:
// assets/metadata/<hash><ext>.json is the file's row with its id first
// (Strapi's select *), a format's is the format's object with "type" (the
// format's name), "id" (the file's) and "mainHash" (the file's hash)
// (testdata/transfer/README.md, "assets/"). strapi import checks them
// before it writes anything (id a positive integer, size a number, name,
// hash, mime, url non-empty, the upload's name hash+ext), and finds the
// file row to give the provider's url to by the id.
func (ex *exporter) fileKeys(r entry.BulkRows, i int, data []byte) error {
	val := func(name string) any {
		for j, a := range r.Fields {
			if a.Name == name {
				return r.Values[i][j]
			}
		}
		return nil
	}
	id := r.IDs[i]
	hash, _ := val("hash").(string)
	ext, _ := val("ext").(string)
	if hash != "" {
		meta := fmt.Appendf(nil, `{"id":%d,%s`, id, data[1:])
		ex.keys = append(ex.keys, assetKey{hash + ext, meta})
	}
	raw, _ := val("formats").(json.RawMessage)
	var formats map[string]map[string]any
	if len(raw) > 0 && decode(raw, &formats) != nil {
		return nil // formats Kiln cannot read: the file alone
	}
	for _, name := range sortedNames(formats) {
		f := formats[name]
		fh, _ := f["hash"].(string)
		if fh == "" {
			continue
		}
		fe, _ := f["ext"].(string)
		f["type"], f["id"], f["mainHash"] = name, id, hash
		meta, err := json.Marshal(f)
		if err != nil {
			return err
		}
		ex.keys = append(ex.keys, assetKey{fh + fe, meta})
	}
	return nil
}

// assets writes each file's bytes and its metadata sidecar, as Strapi's
// assets/uploads/<key> and assets/metadata/<key>.json.
func (ex *exporter) assets(ctx context.Context, _ *content.Tx) error {
	if !ex.o.Files {
		return nil
	}
	if ex.o.Storage == nil {
		return errors.New("no storage to read the files from")
	}
	for _, k := range ex.keys {
		r, size, err := ex.o.Storage.Get(ctx, k.key)
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("the file %s a file row names is not in the storage (kiln media orphans lists the other way round)", k.key)
		}
		if err != nil {
			return fmt.Errorf("reading the file %s: %w", k.key, err)
		}
		if err := ex.w.Add("assets/metadata/"+k.key+".json", int64(len(k.meta)), bytes.NewReader(k.meta)); err != nil {
			r.Close()
			return err
		}
		err = ex.w.Add("assets/uploads/"+k.key, size, r)
		r.Close()
		if err != nil {
			return err
		}
		ex.rep.Assets++
		ex.rep.AssetBytes += size
		ex.progress("assets", ex.rep.Assets, ex.rep.AssetBytes)
	}
	return nil
}
