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

// Member is one key and value of an Ordered object.
type Member struct {
	Key   string
	Value any
}

// Ordered is a JSON object whose keys keep the order they are given in,
// as Strapi's documents have them.
type Ordered []Member

// MarshalJSON writes the members in their order.
func (o Ordered) MarshalJSON() ([]byte, error) {
	return MarshalOrdered(len(o), func(i int) (string, any) { return o[i].Key, o[i].Value })
}

// InOrder is the JSON object raw as an Ordered list of its members, in the
// order raw writes them, each value as its raw JSON; nil when raw is not
// an object.
func InOrder(raw json.RawMessage) Ordered {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	out := Ordered{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		k, _ := t.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return nil
		}
		out = append(out, Member{k, v})
	}
	return out
}
