package schema_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// loadShipped loads the content types the platform ships with.
func loadShipped(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir("../../content-types")
	if err != nil {
		t.Fatalf("LoadDir(content-types): %v", err)
	}
	return s
}

// TestShippedTypes checks every type's names, table, kind and its fields in
// the order the YAML gives them, each with its column ("-" for a relation
// stored elsewhere).
func TestShippedTypes(t *testing.T) {
	s := loadShipped(t)
	tests := []struct {
		name, plural, table string
		draftAndPublish     bool
		builtin             bool
		attrs               string // field:column, space-separated
	}{
		{"attendance", "attendances", "attendances", false, false,
			"status:status respondedAt:responded_at event:event_id learner:learner_id"},
		{"availability", "availabilities", "availabilities", false, false,
			"weekday:weekday startTime:start_time endTime:end_time coach:coach_id"},
		{"blueprint", "blueprints", "blueprints", true, false,
			"title:title slug:slug description:description level:level durationWeeks:duration_weeks " +
				"outline:outline category:category_id programs:-"},
		{"category", "categories", "categories", false, false,
			"name:name slug:slug description:description parent:parent_id children:- blueprints:-"},
		{"coach", "coaches", "coaches", false, false,
			"name:name email:email bio:bio expertise:expertise languages:languages timezone:timezone " +
				"maxLearners:max_learners rating:rating active:active user:user_id learners:- programs:- " +
				"availabilities:- events:-"},
		{"customer", "customers", "customers", false, false,
			"name:name industry:industry contactEmail:contact_email active:active programs:- learners:-"},
		{"enrollment", "enrollments", "enrollments", false, false,
			"status:status progress:progress enrolledAt:enrolled_at completedAt:completed_at " +
				"learner:learner_id program:program_id"},
		{"event", "events", "events", false, false,
			"title:title description:description startAt:start_at endAt:end_at timezone:timezone " +
				"location:location meetingUrl:meeting_url kind:kind status:status syncedAt:synced_at " +
				"coach:coach_id program:program_id session:session_id learners:- attendances:-"},
		{"file", "files", "files", false, true,
			"name:name alternativeText:alternative_text caption:caption focalPoint:focal_point width:width " +
				"height:height formats:formats hash:hash ext:ext mime:mime size:size url:url previewUrl:preview_url " +
				"provider:provider provider_metadata:provider_metadata folderPath:folder_path"},
		{"learner", "learners", "learners", false, false,
			"name:name email:email goals:goals languages:languages timezone:timezone user:user_id " +
				"customer:customer_id coach:coach_id enrollments:- events:- attendances:-"},
		{"module", "modules", "modules", false, false,
			"title:title description:description order:order program:program_id sessions:-"},
		{"program", "programs", "programs", false, false,
			"title:title slug:slug description:description status:status startDate:start_date " +
				"endDate:end_date capacity:capacity customer:customer_id blueprint:blueprint_id " +
				"modules:- sessions:- coaches:- enrollments:- events:-"},
		{"role", "roles", "roles", false, true,
			"name:name description:description type:type users:-"},
		{"session", "sessions", "sessions", false, false,
			"title:title kind:kind durationMinutes:duration_minutes order:order content:content " +
				"module:module_id program:program_id events:-"},
		{"user", "users", "users", false, true,
			"username:username email:email provider:provider password:password " +
				"resetPasswordToken:reset_password_token resetPasswordExpiresAt:reset_password_expires_at " +
				"confirmationToken:confirmation_token confirmed:confirmed blocked:blocked " +
				"tokenVersion:token_version role:role_id"},
	}
	var names []string
	for _, ct := range s.Types {
		names = append(names, ct.Name)
	}
	var want []string
	for _, tt := range tests {
		want = append(want, tt.name)
	}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("Types = %v, want %v", names, want)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct := s.Type(tt.name)
			if ct == nil {
				t.Fatalf("Type(%q) = nil", tt.name)
			}
			if s.ByPlural(tt.plural) != ct {
				t.Errorf("ByPlural(%q) is not Type(%q)", tt.plural, tt.name)
			}
			if ct.Plural != tt.plural || ct.Table != tt.table || ct.Kind != schema.CollectionType ||
				ct.DraftAndPublish != tt.draftAndPublish || ct.Builtin != tt.builtin {
				t.Errorf("got plural %q table %q kind %q draftAndPublish %v builtin %v", ct.Plural, ct.Table,
					ct.Kind, ct.DraftAndPublish, ct.Builtin)
			}
			var got []string
			for i, a := range ct.Attributes {
				col := a.Column
				if col == "" {
					col = "-"
				}
				got = append(got, a.Name+":"+col)
				if ct.Attr(a.Name) != a || ct.Field(a.Name) != a || ct.Index(a) != i || a.Owner != ct {
					t.Errorf("%s: Attr, Field, Index or Owner do not lead back to it", a.Name)
				}
			}
			if g := strings.Join(got, " "); g != tt.attrs {
				t.Errorf("attributes\n got %s\nwant %s", g, tt.attrs)
			}
		})
	}
}

// TestShippedRelations checks how each relation resolves and is stored: the
// foreign key on the owning to-one side, the join table on the side of a
// manyToMany without mappedBy, read reversed from the other side.
func TestShippedRelations(t *testing.T) {
	s := loadShipped(t)
	tests := []struct {
		field   string // type.field
		kind    schema.RelationKind
		target  string
		inverse string // type.field, or ""
		column  string
		join    string // table self target
	}{
		{"program.customer", schema.ManyToOne, "customer", "customer.programs", "customer_id", ""},
		{"customer.programs", schema.OneToMany, "program", "program.customer", "", ""},
		{"category.parent", schema.ManyToOne, "category", "category.children", "parent_id", ""},
		{"category.children", schema.OneToMany, "category", "category.parent", "", ""},
		{"coach.user", schema.OneToOne, "user", "", "user_id", ""},
		{"learner.user", schema.OneToOne, "user", "", "user_id", ""},
		{"user.role", schema.ManyToOne, "role", "role.users", "role_id", ""},
		{"role.users", schema.OneToMany, "user", "user.role", "", ""},
		{"event.learners", schema.ManyToMany, "learner", "learner.events", "", "events_learners_lnk event_id learner_id"},
		{"learner.events", schema.ManyToMany, "event", "event.learners", "", "events_learners_lnk learner_id event_id"},
		{"program.coaches", schema.ManyToMany, "coach", "coach.programs", "", "programs_coaches_lnk program_id coach_id"},
		{"coach.programs", schema.ManyToMany, "program", "program.coaches", "", "programs_coaches_lnk coach_id program_id"},
		{"session.module", schema.ManyToOne, "module", "module.sessions", "module_id", ""},
		{"attendance.event", schema.ManyToOne, "event", "event.attendances", "event_id", ""},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			a := attrOf(t, s, tt.field)
			if !a.IsRelation() || a.IsScalar() || a.RelationKind != tt.kind || a.Target != tt.target ||
				a.TargetType != s.Type(tt.target) {
				t.Fatalf("got %s %s -> %s (%v)", a.Type, a.RelationKind, a.Target, a.TargetType)
			}
			inv := ""
			if a.Inverse != nil {
				inv = a.Inverse.Owner.Name + "." + a.Inverse.Name
			}
			if inv != tt.inverse {
				t.Errorf("Inverse = %q, want %q", inv, tt.inverse)
			}
			if a.Column != tt.column || a.OwnsColumn() != (tt.column != "") {
				t.Errorf("Column = %q, OwnsColumn %v, want %q", a.Column, a.OwnsColumn(), tt.column)
			}
			join := strings.TrimSpace(a.JoinTable + " " + a.JoinSelf + " " + a.JoinTarget)
			if join != tt.join {
				t.Errorf("join = %q, want %q", join, tt.join)
			}
			if a.ToMany() != (tt.kind == schema.OneToMany || tt.kind == schema.ManyToMany) {
				t.Errorf("ToMany = %v", a.ToMany())
			}
		})
	}
}

// TestShippedDefaults checks that defaults come typed by the field's type.
func TestShippedDefaults(t *testing.T) {
	s := loadShipped(t)
	tests := []struct {
		field string
		want  any
	}{
		{"coach.maxLearners", int64(10)},
		{"coach.active", true},
		{"customer.active", true},
		{"program.status", "draft"},
		{"enrollment.status", "invited"},
		{"enrollment.progress", float64(0)},
		{"event.status", "scheduled"},
		{"attendance.status", "invited"},
		{"user.confirmed", false},
		{"user.blocked", false},
		{"program.title", nil},
		{"program.capacity", nil},
	}
	for _, tt := range tests {
		if got := attrOf(t, s, tt.field).Default; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s default = %#v (%T), want %#v (%T)", tt.field, got, got, tt.want, tt.want)
		}
	}
}

// TestShippedRules checks the rules that the rest of the core relies on.
func TestShippedRules(t *testing.T) {
	s := loadShipped(t)
	var uids []string
	for _, ct := range s.Types {
		for _, a := range ct.Attributes {
			if a.Type == schema.UID {
				uids = append(uids, ct.Name+"."+a.Name+"<-"+a.TargetField)
				if !a.Unique {
					t.Errorf("%s.%s: a uid field must be unique", ct.Name, a.Name)
				}
			}
		}
	}
	if want := []string{"blueprint.slug<-title", "category.slug<-name", "program.slug<-title"}; !reflect.DeepEqual(uids, want) {
		t.Errorf("uid fields = %v, want %v", uids, want)
	}

	title := attrOf(t, s, "program.title")
	if !title.Required || title.MaxLength == nil || *title.MaxLength != 200 {
		t.Errorf("program.title: required %v maxLength %v", title.Required, title.MaxLength)
	}
	weeks := attrOf(t, s, "blueprint.durationWeeks")
	if weeks.Min == nil || *weeks.Min != 1 || weeks.Max == nil || *weeks.Max != 104 {
		t.Errorf("blueprint.durationWeeks: min %v max %v", weeks.Min, weeks.Max)
	}
	if got := attrOf(t, s, "program.status").Enum; !reflect.DeepEqual(got, []string{"draft", "published", "archived"}) {
		t.Errorf("program.status enum = %v", got)
	}
	url := regexp.MustCompile(attrOf(t, s, "event.meetingUrl").Regex)
	for in, want := range map[string]bool{
		"https://meet.test/a?b=c&d=e": true, "http://x.test": true, "HTTPS://x.test": false,
		"https://": false, "http:///path": false, "ftp://x.test": false, "https://x.test/a b": false, "https://x.test\nX": false,
	} {
		if url.MatchString(in) != want {
			t.Errorf("event.meetingUrl regex on %q: %v, want %v", in, !want, want)
		}
	}
	for _, f := range []string{"user.password", "user.resetPasswordToken", "user.resetPasswordExpiresAt", "user.confirmationToken", "user.tokenVersion"} {
		if !attrOf(t, s, f).IsPrivate() {
			t.Errorf("%s is not private", f)
		}
	}
	if attrOf(t, s, "user.email").IsPrivate() {
		t.Error("user.email is private")
	}
	program := s.Type("program")
	for _, f := range schema.SystemFields {
		if program.Field(f.Name) != f || program.Attr(f.Name) != nil || program.Index(f) != -1 {
			t.Errorf("system field %s: Field, Attr or Index is wrong", f.Name)
		}
	}
	if program.Field("nope") != nil || s.Type("nope") != nil || s.ByPlural("program") != nil {
		t.Error("an unknown name found something")
	}
}

// attrOf returns the attribute "type.field" of s, failing the test without it.
func attrOf(t *testing.T, s *schema.Schema, field string) *schema.Attribute {
	t.Helper()
	typ, name, _ := strings.Cut(field, ".")
	ct := s.Type(typ)
	if ct == nil || ct.Attr(name) == nil {
		t.Fatalf("no field %s", field)
	}
	return ct.Attr(name)
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"thing.yaml": ct("thing", "things", "name: {type: string}", "size: {type: integer, min: 0, default: -1}"),
		"other.yml":  "kind: collectionType\n",
		"notes.txt":  "not a content type",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := schema.LoadDir(dir)
	var probs schema.Problems
	if !errors.As(err, &probs) {
		t.Fatalf("LoadDir = %v, want Problems", err)
	}
	other, thing := filepath.Join(dir, "other.yml"), filepath.Join(dir, "thing.yaml")
	want := []string{
		other + ": info.singularName is required",
		other + ": info.pluralName is required",
		thing + `: type "thing": field "size": default -1 is below min 0`,
	}
	assertProblems(t, err, want)

	if _, err := schema.LoadDir(filepath.Join(dir, "missing")); err == nil ||
		!strings.HasPrefix(err.Error(), "reading content types: ") || errors.As(err, &probs) {
		t.Errorf("LoadDir(missing) = %v, want a reading error", err)
	}
}

func TestLoadBuiltinsOnly(t *testing.T) {
	s, err := schema.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Types) != 3 || s.Type("user") == nil || s.Type("role") == nil || s.Type("file") == nil {
		t.Fatalf("Load(nil) types = %v", s.Types)
	}
	if f := s.Type("user").File; f != "(built-in) builtin/user.yaml" {
		t.Errorf("user.File = %q", f)
	}
}

func TestSnake(t *testing.T) {
	tests := map[string]string{
		"title":              "title",
		"durationWeeks":      "duration_weeks",
		"meetingUrl":         "meeting_url",
		"resetPasswordToken": "reset_password_token",
		"users-permissions":  "users_permissions",
		"address2":           "address2",
		"Name":               "name",
	}
	for in, want := range tests {
		if got := schema.Snake(in); got != want {
			t.Errorf("Snake(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTypeKeys(t *testing.T) {
	s, err := load(map[string]string{
		"setting.yaml": "kind: singleType\ncollectionName: site_settings\n" +
			"info: {singularName: setting, pluralName: settings, displayName: Site settings, description: The site's own texts}\n" +
			"options: {draftAndPublish: true}\nattributes:\n  title: {type: string}\n",
		"tag.yaml": ct("tag", "tags"),
	})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Type("setting")
	if st.Kind != schema.SingleType || st.Table != "site_settings" || st.DisplayName != "Site settings" ||
		st.Description != "The site's own texts" || !st.DraftAndPublish || st.Builtin || st.File != "setting.yaml" {
		t.Errorf("setting = %+v", st)
	}
	tag := s.Type("tag")
	if tag.Kind != schema.CollectionType || tag.Table != "tags" || tag.DisplayName != "tag" || tag.DraftAndPublish ||
		len(tag.Attributes) != 0 {
		t.Errorf("tag = %+v", tag)
	}
}

// TestStrapiKeys: every key Strapi 5 writes into a schema is taken; what
// Kiln keeps of them is in the model, the rest is read and left.
func TestStrapiKeys(t *testing.T) {
	s, err := load(map[string]string{"page.yaml": `collectionName: pages
info:
  singularName: page
  pluralName: pages
  displayName: Page
  description: A page of the site
  icon: file
  name: page
options: {draftAndPublish: true, reviewWorkflows: true, timestamps: true}
pluginOptions:
  i18n: {localized: true}
  content-manager: {visible: true}
  versions: {versioned: true}
config: {}
connection: default
attributes:
  title:
    type: string
    configurable: false
    displayName: Title
    pluginOptions: {i18n: {localized: false}, content-type-builder: {visible: true}}
  has_link: {type: boolean}
  link:
    type: string
    conditions: {visible: {"==": [{var: has_link}, true]}}
  slug:
    type: uid
    targetField: title
    options: {separator: "-"}
  state:
    type: enumeration
    enum: [a, b]
    enumName: PageState
`})
	if err != nil {
		t.Fatal(err)
	}
	page := s.Type("page")
	if page.Kind != schema.CollectionType || page.Icon != "file" || !page.ReviewWorkflows || !page.Localized ||
		!page.DraftAndPublish || page.Description != "A page of the site" {
		t.Errorf("page = %+v", page)
	}
	title := page.Attr("title")
	if title.Localized == nil || *title.Localized {
		t.Errorf("title.Localized = %v, want false", title.Localized)
	}
	if l := page.Attr("has_link").Localized; l != nil {
		t.Errorf("has_link.Localized = %v, want nil (not said)", *l)
	}
	if c := string(page.Attr("link").Conditions); c != `{"visible":{"==":[{"var":"has_link"},true]}}` {
		t.Errorf("link.Conditions = %s", c)
	}
	if c := page.Attr("title").Conditions; c != nil {
		t.Errorf("title.Conditions = %s, want nil", c)
	}
}

// TestJSONEscapesAsJSONReadsThem: a schema.json is read as JSON reads it
// whatever its escapes, though the YAML parser that keeps its lines
// refuses UTF-16 surrogate escapes (an emoji written "\ud83d\ude4d"):
// every string of the model is encoding/json's.
func TestJSONEscapesAsJSONReadsThem(t *testing.T) {
	for _, name := range []string{
		`\ud83d\ude4d People`,          // a surrogate pair: one character
		`Tab\there \"quoted\" \\ud83d`, // other escapes, and a backslash before u
		`lone \ud83d high`,             // a lone surrogate: U+FFFD
		`\u00e9t\u00E9 \uD83D\uDE00`,   // upper-case hex digits
	} {
		src := `{"kind": "collectionType", "info": {"singularName": "a", "pluralName": "as", "displayName": "` + name + `"},
  "attributes": {"title": {"type": "string"}}}`
		var want struct {
			Info struct{ DisplayName string } `json:"info"`
		}
		if err := json.Unmarshal([]byte(src), &want); err != nil {
			t.Fatal(err)
		}
		s, err := schema.Load(map[string][]byte{"api/a/content-types/a/schema.json": []byte(src)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := s.Type("a").DisplayName; got != want.Info.DisplayName {
			t.Errorf("%s: displayName %q, want %q", name, got, want.Info.DisplayName)
		}
	}
}
