package schema_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// ct writes a collection type with the given attribute lines, each a YAML
// "name: {definition}". Its first attribute is on line 6.
func ct(singular, plural string, attrs ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: collectionType\ninfo:\n  singularName: %s\n  pluralName: %s\n", singular, plural)
	if len(attrs) == 0 {
		b.WriteString("attributes: {}\n")
		return b.String()
	}
	b.WriteString("attributes:\n")
	for _, a := range attrs {
		b.WriteString("  " + a + "\n")
	}
	return b.String()
}

// load loads the sources given as file name -> YAML.
func load(srcs map[string]string) (*schema.Schema, error) {
	m := make(map[string][]byte, len(srcs))
	for name, src := range srcs {
		m[name] = []byte(src)
	}
	return schema.Load(m)
}

// assertProblems checks that err is Problems holding exactly want, in order.
func assertProblems(t *testing.T, err error, want []string) {
	t.Helper()
	var probs schema.Problems
	if !errors.As(err, &probs) {
		t.Fatalf("error = %v, want Problems", err)
	}
	got := make([]string, len(probs))
	for i, p := range probs {
		got[i] = p.String()
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}

type problemCase struct {
	name string
	srcs map[string]string
	want []string
}

func runProblemCases(t *testing.T, tests []problemCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := load(tt.srcs)
			if s != nil {
				t.Errorf("Load returned a schema along with problems")
			}
			assertProblems(t, err, tt.want)
		})
	}
}

// one is a single file, a.yaml.
func one(src string) map[string]string { return map[string]string{"a.yaml": src} }

func TestProblemsOfTheDocument(t *testing.T) {
	runProblemCases(t, []problemCase{
		{"invalid YAML", one("kind: [collectionType\n"),
			[]string{"a.yaml: not valid YAML: yaml: line 1: did not find expected ',' or ']'"}},
		{"a list", one("- kind: collectionType\n"),
			[]string{"a.yaml: a content type must be a YAML mapping"}},
		{"a scalar", one("program\n"),
			[]string{"a.yaml: a content type must be a YAML mapping"}},
		{"empty", one(""),
			[]string{"a.yaml: a content type must be a YAML mapping"}},
		{"unknown top-level key", one(ct("a", "as") + "colectionName: things\n"),
			[]string{`a.yaml: type "a": unknown key "colectionName" (line 6): did you mean "collectionName"?`}},
		{"unknown info key, before the name",
			one("kind: collectionType\ninfo:\n  displayname: A\n  singularName: a\n  pluralName: as\n"),
			[]string{`a.yaml: type "a": unknown key "info.displayname" (line 3): did you mean "info.displayName"?`}},
		{"misspelt options key", one(ct("a", "as") + "options:\n  draftAndPublish: true\n  reviewWorkflow: true\n"),
			[]string{`a.yaml: type "a": unknown key "options.reviewWorkflow" (line 8): did you mean "options.reviewWorkflows"?`}},
		{"reviewWorkflows not a boolean", one(ct("a", "as") + "options: {reviewWorkflows: 1}\n"),
			[]string{`a.yaml: type "a": options.reviewWorkflows must be true or false`}},
		{"pluginOptions not a mapping", one(ct("a", "as") + "pluginOptions: [i18n]\n"),
			[]string{`a.yaml: type "a": pluginOptions must be a mapping`}},
		{"localized not a boolean", one(ct("a", "as") + "pluginOptions: {i18n: {localized: yes}}\n"),
			[]string{`a.yaml: type "a": pluginOptions.i18n.localized must be true or false`}},
		{"unknown info key icons", one("info: {singularName: a, pluralName: as, icons: x}\n"),
			[]string{`a.yaml: type "a": unknown key "info.icons" (line 1): did you mean "info.icon"?`}},
		{"draftAndPublish not a boolean", one(ct("a", "as") + "options: {draftAndPublish: yes}\n"),
			[]string{`a.yaml: type "a": options.draftAndPublish must be true or false`}},
		{"info not a mapping", one("kind: collectionType\ninfo: a\n"),
			[]string{
				"a.yaml: info must be a mapping",
				"a.yaml: info.singularName is required",
				"a.yaml: info.pluralName is required",
			}},
		{"singularName not a string", one("kind: collectionType\ninfo: {singularName: [a], pluralName: as}\n"),
			[]string{
				"a.yaml: info.singularName must be a string",
				"a.yaml: info.singularName is required",
			}},
		{"attributes not a mapping", one("kind: collectionType\ninfo: {singularName: a, pluralName: as}\nattributes: [title]\n"),
			[]string{`a.yaml: type "a": attributes must be a mapping of field name to definition`}},
		{"unknown kind", one("kind: collection\ninfo: {singularName: a, pluralName: as}\n"),
			[]string{`a.yaml: type "a": kind must be collectionType or singleType, not "collection"`}},
	})
}

func TestProblemsOfTypeNames(t *testing.T) {
	runProblemCases(t, []problemCase{
		{"singularName with capitals", one(ct("Program", "programs")),
			[]string{`a.yaml: type "Program": info.singularName must be lowercase letters, digits and dashes, starting with a letter`}},
		{"pluralName with an underscore", one(ct("a", "a_s")),
			[]string{`a.yaml: type "a": info.pluralName must be lowercase letters, digits and dashes, starting with a letter`}},
		{"pluralName equal to singularName", one(ct("news", "news")),
			[]string{`a.yaml: type "news": info.pluralName must differ from info.singularName`}},
		{"duplicate type name across files",
			map[string]string{"a.yaml": ct("a", "as"), "b.yaml": ct("a", "as")},
			[]string{`b.yaml: type "a": the type is defined twice (also in a.yaml)`}},
		{"duplicate plural",
			map[string]string{"a.yaml": ct("a", "items"), "b.yaml": ct("b", "items")},
			[]string{`b.yaml: type "b": info.pluralName "items" is already used`}},
		{"plural equal to another type's singular",
			map[string]string{"a.yaml": ct("a", "as"), "b.yaml": ct("b", "a")},
			[]string{`b.yaml: type "b": info.pluralName "a" is already used`}},
		{"singular equal to another type's plural",
			map[string]string{"a.yaml": ct("a", "bs"), "b.yaml": ct("bs", "bses")},
			[]string{`b.yaml: type "bs": info.singularName "bs" is already the pluralName of "a"`}},
		{"role redefined", map[string]string{"role.yaml": ct("role", "roles")},
			[]string{`role.yaml: type "role": the type is defined twice (also in (built-in) builtin/role.yaml)`}},
		{"collectionName with a control character", one(ct("a", "as") + "collectionName: \"a\\tb\"\n"),
			[]string{`a.yaml: type "a": collectionName must not hold control characters`}},
		{"collectionName differing only in case", // one table on SQLite
			map[string]string{"a.yaml": ct("a", "as") + "collectionName: A-Table\n", "b.yaml": ct("b", "bs") + "collectionName: a-table\n"},
			[]string{`b.yaml: type "b": table "a-table" is already used by type "a"`}},
		{"collectionName of another type",
			map[string]string{"a.yaml": ct("a", "as"), "b.yaml": ct("b", "bs") + "collectionName: as\n"},
			[]string{`b.yaml: type "b": table "as" is already used by type "a"`}},
		{"collectionName of a built-in type", one(ct("a", "as") + "collectionName: users\n"),
			[]string{`a.yaml: type "a": table "users" is already used by type "user"`}},
	})
}

func TestReservedPlurals(t *testing.T) {
	for _, plural := range []string{"auth", "users", "roles", "users-permissions", "versions", "docs", "v1", "v2", "connect", "upload"} {
		t.Run(plural, func(t *testing.T) {
			_, err := load(one(ct("thing", plural)))
			assertProblems(t, err, []string{fmt.Sprintf(`a.yaml: type "thing": info.pluralName %q is reserved by the core`, plural)})
		})
	}
}

func TestProblemsOfFieldNames(t *testing.T) {
	// Refused as Strapi 5 refuses them at start-up: by their snake_case.
	for _, name := range []string{"id", "documentId", "document_id", "Id", "DocumentID"} {
		t.Run("reserved "+name, func(t *testing.T) {
			_, err := load(one(ct("a", "as", name+": {type: string}")))
			assertProblems(t, err, []string{fmt.Sprintf(`a.yaml: type "a": field %q: the name is reserved for a system field`, name)})
		})
	}
	// A field in a system field's column: Strapi could not create the table.
	for name, sys := range map[string]string{"created_at": "createdAt", "published_at": "publishedAt", "updated_at": "updatedAt"} {
		t.Run("column of "+sys, func(t *testing.T) {
			_, err := load(one(ct("a", "as", name+": {type: string}")))
			assertProblems(t, err, []string{fmt.Sprintf(`a.yaml: type "a": field %q: column %q is already used by field %q`, name, name, sys)})
		})
	}
	t.Run("locale column of a localized type", func(t *testing.T) {
		_, err := load(one(ct("a", "as", "Locale: {type: string}") + "pluginOptions: {i18n: {localized: true}}\n"))
		assertProblems(t, err, []string{`a.yaml: type "a": field "Locale": column "locale" is already used by field "locale"`})
	})
	// The other names Strapi's content-type builder reserves are names
	// Strapi starts with: plain fields here too.
	for _, name := range []string{"meta", "attributes", "status", "entryId", "strapi_stage", "Meta", "data", "Locale"} {
		t.Run("allowed "+name, func(t *testing.T) {
			s, err := load(one(ct("a", "as", name+": {type: string}")))
			if err != nil {
				t.Fatal(err)
			}
			if a := s.Type("a").Attr(name); a == nil || a.Column != schema.StrapiSnake(name) || s.Type("a").Field(name) != a {
				t.Errorf("field %q: %+v", name, a)
			}
			if len(s.Warnings) != 0 {
				t.Errorf("warnings %v", s.Warnings)
			}
		})
	}
}

// TestSystemFieldsReplaced: a field named as a system field Strapi adds is
// replaced by it, as Strapi replaces it, with a warning; on a component
// (which has no system fields but id) it is a field like any other.
func TestSystemFieldsReplaced(t *testing.T) {
	cases := []struct {
		name, extra, msg string
	}{
		{"createdAt", "", "is a system field: Strapi replaces this definition with its own, and so does Kiln"},
		{"updatedAt", "", "is a system field: Strapi replaces this definition with its own, and so does Kiln"},
		{"publishedAt", "", "is a system field: Strapi replaces this definition with its own, and so does Kiln"},
		{"createdBy", "", "is a system field: Strapi replaces this definition with its own, and so does Kiln"},
		{"updatedBy", "", "is a system field: Strapi replaces this definition with its own, and so does Kiln"},
		{"locale", "pluginOptions: {i18n: {localized: true}}\n", "is a system field of a localized type: Strapi's i18n replaces this definition with its own, and so does Kiln"},
		{"localizations", "pluginOptions: {i18n: {localized: true}}\n", "is a system field of a localized type: Strapi's i18n replaces this definition with its own, and so does Kiln"},
		{"localizations", "", "is the name of i18n's localizations: Strapi keeps no column for it on a type that is not localized and refuses it in a request, and so does Kiln"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := load(one(ct("a", "as", "title: {type: string}", c.name+": {type: integer}") + c.extra))
			if err != nil {
				t.Fatal(err)
			}
			if a := s.Type("a").Attr(c.name); a != nil {
				t.Errorf("field %q kept: %+v", c.name, a)
			}
			want := fmt.Sprintf(`a.yaml: type "a": field %q: %s`, c.name, c.msg)
			if len(s.Warnings) != 1 || s.Warnings[0].String() != want {
				t.Errorf("warnings %v, want %s", s.Warnings, want)
			}
		})
	}
	t.Run("locale on a type that is not localized", func(t *testing.T) {
		s, err := load(one(ct("a", "as", "locale: {type: string}")))
		if err != nil {
			t.Fatal(err)
		}
		want := `a.yaml: type "a": field "locale": is the name of i18n's locale: on a type that is not localized Strapi stores it but never answers it nor lets a query name it, as a private field, and so does Kiln`
		if a := s.Type("a").Attr("locale"); a == nil || !a.IsPrivate() || a.Column != "locale" || len(s.Warnings) != 1 || s.Warnings[0].String() != want {
			t.Errorf("field %+v, warnings %v, want %s", a, s.Warnings, want)
		}
	})
	t.Run("status on draft & publish", func(t *testing.T) {
		s, err := load(one(ct("a", "as", "status: {type: string}") + "options: {draftAndPublish: true}\n"))
		if err != nil {
			t.Fatal(err)
		}
		want := `a.yaml: type "a": field "status": is the name of the status query parameter of a draft & publish type (Strapi warns of it too): the field is still read and written, and filtered as filters[status]`
		if s.Type("a").Attr("status") == nil || len(s.Warnings) != 1 || s.Warnings[0].String() != want {
			t.Errorf("warnings %v, want %s", s.Warnings, want)
		}
	})
}

func TestBadFieldNames(t *testing.T) {
	for _, name := range []string{"first-name", "2nd", "_id", "größe", `"a b"`, `"a.b"`} {
		t.Run("bad "+name, func(t *testing.T) {
			_, err := load(one(ct("a", "as", name+": {type: string}")))
			assertProblems(t, err, []string{fmt.Sprintf(`a.yaml: type "a": field %q: a field name must be letters, digits and underscores, starting with a letter`, strings.Trim(name, `"`))})
		})
	}
}

// TestSnakeCaseFieldNames: names as Strapi allows them (its content-type
// builder's /^[A-Za-z][_0-9A-Za-z]*$/), each its own column; two names of
// one column are a problem.
func TestSnakeCaseFieldNames(t *testing.T) {
	s, err := load(one(ct("a", "as", "is_actor: {type: boolean}", "meta_title: {type: string}", "item_1: {type: integer}",
		"CTA: {type: string}", "trailing_: {type: string}", "title2: {type: string}", "myURLField: {type: string}")))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range s.Type("a").Attributes {
		got = append(got, a.Name+":"+a.Column)
	}
	// Columns as Strapi 5 names them: lodash's snake_case of the name.
	if want := "is_actor:is_actor meta_title:meta_title item_1:item_1 CTA:cta trailing_:trailing title2:title_2 myURLField:my_url_field"; strings.Join(got, " ") != want {
		t.Errorf("fields %s, want %s", strings.Join(got, " "), want)
	}
	_, err = load(one(ct("a", "as", "metaTitle: {type: string}", "meta_title: {type: string}")))
	assertProblems(t, err, []string{`a.yaml: type "a": field "meta_title": column "meta_title" is already used by field "metaTitle"`})
}

func TestProblemsOfAttributes(t *testing.T) {
	runProblemCases(t, []problemCase{
		{"unknown attribute key", one(ct("a", "as", "title: {type: string, maxlength: 10}")),
			[]string{`a.yaml: type "a": field "title": unknown key "maxlength" (line 6): did you mean "maxLength"?`}},
		{"unknown type", one(ct("a", "as", "title: {type: strin}")),
			[]string{`a.yaml: type "a": field "title": unknown type "strin"`}},
		{"missing type", one(ct("a", "as", "title: {required: true}")),
			[]string{`a.yaml: type "a": field "title": type is required`}},
		{"definition not a mapping", one(ct("a", "as", "title: string")),
			[]string{`a.yaml: type "a": field "title": the field definition must be a mapping`}},
		{"field defined twice", one(ct("a", "as", "title: {type: string}", "title: {type: text}")),
			[]string{`a.yaml: type "a": field "title": the field is defined twice`}},
		{"required not a boolean", one(ct("a", "as", "title: {type: string, required: 1}")),
			[]string{`a.yaml: type "a": field "title": required must be true or false`}},
		{"min not a number", one(ct("a", "as", "n: {type: integer, min: one}")),
			[]string{`a.yaml: type "a": field "n": min must be a number`}},
		{"negative maxLength", one(ct("a", "as", "s: {type: string, maxLength: -1}")),
			[]string{`a.yaml: type "a": field "s": maxLength must be a whole number, zero or more`}},
		{"enum not a list", one(ct("a", "as", "e: {type: enumeration, enum: a}")),
			[]string{
				`a.yaml: type "a": field "e": enum must be a list of strings`,
				`a.yaml: type "a": field "e": enum is required: the list of allowed values`,
			}},
		{"min greater than max", one(ct("a", "as", "n: {type: integer, min: 10, max: 1}")),
			[]string{`a.yaml: type "a": field "n": min is greater than max`}},
		{"minLength greater than maxLength", one(ct("a", "as", "s: {type: string, minLength: 10, maxLength: 5}")),
			[]string{`a.yaml: type "a": field "s": minLength is greater than maxLength`}},
		{"enum on a string", one(ct("a", "as", "s: {type: string, enum: [x, y]}")),
			[]string{`a.yaml: type "a": field "s": enum applies only to enumeration fields`}},
		{"min on a string", one(ct("a", "as", "s: {type: string, min: 1}")),
			[]string{`a.yaml: type "a": field "s": min and max applies only to integer, biginteger, decimal and float fields`}},
		{"max on a date", one(ct("a", "as", "d: {type: date, max: 2030}")),
			[]string{`a.yaml: type "a": field "d": min and max applies only to integer, biginteger, decimal and float fields`}},
		{"regex on an integer", one(ct("a", "as", `n: {type: integer, regex: "^[0-9]+$"}`)),
			[]string{`a.yaml: type "a": field "n": minLength, maxLength and regex applies only to text fields`}},
		{"maxLength on json", one(ct("a", "as", "j: {type: json, maxLength: 10}")),
			[]string{`a.yaml: type "a": field "j": minLength, maxLength and regex applies only to text fields`}},
		{"targetField on a string", one(ct("a", "as", "title: {type: string}", "code: {type: string, targetField: title}")),
			[]string{`a.yaml: type "a": field "code": targetField applies only to uid fields`}},
		{"conditions not a mapping", one(ct("a", "as", "s: {type: string, conditions: [visible]}")),
			[]string{`a.yaml: type "a": field "s": conditions must be a mapping`}},
		{"field's localized not a boolean", one(ct("a", "as", "s: {type: string, pluginOptions: {i18n: {localized: 1}}}")),
			[]string{`a.yaml: type "a": field "s": pluginOptions.i18n.localized must be true or false`}},
		{"component keys on a string", one(ct("a", "as", "s: {type: string, component: shared.seo, repeatable: true}")),
			[]string{`a.yaml: type "a": field "s": component and repeatable applies only to component fields`}},
		{"components on a json", one(ct("a", "as", "s: {type: json, components: [shared.seo]}")),
			[]string{`a.yaml: type "a": field "s": components applies only to dynamic zones`}},
		{"media keys on a string", one(ct("a", "as", "s: {type: string, multiple: true, allowedTypes: [images]}")),
			[]string{`a.yaml: type "a": field "s": multiple and allowedTypes applies only to media fields`}},
		{"a misspelt key", one(ct("a", "as", "s: {type: string, requird: true}")),
			[]string{`a.yaml: type "a": field "s": unknown key "requird" (line 6): did you mean "required"?`}},
		{"relation keys on a string", one(ct("a", "as", "s: {type: string, target: a}")),
			[]string{`a.yaml: type "a": field "s": relation, target, inversedBy and mappedBy applies only to relation fields`}},
		{"enumeration without enum", one(ct("a", "as", "e: {type: enumeration}")),
			[]string{`a.yaml: type "a": field "e": enum is required: the list of allowed values`}},
		{"enum value repeated", one(ct("a", "as", `e: {type: enumeration, enum: [x, y, x, ""]}`)),
			[]string{
				`a.yaml: type "a": field "e": enum value "x" is empty or repeated`,
				`a.yaml: type "a": field "e": enum value "" is empty or repeated`,
			}},
		{"bad regex", one(ct("a", "as", `s: {type: string, regex: "[a-"}`)),
			[]string{"a.yaml: type \"a\": field \"s\": regex does not compile: error parsing regexp: missing closing ]: `[a-`"}},
		{"targetField naming a missing field", one(ct("a", "as", "slug: {type: uid, targetField: title}")),
			[]string{`a.yaml: type "a": field "slug": targetField "title" must name a string field of "a"`}},
		{"targetField naming an integer", one(ct("a", "as", "n: {type: integer}", "slug: {type: uid, targetField: n}")),
			[]string{`a.yaml: type "a": field "slug": targetField "n" must name a string field of "a"`}},
		{"string maxLength above 255", one(ct("a", "as", "s: {type: string, maxLength: 256}")),
			[]string{`a.yaml: type "a": field "s": maxLength of a string is at most 255 (use text for longer values)`}},
		{"uid maxLength above 255", one(ct("a", "as", "u: {type: uid, maxLength: 300}")),
			[]string{`a.yaml: type "a": field "u": maxLength of an email or uid is at most 255, the size of its column`}},
		{"email maxLength above 255", one(ct("a", "as", "e: {type: email, maxLength: 256}")),
			[]string{`a.yaml: type "a": field "e": maxLength of an email or uid is at most 255, the size of its column`}},
	})
}

func TestValidAttributes(t *testing.T) {
	s, err := load(one(ct("a", "as",
		"title: {type: string, maxLength: 255, minLength: 1}",
		"body: {type: text, maxLength: 100000}",
		"slug: {type: uid, targetField: body}",
		"secret: {type: password}",
		"n: {type: integer, min: -5, max: 5, default: -5}",
		"big: {type: biginteger, default: 9007199254740993}",
		"ratio: {type: float, default: 0.5}",
		"day: {type: date, default: 2024-02-29}",
		"at: {type: time, default: \"09:30:00\"}",
		"when: {type: datetime, default: \"2024-03-01T10:00:00+02:00\"}",
		"tags: {type: json, default: [a, b]}",
		"code: {type: string, regex: \"^[A-Z]{3}$\", default: ABC}",
		"contact: {type: email, default: ops@acme.test}",
		"parent: {type: relation, relation: manyToOne, target: \"api::a.a\"}",
		"owner: {type: relation, relation: oneToOne, target: \"plugin::users-permissions.user\"}",
		"friends: {type: relation, relation: manyToMany, target: a}",
	)))
	if err != nil {
		t.Fatal(err)
	}
	a := s.Type("a")
	defaults := map[string]any{
		"n": int64(-5), "big": int64(9007199254740993), "ratio": 0.5, "day": "2024-02-29", "at": "09:30:00",
		"when": time.Date(2024, 3, 1, 8, 0, 0, 0, time.UTC), "tags": json.RawMessage(`["a","b"]`), "code": "ABC", "title": nil,
	}
	for name, want := range defaults {
		if got := a.Attr(name).Default; fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
			t.Errorf("%s default = %#v, want %#v", name, got, want)
		}
	}
	if !a.Attr("slug").Unique || !a.Attr("secret").IsPrivate() || !a.Attr("secret").Private {
		t.Error("a uid must be unique and a password private")
	}
	if p := a.Attr("parent"); p.TargetType != a || p.Column != "parent_id" {
		t.Errorf("parent: target %v column %q", p.TargetType, p.Column)
	}
	if o := a.Attr("owner"); o.TargetType != s.Type("user") || o.Column != "owner_id" {
		t.Errorf("owner: target %v column %q", o.TargetType, o.Column)
	}
	if f := a.Attr("friends"); f.JoinTable != "as_friends_lnk" || f.JoinSelf != "a_id" || f.JoinTarget != "inv_a_id" {
		t.Errorf("friends: join %s(%s, %s)", f.JoinTable, f.JoinSelf, f.JoinTarget)
	}
}

func TestProblemsOfDefaults(t *testing.T) {
	tests := []struct{ def, want string }{
		{`e: {type: enumeration, enum: [x, y], default: z}`, `field "e": default "z" is not one of the enum values`},
		{`n: {type: integer, min: 1, default: 0}`, `field "n": default 0 is below min 1`},
		{`n: {type: integer, max: 10, default: 1000000}`, `field "n": default 1000000 is above max 10`},
		{`d: {type: decimal, min: 0, max: 5, default: 5.5}`, `field "d": default 5.5 is above max 5`},
		{`n: {type: integer, default: 1.5}`, `field "n": default 1.5 is not a whole number`},
		{`n: {type: integer, default: "10"}`, `field "n": default 10 is not a whole number`},
		{`n: {type: integer, default: 3000000000}`, `field "n": default 3000000000 is out of range for integer (use biginteger)`},
		{`n: {type: biginteger, default: 9223372036854775808}`, `field "n": default 9223372036854775808 is not a whole number`},
		{`f: {type: float, default: fast}`, `field "f": default fast is not a number`},
		{`b: {type: boolean, default: "true"}`, `field "b": default true is not a boolean`},
		{`b: {type: blocks, default: [{type: heading, level: 9, children: [{type: text, text: x}]}]}`, `field "b": default is not blocks: [0].level must be 1, 2, 3, 4, 5 or 6`},
		{`b: {type: blocks, default: {type: paragraph}}`, `field "b": default must be a list of blocks (paragraph, heading, list, quote, code and image nodes)`},
		{`s: {type: string, maxLength: 3, default: abcd}`, `field "s": default "abcd" is longer than maxLength 3`},
		{`s: {type: string, minLength: 3, default: ab}`, `field "s": default "ab" is shorter than minLength 3`},
		{`s: {type: string, regex: "^[a-z]+$", default: ABC}`, `field "s": default "ABC" does not match regex ^[a-z]+$`},
		{`s: {type: string, default: 12}`, `field "s": default 12 is not a string`},
		{`d: {type: date, default: 2024-02-30}`, `field "d": default "2024-02-30" is not a date (YYYY-MM-DD)`},
		{`t: {type: time, default: "25:00:00"}`, `field "t": default "25:00:00" is not a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)`},
		{`t: {type: datetime, default: "2024-01-01 10:00"}`, `field "t": default "2024-01-01 10:00" is not a date-time (RFC 3339) or a date`},
		{`d: {type: date, default: 20240101}`, `field "d": default 20240101 is not a date`},
		{`e: {type: email, default: not-an-email}`, `field "e": default "not-an-email" is not an e-mail address`},
		{`e: {type: email, default: "Ops <ops@acme.test>"}`, `field "e": default "Ops <ops@acme.test>" is not an e-mail address`},
		// The format a body value is checked against: a default it refuses
		// would make every create without the field fail.
		{`e: {type: email, default: ops@localhost}`, `field "e": default "ops@localhost" is not an e-mail address`},
		// A default JSON cannot write was dropped at every create.
		{`j: {type: json, default: {1: one}}`, `field "j": default map[1:one] is not JSON`},
		{`p: {type: password, default: secret}`, `field "p": default is not allowed on a password field`},
		{`r: {type: relation, relation: manyToOne, target: a, default: 1}`, `field "r": default is not allowed on a relation field`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := load(one(ct("a", "as", tt.def)))
			assertProblems(t, err, []string{`a.yaml: type "a": ` + tt.want})
		})
	}
}

func TestProblemsOfRelations(t *testing.T) {
	runProblemCases(t, []problemCase{
		{"relation to a type that does not exist", one(ct("a", "as", rel("owner", "manyToOne", "person", ""))),
			[]string{`a.yaml: type "a": field "owner": target "person" is not a content type`}},
		{"relation by Strapi uid to a type that does not exist", one(ct("a", "as", rel("owner", "manyToOne", "api::person.person", ""))),
			[]string{`a.yaml: type "a": field "owner": target "person" is not a content type`}},
		{"relation without relation", one(ct("a", "as", "owner: {type: relation, target: a}")),
			[]string{`a.yaml: type "a": field "owner": relation is required (oneToOne, oneToMany, manyToOne or manyToMany)`}},
		{"unknown relation", one(ct("a", "as", rel("owner", "manyToFew", "a", "inversedBy: x"))),
			[]string{`a.yaml: type "a": field "owner": unknown relation "manyToFew" (oneToOne, oneToMany, manyToOne or manyToMany)`}},
		{"relation without target", one(ct("a", "as", "owner: {type: relation, relation: manyToOne}")),
			[]string{`a.yaml: type "a": field "owner": target is required`}},
		{"unique relation", one(ct("a", "as", "owner: {type: relation, relation: manyToOne, target: a, unique: true}")),
			[]string{`a.yaml: type "a": field "owner": a relation cannot be unique`}},
		{"both inversedBy and mappedBy", one(ct("a", "as", rel("owner", "manyToOne", "a", "inversedBy: x, mappedBy: y"))),
			[]string{`a.yaml: type "a": field "owner": a relation has inversedBy or mappedBy, not both`}},
		{"inversedBy naming a missing field",
			map[string]string{"a.yaml": ct("a", "as", rel("b", "manyToOne", "b", "inversedBy: as")), "b.yaml": ct("b", "bs")},
			[]string{`a.yaml: type "a": field "b": inverse field "as" does not exist on "b" (line 6; Strapi refuses it too)`}},
		{"inverse that is not a relation",
			map[string]string{
				"a.yaml": ct("a", "as", rel("b", "manyToOne", "b", "inversedBy: as")),
				"b.yaml": ct("b", "bs", "as: {type: string}"),
			},
			[]string{`a.yaml: type "a": field "b": inverse field b.as is not a relation (line 6; Strapi refuses it too)`}},
		{"kinds Strapi refuses: a manyToOne that says mappedBy",
			map[string]string{
				"a.yaml": ct("a", "as", rel("b", "oneToOne", "b", "inversedBy: a")),
				"b.yaml": ct("b", "bs", rel("a", "manyToOne", "a", "mappedBy: b")),
			},
			[]string{`b.yaml: type "b": field "a": a manyToOne relation stores the relation: it says inversedBy, not mappedBy (line 6; Strapi refuses it too)`}},
		{"oneToMany with inversedBy",
			map[string]string{
				"a.yaml": ct("a", "as", rel("b", "manyToOne", "b", "mappedBy: as")),
				"b.yaml": ct("b", "bs", rel("as", "oneToMany", "a", "inversedBy: b")),
			},
			[]string{
				`a.yaml: type "a": field "b": a manyToOne relation stores the relation: it says inversedBy, not mappedBy (line 6; Strapi refuses it too)`,
				`b.yaml: type "b": field "as": a oneToMany relation needs mappedBy: the manyToOne field on the target that stores it (line 6; Strapi refuses it too)`,
			}},
	})
}

func TestProblemsOfColumns(t *testing.T) {
	runProblemCases(t, []problemCase{
		{"a field next to the relation whose column it takes",
			map[string]string{
				"a.yaml": ct("a", "as", "customer: {type: relation, relation: manyToOne, target: customer}", "customerId: {type: integer}"),
				"c.yaml": ct("customer", "customers"),
			},
			[]string{`a.yaml: type "a": field "customerId": column "customer_id" is already used by field "customer"`}},
		{"a field taking the column of a relation's drafts",
			map[string]string{
				"a.yaml": ct("a", "as", "guide: {type: relation, relation: manyToOne, target: guide}", "guideDraftId: {type: integer}"),
				"g.yaml": ct("guide", "guides") + "options: {draftAndPublish: true}\n",
			},
			[]string{`a.yaml: type "a": field "guideDraftId": column "guide_draft_id" is already used by field "guide"`}},
		{"a relation named after a system column", one(ct("a", "as", "document: {type: relation, relation: oneToOne, target: a}")),
			[]string{`a.yaml: type "a": field "document": column "document_id" is already used by field "documentId"`}},
		{"a join table that is another type's table",
			map[string]string{
				"a.yaml": ct("a", "as", "bs: {type: relation, relation: manyToMany, target: b}"),
				"b.yaml": ct("b", "bs"),
				"l.yaml": ct("link", "links") + "collectionName: as_bs_lnk\n",
			},
			[]string{`a.yaml: type "a": field "bs": join table "as_bs_lnk" clashes with the table of type "link"`}},
		{"two join tables of one name",
			map[string]string{
				"a.yaml": ct("a", "as", "bC: {type: relation, relation: manyToMany, target: a}"),
				"b.yaml": ct("b", "as-bs", "c: {type: relation, relation: manyToMany, target: a}") + "collectionName: as_b\n",
			},
			[]string{`b.yaml: type "b": field "c": join table "as_b_c_lnk" is already the join table of a.bC`}},
	})
}

func TestUserExtension(t *testing.T) {
	s, err := load(map[string]string{
		"user.yaml": "info:\n  singularName: user\nattributes:\n" +
			"  phone: {type: string, maxLength: 30}\n" +
			"  coach: {type: relation, relation: oneToOne, target: coach, mappedBy: user}\n",
		"coach.yaml": ct("coach", "coaches", "user: {type: relation, relation: oneToOne, target: user, inversedBy: coach}"),
	})
	if err != nil {
		t.Fatal(err)
	}
	user := s.Type("user")
	var names []string
	for _, a := range user.Attributes {
		names = append(names, a.Name)
	}
	want := "username email provider password resetPasswordToken resetPasswordExpiresAt confirmationToken confirmed blocked tokenVersion role phone coach"
	if strings.Join(names, " ") != want {
		t.Errorf("user fields = %v, want %s", names, want)
	}
	if !user.Builtin || user.File != "(built-in) builtin/user.yaml" || user.Plural != "users" {
		t.Errorf("user: builtin %v file %q plural %q", user.Builtin, user.File, user.Plural)
	}
	if p := user.Attr("phone"); p.Column != "phone" || p.Owner != user || *p.MaxLength != 30 {
		t.Errorf("phone: column %q", p.Column)
	}
	if c := user.Attr("coach"); c.Inverse != s.Type("coach").Attr("user") || c.Column != "" {
		t.Errorf("user.coach: inverse %v column %q", c.Inverse, c.Column)
	}
	if u := s.Type("coach").Attr("user"); u.Column != "user_id" || u.Inverse != user.Attr("coach") {
		t.Errorf("coach.user: column %q", u.Column)
	}

	runProblemCases(t, []problemCase{
		{"redefining password", map[string]string{"user.yaml": "info:\n  singularName: user\nattributes:\n  password: {type: string}\n"},
			[]string{`user.yaml: type "user": field "password": is a built-in field of user and cannot be redefined`}},
		{"problems of an added field are the admin's file's",
			map[string]string{"user.yaml": "info:\n  singularName: user\nattributes:\n" +
				"  team: {type: relation, relation: manyToOne, target: team}\n" +
				"  handle: {type: uid, targetField: nick}\n" +
				"  roleId: {type: integer}\n" +
				"  id: {type: integer}\n"},
			[]string{
				`user.yaml: type "user": field "id": the name is reserved for a system field`,
				`user.yaml: type "user": field "team": target "team" is not a content type`,
				`user.yaml: type "user": field "handle": targetField "nick" must name a string field of "user"`,
				`user.yaml: type "user": field "roleId": column "role_id" is already used by field "role"`,
			}},
	})
}

// TestEveryProblemAtOnce checks that one load reports every problem of
// every file, each file's together in the order they were found: the
// parse, the type, its fields, their relations, their columns.
func TestEveryProblemAtOnce(t *testing.T) {
	_, err := load(map[string]string{
		"z.yaml": "kind: [\n",
		"b.yaml": ct("b", "bs",
			"title: {type: string, maxLength: 300, uniqe: true}",
			"id: {type: integer}",
			"owner: {type: relation, relation: manyToOne, target: nobody}",
			"a: {type: relation, relation: manyToOne, target: a, inversedBy: bs}",
		),
		"a.yaml": ct("a", "auth", "level: {type: enumeration, enum: [low, high], default: mid}"),
		"c.yaml": ct("c", "cs", "n: {type: integer, min: 5, max: 1}", "s: {type: strung}",
			"parent: {type: relation, relation: manyToOne, target: c}", "parentId: {type: integer}"),
	})
	want := []string{
		`a.yaml: type "a": info.pluralName "auth" is reserved by the core`,
		`a.yaml: type "a": field "level": default "mid" is not one of the enum values`,
		`b.yaml: type "b": field "title": unknown key "uniqe" (line 6): did you mean "unique"?`,
		`b.yaml: type "b": field "title": maxLength of a string is at most 255 (use text for longer values)`,
		`b.yaml: type "b": field "id": the name is reserved for a system field`,
		`b.yaml: type "b": field "owner": target "nobody" is not a content type`,
		`b.yaml: type "b": field "a": target "a" is not a content type`,
		`c.yaml: type "c": field "n": min is greater than max`,
		`c.yaml: type "c": field "s": unknown type "strung"`,
		`c.yaml: type "c": field "parentId": column "parent_id" is already used by field "parent"`,
		"z.yaml: not valid YAML: yaml: line 1: did not find expected node content",
	}
	assertProblems(t, err, want)
	var probs schema.Problems
	errors.As(err, &probs)
	if len(probs) != len(want) {
		t.Errorf("%d problems, want %d", len(probs), len(want))
	}
	if got := probs[5]; got != (schema.Problem{File: "b.yaml", Type: "b", Field: "owner", Message: `target "nobody" is not a content type`}) {
		t.Errorf("problem 5 = %#v", got)
	}
	if msg := err.Error(); msg != "11 problem(s) in the content types:\n"+strings.Join(want, "\n") {
		t.Errorf("Error() = %q", msg)
	}
}

func TestProblemString(t *testing.T) {
	tests := []struct {
		p    schema.Problem
		want string
	}{
		{schema.Problem{File: "f.yaml", Message: "m"}, "f.yaml: m"},
		{schema.Problem{File: "f.yaml", Type: "t", Message: "m"}, `f.yaml: type "t": m`},
		{schema.Problem{File: "f.yaml", Type: "t", Field: "x", Message: "m"}, `f.yaml: type "t": field "x": m`},
		{schema.Problem{File: "f.yaml", Field: "x", Message: "m"}, `f.yaml: field "x": m`},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestMappedByNamingAMissingField: Strapi starts with a relation whose
// mappedBy names a field the target does not have (the side with mappedBy
// holds nothing); Kiln loads it too, leaves the field out and warns. An
// inversedBy naming a missing field stays a problem: Strapi refuses it
// ("inversedBy attribute ... not found").
func TestMappedByNamingAMissingField(t *testing.T) {
	s, err := load(map[string]string{
		"a.yaml": ct("a", "as", "title: {type: string}", rel("bs", "oneToMany", "b", "mappedBy: owner"),
			rel("tags", "manyToMany", "b", "mappedBy: as"), rel("one", "oneToOne", "b", "mappedBy: a"), "after: {type: integer}"),
		"b.yaml": ct("b", "bs"),
	})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range s.Type("a").Attributes {
		names = append(names, a.Name)
	}
	if strings.Join(names, " ") != "title after" || s.Type("a").Attr("bs") != nil {
		t.Errorf("a's fields %v, want title after", names)
	}
	var warnings []string
	for _, w := range s.Warnings {
		warnings = append(warnings, w.String())
	}
	want := []string{
		`a.yaml: type "a": field "bs": inverse field "owner" does not exist on "b": the field is left out (Strapi starts with it too, and it holds nothing)`,
		`a.yaml: type "a": field "tags": inverse field "as" does not exist on "b": the field is left out (Strapi starts with it too, and it holds nothing)`,
		`a.yaml: type "a": field "one": inverse field "a" does not exist on "b": the field is left out (Strapi starts with it too, and it holds nothing)`,
	}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
}

// rel writes a relation attribute line, inverse being its inversedBy or
// mappedBy ("" for none).
func rel(name, kind, target, inverse string) string {
	s := fmt.Sprintf("%s: {type: relation, relation: %s, target: %s", name, kind, target)
	if inverse != "" {
		s += ", " + inverse
	}
	return s + "}"
}
