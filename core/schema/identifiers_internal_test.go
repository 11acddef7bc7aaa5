package schema

import "testing"

// The names below were computed by Strapi 5.54 itself (lodash's snakeCase
// and @strapi/database's identifiers, run with node), and the tables and
// columns marked "live" read from the PostgreSQL catalog of a Strapi 5.54
// started with such a schema: Kiln must name them alike, or a Strapi
// database's tables are not Kiln's.

func TestStrapiSnake(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{"title2", "title_2"}, {"seoTitle2", "seo_title_2"}, {"HTMLContent", "html_content"},
		{"utrecht-logo-button", "utrecht_logo_button"}, {"components_shared_seo-Metas", "components_shared_seo_metas"},
		{"is_actor", "is_actor"}, {"a__b", "a_b"}, {"URL", "url"}, {"myURLField", "my_url_field"},
		{"x1y2", "x_1_y_2"}, {"h1Title", "h_1_title"}, {"top1st", "top_1st"}, {"the22ndItem", "the_22nd_item"},
		{"4TH_floor", "4th_floor"}, {"11th", "11_th"}, {"Namer-Things", "namer_things"},
		{"a_very_long_collection_name_that_strapi_shortens_w6c0f7", "a_very_long_collection_name_that_strapi_shortens_w_6_c_0_f_7"},
		{"ABc", "a_bc"}, {"URL2", "url_2"}, {"v2Items", "v_2_items"},
	} {
		if got := StrapiSnake(c[0]); got != c[1] {
			t.Errorf("StrapiSnake(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestStrapiIdentifiers(t *testing.T) {
	t.Parallel()
	long := "a_very_long_collection_name_that_strapi_shortens_with_a_hash_at_the_end"
	longField := "a_very_long_field_name_that_goes_on_and_on_beyond_fifty_five_characters_x"
	longSingular := "a_very_long_singular_name_that_is_more_than_fifty_five_chars"
	x52 := "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	for _, c := range []struct {
		what string
		got  string
		want string
	}{
		{"table (live)", tableName(long), "a_very_long_collection_name_that_strapi_shortens_wb2dd3"},
		{"table with capitals and a dash (live)", tableName("Namer-Things"), "Namer-Things"},
		{"column (live)", ColumnOf("aVeryLongFieldNameThatGoesOnAndOnBeyondFiftyFiveCharactersX"), "a_very_long_field_name_that_goes_on_and_on_beyond_2f6ef"},
		{"column (live)", ColumnOf("aVeryLongFieldNameThatGoesOnAndOnBeyondFiftyFiveCharactersY"), "a_very_long_field_name_that_goes_on_and_on_beyond_1875f"},
		{"column", nameOf(IdentMax, part(longField)), "a_very_long_field_name_that_goes_on_and_on_beyond_2f6ef"},
		{"join table of a long table", joinTableName(&ContentType{Table: tableName(long)}, "namers"), "a_very_long_collection_name_that_strapif211e_namers_lnk"},
		{"join table (live)", joinTableName(&ContentType{Table: "Namer-Things"}, "longones"), "namer_things_longones_lnk"},
		{"join table, two long parts", nameOf(IdentMax, part(long), part("a_very_long_field_name_that_goes_on_and_on"), fixed("links", "lnk")),
			"a_very_long_collectib2dd3_a_very_long_field_na44e13_lnk"},
		{"join column", joinColumn(nil, longSingular), "a_very_long_singular_name_that_is_more_than_fif54f35_id"},
		{"inverse join column", joinColumn([]token{fixed("inv", "")}, longSingular), "inv_a_very_long_singular_name_that_is_more_than54f35_id"},
		{"order column", JoinOrder(joinColumn(nil, longSingular)), "a_very_long_singular_name_that_is_more_than_fi54f35_ord"},
		{"inverse order column", JoinOrder(joinColumn([]token{fixed("inv", "")}, longSingular)), "inv_a_very_long_singular_name_that_is_more_tha54f35_ord"},
		{"join column of 52", joinColumn(nil, x52), x52 + "_id"},
		{"order column of 52", JoinOrder(joinColumn(nil, x52)), "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxac085_ord"},
		{"component join (live)", ComponentJoin(&ContentType{collection: long}), "a_very_long_collection_name_that_strapi_shortb2dd3_cmps"},
		{"component join with a dash and capitals (live)", ComponentJoin(&ContentType{collection: "components_shared_seo-Metas"}), "components_shared_seo-Metas_cmps"},
		{"short names stay whole", Identifier("programs", "title", "idx"), "programs_title_idx"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
		if len(c.got) > IdentMax {
			t.Errorf("%s: %q is longer than %d", c.what, c.got, IdentMax)
		}
	}
}

// TestIdentifiersStayDistinct: names that share their first 55 characters
// stay distinct once shortened, never cut to one.
func TestIdentifiersStayDistinct(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	base := "a_name_long_enough_to_be_cut_by_strapi_and_by_postgresql_too_"
	for _, suffix := range []string{"a", "b", "c", "aa", "ab", "1", "2", "x_y", "x-y", `x"y`} {
		for _, name := range []string{Identifier(base + suffix), Identifier(base+suffix, "field"), Identifier("t", base+suffix)} {
			if prev, dup := seen[name]; dup {
				t.Errorf("%q and %q are both %q", prev, base+suffix, name)
			}
			seen[name] = base + suffix
			if len(name) > IdentMax {
				t.Errorf("%q is %d long", name, len(name))
			}
		}
	}
}
