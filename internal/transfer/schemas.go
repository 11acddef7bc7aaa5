// Package transfer reads and writes what Strapi's data-transfer archives
// mean (strapi export, strapi import): the schemas/ lines a project's types
// become, and how an archive's schemas are compared with the loaded ones.
// The container itself (tar, gzip, encryption, hostile entries) is
// internal/transfer/archive's.
package transfer

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/jsonw"
)

// An archive's schemas/ holds one line per content type and component, as
// Strapi 5 holds them in memory once loaded: the schema file's keys
// (collectionName, info, options, pluginOptions, attributes as written),
// the attributes Strapi adds to every content type (createdAt, updatedAt,
// publishedAt, createdBy, updatedBy, locale, localizations), then kind,
// modelType, modelName, uid, plugin and globalId. Recorded from Strapi
// 5.54 in testdata/transfer/strapi5.

// SchemaLine is ct (a content type or a component) as an archive's
// schemas/ line writes it.
func SchemaLine(ct *schema.ContentType) jsonw.Ordered {
	if ct.Kind == schema.ComponentKind {
		return componentLine(ct)
	}
	info := jsonw.Ordered{{Key: "singularName", Value: ct.Name}, {Key: "pluralName", Value: ct.Plural},
		{Key: "displayName", Value: ct.DisplayName}, {Key: "description", Value: ct.Description}}
	if ct.Icon != "" {
		info = append(info, jsonw.Member{Key: "icon", Value: ct.Icon})
	}
	out := jsonw.Ordered{{Key: "collectionName", Value: ct.CollectionName()}, {Key: "info", Value: info},
		{Key: "options", Value: typeOptions(ct)}}
	switch {
	case ct.PluginOptions != nil:
		out = append(out, jsonw.Member{Key: "pluginOptions", Value: ct.PluginOptions})
	case !strings.HasSuffix(ct.File, ".json"):
		// A type of Kiln's YAML as the schema.json Strapi's builder
		// writes for it, which says pluginOptions: {}.
		out = append(out, jsonw.Member{Key: "pluginOptions", Value: jsonw.Ordered{}})
	}
	attrs := attributes(ct)
	attrs = append(attrs, systemAttributes(ct)...)
	kind := "collectionType"
	if ct.Kind == schema.SingleType {
		kind = "singleType"
	}
	out = append(out, jsonw.Member{Key: "attributes", Value: attrs}, jsonw.Member{Key: "kind", Value: kind},
		jsonw.Member{Key: "modelType", Value: "contentType"}, jsonw.Member{Key: "modelName", Value: ct.Name},
		jsonw.Member{Key: "uid", Value: ct.UID()})
	if ct.Plugin != "" {
		out = append(out, jsonw.Member{Key: "plugin", Value: ct.Plugin})
	}
	return append(out, jsonw.Member{Key: "globalId", Value: globalID(ct)})
}

// componentLine is a component's line: its file's keys and attributes,
// nothing added.
func componentLine(c *schema.ContentType) jsonw.Ordered {
	info := jsonw.Ordered{{Key: "displayName", Value: c.DisplayName}}
	if c.Icon != "" {
		info = append(info, jsonw.Member{Key: "icon", Value: c.Icon})
	}
	info = append(info, jsonw.Member{Key: "description", Value: c.Description})
	options := json.RawMessage(c.Options)
	if options == nil {
		options = json.RawMessage(`{}`)
	}
	out := jsonw.Ordered{{Key: "collectionName", Value: c.CollectionName()}, {Key: "info", Value: info}, {Key: "options", Value: options}}
	if c.PluginOptions != nil {
		out = append(out, jsonw.Member{Key: "pluginOptions", Value: c.PluginOptions})
	}
	_, name, _ := strings.Cut(c.Name, ".")
	return append(out, jsonw.Member{Key: "attributes", Value: attributes(c)}, jsonw.Member{Key: "modelType", Value: "component"},
		jsonw.Member{Key: "modelName", Value: name}, jsonw.Member{Key: "uid", Value: c.Name}, jsonw.Member{Key: "globalId", Value: globalID(c)})
}

// typeOptions are a type's options as its file writes them, or Strapi's
// draftAndPublish alone when it writes none.
func typeOptions(ct *schema.ContentType) any {
	if ct.Options != nil {
		return ct.Options
	}
	return jsonw.Ordered{{Key: "draftAndPublish", Value: ct.DraftAndPublish}}
}

// attributes are ct's fields as its file writes them, a relation's target
// as a uid (Kiln's YAML names it by its singular name).
func attributes(ct *schema.ContentType) jsonw.Ordered {
	out := jsonw.Ordered{}
	for _, a := range ct.Attributes {
		written := jsonw.InOrder(a.Written)
		if written == nil {
			written = jsonw.Ordered{{Key: "type", Value: string(a.Type)}}
		}
		for i, m := range written {
			if m.Key == "target" && a.TargetType != nil && a.Type == schema.Relation {
				written[i].Value = a.TargetType.UID()
			}
		}
		out = append(out, jsonw.Member{Key: a.Name, Value: written})
	}
	return out
}

// systemAttributes are the fields Strapi 5 adds to every content type;
// locale and localizations are private on a type that is not localized.
func systemAttributes(ct *schema.ContentType) jsonw.Ordered {
	hidden := !ct.Localized
	adminUser := func() jsonw.Ordered {
		return jsonw.Ordered{{Key: "type", Value: "relation"}, {Key: "relation", Value: "oneToOne"}, {Key: "target", Value: "admin::user"},
			{Key: "configurable", Value: false}, {Key: "writable", Value: false}, {Key: "visible", Value: false},
			{Key: "useJoinTable", Value: false}, {Key: "private", Value: true}}
	}
	return jsonw.Ordered{
		{Key: "createdAt", Value: jsonw.Ordered{{Key: "type", Value: "datetime"}}},
		{Key: "updatedAt", Value: jsonw.Ordered{{Key: "type", Value: "datetime"}}},
		{Key: "publishedAt", Value: jsonw.Ordered{{Key: "type", Value: "datetime"}, {Key: "configurable", Value: false},
			{Key: "writable", Value: true}, {Key: "visible", Value: true}}},
		{Key: "createdBy", Value: adminUser()},
		{Key: "updatedBy", Value: adminUser()},
		{Key: "locale", Value: jsonw.Ordered{{Key: "writable", Value: true}, {Key: "private", Value: hidden},
			{Key: "configurable", Value: false}, {Key: "visible", Value: false}, {Key: "type", Value: "string"}}},
		{Key: "localizations", Value: jsonw.Ordered{{Key: "type", Value: "relation"}, {Key: "relation", Value: "oneToMany"},
			{Key: "target", Value: ct.UID()}, {Key: "writable", Value: false}, {Key: "private", Value: hidden},
			{Key: "configurable", Value: false}, {Key: "visible", Value: false}, {Key: "unstable_virtual", Value: true},
			{Key: "joinColumn", Value: jsonw.Ordered{{Key: "name", Value: "document_id"},
				{Key: "referencedColumn", Value: "document_id"}, {Key: "referencedTable", Value: ct.CollectionName()}}}}},
	}
}

// globalID is Strapi's globalId: the type's singular name in PascalCase,
// after its plugin's for a plugin's type ("UploadFile"), and "Component"
// with the category and name for a component ("ComponentSharedSeo").
func globalID(ct *schema.ContentType) string {
	if ct.Kind == schema.ComponentKind {
		category, name, _ := strings.Cut(ct.Name, ".")
		return "Component" + pascal(category) + pascal(name)
	}
	return pascal(ct.Plugin) + pascal(ct.Name)
}

// pascal is s in PascalCase, its words split at anything not a letter or
// digit ("users-permissions" is UsersPermissions).
func pascal(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
