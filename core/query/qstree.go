package query

import (
	"strconv"
)

// nodeKind is the JavaScript type of a value qs produces.
type nodeKind uint8

const (
	nullNode   nodeKind = iota // a key with no '=' (strictNullHandling)
	stringNode                 // every value on the wire
	trueNode                   // qs's target[value] = true when a plain value merges into an object
	listNode                   // a JS array; nil items are holes until compact
	objectNode                 // a JS object, keys in JS property order
)

// node is one value of the tree qs.parse returns. Objects keep JavaScript's
// property order (array-index keys ascending first, then insertion order)
// because sort and populate read keys in that order, as Strapi does.
type node struct {
	kind  nodeKind
	str   string
	items []*node
	keys  []string
	vals  []*node
}

// The scalar singletons are shared: merging only ever mutates lists and objects.
var (
	nullValue = &node{kind: nullNode}
	trueValue = &node{kind: trueNode}
)

func newObject() *node { return &node{kind: objectNode} }

// isContainer reports what JavaScript's `x && typeof x === 'object'` does.
func (n *node) isContainer() bool { return n.kind == listNode || n.kind == objectNode }

// get returns the value under k, or nil. Objects are small: a linear scan
// beats a map, and the parameter limit bounds the worst case.
func (n *node) get(k string) *node {
	for i, key := range n.keys {
		if key == k {
			return n.vals[i]
		}
	}
	return nil
}

// set stores v under k, keeping JavaScript's property order.
func (n *node) set(k string, v *node) {
	for i, key := range n.keys {
		if key == k {
			n.vals[i] = v
			return
		}
	}
	at := len(n.keys)
	if idx, ok := arrayIndex(k); ok {
		at = 0
		for at < len(n.keys) {
			j, isIdx := arrayIndex(n.keys[at])
			if !isIdx || j > idx {
				break
			}
			at++
		}
	}
	n.keys = append(n.keys, "")
	n.vals = append(n.vals, nil)
	copy(n.keys[at+1:], n.keys[at:])
	copy(n.vals[at+1:], n.vals[at:])
	n.keys[at], n.vals[at] = k, v
}

// arrayIndex parses a canonical JavaScript array index ("0", "17", never
// "017" or "+1"), the keys JavaScript orders first and qs turns into arrays.
func arrayIndex(s string) (uint64, bool) {
	if s == "" || len(s) > 10 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + uint64(s[i]-'0')
	}
	return n, n <= 1<<32-2
}

// combine is qs's utils.combine: [].concat(a, b), flattening one level.
func combine(a, b *node) *node {
	out := &node{kind: listNode}
	for _, n := range []*node{a, b} {
		switch {
		case n == nil:
		case n.kind == listNode:
			out.items = append(out.items, n.items...)
		default:
			out.items = append(out.items, n)
		}
	}
	return out
}

// merge is qs's utils.merge: it folds source into target and returns the
// result, mutating target when it is a list or an object.
func merge(target, source *node) (*node, error) {
	if source == nil || source.kind == nullNode || (source.kind == stringNode && source.str == "") {
		return target, nil
	}
	if !source.isContainer() {
		return mergeScalar(target, source)
	}
	if !target.isContainer() {
		return combine(&node{kind: listNode, items: []*node{target}}, source), nil
	}
	if target.kind == listNode && source.kind == listNode {
		return mergeLists(target, source)
	}
	if target.kind == listNode {
		target = listToObject(target)
	}
	return mergeIntoObject(target, source)
}

// mergeScalar folds a plain value in: pushed onto a list, set as a key
// (with value true) on an object, or paired with a scalar.
func mergeScalar(target, source *node) (*node, error) {
	switch target.kind {
	case listNode:
		target.items = append(target.items, source)
		return target, nil
	case objectNode:
		if err := checkKey(source.str, ""); err != nil {
			return nil, err
		}
		target.set(source.str, trueValue)
		return target, nil
	}
	return &node{kind: listNode, items: []*node{target, source}}, nil
}

// mergeLists merges two arrays index by index, appending what collides
// with a scalar, as qs does.
func mergeLists(target, source *node) (*node, error) {
	for i, item := range source.items {
		if item == nil {
			continue
		}
		if i < len(target.items) && target.items[i] != nil {
			old := target.items[i]
			if !old.isContainer() || !item.isContainer() {
				target.items = append(target.items, item)
				continue
			}
			m, err := merge(old, item)
			if err != nil {
				return nil, err
			}
			target.items[i] = m
			continue
		}
		for len(target.items) <= i {
			target.items = append(target.items, nil)
		}
		target.items[i] = item
	}
	return target, nil
}

// mergeIntoObject merges every key of source (an object, or an array's
// indices) into the object target.
func mergeIntoObject(target, source *node) (*node, error) {
	each := func(k string, v *node) error {
		old := target.get(k)
		if old == nil {
			target.set(k, v)
			return nil
		}
		m, err := merge(old, v)
		if err != nil {
			return err
		}
		target.set(k, m)
		return nil
	}
	if source.kind == listNode {
		for i, v := range source.items {
			if v != nil {
				if err := each(strconv.Itoa(i), v); err != nil {
					return nil, err
				}
			}
		}
		return target, nil
	}
	for i, k := range source.keys {
		if err := each(k, source.vals[i]); err != nil {
			return nil, err
		}
	}
	return target, nil
}

// listToObject is qs's arrayToObject: indices become keys, holes vanish.
func listToObject(list *node) *node {
	obj := newObject()
	for i, v := range list.items {
		if v != nil {
			obj.set(strconv.Itoa(i), v)
		}
	}
	return obj
}

// compact removes the holes sparse arrays left, everywhere in the tree.
func compact(n *node) {
	switch n.kind {
	case listNode:
		items := n.items[:0]
		for _, v := range n.items {
			if v != nil {
				compact(v)
				items = append(items, v)
			}
		}
		clear(n.items[len(items):])
		n.items = items
	case objectNode:
		for _, v := range n.vals {
			compact(v)
		}
	}
}
