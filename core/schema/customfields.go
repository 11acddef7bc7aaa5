package schema

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A Strapi custom field ({"type": "customField", "customField":
// "plugin::color-picker.color"}) is stored as a base type its plugin
// registers. Kiln knows the base type of the common ones (builtinCustom);
// config/custom-fields.yaml gives the others', by uid. A field that writes
// its base type itself ({"type": "string", "customField": ...}) needs
// neither: its type is its base type.

// builtinCustom are the base types of custom fields found in public Strapi
// projects, as their plugins register them (strapi.customFields.register
// in the plugin's server code), each with the package it comes from.
var builtinCustom = map[string]FieldType{
	"plugin::ckeditor5.CKEditor":                        RichText, // @_sh/strapi-plugin-ckeditor: HTML
	"plugin::ckeditor.CKEditor":                         RichText, // @ckeditor/strapi-plugin-ckeditor: HTML
	"plugin::tiptap-editor.RichText":                    Text,     // @notum-cz/strapi-plugin-tiptap-editor: its JSON, as text
	"plugin::strapi-tiptap-editor.strapi-tiptap-editor": RichText, // @frameless/strapi-tiptap-editor: HTML
	"plugin::strapi-tiptap-editor.richtext-preview":     String,   // @frameless/strapi-tiptap-editor: a preview's text
	"plugin::tinymce.tinymce":                           RichText, // @sklinet/strapi-plugin-tinymce: HTML
	"plugin::oembed.oembed":                             Text,     // strapi-plugin-oembed: the oEmbed answer, as text
	"plugin::video-field.video":                         JSON,     // @sklinet/strapi-plugin-video-field: provider and id
	"plugin::color-picker.color":                        String,   // @strapi/plugin-color-picker: "#RRGGBB"
	"plugin::multi-select.multi-select":                 JSON,     // strapi-plugin-multi-select: a list of strings
	"plugin::string-array.input":                        Text,     // strapi-plugin-string-array: the strings, comma-separated
	"plugin::strapi-advanced-uuid.uuid":                 UID,      // strapi-advanced-uuid (2.x, Strapi 5): a UUID
	"plugin::country-select.country":                    String,   // strapi-plugin-country-select: an ISO 3166 code
	"plugin::language.language":                         String,   // @frameless/strapi-plugin-language: a language code
	"plugin::open-forms-embed.open-forms-embed":         String,   // @frameless/strapi-plugin-open-forms-embed: a form's address
	"plugin::nl-government-fields.uniform-product-name": String,   // @frameless/strapi-plugin-nl-government-fields
	"plugin::nl-government-fields.authority-select":     String,   // @frameless/strapi-plugin-nl-government-fields
	"plugin::nl-government-fields.gemeente-select":      String,   // @frameless/strapi-plugin-nl-government-fields
}

// BuiltinCustomFields returns the uids of the custom fields Kiln knows
// without configuration, with their base types.
func BuiltinCustomFields() map[string]FieldType {
	out := make(map[string]FieldType, len(builtinCustom))
	for k, v := range builtinCustom {
		out[k] = v
	}
	return out
}

// Options are what loading takes besides the content-types folder.
type Options struct {
	// CustomFields is config/custom-fields.yaml: a custom field's uid ->
	// its base type, over the built-in table.
	CustomFields map[string]string
	// CustomFieldsFile is where CustomFields was read from, for messages.
	CustomFieldsFile string
}

// customUIDRe is a custom field's uid, as Strapi registers them:
// plugin::<plugin>.<name>, or global::<name> for an app's own.
var customUIDRe = regexp.MustCompile(`^(plugin::[^.\s:]+\.[^.\s:]+|global::[^.\s:]+)$`)

// customFields checks the configured table and returns the whole one: the
// built-in table with the configured entries over it.
func (o Options) customFields(probs *Problems) map[string]FieldType {
	table := BuiltinCustomFields()
	uids := make([]string, 0, len(o.CustomFields))
	for uid := range o.CustomFields {
		uids = append(uids, uid)
	}
	sort.Strings(uids)
	for _, uid := range uids {
		base := FieldType(o.CustomFields[uid])
		add := func(msg string) {
			*probs = append(*probs, Problem{File: o.file(), Message: fmt.Sprintf("custom field %q: %s", uid, msg)})
		}
		switch k := KindOf(base); {
		case !customUIDRe.MatchString(uid):
			add("a custom field's uid is plugin::<plugin>.<name> or global::<name>")
		case k == nil || k.Caps().Relation:
			add(fmt.Sprintf("%q is not a base type: one of %s", base, baseTypes()))
		default:
			table[uid] = base
		}
	}
	return table
}

func (o Options) file() string {
	if o.CustomFieldsFile != "" {
		return o.CustomFieldsFile
	}
	return "config/custom-fields.yaml"
}

// baseTypes lists the types a custom field may be stored as.
func baseTypes() string {
	var names []string
	for _, k := range registry {
		if !k.Caps().Relation {
			names = append(names, string(k.Type()))
		}
	}
	return strings.Join(names, ", ")
}

// resolveCustomFields gives every customField of raws its base type. A
// uid missing is a problem; a uid Kiln does not know loads as json, with
// one warning per uid (at its first use) naming the file to set its base
// type in: Strapi starts with any custom field its plugins register.
func resolveCustomFields(raws []*rawType, table map[string]FieldType, o Options, probs, warns *Problems) {
	warned := map[string]bool{}
	for _, rt := range raws {
		for _, ra := range rt.attrs {
			a := &ra.a
			if a.Type != CustomField {
				continue // a base type written beside customField, or no custom field
			}
			at := func(msg string) Problem {
				pr := Problem{File: rt.file, Type: rt.singular, Field: ra.name, Message: msg}
				switch {
				case rt.component != "":
					pr.Type, pr.Component = "", rt.component
				case rt.extension:
					pr.Type = "user"
				}
				return pr
			}
			if a.CustomField == "" {
				*probs = append(*probs, at("customField is required: the custom field's uid (plugin::color-picker.color)"))
				continue
			}
			if base, ok := table[a.CustomField]; ok {
				a.Type = base
				continue
			}
			asJSON(a)
			if !warned[a.CustomField] {
				warned[a.CustomField] = true
				*warns = append(*warns, at(fmt.Sprintf("custom field %q is not one Kiln knows: its fields are loaded as json, "+
					"their rules other than required, private and default unchecked; set its base type in %s (%s: string, or the type its plugin stores)",
					a.CustomField, o.file(), a.CustomField)))
			}
		}
	}
}

// asJSON makes a custom field of unknown base type a json field: the
// rules of other base types it may write (a text's maxLength, a number's
// min) are left, as Kiln cannot tell which base type they were meant for.
func asJSON(a *Attribute) {
	a.Type = JSON
	a.Min, a.Max, a.MinLength, a.MaxLength, a.Regex, a.Enum, a.TargetField, a.Unique = nil, nil, nil, nil, "", nil, "", false
}
