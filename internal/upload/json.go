package upload

import (
	"bytes"
	"encoding/json"
)

// member is one key of an orderedObject.
type member struct {
	key string
	val any
}

// orderedObject is a JSON object written in its members' order: a
// file's formats keep Strapi's key order, which a map would sort.
type orderedObject []member

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
