package content

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
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

type tree struct{ api *plugin.API }

// handle loads every category, and their parent links, in two queries
// whatever the size of the tree, then nests them in Go. Siblings are in
// name order.
func (t *tree) handle(c *fiber.Ctx) error {
	ct := t.api.Schema.Type("category")
	name := ct.Attr("name")
	q := &query.Query{Type: ct, Sort: []query.SortKey{{Path: []*schema.Attribute{name}}}}
	list, err := t.api.Content.Store.Find(c.UserContext(), t.api.Content.DB.Bun, q, t.api.ReadOptions(c))
	if err != nil {
		return err
	}
	parents, err := t.api.Content.Store.ForeignKeys(c.UserContext(), t.api.Content.DB.Bun, ct.Attr("parent"), list)
	if err != nil {
		return err
	}
	return rest.WriteData(c, fiber.StatusOK, nest(ct, list, parents))
}

// nest builds the forest. A category whose parent is missing, hidden or
// part of a cycle becomes a root, so no category is ever lost.
func nest(ct *schema.ContentType, list []*store.Entry, parents map[int64]int64) []*node {
	byID := make(map[int64]*node, len(list))
	order := make([]*node, 0, len(list))
	for _, e := range list {
		n := &node{ID: e.ID, DocumentID: e.DocumentID, Children: []*node{}}
		n.Name, _ = e.Get(ct.Attr("name"))
		n.Slug, _ = e.Get(ct.Attr("slug"))
		n.Description, _ = e.Get(ct.Attr("description"))
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
