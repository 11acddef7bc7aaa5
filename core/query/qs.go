package query

import (
	"strings"
	"unicode/utf8"

	"github.com/kiln-cms/kiln/core/errs"
)

// The qs options Strapi's query middleware uses: {strictNullHandling: true,
// arrayLimit: 100, depth: 20}, with qs's default parameterLimit of 1000.
const (
	qsArrayLimit     = 100
	qsDepth          = 20
	qsParameterLimit = 1000
)

// parseQS parses a raw query string exactly as qs.parse does with Strapi's
// options, except that what qs would silently drop or truncate (prototype
// keys, keys deeper than 20 levels, more than 1000 parameters) is a 400:
// a filter that vanishes widens the result, which is how data leaks.
func parseQS(raw string) (*node, error) {
	root := newObject()
	if raw == "" {
		return root, nil
	}
	temp, err := parseValues(raw)
	if err != nil {
		return nil, err
	}
	for i, key := range temp.keys {
		sub, err := parseKeys(key, temp.vals[i])
		if err != nil {
			return nil, err
		}
		if sub == nil {
			continue
		}
		if _, err := merge(root, sub); err != nil {
			return nil, err
		}
	}
	compact(root)
	return root, nil
}

// parseValues splits the string into decoded key/value pairs, combining
// repeated keys into lists (qs's parseValues).
func parseValues(raw string) (*node, error) {
	if n := strings.Count(raw, "&") + 1; n > qsParameterLimit {
		return nil, errs.Newf(errs.KindValidation,
			"Too many query parameters (%d), the maximum is %d", n, qsParameterLimit)
	}
	raw = normaliseBrackets(raw)
	temp := newObject()
	for part := range strings.SplitSeq(raw, "&") {
		key, val := splitPart(part)
		if old := temp.get(key); old != nil {
			val = combine(old, val)
		}
		temp.set(key, val)
	}
	return temp, nil
}

// splitPart cuts one parameter at its '=' (or at "]=" first, as qs does, so
// that a '=' inside brackets stays in the key).
func splitPart(part string) (string, *node) {
	pos := strings.Index(part, "]=")
	if pos >= 0 {
		pos++
	} else {
		pos = strings.IndexByte(part, '=')
	}
	if pos < 0 {
		return decode(part), nullValue
	}
	return decode(part[:pos]), &node{kind: stringNode, str: decode(part[pos+1:])}
}

// normaliseBrackets turns %5B and %5D (any case) into brackets before
// anything else, as qs does, so encoded and raw brackets parse the same.
func normaliseBrackets(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	return bracketReplacer.Replace(s)
}

var bracketReplacer = strings.NewReplacer("%5B", "[", "%5b", "[", "%5D", "]", "%5d", "]")

// decode is qs's decoder: '+' is a space, then decodeURIComponent; a string
// that does not decode (bad escape, invalid UTF-8) is kept as it is.
func decode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return s
		}
		b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
		i += 2
	}
	if !utf8.Valid(b) {
		return s
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// parseKeys turns one decoded key and its value into a nested tree
// (qs's parseKeys), or nil for an empty key, which qs ignores.
func parseKeys(key string, val *node) (*node, error) {
	if key == "" {
		return nil, nil
	}
	chain, err := splitKey(key)
	if err != nil {
		return nil, err
	}
	return parseObject(chain, val), nil
}

// splitKey cuts "a[b][c]" into ["a", "[b]", "[c]"]. Like qs's regexes it
// takes the parent up to the first bracket group without nested brackets and
// then every such group, skipping anything between them.
func splitKey(key string) ([]string, error) {
	start, end := nextGroup(key, 0)
	parent := key
	if start >= 0 {
		parent = key[:start]
	}
	param := parent
	chain := make([]string, 0, 4)
	if parent != "" {
		if err := checkKey(parent, param); err != nil {
			return nil, err
		}
		chain = append(chain, parent)
	}
	for depth := 0; start >= 0; depth++ {
		if depth == qsDepth {
			return nil, errs.Newf(errs.KindValidation,
				"Invalid query parameter %s: nested deeper than %d levels", clip(param), qsDepth).
				WithDetails(details(param, "", param))
		}
		content := key[start+1 : end]
		if param == "" {
			param = content
		}
		if err := checkKey(content, param); err != nil {
			return nil, err
		}
		chain = append(chain, key[start:end+1])
		start, end = nextGroup(key, end+1)
	}
	return chain, nil
}

// nextGroup finds the next match of qs's /\[[^[\]]*]/ at or after from.
func nextGroup(s string, from int) (int, int) {
	i := from
	for i < len(s) {
		k := strings.IndexByte(s[i:], '[')
		if k < 0 {
			return -1, -1
		}
		i += k
		j := strings.IndexAny(s[i+1:], "[]")
		if j < 0 {
			return -1, -1
		}
		j += i + 1
		if s[j] == ']' {
			return i, j
		}
		i = j
	}
	return -1, -1
}

// prototypeKeys are the names qs refuses to set (Object.prototype's
// properties) plus "prototype": qs drops them silently, Kiln answers 400.
var prototypeKeys = map[string]bool{
	"__proto__": true, "constructor": true, "prototype": true,
	"__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true,
	"__lookupSetter__": true, "hasOwnProperty": true, "isPrototypeOf": true,
	"propertyIsEnumerable": true, "toLocaleString": true, "toString": true, "valueOf": true,
}

// checkKey refuses a prototype-pollution key anywhere in a parameter.
func checkKey(k, param string) error {
	if !prototypeKeys[k] {
		return nil
	}
	if param == "" || param == k {
		return errs.InvalidKey(k, "", "query", k)
	}
	return errs.InvalidKey(k, "", "query", param)
}

// parseObject builds the tree for one key chain from the leaf up
// (qs's parseObject): "[n]" with n <= arrayLimit makes an array.
func parseObject(chain []string, leaf *node) *node {
	for i := len(chain) - 1; i >= 0; i-- {
		root := chain[i]
		if root == "[]" {
			leaf = combine(nil, leaf)
			continue
		}
		clean := root
		if len(root) >= 2 && root[0] == '[' && root[len(root)-1] == ']' {
			clean = root[1 : len(root)-1]
		}
		if idx, ok := arrayIndex(clean); ok && clean != root && idx <= qsArrayLimit {
			items := make([]*node, idx+1)
			items[idx] = leaf
			leaf = &node{kind: listNode, items: items}
			continue
		}
		obj := newObject()
		obj.set(clean, leaf)
		leaf = obj
	}
	return leaf
}

// clip shortens user input echoed in a message.
func clip(s string) string {
	const max = 64
	if len(s) <= max {
		return s
	}
	for i := max; i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return s[:i] + "…"
		}
	}
	return s[:max] + "…"
}
