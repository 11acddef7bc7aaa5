package app_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
)

// loadProject loads the types of testdata/<name> from its folder ct
// (src, Strapi's layout, or content-types, Kiln's YAML) as the server
// does, with its config (config/custom-fields.yaml).
func loadProject(t *testing.T, name, ct string) *schema.Schema {
	t.Helper()
	project := filepath.Join(apptest.Root(t), "testdata", name)
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"KILN_CONTENT_TYPES_DIR": filepath.Join(project, ct), "KILN_CONFIG_DIR": filepath.Join(project, "config")}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := app.LoadSchema(cfg)
	if err != nil {
		t.Fatalf("loading %s: %v", ct, err)
	}
	return s
}

// describeModel writes what a schema holds, but where each thing was read from:
// every type and component with its settings, and every field with every
// rule, storage and link. Two layouts of one project must write the same.
func describeModel(s *schema.Schema) string {
	var b strings.Builder
	holders := append(append([]*schema.ContentType(nil), s.Types...), s.Components...)
	for _, ct := range holders {
		fmt.Fprintf(&b, "%s kind=%s plural=%s table=%s display=%q description=%q icon=%q category=%q d&p=%v rw=%v localized=%v builtin=%v\n",
			ct.Name, ct.Kind, ct.Plural, ct.Table, ct.DisplayName, ct.Description, ct.Icon, ct.Category,
			ct.DraftAndPublish, ct.ReviewWorkflows, ct.Localized, ct.Builtin)
		for _, a := range ct.Attributes {
			def, _ := json.Marshal(a.Default)
			kind := "-"
			if a.Kind != nil {
				kind = string(a.Kind.Type())
			}
			localized := "-"
			if a.Localized != nil {
				localized = fmt.Sprint(*a.Localized)
			}
			inverse, target := "-", "-"
			if a.Inverse != nil {
				inverse = a.Inverse.Owner.Name + "." + a.Inverse.Name
			}
			if a.TargetType != nil {
				target = a.TargetType.Name
			}
			fmt.Fprintf(&b, "  %s type=%s kind=%s req=%v uniq=%v priv=%v idx=%v default=%s min=%s max=%s minLen=%s maxLen=%s regex=%q enum=%v targetField=%q"+
				" rel=%s target=%s/%s inversedBy=%q mappedBy=%q inverse=%s localized=%s conditions=%s customField=%q component=%q repeatable=%v components=%v"+
				" col=%q draftCol=%q join=%q/%q/%q\n",
				a.Name, a.Type, kind, a.Required, a.Unique, a.Private, a.Index, def, num(a.Min), num(a.Max), count(a.MinLength), count(a.MaxLength),
				a.Regex, a.Enum, a.TargetField, a.RelationKind, a.Target, target, a.InversedBy, a.MappedBy, inverse, localized, a.Conditions,
				a.CustomField, a.Component, a.Repeatable, a.Components, a.Column, a.DraftColumn, a.JoinTable, a.JoinSelf, a.JoinTarget)
		}
	}
	return b.String()
}

func num(f *float64) string {
	if f == nil {
		return "-"
	}
	return fmt.Sprint(*f)
}

func count(n *int) string {
	if n == nil {
		return "-"
	}
	return fmt.Sprint(*n)
}

// TestStrapiLayoutMatchesYAML: testdata/strapi-layout in Strapi's layout
// (src/: schema.json files, a component, the user's extension file) and
// in Kiln's YAML load to the same model, and that model is the one
// Strapi's files describe.
func TestStrapiLayoutMatchesYAML(t *testing.T) {
	t.Parallel()
	strapi, yaml := loadProject(t, "strapi-layout", "src"), loadProject(t, "strapi-layout", "content-types")
	if got, want := describeModel(strapi), describeModel(yaml); got != want {
		t.Fatalf("the layouts differ\nStrapi's:\n%s\nKiln's YAML:\n%s", got, want)
	}
	if len(strapi.Warnings) != 0 || len(yaml.Warnings) != 0 {
		t.Errorf("warnings: %v %v", strapi.Warnings, yaml.Warnings)
	}
	film, person, user := strapi.Type("film"), strapi.Type("person"), strapi.Type("user")
	if film.Kind != schema.CollectionType || !film.ReviewWorkflows || !film.Localized || film.Icon != "film" ||
		person.Kind != schema.CollectionType || person.Localized {
		t.Errorf("film %+v\nperson %+v", film, person)
	}
	want := map[string]schema.FieldType{"title": schema.String, "slug": schema.UID, "release_date": schema.Date,
		"is_featured": schema.Boolean, "has_trailer": schema.Boolean, "trailer_url": schema.String, "meta_title": schema.String,
		"review": schema.RichText, "poster_colour": schema.String, "synopsis": schema.Blocks, "director": schema.Relation}
	var names []string
	for _, a := range film.Attributes {
		names = append(names, a.Name+":"+a.Column)
		if a.Type != want[a.Name] {
			t.Errorf("film.%s: type %s, want %s", a.Name, a.Type, want[a.Name])
		}
	}
	if got := strings.Join(names, " "); got != "title:title slug:slug release_date:release_date is_featured:is_featured has_trailer:has_trailer "+
		"trailer_url:trailer_url meta_title:meta_title review:review poster_colour:poster_colour synopsis:synopsis director:director_id" {
		t.Errorf("film's fields: %s", got)
	}
	if c := string(film.Attr("trailer_url").Conditions); c != `{"visible":{"==":[{"var":"has_trailer"},true]}}` {
		t.Errorf("trailer_url conditions %s", c)
	}
	if l := film.Attr("slug").Localized; l == nil || *l {
		t.Errorf("slug localized %v, want false", l)
	}
	if p := film.Attr("poster_colour"); p.CustomField != "plugin::kiln-test.swatch" || *p.MaxLength != 7 {
		t.Errorf("poster_colour %+v", p)
	}
	if a := person.Attr("films"); a.Inverse != film.Attr("director") {
		t.Errorf("person.films is not film.director's inverse")
	}
	if c := user.Attributes[len(user.Attributes)-2:]; c[0].Name != "is_critic" || c[1].Name != "favourite_film" || c[1].TargetType != film {
		t.Errorf("the user's last fields: %s, %s", c[0].Name, c[1].Name)
	}
	if role := strapi.Component("credits.role"); role == nil || role.Table != "components_credits_roles" || len(role.Attributes) != 2 {
		t.Errorf("the component credits.role: %+v", role)
	}
}
