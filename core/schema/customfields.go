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
// projects, as their plugins register them.
var builtinCustom = map[string]FieldType{
	"plugin::ckeditor5.CKEditor":        RichText, // @_sh/strapi-plugin-ckeditor: HTML
	"plugin::ckeditor.CKEditor":         RichText, // @ckeditor/strapi-plugin-ckeditor: HTML
	"plugin::tiptap-editor.RichText":    Text,     // @notum-cz/strapi-plugin-tiptap-editor: its JSON, as text
	"plugin::color-picker.color":        String,   // @strapi/plugin-color-picker: "#RRGGBB"
	"plugin::multi-select.multi-select": JSON,     // strapi-plugin-multi-select: a list of strings
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

// resolveCustomField gives a customField its base type, or says why it
// cannot (msg, located at the field by the caller).
func resolveCustomField(a *Attribute, table map[string]FieldType, o Options) (msg string) {
	if a.Type != CustomField {
		return "" // a base type written beside customField, or no custom field
	}
	if a.CustomField == "" {
		return "customField is required: the custom field's uid (plugin::color-picker.color)"
	}
	base, ok := table[a.CustomField]
	if !ok {
		return fmt.Sprintf("custom field %q has no base type Kiln knows: add it to %s (%s: string, or the type its plugin stores)",
			a.CustomField, o.file(), a.CustomField)
	}
	a.Type = base
	return ""
}
