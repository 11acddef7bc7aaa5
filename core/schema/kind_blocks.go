package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// blocksKind is Strapi 5's rich text in blocks: a list of block nodes
// (paragraph, heading, list, quote, code, image) whose leaves are text
// nodes and links, checked against Strapi's node shape (blocks.go) when
// written. It is stored and answered as json is (JSON on PostgreSQL, TEXT
// on SQLite; the text encoding/json writes, keys sorted), and filtered
// as json is: equality of documents, the text operators on their text.
//
// Parse: JSON text (a filter's document; its shape is not checked, a
// document that is no blocks simply matches nothing). FromJSON: a list
// of block nodes, as given, or a *ValueError whose Path is where it
// breaks Strapi's shape. Canonical: json.RawMessage.
type blocksKind struct{ jsonKind }

func (blocksKind) Type() FieldType { return Blocks }

func (blocksKind) FromJSON(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, errJSON
	}
	c, err := rawJSON(raw)
	if err != nil {
		return nil, err
	}
	if err := checkBlocksJSON(raw); err != nil {
		return nil, err
	}
	return c, nil
}

// checkBlocksJSON checks a document's shape, its numbers read as written.
func checkBlocksJSON(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return errJSON
	}
	if e := checkBlocks(doc); e != nil {
		return e
	}
	return nil
}

func (blocksKind) OutputSchema(a *Attribute) map[string]any { return blocksSchema() }

func (blocksKind) InputSchema(a *Attribute) map[string]any { return blocksSchema() }

// blocksSchema is the blocks' JSON Schema: a list of nodes, each with its
// type and children. The server checks the whole shape (docs/field-kinds.md).
func blocksSchema() map[string]any {
	return map[string]any{
		"type":        []any{"array", "null"},
		"description": "Strapi's rich text in blocks: paragraph, heading (level 1-6), list (ordered or unordered, of list-item and list nodes), quote, code and image nodes, whose children are text nodes (text, and the booleans bold, italic, underline, strikethrough, code) and link nodes (url, children)",
		"items": map[string]any{
			"type":     "object",
			"required": []any{"type"},
			"properties": map[string]any{
				"type":     map[string]any{"type": "string", "enum": []any{"paragraph", "heading", "list", "quote", "code", "image"}},
				"children": map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			},
		},
	}
}

// Default takes a list of blocks, as a write would.
func (k blocksKind) Default(a *Attribute, v any) (any, string) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Sprintf("%v is not JSON", v)
	}
	c, err := k.FromJSON(json.RawMessage(raw))
	if err != nil {
		ve := err.(*ValueError)
		if len(ve.Path) == 0 {
			return nil, "must " + ve.Must
		}
		return nil, "is not blocks: " + PathString("", ve.Path) + " must " + ve.Must
	}
	return c, ""
}

// ConvertFrom: as json's. A json document becomes blocks as it is; its
// shape is checked when it is next written.
func (k blocksKind) ConvertFrom(d Dialect, from Kind, c string) Conversion {
	return k.jsonKind.ConvertFrom(d, from, c)
}
