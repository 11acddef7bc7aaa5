package schema_test

import (
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

// TestRelationsWhoseSidesDisagree: a two-way relation whose sides do not
// say the same loads as Strapi 5 builds its metadata: the side saying
// inversedBy owns the relation and gives the field it names its links;
// mappedBy alone holds nothing. Each case says what Kiln made of it, in
// one warning, and the model holds it: each field's kind, its inverse,
// and which side owns the storage.
func TestRelationsWhoseSidesDisagree(t *testing.T) {
	type side struct {
		field   string // type.field
		kind    schema.RelationKind
		inverse string // type.field, "" for a one-way relation, "-" for left out
	}
	for _, c := range []struct {
		name     string
		a, b     []string // fields of types a and b
		sides    []side
		warnings []string
	}{
		{"inversedBy naming an earlier field with no inverse key: that field becomes its other side",
			[]string{rel("bs", "manyToMany", "b", "")}, []string{rel("as", "manyToMany", "a", "inversedBy: bs")},
			[]side{{"a.bs", schema.ManyToMany, "b.as"}, {"b.as", schema.ManyToMany, "a.bs"}},
			[]string{`a.yaml: type "a": field "bs": says no inversedBy or mappedBy, and b.as names it in inversedBy: Kiln reads it as the other side of b.as, as Strapi does`}},
		// Recorded from Strapi 5.54: left.rights (inversedBy: lefts) and
		// right.lefts (neither); a link made through left.rights is not
		// in right.lefts, which Strapi builds last with a table of its own.
		{"inversedBy naming a later field with no inverse key: both one-way",
			[]string{rel("bs", "manyToMany", "b", "inversedBy: as")}, []string{rel("as", "manyToMany", "a", "")},
			[]side{{"a.bs", schema.ManyToMany, ""}, {"b.as", schema.ManyToMany, ""}},
			[]string{`a.yaml: type "a": field "bs": inverse field b.as says no inversedBy or mappedBy and comes after this field, so it keeps links of its own, as in Strapi: Kiln reads this field as a one-way relation`}},
		{"mappedBy naming a one-way field: left out, holding nothing in Strapi",
			[]string{rel("bs", "manyToMany", "b", "")}, []string{rel("as", "manyToMany", "a", "mappedBy: bs")},
			[]side{{"a.bs", schema.ManyToMany, ""}, {"b.as", "", "-"}},
			[]string{`b.yaml: type "b": field "as": inverse field a.bs says no inversedBy: as, it is a one-way relation of its own: the field is left out (Strapi starts with it too, and it holds nothing)`}},
		{"inversedBy naming a relation to another type: one-way",
			[]string{rel("b", "manyToOne", "b", "inversedBy: cs")}, []string{rel("cs", "oneToMany", "b", "")},
			[]side{{"a.b", schema.ManyToOne, ""}, {"b.cs", schema.OneToMany, ""}},
			[]string{`a.yaml: type "a": field "b": inverse field b.cs is not a relation to "a": Kiln reads this field as a one-way relation`}},
		{"mappedBy naming the wrong field, the right one naming it back",
			[]string{rel("b", "manyToOne", "b", "inversedBy: as"), rel("c", "manyToOne", "b", "")},
			[]string{rel("as", "oneToMany", "a", "mappedBy: c")},
			[]side{{"a.b", schema.ManyToOne, "b.as"}, {"b.as", schema.OneToMany, "a.b"}, {"a.c", schema.ManyToOne, ""}},
			[]string{`b.yaml: type "b": field "as": says mappedBy: c, which does not name it back, and a.b names it in inversedBy: Kiln reads it as the other side of a.b, as Strapi does`}},
		{"two fields claiming one: the first in the file gets it",
			[]string{rel("b", "manyToOne", "b", "inversedBy: as"), rel("c", "manyToOne", "b", "inversedBy: as")},
			[]string{rel("as", "oneToMany", "a", "mappedBy: b")},
			[]side{{"a.b", schema.ManyToOne, "b.as"}, {"b.as", schema.OneToMany, "a.b"}, {"a.c", schema.ManyToOne, ""}},
			[]string{`a.yaml: type "a": field "c": inverse field b.as is the side of another relation: Kiln reads this field as a one-way relation`}},
		{"both sides say inversedBy",
			[]string{rel("bs", "manyToMany", "b", "inversedBy: as")}, []string{rel("as", "manyToMany", "a", "inversedBy: bs")},
			[]side{{"a.bs", schema.ManyToMany, "b.as"}, {"b.as", schema.ManyToMany, "a.bs"}},
			[]string{`b.yaml: type "b": field "as": a.bs and this field both say inversedBy: Kiln reads this one as mappedBy: bs (Strapi warns of it at start too)`}},
		{"both sides say mappedBy: both left out",
			[]string{rel("bs", "manyToMany", "b", "mappedBy: as")}, []string{rel("as", "manyToMany", "a", "mappedBy: bs")},
			[]side{{"a.bs", "", "-"}, {"b.as", "", "-"}},
			[]string{
				`a.yaml: type "a": field "bs": inverse field b.as does not name it in inversedBy: the field is left out (Strapi starts with it too, and it holds nothing)`,
				`b.yaml: type "b": field "as": inverse field a.bs does not name it in inversedBy: the field is left out (Strapi starts with it too, and it holds nothing)`,
			}},
		{"kinds that do not pair: each side keeps its one or many",
			[]string{rel("b", "manyToOne", "b", "inversedBy: as")}, []string{rel("as", "manyToMany", "a", "mappedBy: b")},
			[]side{{"a.b", schema.ManyToOne, "b.as"}, {"b.as", schema.OneToMany, "a.b"}},
			[]string{`a.yaml: type "a": field "b": relation manyToOne does not match its inverse b.as (manyToMany): Kiln reads them as manyToOne and oneToMany, each side one or many as it says`}},
		{"kinds that do not pair: the to-one side owns it",
			[]string{rel("bs", "manyToMany", "b", "inversedBy: a")}, []string{rel("a", "oneToOne", "a", "mappedBy: bs")},
			[]side{{"a.bs", schema.OneToMany, "b.a"}, {"b.a", schema.ManyToOne, "a.bs"}},
			[]string{`a.yaml: type "a": field "bs": relation manyToMany does not match its inverse b.a (oneToOne): Kiln reads them as oneToMany and manyToOne, each side one or many as it says`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := load(map[string]string{"a.yaml": ct("a", "as", c.a...), "b.yaml": ct("b", "bs", c.b...)})
			if err != nil {
				t.Fatal(err)
			}
			assertWarnings(t, s, c.warnings)
			for _, sd := range c.sides {
				typ, name, _ := strings.Cut(sd.field, ".")
				a := s.Type(typ).Attr(name)
				if sd.inverse == "-" {
					if a != nil {
						t.Errorf("%s is there, want it left out", sd.field)
					}
					continue
				}
				inv := ""
				if a.Inverse != nil {
					inv = a.Inverse.Owner.Name + "." + a.Inverse.Name
				}
				if a.RelationKind != sd.kind || inv != sd.inverse {
					t.Errorf("%s: %s, inverse %q; want %s, %q", sd.field, a.RelationKind, inv, sd.kind, sd.inverse)
				}
				// One side owns the storage; the other reads it.
				owns := a.Column != "" || a.JoinTable != "" && a.MappedBy == ""
				if a.Inverse != nil && owns == (a.MappedBy != "") {
					t.Errorf("%s: owns %v but mappedBy %q", sd.field, owns, a.MappedBy)
				}
				if a.Inverse != nil && a.JoinTable != a.Inverse.JoinTable {
					t.Errorf("%s: join table %q, its inverse's %q", sd.field, a.JoinTable, a.Inverse.JoinTable)
				}
			}
		})
	}
}
