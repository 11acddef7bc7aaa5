package upload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kiln-cms/kiln/internal/storage"
)

// A file row names its stored objects by hash and ext: the file's own
// (hash + ext) and each format's (its hash + ext), under the keys the
// storage keeps them. A move between storages, an import and an export
// read them the same way.

// Object is one stored object of a file: its key and MIME type.
type Object struct{ Key, Mime string }

// Objects lists a file row's objects from its hash, ext, mime and formats
// (a JSON object or null): the file's first, then its formats' in their
// order.
func Objects(hash, ext, mime string, formats []byte) ([]Object, error) {
	if hash == "" {
		return nil, errors.New("the row has no hash, so no stored name")
	}
	out := []Object{{hash + ext, mime}}
	if t := bytes.TrimSpace(formats); len(t) == 0 || string(t) == "null" {
		return out, nil
	}
	fm, err := objectMembers(formats)
	if err != nil {
		return nil, fmt.Errorf("its formats are not a JSON object: %w", err)
	}
	for _, m := range fm {
		var f struct {
			Hash string `json:"hash"`
			Ext  string `json:"ext"`
			Mime string `json:"mime"`
		}
		if err := json.Unmarshal(m.val, &f); err != nil || f.Hash == "" {
			return nil, fmt.Errorf("its format %q has no hash, so no stored name", m.key)
		}
		out = append(out, Object{f.Hash + f.Ext, f.Mime})
	}
	return out, nil
}

// Relocated is a file row's url and formats once its objects (Objects of
// the same formats) are kept by to: each url the storage's for the same
// key, every other member and the formats' order kept as written (nil
// formats when the row has none).
func Relocated(to storage.Storage, objs []Object, formats []byte) (url string, out []byte, err error) {
	url = to.URL(objs[0].Key)
	if len(objs) == 1 {
		return url, nil, nil
	}
	fm, err := objectMembers(formats)
	if err != nil {
		return "", nil, err
	}
	list := orderedObject{}
	for i, m := range fm {
		f, err := objectMembers(m.val)
		if err != nil {
			return "", nil, err
		}
		nf := orderedObject{}
		for _, x := range f {
			v := any(x.val)
			if x.key == "url" {
				v = to.URL(objs[i+1].Key)
			}
			nf = append(nf, member{x.key, v})
		}
		list = append(list, member{m.key, nf})
	}
	out, err = json.Marshal(list)
	return url, out, err
}
