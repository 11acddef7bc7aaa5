package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The keys of a schema file: those Kiln reads (the parser's tables), those
// it keeps and ignores as Strapi does (a warning once per key and file),
// and the misspellings of the former (a problem naming the key meant).

const keysType = "api/page/content-types/page/schema.json"

// pageWith is a Strapi type "page" with extra written at each place.
func pageWith(top, info, options, plugin, attr string) string {
	return `{"kind": "collectionType", "collectionName": "pages",` + top + `
  "info": {"singularName": "page", "pluralName": "pages", "displayName": "Page"` + info + `},
  "options": {"draftAndPublish": false` + options + `},
  "pluginOptions": {"i18n": {"localized": false` + plugin + `}},
  "attributes": {"title": {"type": "string"` + attr + `}}
}`
}

// TestIgnoredKeys: a key Strapi ignores, wherever it stands (the type, its
// info and options, pluginOptions of a plugin Kiln does not run, a field,
// a component's keys of a type), loads: it is kept as written for the
// content-type-builder routes and reported once per key and file, the
// fields that repeat it named in the one warning.
func TestIgnoredKeys(t *testing.T) {
	s, err := Load(map[string][]byte{
		keysType: []byte(`{"kind": "collectionType", "collectionName": "pages", "comment": "",
  "info": {"singularName": "page", "pluralName": "pages", "displayName": "Page", "tags": ["a"]},
  "options": {"draftAndPublish": true, "previewable": true, "populateCreatorFields": false},
  "pluginOptions": {"i18n": {"localized": true}, "sitemap": {"enabled": true}, "content-manager": {"visible": true}},
  "attributes": {
    "title": {"type": "string", "searchable": true, "description": "The title", "pluginOptions": {"versions": {"on": true}}},
    "body": {"type": "text", "searchable": false},
    "slug": {"type": "uid", "searchable": true, "useJoinTable": false}
  }
}`),
		"components/shared/seo.json": []byte(`{"kind": "component", "collectionName": "components_shared_seos",
  "info": {"displayName": "Seo", "singularName": "seo"}, "options": {"draftAndPublish": false}, "globalId": "Seo",
  "attributes": {"title": {"type": "string", "searchable": true}}}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`api/page/content-types/page/schema.json: type "page": key "info.tags" (line 2) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": key "comment" (line 1) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": key "options.previewable" (line 3) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": key "options.populateCreatorFields" (line 3) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": key "pluginOptions.sitemap" (line 4) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": field "title": key "description" (line 6) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": field "title": key "pluginOptions.versions" (line 6) is ignored, as Strapi ignores it; it is kept as written`,
		`api/page/content-types/page/schema.json: type "page": field "slug": key "useJoinTable" (line 8) is ignored, as Strapi ignores it; it is kept as written`,
		`components/shared/seo.json: component "shared.seo": key "info.singularName" (line 2) is ignored on a component, as Strapi ignores it; it is kept as written`,
		`components/shared/seo.json: component "shared.seo": key "kind" (line 1) is ignored on a component, as Strapi ignores it; it is kept as written`,
		`components/shared/seo.json: component "shared.seo": key "options.draftAndPublish" (line 2) is ignored on a component, as Strapi ignores it; it is kept as written`,
		`components/shared/seo.json: component "shared.seo": key "globalId" (line 2) is ignored, as Strapi ignores it; it is kept as written`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
	page := s.Type("page")
	if !page.DraftAndPublish || !page.Localized {
		t.Errorf("page: draftAndPublish %v, localized %v", page.DraftAndPublish, page.Localized)
	}
	if page.Attr("title").Unsearchable || !page.Attr("body").Unsearchable || page.Attr("slug").Unsearchable {
		t.Errorf("searchable: false leaves a field out of _q, true keeps it in")
	}
	if o := string(page.Options); o != `{"draftAndPublish":true,"previewable":true,"populateCreatorFields":false}` {
		t.Errorf("options as written: %s", o)
	}
	if w := string(page.Attr("title").Written); w != `{"type":"string","searchable":true,"description":"The title","pluginOptions":{"versions":{"on":true}}}` {
		t.Errorf("title as written: %s", w)
	}
	if p := string(page.PluginOptions); !strings.Contains(p, `"sitemap":{"enabled":true}`) {
		t.Errorf("pluginOptions as written: %s", p)
	}
}

// misspellings are typing mistakes of key: a letter dropped, doubled or
// swapped with the next, and the key in lower case.
func misspellings(key string) []string {
	set := map[string]bool{strings.ToLower(key): true}
	for i := range key {
		set[key[:i]+key[i+1:]] = true
		set[key[:i+1]+key[i:]] = true
		if i+1 < len(key) {
			set[key[:i]+string(key[i+1])+string(key[i])+key[i+2:]] = true
		}
	}
	delete(set, key)
	return keysOf(set)
}

// TestMisspeltKeys: a misspelling of any key Kiln reads, at each place it
// stands, is a problem naming the key meant, with its line. The keys are
// the parser's own tables, so a key added to them is checked here too.
func TestMisspeltKeys(t *testing.T) {
	places := []struct {
		prefix string
		known  []string
		doc    func(k string) string
	}{
		{"", typeKeyNames, func(k string) string { return pageWith(` "`+k+`": {},`, "", "", "", "") }},
		{"info.", infoKeyNames, func(k string) string { return pageWith("", `, "`+k+`": "x"`, "", "", "") }},
		{"options.", optionKeyNames, func(k string) string { return pageWith("", "", `, "`+k+`": true`, "", "") }},
		{"pluginOptions.i18n.", []string{"localized"}, func(k string) string { return pageWith("", "", "", `, "`+k+`": true`, "") }},
		{"", attrKeyNames, func(k string) string { return pageWith("", "", "", "", `, "`+k+`": true`) }},
	}
	n := 0
	for _, pl := range places {
		known := map[string]bool{}
		for _, k := range pl.known {
			known[strings.ToLower(k)] = true
		}
		for _, key := range pl.known {
			for _, typo := range misspellings(key) {
				if known[strings.ToLower(typo)] || len(typo) < 4 && !strings.EqualFold(typo, key) {
					continue // another key, or too short to tell from a key of its own
				}
				meant := closeKey(typo, pl.known)
				if meant == "" {
					t.Errorf("%s%s: not close to %q", pl.prefix, typo, key)
					continue
				}
				n++
				_, err := Load(map[string][]byte{keysType: []byte(pl.doc(typo))})
				var probs Problems
				if !errors.As(err, &probs) || len(probs) != 1 {
					t.Errorf("%s%s: %v, want one problem", pl.prefix, typo, err)
					continue
				}
				want := fmt.Sprintf(": did you mean %q?", pl.prefix+meant)
				if m := probs[0].Message; !strings.HasPrefix(m, fmt.Sprintf("unknown key %q (line ", pl.prefix+typo)) || !strings.HasSuffix(m, want) {
					t.Errorf("%s%s: %s, want the key meant (%s)", pl.prefix, typo, m, pl.prefix+meant)
				}
			}
		}
	}
	t.Logf("%d misspellings tried", n)
	if n < 500 {
		t.Errorf("%d misspellings tried", n)
	}
}

// TestCloseKey: where the line between a misspelling (refused) and a key
// of its own (kept, with a warning) runs.
func TestCloseKey(t *testing.T) {
	for _, c := range []struct {
		key, want string
		known     []string
	}{
		{"requird", "required", attrKeyNames},
		{"Required", "required", attrKeyNames},
		{"unqiue", "unique", attrKeyNames},
		{"targetfield", "targetField", attrKeyNames},
		{"mappedby", "mappedBy", attrKeyNames},
		{"inversedby", "inversedBy", attrKeyNames},
		{"componets", "components", attrKeyNames},
		{"colectionName", "collectionName", typeKeyNames},
		{"draftAndPublsh", "draftAndPublish", optionKeyNames},
		// Keys of their own, in real schemas or Strapi's own metadata.
		{"uid", "", typeKeyNames},
		{"globalId", "", typeKeyNames},
		{"comment", "", attrKeyNames},
		{"description", "", attrKeyNames},
		{"searchabel", "searchable", attrKeyNames},
		{"visible", "", attrKeyNames},
		{"writable", "", attrKeyNames},
		{"useJoinTable", "", attrKeyNames},
		{"columnName", "", attrKeyNames},
		{"column", "", attrKeyNames},
		{"unsigned", "", attrKeyNames},
		{"morphBy", "", attrKeyNames},
		{"autoPopulate", "", attrKeyNames},
		{"placeholder", "", attrKeyNames},
		{"previewable", "", optionKeyNames},
		{"populateCreatorFields", "", optionKeyNames},
		{"comment", "", optionKeyNames},
	} {
		if got := closeKey(c.key, c.known); got != c.want {
			t.Errorf("closeKey(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}

// TestOptionsAsWritten: a type's options are kept as its file writes
// them, Kiln's YAML too; none written, none kept.
func TestOptionsAsWritten(t *testing.T) {
	s, err := Load(map[string][]byte{
		"a.yaml": []byte("info: {singularName: a, pluralName: as}\noptions: {draftAndPublish: true, comment: x}\nattributes: {}\n"),
		"b.yaml": []byte("info: {singularName: b, pluralName: bs}\nattributes: {}\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]any
	if json.Unmarshal(s.Type("a").Options, &o) != nil || o["comment"] != "x" || o["draftAndPublish"] != true {
		t.Errorf("a's options: %s", s.Type("a").Options)
	}
	if s.Type("b").Options != nil {
		t.Errorf("b's options: %s", s.Type("b").Options)
	}
}
