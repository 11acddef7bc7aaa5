package schema_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// The cases of the blocks' shape (Strapi 5's blocks-validator.ts) are
// generated: every kind of node in its valid forms, then every way of
// breaking each, at a place in a document after a valid paragraph, each
// refused with the path to the part it breaks and Strapi's rule for it.

type obj = map[string]any

func text(s string) obj { return obj{"type": "text", "text": s} }

func link(url string, children ...any) obj {
	return obj{"type": "link", "url": url, "children": children}
}

func image() obj {
	return obj{"name": "cat.png", "alternativeText": "A cat", "url": "/uploads/cat_1a2b.png", "caption": nil,
		"width": 640, "height": 480, "formats": obj{"thumbnail": obj{"url": "/uploads/thumbnail_cat.png"}},
		"hash": "cat_1a2b", "ext": ".png", "mime": "image/png", "size": 17.95, "previewUrl": nil,
		"provider": "local", "provider_metadata": nil, "createdAt": "2026-03-01T10:00:00.000Z", "updatedAt": "2026-03-01T10:00:00.000Z"}
}

// validBlocks are nodes of every kind, in each form Strapi takes.
func validBlocks() map[string]obj {
	marks := obj{"type": "text", "text": "all marks", "bold": true, "italic": false, "underline": true, "strikethrough": false, "code": true}
	minimal := image()
	for _, k := range []string{"alternativeText", "caption", "formats", "previewUrl", "provider_metadata"} {
		delete(minimal, k)
	}
	nulls := image()
	for _, k := range []string{"alternativeText", "caption", "formats", "previewUrl", "provider_metadata"} {
		nulls[k] = nil
	}
	out := map[string]obj{
		"paragraph":                         {"type": "paragraph", "children": []any{text("plain")}},
		"paragraph of an empty text":        {"type": "paragraph", "children": []any{text("")}},
		"paragraph with marks":              {"type": "paragraph", "children": []any{marks, text(" and "), link("https://strapi.io", text("a link"))}},
		"paragraph with a key Strapi keeps": {"type": "paragraph", "children": []any{text("x")}, "align": "center"},
		"quote":                             {"type": "quote", "children": []any{text("To be"), link("/about", text("or not"))}},
		"list ordered":                      {"type": "list", "format": "ordered", "children": []any{obj{"type": "list-item", "children": []any{text("one")}}}},
		"list unordered":                    {"type": "list", "format": "unordered", "children": []any{obj{"type": "list-item", "children": []any{link("/a", text("a"))}}}},
		"list with an indent":               {"type": "list", "format": "unordered", "indentLevel": 0, "children": []any{obj{"type": "list-item", "children": []any{}}}},
		"list nested":                       {"type": "list", "format": "ordered", "children": []any{obj{"type": "list-item", "children": []any{text("1")}}, obj{"type": "list", "format": "unordered", "children": []any{obj{"type": "list-item", "children": []any{text("1.1")}}}}}},
		"code":                              {"type": "code", "language": "go", "children": []any{text("package main")}},
		"code without language":             {"type": "code", "children": []any{text("x := 1")}},
		"code of a null language":           {"type": "code", "language": nil, "children": []any{text("x := 1")}},
		"image":                             {"type": "image", "image": image(), "children": []any{text("")}},
		"image without its optional keys":   {"type": "image", "image": minimal, "children": []any{}},
		"image of null optional keys":       {"type": "image", "image": nulls, "children": []any{text("")}},
	}
	for level := 1; level <= 6; level++ {
		out[fmt.Sprintf("heading %d", level)] = obj{"type": "heading", "level": level, "children": []any{text("Title")}}
	}
	for _, url := range []string{"https://strapi.io/blog?x=1#y", "/relative/path", "//example.com", "mailto:info@strapi.io",
		"tel:+15555550123", "ftp://example.com/file", "sms:+123456789", "geo:37.78,-122.39", "myapp://deep/link", " https://padded.example ",
		"http:///path", "http:example.com", "https://user@host.example:8443/x", "https://[::1]:8080/"} {
		out["link to "+url] = obj{"type": "paragraph", "children": []any{link(url, text("go"))}}
	}
	return out
}

// breakCase is one way to break a node: mutate changes a copy of a valid
// node of kind, path is where the refusal points below the node.
type breakCase struct {
	name   string
	kind   string // the valid node (validBlocks' key) it breaks
	mutate func(n obj) any
	path   string
	must   string
}

func set(k string, v any) func(n obj) any {
	return func(n obj) any { n[k] = v; return n }
}

func del(k string) func(n obj) any {
	return func(n obj) any { delete(n, k); return n }
}

func child(i int, k string, v any) func(n obj) any {
	return func(n obj) any { n["children"].([]any)[i].(obj)[k] = v; return n }
}

func childDel(i int, k string) func(n obj) any {
	return func(n obj) any { delete(n["children"].([]any)[i].(obj), k); return n }
}

func imageSet(k string, v any) func(n obj) any {
	return func(n obj) any { n["image"].(obj)[k] = v; return n }
}

func imageDel(k string) func(n obj) any {
	return func(n obj) any { delete(n["image"].(obj), k); return n }
}

const (
	mustBlock   = "be a block: an object with a type"
	mustType    = "be paragraph, heading, list, quote, code or image"
	mustInlines = "be a list of at least one text or link node"
	mustInline  = "be text or link"
	mustText    = "be a string (empty for no text)"
	mustBool    = "be true or false"
	mustLink    = "be a link: an absolute URL or a path starting with /, not javascript:, vbscript: or data:"
	mustLevel   = "be 1, 2, 3, 4, 5 or 6"
	mustFormat  = "be ordered or unordered"
)

func breakCases() []breakCase {
	cases := []breakCase{
		{"a string for a block", "paragraph", func(obj) any { return "hello" }, "", mustBlock},
		{"a list for a block", "paragraph", func(obj) any { return []any{} }, "", mustBlock},
		{"no type", "paragraph", del("type"), ".type", mustType},
		{"an unknown type", "paragraph", set("type", "section"), ".type", mustType},
		{"a list-item as a block", "paragraph", set("type", "list-item"), ".type", mustType},
		{"a text as a block", "paragraph", set("type", "text"), ".type", mustType},
		{"heading: no level", "heading 2", del("level"), ".level", mustLevel},
		{"heading: level 0", "heading 2", set("level", 0), ".level", mustLevel},
		{"heading: level 7", "heading 2", set("level", 7), ".level", mustLevel},
		{"heading: level as text", "heading 2", set("level", "2"), ".level", mustLevel},
		{"heading: level 2.5", "heading 2", set("level", 2.5), ".level", mustLevel},
		{"list: no format", "list ordered", del("format"), ".format", mustFormat},
		{"list: format bulleted", "list ordered", set("format", "bulleted"), ".format", mustFormat},
		{"list: no children", "list ordered", del("children"), ".children", "be a list of at least one list-item or list node"},
		{"list: no child", "list ordered", set("children", []any{}), ".children", "be a list of at least one list-item or list node"},
		{"list: a paragraph in it", "list ordered", set("children", []any{obj{"type": "paragraph", "children": []any{text("x")}}}), ".children[0].type", "be list-item or list"},
		{"list: a string in it", "list ordered", set("children", []any{"x"}), ".children[0]", "be a list-item or list node: an object with a type"},
		{"list: a list-item without children", "list ordered", childDel(0, "children"), ".children[0].children", "be a list of text or link nodes"},
		{"list: a list-item of a heading", "list ordered", child(0, "children", []any{obj{"type": "heading", "level": 1}}), ".children[0].children[0].type", mustInline},
		{"list: a nested list's format", "list nested", child(1, "format", "x"), ".children[1].format", mustFormat},
		{"code: language a number", "code", set("language", 5), ".language", "be a string or null"},
		{"code: no children", "code", set("children", []any{}), ".children", "be a list of at least one text node"},
		{"code: a link in it", "code", set("children", []any{link("/x", text("x"))}), ".children[0].type", "be text"},
		{"code: a text without text", "code", childDel(0, "text"), ".children[0].text", mustText},
		{"image: no image", "image", del("image"), ".image", "be an object: the image, as the media library answers it (name, url, width, height, ...)"},
		{"image: the image a url", "image", set("image", "/uploads/cat.png"), ".image", "be an object: the image, as the media library answers it (name, url, width, height, ...)"},
		{"image: no children", "image", del("children"), ".children", "be a list of text or link nodes"},
		{"image: alternativeText a number", "image", imageSet("alternativeText", 5), ".image.alternativeText", "be a string or null"},
		{"image: formats a string", "image", imageSet("formats", "x"), ".image.formats", "be an object or null"},
	}
	for _, k := range []string{"name", "url", "hash", "ext", "mime", "provider", "createdAt", "updatedAt"} {
		cases = append(cases,
			breakCase{"image: no " + k, "image", imageDel(k), ".image." + k, "be a string"},
			breakCase{"image: " + k + " null", "image", imageSet(k, nil), ".image." + k, "be a string"})
	}
	for _, k := range []string{"width", "height", "size"} {
		cases = append(cases,
			breakCase{"image: no " + k, "image", imageDel(k), ".image." + k, "be a number"},
			breakCase{"image: " + k + " as text", "image", imageSet(k, "640"), ".image." + k, "be a number"})
	}
	// What holds inline nodes holds them alike.
	for _, holder := range []string{"paragraph", "quote", "heading 3"} {
		cases = append(cases,
			breakCase{holder + ": no children", holder, del("children"), ".children", mustInlines},
			breakCase{holder + ": no child", holder, set("children", []any{}), ".children", mustInlines},
			breakCase{holder + ": children an object", holder, set("children", obj{"type": "text", "text": "x"}), ".children", mustInlines},
			breakCase{holder + ": a string child", holder, set("children", []any{"x"}), ".children[0]", "be a text or link node: an object with a type"},
			breakCase{holder + ": an image child", holder, child(0, "type", "image"), ".children[0].type", mustInline},
			breakCase{holder + ": a child without type", holder, childDel(0, "type"), ".children[0].type", mustInline},
			breakCase{holder + ": a text without text", holder, childDel(0, "text"), ".children[0].text", mustText},
			breakCase{holder + ": a text of a number", holder, child(0, "text", 5), ".children[0].text", mustText},
			breakCase{holder + ": a link's text child broken", holder, set("children", []any{link("/x", obj{"type": "text"})}), ".children[0].children[0].text", mustText},
			breakCase{holder + ": a link in a link", holder, set("children", []any{link("/x", link("/y", text("y")))}), ".children[0].children[0].type", "be text"},
			breakCase{holder + ": a link without children", holder, set("children", []any{obj{"type": "link", "url": "/x"}}), ".children[0].children", "be a list of text nodes"},
			breakCase{holder + ": a link without url", holder, set("children", []any{obj{"type": "link", "children": []any{text("x")}}}), ".children[0].url", mustLink},
		)
		for _, m := range []string{"bold", "italic", "underline", "strikethrough", "code"} {
			cases = append(cases, breakCase{holder + ": " + m + " as text", holder, child(0, m, "true"), ".children[0]." + m, mustBool},
				breakCase{holder + ": " + m + " null", holder, child(0, m, nil), ".children[0]." + m, mustBool})
		}
		for _, url := range []string{"javascript:alert(1)", " \tJaVaScRiPt:alert(1)", "java\tscript:alert(1)", "VbScRiPt:msgbox(1)",
			"DATA:text/html,alert(1)", "%6aavascript:alert(1)", "kaboom", "", "https://", "https://exa mple.com", "http://host:80a/", "1http://x"} {
			cases = append(cases, breakCase{fmt.Sprintf("%s: link to %q", holder, url), holder, set("children", []any{link(url, text("x"))}), ".children[0].url", mustLink})
		}
	}
	return cases
}

// clone copies a node through JSON, numbers as json.Number, as a body
// is decoded.
func clone(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// asObj is a decoded node as mutate takes it.
func asObj(v any) obj { return v.(map[string]any) }

func TestBlocksValid(t *testing.T) {
	t.Parallel()
	k := schema.KindOf(schema.Blocks)
	all := []any{}
	for name, n := range validBlocks() {
		doc := clone(t, []any{n})
		got, err := k.FromJSON(doc)
		if err != nil {
			t.Errorf("%s: refused: %v", name, err)
			continue
		}
		// Kept as given: the same document, keys sorted.
		if want, _ := json.Marshal(doc); string(got.(json.RawMessage)) != string(want) {
			t.Errorf("%s: kept %s, want %s", name, got, want)
		}
		all = append(all, n)
	}
	if _, err := k.FromJSON(clone(t, all)); err != nil {
		t.Errorf("every node at once: %v", err)
	}
	if _, err := k.FromJSON(clone(t, []any{})); err != nil {
		t.Errorf("no block: %v", err)
	}
}

func TestBlocksRefused(t *testing.T) {
	t.Parallel()
	k := schema.KindOf(schema.Blocks)
	valid := validBlocks()
	for _, bc := range breakCases() {
		t.Run(bc.name, func(t *testing.T) {
			base, ok := valid[bc.kind]
			if !ok {
				t.Fatalf("no valid node %q", bc.kind)
			}
			broken := bc.mutate(asObj(clone(t, base)))
			// After a valid paragraph: the path starts at index 1.
			doc := clone(t, []any{valid["paragraph"], broken})
			_, err := k.FromJSON(doc)
			var ve *schema.ValueError
			if !errors.As(err, &ve) {
				t.Fatalf("FromJSON(%v) = %v, want a ValueError", doc, err)
			}
			wantPath := "[1]" + bc.path
			if got := schema.PathString("", ve.Path); got != wantPath || ve.Must != bc.must {
				t.Errorf("refused at %s: must %s\nwant at %s: must %s", got, ve.Must, wantPath, bc.must)
			}
			if got, want := ve.Message("content"), "content"+wantPath+" must "+bc.must; got != want {
				t.Errorf("message %q, want %q", got, want)
			}
		})
	}
}

func TestBlocksNotAList(t *testing.T) {
	t.Parallel()
	k := schema.KindOf(schema.Blocks)
	for _, v := range []any{"a string", map[string]any{"type": "paragraph"}, json.Number("5"), true} {
		_, err := k.FromJSON(v)
		var ve *schema.ValueError
		if !errors.As(err, &ve) || ve.Path != nil || ve.Message("content") != "content must be a list of blocks (paragraph, heading, list, quote, code and image nodes)" {
			t.Errorf("FromJSON(%#v) = %v", v, err)
		}
	}
}
