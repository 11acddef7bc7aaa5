package schema

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Strapi 5's blocks, checked as its entity validator checks them
// (@strapi/core, services/entity-validator/blocks-validator.ts):
//
//	block:  paragraph {children: inline+}       heading {level: 1-6, children: inline+}
//	        quote {children: inline+}           code {language?: string|null, children: text+}
//	        list {format: ordered|unordered, children: (list-item | list)+}
//	        image {image: {name, url, hash, ext, mime, provider, createdAt, updatedAt: string;
//	                       width, height, size: number; alternativeText, caption,
//	                       previewUrl: string|null; formats: object|null; provider_metadata},
//	               children: inline*}
//	list-item {children: inline*}
//	inline: text {text: string, bold?, italic?, underline?, strikethrough?, code?: boolean}
//	        link {url: a link, children: text*}
//
// where + is one or more, * any number, ? may be absent. Other keys are
// kept, as Strapi keeps them. A link is an absolute URL, or a path
// starting with /, of any scheme but javascript:, vbscript: and data:.
// Kiln requires an image node's image, which Strapi's shape lets a write
// leave out.

// blockPath is where a check is in the document.
type blockPath []string

func (p blockPath) at(k string) blockPath { return append(p[:len(p):len(p)], k) }
func (p blockPath) idx(i int) blockPath   { return p.at(strconv.Itoa(i)) }

// blockError is the refusal of the part v at path, which must ...
func blockError(path blockPath, v any, must string) *ValueError {
	if len(path) == 0 {
		return &ValueError{Must: must, Want: "a list of blocks", At: v}
	}
	where := PathString("", path)
	return &ValueError{Must: must, Want: "a list of blocks (" + where + " must " + must + ")", Path: path, At: v}
}

// checkBlocks checks a decoded document (numbers as json.Number).
func checkBlocks(doc any) *ValueError {
	list, ok := doc.([]any)
	if !ok {
		return blockError(nil, doc, "be a list of blocks (paragraph, heading, list, quote, code and image nodes)")
	}
	for i, n := range list {
		if e := checkBlock(blockPath{}.idx(i), n); e != nil {
			return e
		}
	}
	return nil
}

// node reads a node: an object with a type.
func node(path blockPath, v any, what string) (map[string]any, string, *ValueError) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, "", blockError(path, v, "be "+what+": an object with a type")
	}
	t, _ := m["type"].(string)
	return m, t, nil
}

func checkBlock(path blockPath, v any) *ValueError {
	m, t, e := node(path, v, "a block")
	if e != nil {
		return e
	}
	switch t {
	case "paragraph", "quote":
		return children(path, m, 1, checkInline, "text or link node")
	case "heading":
		if l, ok := m["level"].(json.Number); !ok || !oneOf(string(l), "1", "2", "3", "4", "5", "6") {
			return blockError(path.at("level"), m["level"], "be 1, 2, 3, 4, 5 or 6")
		}
		return children(path, m, 1, checkInline, "text or link node")
	case "list":
		return checkList(path, m)
	case "code":
		if l, ok := m["language"]; ok && l != nil {
			if _, ok := l.(string); !ok {
				return blockError(path.at("language"), l, "be a string or null")
			}
		}
		return children(path, m, 1, checkTextLeaf, "text node")
	case "image":
		if e := checkImage(path.at("image"), m["image"]); e != nil {
			return e
		}
		return children(path, m, 0, checkInline, "text or link node")
	}
	return blockError(path.at("type"), m["type"], "be paragraph, heading, list, quote, code or image")
}

func checkList(path blockPath, m map[string]any) *ValueError {
	if f, _ := m["format"].(string); f != "ordered" && f != "unordered" {
		return blockError(path.at("format"), m["format"], "be ordered or unordered")
	}
	return children(path, m, 1, func(path blockPath, v any) *ValueError {
		m, t, e := node(path, v, "a list-item or list node")
		switch {
		case e != nil:
			return e
		case t == "list":
			return checkList(path, m)
		case t == "list-item":
			return children(path, m, 0, checkInline, "text or link node")
		}
		return blockError(path.at("type"), m["type"], "be list-item or list")
	}, "list-item or list node")
}

// children checks m's children: a list of at least min nodes, each by check.
func children(path blockPath, m map[string]any, min int, check func(blockPath, any) *ValueError, what string) *ValueError {
	path = path.at("children")
	list, ok := m["children"].([]any)
	if !ok || len(list) < min {
		must := "be a list of " + what + "s"
		if min > 0 {
			must = "be a list of at least one " + what
		}
		return blockError(path, m["children"], must)
	}
	for i, c := range list {
		if e := check(path.idx(i), c); e != nil {
			return e
		}
	}
	return nil
}

func checkInline(path blockPath, v any) *ValueError {
	m, t, e := node(path, v, "a text or link node")
	if e != nil {
		return e
	}
	switch t {
	case "text":
		return checkTextNode(path, m)
	case "link":
		if u, ok := m["url"].(string); !ok || !validLink(u) {
			return blockError(path.at("url"), m["url"], "be a link: an absolute URL or a path starting with /, not javascript:, vbscript: or data:")
		}
		return children(path, m, 0, checkTextLeaf, "text node")
	}
	return blockError(path.at("type"), m["type"], "be text or link")
}

func checkTextLeaf(path blockPath, v any) *ValueError {
	m, t, e := node(path, v, "a text node")
	switch {
	case e != nil:
		return e
	case t != "text":
		return blockError(path.at("type"), m["type"], "be text")
	}
	return checkTextNode(path, m)
}

// textMarks are a text node's booleans.
var textMarks = []string{"bold", "italic", "underline", "strikethrough", "code"}

func checkTextNode(path blockPath, m map[string]any) *ValueError {
	if _, ok := m["text"].(string); !ok {
		return blockError(path.at("text"), m["text"], "be a string (empty for no text)")
	}
	for _, k := range textMarks {
		if v, ok := m[k]; ok {
			if _, ok := v.(bool); !ok {
				return blockError(path.at(k), v, "be true or false")
			}
		}
	}
	return nil
}

// The image's fields, as Strapi's media answers them.
var (
	imageStrings  = []string{"name", "url", "hash", "ext", "mime", "provider", "createdAt", "updatedAt"}
	imageNumbers  = []string{"width", "height", "size"}
	imageNullable = []string{"alternativeText", "caption", "previewUrl"}
)

func checkImage(path blockPath, v any) *ValueError {
	m, ok := v.(map[string]any)
	if !ok {
		return blockError(path, v, "be an object: the image, as the media library answers it (name, url, width, height, ...)")
	}
	for _, k := range imageStrings {
		if _, ok := m[k].(string); !ok {
			return blockError(path.at(k), m[k], "be a string")
		}
	}
	for _, k := range imageNumbers {
		if _, ok := m[k].(json.Number); !ok {
			return blockError(path.at(k), m[k], "be a number")
		}
	}
	for _, k := range imageNullable {
		if x, ok := m[k]; ok && x != nil {
			if _, ok := x.(string); !ok {
				return blockError(path.at(k), x, "be a string or null")
			}
		}
	}
	if f, ok := m["formats"]; ok && f != nil {
		if _, ok := f.(map[string]any); !ok {
			return blockError(path.at("formats"), f, "be an object or null")
		}
	}
	return nil
}

// blockedSchemes are the link schemes Strapi refuses.
var blockedSchemes = map[string]bool{"javascript": true, "vbscript": true, "data": true}

// validLink reports whether Strapi takes u as a link's url: a path
// starting with / (as relative to its own site), or a URL that WHATWG's
// parser reads, of an allowed scheme. As that parser does, spaces and
// control characters around it are trimmed and tabs and newlines in it
// dropped, so " javascript:..." is javascript: too.
func validLink(u string) bool {
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' })
	u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	if strings.HasPrefix(u, "/") {
		return true
	}
	scheme, rest, ok := strings.Cut(u, ":")
	if !ok || !schemeOK(scheme) {
		return false
	}
	scheme = strings.ToLower(scheme)
	if blockedSchemes[scheme] {
		return false
	}
	switch scheme {
	case "http", "https", "ws", "wss", "ftp":
		return specialHost(rest)
	}
	return true
}

// specialHost reports whether the rest of a URL of a special scheme (after
// "http:") has a host, as WHATWG's parser reads it: any slashes first,
// then the authority up to the path, without its user info and port; not
// empty, without a forbidden host code point.
func specialHost(rest string) bool {
	rest = strings.TrimLeft(rest, "/\\")
	if i := strings.IndexAny(rest, "/?#\\"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	host := rest
	if strings.HasPrefix(host, "[") {
		return strings.HasSuffix(host, "]") || strings.Contains(host, "]:")
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		for _, r := range host[i+1:] {
			if r < '0' || r > '9' {
				return false
			}
		}
		host = host[:i]
	}
	return host != "" && !strings.ContainsAny(host, " <>^|[]@:\\\x7f") && strings.IndexFunc(host, func(r rune) bool { return r < ' ' }) < 0
}

// schemeOK reports whether s is a URL scheme: a letter, then letters,
// digits, +, - and . (RFC 3986).
func schemeOK(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.'):
		default:
			return false
		}
	}
	return s != ""
}

func oneOf(s string, list ...string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}
