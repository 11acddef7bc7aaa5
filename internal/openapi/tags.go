package openapi

import (
	"sort"

	"github.com/kiln-cms/kiln/core/schema"
)

// Tags. Plugin routes carry the category their plugin declares (the
// seed's Analytics, Coaches, Scheduling, Content); the core's users and
// auth routes are "Users & auth"; the generated routes of each content
// type get a tag of their own, named after the type, so that the
// reference page lists a type's five operations together instead of
// hundreds under one heading. x-tagGroups groups the three kinds for
// viewers that read it.
const (
	tagCore = "Users & auth"
	tagDocs = "Documentation"
)

// categories are the seed's plugin categories, in the seed's order.
var categories = []string{"Analytics", "Coaches", "Scheduling", "Content"}

var tagDescriptions = map[string]string{
	tagCore:      "Sign-in, registration, passwords, the signed-in user, and the admin's users and roles (Strapi's users-permissions routes). Served at /api only, whatever the version.",
	tagDocs:      "These documents, the versions list and the reference page.",
	tagMedia:     "Uploaded files (Strapi's upload plugin): upload, list, change, delete. Media fields hold these files. Served at /api only.",
	tagI18n:      "The locales localized content is written in (Strapi's i18n plugin). Served at /api only.",
	"Analytics":  "Platform, program, customer and coach figures.",
	"Coaches":    "Matching coaches to learners, assignment, availability.",
	"Scheduling": "Calendar events, attendance, syncing, iCalendar feeds.",
	"Content":    "The category tree and programs made from blueprints.",
}

// typeTags names each collection type's tag: its display name, unless
// that is already a category's or the core's.
func typeTags(s *schema.Schema) map[*schema.ContentType]string {
	taken := map[string]bool{tagCore: true, tagDocs: true, tagMedia: true, tagI18n: true}
	for _, c := range categories {
		taken[c] = true
	}
	out := map[*schema.ContentType]string{}
	for _, ct := range s.Types {
		name := ct.DisplayName
		if name == "" {
			name = ct.Name
		}
		if taken[name] {
			name += " (content type)"
		}
		out[ct] = name
	}
	return out
}

// tagList is the document's tags in reading order: users and auth, the
// content types, the plugin categories (the seed's first, any other after),
// the documentation. Only tags with operations are listed.
func (b *builder) tagList() ([]any, []any) {
	var order, types, feats []string
	for _, ct := range b.schema.Types {
		if t := b.typeTags[ct]; b.tags[t] > 0 {
			types = append(types, t)
		}
	}
	seen := map[string]bool{tagCore: true, tagMedia: true, tagI18n: true, tagDocs: true}
	for _, t := range types {
		seen[t] = true
	}
	for _, c := range categories {
		if b.tags[c] > 0 {
			feats = append(feats, c)
		}
		seen[c] = true
	}
	var others []string
	for t := range b.tags {
		if !seen[t] {
			others = append(others, t)
		}
	}
	sort.Strings(others)
	feats = append(feats, others...)
	order = append(append(append([]string{tagCore, tagMedia, tagI18n}, types...), feats...), tagDocs)
	var tags []any
	for _, t := range order {
		if b.tags[t] == 0 {
			continue
		}
		tag := obj{"name": t}
		if d, ok := tagDescriptions[t]; ok {
			tag["description"] = d
		} else if ct := b.typeOfTag(t); ct != nil {
			tag["description"] = "The generated routes of the " + ct.Name + " content type: find, findOne, create, update, delete."
		}
		tags = append(tags, tag)
	}
	groups := []any{
		obj{"name": "Users & auth", "tags": []any{tagCore, tagMedia, tagI18n}},
		obj{"name": "Content types", "tags": strs(types)},
		obj{"name": "Features", "tags": strs(feats)},
		obj{"name": "Documentation", "tags": []any{tagDocs}},
	}
	return tags, groups
}

func (b *builder) typeOfTag(t string) *schema.ContentType {
	for ct, name := range b.typeTags {
		if name == t {
			return ct
		}
	}
	return nil
}
