package schema_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// strapiType is a schema.json as Strapi 5's content-type builder writes
// it, with the given attributes (a JSON object's members).
func strapiType(singular, plural, attrs string) string {
	return `{
  "kind": "collectionType",
  "collectionName": "` + strings.ReplaceAll(plural, "-", "_") + `",
  "info": {"singularName": "` + singular + `", "pluralName": "` + plural + `", "displayName": "` + singular + `"},
  "options": {"draftAndPublish": false},
  "pluginOptions": {},
  "attributes": {` + attrs + `}
}
`
}

// TestStrapiLayout: a Strapi project's src/ is a content-types folder: its
// api/<api>/content-types/<name>/schema.json are types, its
// components/<category>/<name>.json components, and the user's extension
// adds its fields to the built-in user; Kiln's YAML types beside them
// load too.
func TestStrapiLayout(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"api/blog/content-types/post/schema.json": strapiType("post", "posts",
			`"title": {"type": "string", "required": true}, "author": {"type": "relation", "relation": "manyToOne", "target": "api::writer.writer", "inversedBy": "posts"}`),
		"api/blog/content-types/post/lifecycles.js": "module.exports = {};",
		"api/blog/controllers/post.js":              "module.exports = {};",
		"writer.yaml": "info: {singularName: writer, pluralName: writers}\nattributes:\n" +
			"  name: {type: string}\n  posts: {type: relation, relation: oneToMany, target: post, mappedBy: author}\n",
		"components/shared/seo.json": `{"collectionName": "components_shared_seos", "info": {"displayName": "Seo", "icon": "search", "name": "Seo"},
  "options": {}, "config": {}, "attributes": {"meta_title": {"type": "string", "maxLength": 60}, "link": {"type": "component", "component": "shared.link"}}}`,
		"components/shared/link.yaml": "info: {displayName: Link}\nattributes:\n  url: {type: string}\n" +
			"  post: {type: relation, relation: oneToOne, target: api::blog.post}\n",
		"extensions/users-permissions/content-types/user/schema.json": `{"collectionName": "up_users",
  "info": {"name": "user", "singularName": "user", "pluralName": "users", "displayName": "User"},
  "options": {"draftAndPublish": false, "timestamps": true},
  "attributes": {
    "email": {"type": "email", "minLength": 6, "configurable": false, "required": true},
    "role": {"type": "relation", "relation": "manyToOne", "target": "plugin::users-permissions.role", "inversedBy": "users", "configurable": false},
    "nickname": {"type": "string"}}}`,
		"extensions/email/documentation/1.0.0/email.json": `{"not": "a schema"}`,
		"index.ts":  "export default {};",
		"notes.txt": "not a content type",
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := schema.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, ct := range s.Types {
		types = append(types, ct.Name+":"+filepath.ToSlash(strings.TrimPrefix(ct.File, dir)))
	}
	if want := "file:(built-in) builtin/file.yaml post:/api/blog/content-types/post/schema.json role:(built-in) builtin/role.yaml " +
		"user:(built-in) builtin/user.yaml writer:/writer.yaml"; strings.Join(types, " ") != want {
		t.Errorf("types %s\nwant %s", strings.Join(types, " "), want)
	}
	if a := s.Type("writer").Attr("posts"); a.Inverse != s.Type("post").Attr("author") {
		t.Errorf("writer.posts is not post.author's inverse")
	}
	var comps []string
	for _, c := range s.Components {
		var fields []string
		for _, a := range c.Attributes {
			fields = append(fields, a.Name+":"+a.Column)
		}
		comps = append(comps, c.Name+"("+c.Category+","+c.DisplayName+","+c.Table+","+c.Icon+")="+strings.Join(fields, ","))
	}
	if want := "shared.link(shared,Link,components_shared_link,)=url:url,post:post_id " +
		"shared.seo(shared,Seo,components_shared_seos,search)=meta_title:meta_title,link:"; strings.Join(comps, " ") != want {
		t.Errorf("components %s\nwant %s", strings.Join(comps, " "), want)
	}
	seo := s.Component("shared.seo")
	if l := seo.Attr("link"); l.Type != schema.Component || l.Component != "shared.link" || l.Kind != nil || !l.Structured() {
		t.Errorf("shared.seo link = %+v", l)
	}
	if p := s.Component("shared.link").Attr("post"); p.TargetType != s.Type("post") || p.Owner.Kind != schema.ComponentKind {
		t.Errorf("shared.link post: target %v", p.TargetType)
	}
	user := s.Type("user")
	if n := user.Attr("nickname"); n == nil || user.Attributes[len(user.Attributes)-1] != n ||
		filepath.ToSlash(strings.TrimPrefix(n.Owner.File, dir)) != "(built-in) builtin/user.yaml" {
		t.Errorf("user's nickname: %+v", n)
	}
	if e := user.Attr("email"); !e.Unique {
		t.Errorf("the built-in email lost its unique rule to Strapi's copy")
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings: %v", s.Warnings)
	}
	var read []string
	for _, f := range s.Files {
		read = append(read, filepath.ToSlash(strings.TrimPrefix(f, dir)))
	}
	if want := []string{"/api/blog/content-types/post/schema.json", "/components/shared/link.yaml",
		"/components/shared/seo.json", "/extensions/users-permissions/content-types/user/schema.json", "/writer.yaml"}; !reflect.DeepEqual(read, want) {
		t.Errorf("files read %v\nwant %v", read, want)
	}
}

func TestProblemsOfTheStrapiLayout(t *testing.T) {
	seo := `{"collectionName": "components_shared_seos", "info": {"displayName": "Seo"}, "options": {}, "attributes": {"title": {"type": "string"}}}`
	runProblemCases(t, []problemCase{
		{"invalid JSON, with its line", map[string]string{"api/a/content-types/a/schema.json": "{\n  \"kind\": \"collectionType\",\n}\n"},
			[]string{"api/a/content-types/a/schema.json: not valid JSON: invalid character '}' looking for beginning of object key string (line 3)"}},
		{"a JSON list", map[string]string{"api/a/content-types/a/schema.json": "[]"},
			[]string{"api/a/content-types/a/schema.json: a content type must be a JSON object"}},
		{"unknown key, with its line", map[string]string{"api/a/content-types/a/schema.json": strapiType("a", "as", `
    "title": {"type": "string", "maxlength": 3}`)},
			[]string{`api/a/content-types/a/schema.json: type "a": field "title": unknown key "maxlength" (line 8): did you mean "maxLength"?`}},
		{"a JavaScript schema", map[string]string{"api/a/content-types/a/schema.js": "module.exports = {}"},
			[]string{"api/a/content-types/a/schema.js: a schema written in JavaScript or TypeScript cannot be read: Kiln reads schema.json"}},
		{"another plugin's extension", map[string]string{"extensions/upload/content-types/file/schema.json": "{}"},
			[]string{"extensions/upload/content-types/file/schema.json: Kiln extends plugin::users-permissions.user only (from its schema.json), not plugin::upload.file"}},
		{"a component with a bad name", map[string]string{"components/shared/my seo.json": seo},
			[]string{"components/shared/my seo.json: a component's category and name must be letters, digits, dashes and underscores, starting with a letter"}},
		{"a component defined twice", map[string]string{"components/shared/seo.json": seo, "components/shared/seo.yaml": "attributes: {}\n"},
			[]string{`components/shared/seo.yaml: component "shared.seo": the component is defined twice (also in components/shared/seo.json)`}},
		{"a component's misspelt key", map[string]string{"components/shared/seo.json": `{"kind": "collectionType",
  "info": {"displayName": "Seo", "singularName": "seo"}, "options": {"draftAndPublish": true}, "atributes": {}}`},
			[]string{`components/shared/seo.json: component "shared.seo": unknown key "atributes" (line 2): did you mean "attributes"?`}},
		{"a component's field problems are the component's", map[string]string{"components/shared/seo.json": `{"attributes": {
  "title": {"type": "strin"}, "n": {"type": "integer", "min": 5, "max": 1}, "2x": {"type": "string"}}}`},
			[]string{
				`components/shared/seo.json: component "shared.seo": field "title": unknown type "strin"`,
				`components/shared/seo.json: component "shared.seo": field "n": min is greater than max`,
				`components/shared/seo.json: component "shared.seo": field "2x": a field name must be letters, digits and underscores, starting with a letter`,
			}},
		{"a component's table of a type", map[string]string{"components/shared/seo.json": `{"collectionName": "as", "attributes": {}}`,
			"a.yaml": ct("a", "as")},
			[]string{`components/shared/seo.json: component "shared.seo": table "as" is already used by type "a"`}},
		{"a two-way relation or a password inside a component", map[string]string{
			"a.yaml":                     ct("a", "as", "seo: {type: component, component: shared.seo}"),
			"components/shared/seo.json": `{"attributes": {"page": {"type": "relation", "relation": "manyToOne", "target": "a", "inversedBy": "seos"}, "pin": {"type": "password"}}}`},
			[]string{
				`components/shared/seo.json: component "shared.seo": field "page": inverse field "seos" does not exist on "a" (line 1; Strapi refuses it too)`,
				`components/shared/seo.json: component "shared.seo": field "page": a relation inside a component is one-way: it has no inversedBy or mappedBy`,
				`components/shared/seo.json: component "shared.seo": field "pin": a password field cannot be inside a component`,
			}},
		{"a media field's own keys", map[string]string{"a.yaml": ct("a", "as", "cover: {type: media, multiple: false, allowedTypes: [images, images], target: a}"),
			"components/shared/seo.json": `{"attributes": {"image": {"type": "media", "multiple": true, "allowedTypes": ["images"], "relation": "oneToOne"}}}`},
			[]string{
				`a.yaml: type "a": field "cover": relation, target, inversedBy and mappedBy apply only to relation fields`,
				`a.yaml: type "a": field "cover": allowedTypes lists "images" twice`,
				`components/shared/seo.json: component "shared.seo": field "image": relation, target, inversedBy and mappedBy apply only to relation fields`,
			}},
		{"components that do not exist", map[string]string{
			"a.yaml": ct("a", "as", "seo: {type: component, component: shared.sao}", "zone: {type: dynamiczone, components: [shared.x, nodot]}")},
			[]string{
				`a.yaml: type "a": field "seo": component "shared.sao" does not exist (no components/shared/sao.json, .yaml or .yml)`,
				`a.yaml: type "a": field "zone": component "shared.x" does not exist (no components/shared/x.json, .yaml or .yml)`,
				`a.yaml: type "a": field "zone": component "nodot" does not exist (a component's uid is category.name, from components/<category>/<name>.json)`,
			}},
		{"an invalid component is reported once, its users point at it", map[string]string{
			"a.yaml":                      ct("a", "as", "seo: {type: component, component: shared.seo}", "zone: {type: dynamiczone, components: [shared.seo, shared.meta]}"),
			"components/shared/seo.json":  "{\n  \"attributes\": {,}\n}\n",
			"components/shared/meta.json": `{"collectionName": "as", "attributes": {}}`,
			"components/shared/page.json": `{"attributes": {"details": {"type": "component", "component": "shared.meta"}}}`},
			[]string{
				`a.yaml: type "a": field "seo": component "shared.seo" is invalid: see the problems of components/shared/seo.json`,
				`a.yaml: type "a": field "zone": component "shared.seo" is invalid: see the problems of components/shared/seo.json`,
				`a.yaml: type "a": field "zone": component "shared.meta" is invalid: see the problems of components/shared/meta.json`,
				`components/shared/meta.json: component "shared.meta": table "as" is already used by type "a"`,
				`components/shared/page.json: component "shared.page": field "details": component "shared.meta" is invalid: see the problems of components/shared/meta.json`,
				"components/shared/seo.json: not valid JSON: invalid character ',' looking for beginning of object key string (line 2)",
			}},
		{"a nested component that does not exist", map[string]string{"components/shared/seo.json": `{"attributes": {"details": {"type": "component", "component": "shared.meta"}}}`},
			[]string{`components/shared/seo.json: component "shared.seo": field "details": component "shared.meta" does not exist (no components/shared/meta.json, .yaml or .yml)`}},
		{"a dynamic zone in a component", map[string]string{"components/shared/seo.json": seo,
			"components/shared/page.json": `{"attributes": {"zone": {"type": "dynamiczone", "components": ["shared.seo"]}}}`},
			[]string{`components/shared/page.json: component "shared.page": field "zone": a dynamic zone cannot be inside a component: Strapi allows them on content types only`}},
		{"a component that holds itself", map[string]string{
			"components/a/one.json":   `{"attributes": {"two": {"type": "component", "component": "a.two"}}}`,
			"components/a/two.json":   `{"attributes": {"three": {"type": "component", "component": "a.three", "repeatable": true}}}`,
			"components/a/three.json": `{"attributes": {"one": {"type": "component", "component": "a.one"}}}`,
			"components/a/self.json":  `{"attributes": {"me": {"type": "component", "component": "a.self"}}}`},
			[]string{
				`components/a/self.json: component "a.self": field "me": component "a.self" holds itself (a.self → a.self)`,
				`components/a/three.json: component "a.three": field "one": component "a.one" holds itself (a.one → a.two → a.three → a.one)`,
			}},
		{"component fields' own keys", map[string]string{"components/shared/seo.json": seo,
			"a.yaml": ct("a", "as", "seo: {type: component, min: 1, unique: true, default: x}", "zone: {type: dynamiczone, components: [shared.seo, shared.seo], component: shared.seo}",
				"pic: {type: media, allowedTypes: [pictures], index: true, max: 2}")},
			[]string{
				`a.yaml: type "a": field "seo": component is required: the uid of the component (category.name)`,
				`a.yaml: type "a": field "seo": min and max apply only to a repeatable component`,
				`a.yaml: type "a": field "seo": unique applies only to scalar fields`,
				`a.yaml: type "a": field "seo": default applies only to scalar fields`,
				`a.yaml: type "a": field "zone": component "shared.seo" is listed twice`,
				`a.yaml: type "a": field "zone": component and repeatable applies only to component fields`,
				`a.yaml: type "a": field "pic": allowedTypes may hold images, videos, files and audios, not "pictures"`,
				`a.yaml: type "a": field "pic": min and max applies only to integer, biginteger, decimal and float fields`,
				`a.yaml: type "a": field "pic": index applies only to scalar, non-json fields (relations are indexed already)`,
			}},
	})
}

// TestStrapiUserExtension: Strapi's extension file repeats the plugin's
// own fields; a copy of one is the built-in field, a changed rule is a
// warning (Kiln's definition holds), another type is a problem.
func TestStrapiUserExtension(t *testing.T) {
	const path = "extensions/users-permissions/content-types/user/schema.json"
	s, err := load(map[string]string{path: `{"info": {"singularName": "user"}, "attributes": {
  "username": {"type": "string", "minLength": 3, "unique": true, "configurable": false, "required": true},
  "password": {"type": "password", "minLength": 8, "private": true},
  "confirmed": {"type": "boolean", "default": true},
  "articles": {"type": "relation", "relation": "oneToMany", "target": "api::article.article", "mappedBy": "author"}}}`,
		"article.yaml": ct("article", "articles", "author: {type: relation, relation: manyToOne, target: user, inversedBy: articles}")})
	if err != nil {
		t.Fatal(err)
	}
	var warnings []string
	for _, w := range s.Warnings {
		warnings = append(warnings, w.String())
	}
	if want := path + `: type "user": field "password": is a built-in field of user: its minLength differ from Kiln's, whose definition holds` + "\n" +
		path + `: type "user": field "confirmed": is a built-in field of user: its default differ from Kiln's, whose definition holds`; strings.Join(warnings, "\n") != want {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), want)
	}
	if p := s.Type("user").Attr("password"); *p.MinLength != 6 {
		t.Errorf("password minLength %d, want the built-in 6", *p.MinLength)
	}
	if a := s.Type("user").Attr("articles"); a.Inverse != s.Type("article").Attr("author") {
		t.Errorf("user.articles is not article.author's inverse")
	}
	runProblemCases(t, []problemCase{
		{"a built-in field of another type", map[string]string{path: `{"attributes": {"email": {"type": "string"}}}`},
			[]string{path + `: type "user": field "email": is a built-in field of user and cannot be redefined`}},
		{"another singularName", map[string]string{path: `{"info": {"singularName": "member"}, "attributes": {}}`},
			[]string{path + `: type "member": the user's extension must say info.singularName: user`}},
	})
}
