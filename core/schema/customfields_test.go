package schema_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// TestCustomFields: a customField is stored as its base type: the
// built-in table's, config/custom-fields.yaml's (over the table), or the
// type the field writes beside its uid; the uid stays in the model.
func TestCustomFields(t *testing.T) {
	opts := schema.Options{CustomFields: map[string]string{"plugin::my-plugin.color": "string", "global::stars": "integer",
		"plugin::ckeditor.CKEditor": "text"}, CustomFieldsFile: "config/custom-fields.yaml"}
	s, err := schema.LoadWith(map[string][]byte{"api/page/content-types/page/schema.json": []byte(strapiType("page", "pages", `
    "body": {"type": "customField", "customField": "plugin::ckeditor5.CKEditor", "options": {"preset": "rich"}, "required": true},
    "old_body": {"type": "customField", "customField": "plugin::ckeditor.CKEditor"},
    "rich": {"type": "customField", "customField": "plugin::tiptap-editor.RichText"},
    "colour": {"type": "customField", "customField": "plugin::color-picker.color", "regex": "^#[0-9A-F]{6}$"},
    "tags": {"type": "customField", "customField": "plugin::multi-select.multi-select"},
    "accent": {"type": "customField", "customField": "plugin::my-plugin.color", "maxLength": 7},
    "rating": {"type": "customField", "customField": "global::stars", "min": 1, "max": 5},
    "icon": {"type": "string", "customField": "plugin::unknown-plugin.icon"}`))}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]schema.FieldType{"body": schema.RichText, "old_body": schema.Text, "rich": schema.Text, "colour": schema.String,
		"tags": schema.JSON, "accent": schema.String, "rating": schema.Integer, "icon": schema.String}
	for _, a := range s.Type("page").Attributes {
		if a.Type != want[a.Name] || a.Kind == nil || a.Kind.Type() != want[a.Name] || a.CustomField == "" {
			t.Errorf("%s: type %s (kind %v) custom field %q, want %s", a.Name, a.Type, a.Kind, a.CustomField, want[a.Name])
		}
	}
	if b := s.Type("page").Attr("body"); !b.Required || b.CustomField != "plugin::ckeditor5.CKEditor" || b.Column != "body" {
		t.Errorf("body = %+v", b)
	}

	_, err = schema.LoadWith(map[string][]byte{
		"a.yaml": []byte(ct("a", "as", "c: {type: customField, customField: plugin::color-picker-pro.color}", "d: {type: customField}",
			"e: {type: customField, customField: plugin::ckeditor5.CKEditor, enum: [x]}")),
		"components/shared/seo.json": []byte(`{"attributes": {"x": {"type": "customField", "customField": "global::nope"}}}`),
	}, schema.Options{CustomFields: map[string]string{"plugin::a.b": "strin", "plugin::a.c": "relation", "my-color": "string"},
		CustomFieldsFile: "config/custom-fields.yaml"})
	assertProblems(t, err, []string{
		`a.yaml: type "a": field "c": custom field "plugin::color-picker-pro.color" has no base type Kiln knows: add it to config/custom-fields.yaml (plugin::color-picker-pro.color: string, or the type its plugin stores)`,
		`a.yaml: type "a": field "d": customField is required: the custom field's uid (plugin::color-picker.color)`,
		`a.yaml: type "a": field "e": enum applies only to enumeration fields`,
		`components/shared/seo.json: component "shared.seo": field "x": custom field "global::nope" has no base type Kiln knows: add it to config/custom-fields.yaml (global::nope: string, or the type its plugin stores)`,
		`config/custom-fields.yaml: custom field "my-color": a custom field's uid is plugin::<plugin>.<name> or global::<name>`,
		`config/custom-fields.yaml: custom field "plugin::a.b": "strin" is not a base type: one of string, text, richtext, email, password, uid, enumeration, integer, biginteger, float, decimal, boolean, date, time, datetime, json, blocks`,
		`config/custom-fields.yaml: custom field "plugin::a.c": "relation" is not a base type: one of string, text, richtext, email, password, uid, enumeration, integer, biginteger, float, decimal, boolean, date, time, datetime, json, blocks`,
	})
}
