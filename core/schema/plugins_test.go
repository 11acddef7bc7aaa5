package schema_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// pluginType is a plugin's schema.json (no collectionName, as plugins
// usually leave it to Strapi) with the given attributes.
func pluginType(singular, plural, attrs string) string {
	return `{"kind": "collectionType",
  "info": {"singularName": "` + singular + `", "pluralName": "` + plural + `", "displayName": "` + singular + `"},
  "options": {"draftAndPublish": false},
  "attributes": {` + attrs + `}}`
}

// TestPluginTypes: a local plugin's types, in Strapi 4's layout
// (server/content-types) and the Strapi 5 plugin SDK's
// (server/src/content-types), and a plugin's type from its extension
// alone, load with their plugin::<plugin>.<name> uids and Strapi's
// default table, <plugin>_<name>; relations name them by uid, both ways
// and from components; an extension's top-level keys replace the
// plugin's, the others stay.
func TestPluginTypes(t *testing.T) {
	s, err := schema.Load(map[string][]byte{
		"api/recipe/content-types/recipe/schema.json": []byte(strapiType("recipe", "recipes",
			`"badge": {"type": "relation", "relation": "manyToOne", "target": "plugin::kitchen.badge", "inversedBy": "recipes"},
			 "tags": {"type": "relation", "relation": "manyToMany", "target": "plugin::labels.tag"}`)),
		"plugins/kitchen/server/content-types/badge/schema.json": []byte(pluginType("badge", "badges",
			`"name": {"type": "string"}, "recipes": {"type": "relation", "relation": "oneToMany", "target": "api::recipe.recipe", "mappedBy": "badge"}`)),
		"plugins/kitchen/server/content-types/badge/index.js": []byte("module.exports = { schema: require('./schema.json') };"),
		"plugins/labels/server/src/content-types/tag/schema.json": []byte(`{"kind": "collectionType",
  "info": {"singularName": "tag", "pluralName": "tags", "displayName": "Plugin's tag"},
  "options": {"draftAndPublish": true}, "attributes": {"label": {"type": "string"}}}`),
		"extensions/labels/content-types/tag/schema.json": []byte(`{
  "info": {"singularName": "tag", "pluralName": "tags", "displayName": "Tag"},
  "attributes": {"label": {"type": "string"}, "colour": {"type": "string"}}}`),
		"extensions/form-builder/content-types/built-form/schema.json": []byte(`{"kind": "collectionType", "collectionName": "built_forms",
  "info": {"singularName": "built-form", "pluralName": "built-forms", "displayName": "Form"},
  "attributes": {"title": {"type": "string"}}}`),
		"components/block/form.json": []byte(`{"info": {"displayName": "Form"},
  "attributes": {"form": {"type": "relation", "relation": "oneToOne", "target": "plugin::form-builder.built-form"}}}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ct := range s.Types {
		if !ct.Builtin {
			got = append(got, ct.UID()+" "+ct.Table+" "+ct.File)
		}
	}
	want := []string{
		"plugin::kitchen.badge kitchen_badge plugins/kitchen/server/content-types/badge/schema.json",
		"plugin::form-builder.built-form built_forms extensions/form-builder/content-types/built-form/schema.json",
		"api::recipe.recipe recipes api/recipe/content-types/recipe/schema.json",
		"plugin::labels.tag labels_tag extensions/labels/content-types/tag/schema.json",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("types:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	recipe, badge, tag := s.Type("recipe"), s.Type("badge"), s.Type("tag")
	if a := recipe.Attr("badge"); a.TargetType != badge || a.Inverse != badge.Attr("recipes") {
		t.Errorf("recipe.badge: target %v, inverse %v", a.TargetType, a.Inverse)
	}
	if a := recipe.Attr("tags"); a.TargetType != tag {
		t.Errorf("recipe.tags: target %v", a.TargetType)
	}
	if a := s.Component("block.form").Attr("form"); a.TargetType != s.Type("built-form") {
		t.Errorf("block.form.form: target %v", a.TargetType)
	}
	// The extension wrote info and attributes; options are the plugin's.
	if tag.DisplayName != "Tag" || tag.Attr("colour") == nil || !tag.DraftAndPublish {
		t.Errorf("tag: %q, colour %v, draft & publish %v", tag.DisplayName, tag.Attr("colour"), tag.DraftAndPublish)
	}
	for uid, want := range map[string]*schema.ContentType{
		"plugin::kitchen.badge": badge, "plugin::other.badge": nil, "api::badge.badge": nil, "badge": badge,
		"api::recipe.recipe": recipe, "api::cooking.recipe": recipe, "plugin::kitchen.recipe": nil,
		"plugin::users-permissions.user": s.Type("user"), "plugin::labels.tag": tag, "plugin::labels": nil,
	} {
		if got := s.ByUID(uid); got != want {
			t.Errorf("ByUID(%q) = %v, want %v", uid, got, want)
		}
	}
	if recipe.Plugin != "" || badge.Plugin != "kitchen" || s.Type("user").UID() != "plugin::users-permissions.user" {
		t.Errorf("plugins: recipe %q, badge %q, user %s", recipe.Plugin, badge.Plugin, s.Type("user").UID())
	}
}

// TestPluginTypeProblems: what Strapi refuses of a plugin's types is a
// problem naming the file, and so is what Kiln cannot serve (two types of
// one singular or plural name, which Strapi tells apart by uid).
func TestPluginTypeProblems(t *testing.T) {
	const badge = "plugins/kitchen/server/content-types/badge/schema.json"
	const apiBadge, apiRecipe = "api/badge/content-types/badge/schema.json", "api/recipe/content-types/recipe/schema.json"
	api := func(singular, plural string) string {
		return strapiType(singular, plural, `"name": {"type": "string"}`)
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"the singular name of an api type", map[string]string{apiBadge: api("badge", "badges"), badge: pluginType("badge", "kitchen-badges", "")},
			badge + `: type "badge": plugin::kitchen.badge takes the name "badge" of api::badge.badge: Kiln names types by their singular and plural names, so two types may not share one (Strapi allows it); rename one`},
		{"the plural name of an api type", map[string]string{apiBadge: api("prize", "badges"), badge: pluginType("badge", "badges", "")},
			badge + `: type "badge": plugin::kitchen.badge takes the name "badges" of api::prize.prize: Kiln names types by their singular and plural names, so two types may not share one (Strapi allows it); rename one`},
		{"a built-in type's name", map[string]string{"plugins/kitchen/server/content-types/file/schema.json": pluginType("file", "kitchen-files", "")},
			`plugins/kitchen/server/content-types/file/schema.json: type "file": plugin::kitchen.file takes the name "file" of plugin::upload.file: Kiln names types by their singular and plural names, so two types may not share one (Strapi allows it); rename one`},
		{"two plugins' types of one name", map[string]string{
			badge: pluginType("badge", "badges", ""),
			"plugins/awards/server/content-types/badge/schema.json": pluginType("badge", "award-badges", "")},
			badge + `: type "badge": plugin::kitchen.badge takes the name "badge" of plugin::awards.badge: Kiln names types by their singular and plural names, so two types may not share one (Strapi allows it); rename one`},
		{"the folder is not the singular name", map[string]string{apiRecipe: api("recipe", "recipes"), badge: pluginType("medal", "medals", "")},
			badge + `: type "medal": info.singularName "medal" must be the name of the type's folder, "badge", as Strapi requires`},
		{"a plugin name that is not kebab case", map[string]string{apiRecipe: api("recipe", "recipes"), "plugins/myKitchen/server/content-types/badge/schema.json": pluginType("badge", "badges", "")},
			`plugins/myKitchen/server/content-types/badge/schema.json: type "badge": the plugin's name "myKitchen" must be kebab case (an-example-of-kebab-case), as Strapi requires`},
		{"both plugin layouts", map[string]string{apiRecipe: api("recipe", "recipes"), badge: pluginType("badge", "badges", ""),
			"plugins/kitchen/server/src/content-types/badge/schema.json": pluginType("badge", "badges", "")},
			`plugins/kitchen/server/src/content-types/badge/schema.json: type "badge": plugin::kitchen.badge is defined twice (also in ` + badge + `)`},
		{"a target of another plugin", map[string]string{badge: pluginType("badge", "badges", ""),
			apiRecipe: strapiType("recipe", "recipes", `"badge": {"type": "relation", "relation": "oneToOne", "target": "plugin::awards.badge"}`)},
			apiRecipe + `: type "recipe": field "badge": target "plugin::awards.badge" is not a content type ("badge" is plugin::kitchen.badge)`},
		{"an api target naming a plugin's type", map[string]string{badge: pluginType("badge", "badges", ""),
			apiRecipe: strapiType("recipe", "recipes", `"badge": {"type": "relation", "relation": "oneToOne", "target": "api::badge.badge"}`)},
			apiRecipe + `: type "recipe": field "badge": target "api::badge.badge" is not a content type ("badge" is plugin::kitchen.badge)`},
		{"a plugin target naming an api type", map[string]string{
			apiRecipe: strapiType("recipe", "recipes", `"next": {"type": "relation", "relation": "oneToOne", "target": "plugin::kitchen.recipe"}`)},
			apiRecipe + `: type "recipe": field "next": target "plugin::kitchen.recipe" is not a content type ("recipe" is api::recipe.recipe)`},
		{"a schema in TypeScript", map[string]string{apiRecipe: api("recipe", "recipes"), "plugins/kitchen/server/src/content-types/badge/schema.ts": "export default {};"},
			`plugins/kitchen/server/src/content-types/badge/schema.ts: a schema written in JavaScript or TypeScript cannot be read: Kiln reads schema.json`},
		{"an extension of a type Kiln has built in", map[string]string{"extensions/users-permissions/content-types/role/schema.json": pluginType("role", "roles", "")},
			`extensions/users-permissions/content-types/role/schema.json: Kiln extends plugin::users-permissions.user only (from its schema.json), not plugin::users-permissions.role`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srcs := map[string][]byte{}
			for n, src := range tc.files {
				srcs[n] = []byte(src)
			}
			_, err := schema.Load(srcs)
			var got []string
			if probs, ok := err.(schema.Problems); ok {
				for _, p := range probs {
					got = append(got, p.String())
				}
			}
			if strings.Join(got, "\n") != tc.want {
				t.Errorf("problems:\n%s\nwant\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}
