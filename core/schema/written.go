package schema

import (
	"bytes"
	"encoding/json"
	"strconv"

	"gopkg.in/yaml.v3"
)

// writtenJSON is a YAML or JSON node as JSON, its keys in the order the
// file writes them: what a type's field or pluginOptions say as written,
// which the content-type-builder routes answer as Strapi does (they echo
// the schema file). Keys Kiln reads and Strapi does not know (index) are
// left out, so the answer is Strapi's whichever layout the file has.
func writtenJSON(n *yaml.Node) json.RawMessage {
	var b bytes.Buffer
	writeNode(&b, n, true)
	return b.Bytes()
}

func writeNode(b *bytes.Buffer, n *yaml.Node, top bool) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) > 0 {
			writeNode(b, n.Content[0], top)
			return
		}
		b.WriteString("null")
	case yaml.AliasNode:
		writeNode(b, n.Alias, top)
	case yaml.MappingNode:
		b.WriteByte('{')
		first := true
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if top && k == "index" { // Kiln's extension, not Strapi's
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			key, _ := json.Marshal(k)
			b.Write(key)
			b.WriteByte(':')
			writeNode(b, n.Content[i+1], false)
		}
		b.WriteByte('}')
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			writeNode(b, c, false)
		}
		b.WriteByte(']')
	default:
		writeScalar(b, n)
	}
}

// writeScalar writes a scalar as the JSON value its YAML tag says: a
// number stays a number, true a boolean, ~ null, the rest a string.
func writeScalar(b *bytes.Buffer, n *yaml.Node) {
	switch n.ShortTag() {
	case "!!null":
		b.WriteString("null")
		return
	case "!!bool", "!!int", "!!float":
		var v any
		if n.Decode(&v) == nil {
			if f, ok := v.(float64); ok {
				b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
				return
			}
			out, err := json.Marshal(v)
			if err == nil {
				b.Write(out)
				return
			}
		}
	}
	s, _ := json.Marshal(n.Value)
	b.Write(s)
}
