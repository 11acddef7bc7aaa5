package upload

import "github.com/kiln-cms/kiln/internal/jsonw"

// member is one key of an orderedObject.
type member struct {
	key string
	val any
}

// orderedObject is a JSON object written in its members' order: a
// file's formats keep Strapi's key order, which a map would sort.
type orderedObject []member

func (o orderedObject) MarshalJSON() ([]byte, error) {
	return jsonw.MarshalOrdered(len(o), func(i int) (string, any) { return o[i].key, o[i].val })
}
