package query

import (
	"slices"
	"strconv"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
)

// Deep populate, Kiln's extension (docs/api.md): the two spellings of the
// "populate deep" plugins, populate=deep[,N] (strapi-plugin-populate-deep)
// and pLevel[=N] (strapi-v5-plugin-populate-deep), expand into the tree an
// explicit populate makes, so the store reads it with the same batched
// statements. Their depth counts as theirs does: the entry is level 1,
// and each relation, component or zone member one more, so depth N
// populates N-1 levels and depth 1 nothing. Media is populated where it
// stands but not its own relations; a relation to a type already on the
// path from the entry (the entry's own type, localizations included) is
// left out, as the v5 plugin leaves it, which also ends every cycle.

// deepWord is the populate value that asks for deep populate.
const deepWord = "deep"

// pLevelKey is the top-level parameter of the v5 plugin's spelling.
const pLevelKey = "pLevel"

// deepDepth reads populate=deep or deep,N (paths is the populate's comma
// list) on ct; ok is false when the list is not that spelling, or ct has
// a field named deep, which its own name then populates.
func (c *checker) deepDepth(ct *schema.ContentType, paths []string, l at) (depth int, ok bool, err error) {
	if len(paths) == 0 || len(paths) > 2 || paths[0] != deepWord || ct.Field(deepWord) != nil {
		return 0, false, nil
	}
	if len(paths) == 1 {
		return c.defaultDeep(), true, nil
	}
	depth, err = c.deepLevel(paths[1], l, deepWord)
	return depth, true, err
}

// pLevel reads pLevel=N; a bare pLevel is the default depth.
func (c *checker) pLevel(v *node) (int, error) {
	if blank(v) {
		return c.defaultDeep(), nil
	}
	s, ok := scalar(v)
	if !ok {
		return 0, valueError(at{param: pLevelKey}, pLevelKey, "Invalid pLevel: expected a whole number")
	}
	return c.deepLevel(s, at{param: pLevelKey}, pLevelKey)
}

// defaultDeep is the depth when the request gives none: 5, the plugins'
// default, or the server's maximum if lower.
func (c *checker) defaultDeep() int { return min(5, c.opts.MaxDeepPopulate) }

// deepLevel reads a depth, 0 or more, lowered to the server's maximum.
func (c *checker) deepLevel(s string, l at, key string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, valueError(l, key, "Invalid %s depth %s: expected a whole number, 0 or more", l.param, quote(s))
	}
	return min(n, c.opts.MaxDeepPopulate), nil
}

// deepPopulate is the populate of depth on ct: every relation, media,
// component and dynamic zone the caller may read, levels down.
func (c *checker) deepPopulate(ct *schema.ContentType, depth int) []*Populate {
	return c.deepLevels(ct, depth-1, []*schema.ContentType{ct})
}

// deepLevels is the populate of ct, levels (≥ 0) levels down; path holds
// the types from the entry's to ct's.
func (c *checker) deepLevels(ct *schema.ContentType, levels int, path []*schema.ContentType) []*Populate {
	if levels <= 0 {
		return nil
	}
	var out []*Populate
	for _, a := range ct.Attributes {
		if a.IsPrivate() || a.Unavailable() || !(a.IsRelation() || a.IsComponent()) {
			continue
		}
		p := newPopulate(a)
		switch {
		case a.Type == schema.Media:
		case a.Type == schema.DynamicZone:
			if levels > 1 {
				p.On = map[string]*Query{}
				for _, comp := range a.ComponentTypes {
					p.On[comp.Name] = &Query{Type: comp, Populate: c.deepLevels(comp, levels-1, append(path, comp))}
				}
			}
		case a.IsComponent():
			p.Query.Populate = c.deepLevels(a.ComponentTypes[0], levels-1, append(path, a.ComponentTypes[0]))
		case !c.opts.canRead(a.TargetType) || slices.Contains(path, a.TargetType):
			continue
		default:
			p.Query.Populate = c.deepLevels(a.TargetType, levels-1, append(path, a.TargetType))
		}
		out = append(out, p)
	}
	return out
}

// applyPLevel expands pLevel, when the request has it, into q's populate.
func (c *checker) applyPLevel(q *Query, root *node) error {
	i := slices.Index(root.keys, pLevelKey)
	if i < 0 {
		return nil
	}
	if j := slices.Index(root.keys, "populate"); j >= 0 && !blank(root.vals[j]) {
		return pLevelWithPopulate()
	}
	n, err := c.pLevel(root.vals[i])
	if err != nil {
		return err
	}
	q.Populate = c.deepPopulate(q.Type, n)
	return nil
}

// pLevelWithPopulate refuses pLevel beside a populate: the plugin drops
// the populate silently, and neither reading is what the client meant.
func pLevelWithPopulate() error {
	return errs.New(errs.KindValidation, "Invalid parameter at 'pLevel': pLevel populates every level itself and cannot be combined with populate").
		WithDetails(details(pLevelKey, "", pLevelKey))
}
