package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// TestCustomFields: a customField is stored as its base type: the
// built-in table's, config/custom-fields.yaml's (over the table), or the
// type the field writes beside its uid; the uid stays in the model. Its
// options are the admin panel's in any shape (multi-select writes a list).
func TestCustomFields(t *testing.T) {
	opts := schema.Options{CustomFields: map[string]string{"plugin::my-plugin.color": "string", "global::stars": "integer",
		"plugin::ckeditor.CKEditor": "text"}, CustomFieldsFile: "config/custom-fields.yaml"}
	s, err := schema.LoadWith(map[string][]byte{"api/page/content-types/page/schema.json": []byte(strapiType("page", "pages", `
    "body": {"type": "customField", "customField": "plugin::ckeditor5.CKEditor", "options": {"preset": "rich"}, "required": true},
    "old_body": {"type": "customField", "customField": "plugin::ckeditor.CKEditor"},
    "rich": {"type": "customField", "customField": "plugin::tiptap-editor.RichText"},
    "colour": {"type": "customField", "customField": "plugin::color-picker.color", "regex": "^#[0-9A-F]{6}$"},
    "tags": {"type": "customField", "customField": "plugin::multi-select.multi-select", "options": ["Label:value", "Other:other"]},
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
		"a.yaml": []byte(ct("a", "as", "d: {type: customField}",
			"e: {type: customField, customField: plugin::ckeditor5.CKEditor, enum: [x]}")),
	}, schema.Options{CustomFields: map[string]string{"plugin::a.b": "strin", "plugin::a.c": "relation", "my-color": "string"},
		CustomFieldsFile: "config/custom-fields.yaml"})
	assertProblems(t, err, []string{
		`a.yaml: type "a": field "d": customField is required: the custom field's uid (plugin::color-picker.color)`,
		`a.yaml: type "a": field "e": enum applies only to enumeration fields`,
		`config/custom-fields.yaml: custom field "my-color": a custom field's uid is plugin::<plugin>.<name> or global::<name>`,
		`config/custom-fields.yaml: custom field "plugin::a.b": "strin" is not a base type: one of string, text, richtext, email, password, uid, enumeration, integer, biginteger, float, decimal, boolean, date, time, datetime, json, blocks`,
		`config/custom-fields.yaml: custom field "plugin::a.c": "relation" is not a base type: one of string, text, richtext, email, password, uid, enumeration, integer, biginteger, float, decimal, boolean, date, time, datetime, json, blocks`,
	})
}

// TestUnknownCustomField: a custom field whose uid Kiln does not know
// loads as json, as Strapi starts with any custom field its plugins
// register; one warning per uid, however many fields use it, names the
// file to set its base type in. Rules of another base type it writes are
// left, not refused.
func TestUnknownCustomField(t *testing.T) {
	s, err := schema.LoadWith(map[string][]byte{
		"a.yaml": []byte(ct("a", "as", "c: {type: customField, customField: plugin::color-picker-pro.color, maxLength: 7, required: true}",
			"c2: {type: customField, customField: plugin::color-picker-pro.color}")),
		"b.yaml":                     []byte(ct("b", "bs", "c: {type: customField, customField: plugin::color-picker-pro.color, regex: '^#'}")),
		"components/shared/seo.json": []byte(`{"attributes": {"x": {"type": "customField", "customField": "global::nope", "min": 1}}}`),
	}, schema.Options{CustomFieldsFile: "config/custom-fields.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []*schema.Attribute{s.Type("a").Attr("c"), s.Type("a").Attr("c2"), s.Type("b").Attr("c"), s.Component("shared.seo").Attr("x")} {
		if f == nil || f.Type != schema.JSON || f.Kind == nil || f.Kind.Type() != schema.JSON || f.MaxLength != nil || f.Regex != "" || f.Min != nil {
			t.Errorf("%+v: want a json field without the rules of another type", f)
		}
	}
	if !s.Type("a").Attr("c").Required {
		t.Error("required was lost")
	}
	assertWarnings(t, s, []string{
		`a.yaml: type "a": field "c": custom field "plugin::color-picker-pro.color" is not one Kiln knows: its fields are loaded as json, their rules other than required, private and default unchecked; set its base type in config/custom-fields.yaml (plugin::color-picker-pro.color: string, or the type its plugin stores)`,
		`components/shared/seo.json: component "shared.seo": field "x": custom field "global::nope" is not one Kiln knows: its fields are loaded as json, their rules other than required, private and default unchecked; set its base type in config/custom-fields.yaml (global::nope: string, or the type its plugin stores)`,
	})
}

// TestBuiltinCustomFields: every custom field of the shipped table loads
// as the base type the table gives it, with no warning.
func TestBuiltinCustomFields(t *testing.T) {
	var lines []string
	want := map[string]schema.FieldType{}
	i := 0
	for uid, base := range schema.BuiltinCustomFields() {
		name := fmt.Sprintf("f%d", i)
		i++
		lines = append(lines, fmt.Sprintf("%s: {type: customField, customField: %q}", name, uid))
		want[name] = base
	}
	s, err := schema.Load(map[string][]byte{"a.yaml": []byte(ct("a", "as", lines...))})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings: %v", s.Warnings)
	}
	for name, base := range want {
		if a := s.Type("a").Attr(name); a.Type != base || a.Kind.Type() != base {
			t.Errorf("%s (%s): %s, want %s", name, a.CustomField, a.Type, base)
		}
	}
}

// assertWarnings checks that s has exactly the warnings want, in order.
func assertWarnings(t *testing.T, s *schema.Schema, want []string) {
	t.Helper()
	got := make([]string, len(s.Warnings))
	for i, w := range s.Warnings {
		got[i] = w.String()
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}
