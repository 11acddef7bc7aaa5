package catalog

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// node is one category in the tree.
type node struct {
	ID          int64   `json:"id"`
	DocumentID  string  `json:"documentId"`
	Name        any     `json:"name"`
	Slug        any     `json:"slug"`
	Description any     `json:"description"`
	Children    []*node `json:"children"`
}

// treeSchema is the answer's data: the roots, each node with its
// children. CategoryNode is declared under "$defs", which the OpenAPI
// document turns into a component the schema (and the node itself) refers
// to.
var treeSchema = map[string]any{
	"type":  "array",
	"items": map[string]any{"$ref": "#/components/schemas/CategoryNode"},
	"$defs": map[string]any{"CategoryNode": map[string]any{
		"type":        "object",
		"description": "A category with its subcategories, siblings in name order.",
		"required":    []any{"id", "documentId", "name", "slug", "description", "children"},
		"properties": map[string]any{
			"id":          map[string]any{"type": "integer"},
			"documentId":  map[string]any{"type": "string"},
			"name":        map[string]any{"type": []any{"string", "null"}},
			"slug":        map[string]any{"type": []any{"string", "null"}},
			"description": map[string]any{"type": []any{"string", "null"}},
			"children":    map[string]any{"type": "array", "items": map[string]any{"$ref": "#/components/schemas/CategoryNode"}},
		},
		"additionalProperties": false,
	}},
}

type tree struct {
	api *plugin.API
	m   *model
}

// handle loads every category the caller may see, with its parent's id,
// in two queries whatever the size of the tree, then nests them in Go.
// Siblings are in name order.
func (t *tree) handle(c *fiber.Ctx) error {
	m := t.m
	q := &query.Query{Type: m.Category, Sort: []query.SortKey{{Path: []*schema.Attribute{m.CatName}}},
		Populate: []*query.Populate{{Relation: m.CatParent, Query: &query.Query{Type: m.Category, Fields: query.IDsOnly()}}}}
	page, err := t.api.Content.Find(c.UserContext(), q, t.api.ReadOptions(c))
	if err != nil {
		return err
	}
	parents := make(map[int64]int64, len(page.Entries))
	for _, e := range page.Entries {
		if p, _ := e.Get(m.CatParent); p != nil {
			if pe, ok := p.(*content.Entry); ok && pe != nil {
				parents[e.ID] = pe.ID
			}
		}
	}
	return reply.Data(c, fiber.StatusOK, nest(m, page.Entries, parents))
}

// nest builds the forest. A category whose parent is missing, hidden or
// part of a cycle becomes a root, so no category is ever lost.
func nest(m *model, list []*content.Entry, parents map[int64]int64) []*node {
	byID := make(map[int64]*node, len(list))
	order := make([]*node, 0, len(list))
	for _, e := range list {
		n := &node{ID: e.ID, DocumentID: e.DocumentID, Children: []*node{}}
		n.Name, _ = e.Get(m.CatName)
		n.Slug, _ = e.Get(m.CatSlug)
		n.Description, _ = e.Get(m.CatDesc)
		byID[e.ID] = n
		order = append(order, n)
	}
	var roots []*node
	for _, n := range order {
		p, ok := byID[parents[n.ID]]
		if !ok || p == n || isAncestor(n.ID, parents[n.ID], parents) {
			roots = append(roots, n)
			continue
		}
		p.Children = append(p.Children, n)
	}
	if roots == nil {
		roots = []*node{}
	}
	return roots
}

// isAncestor reports whether id is reached walking up from start: the
// parent links then form a cycle through id.
func isAncestor(id, start int64, parents map[int64]int64) bool {
	seen := map[int64]bool{}
	for cur := start; cur != 0 && !seen[cur]; cur = parents[cur] {
		if cur == id {
			return true
		}
		seen[cur] = true
	}
	return false
}
