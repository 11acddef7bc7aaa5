package jsonw

import (
	"bytes"
	"encoding/json"
)

// MarshalOrdered writes a JSON object of n members in their order, which
// a map would sort: Strapi's answers keep their keys' order (a file's
// formats, the content-type builder's types). member returns the i-th
// key and value; a type holding its members in order calls it from its
// MarshalJSON.
func MarshalOrdered(n int, member func(i int) (string, any)) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		key, val := member(i)
		k, err := json.Marshal(key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(val)
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
