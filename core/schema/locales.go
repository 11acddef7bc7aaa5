package schema

// A localized type (Strapi's pluginOptions.i18n.localized) keeps one row
// per document, locale and version, as Strapi 5 stores it: every row has
// a locale column, and the rows of one document in one locale are that
// localization's versions. Its entries show their locale after
// publishedAt, and populate=localizations reads the document's rows in
// the other locales (docs/i18n.md).

// SysLocale is the locale field of a localized type's entries.
var SysLocale = &Attribute{Name: "locale", Type: String, Kind: stringKind{}, Column: ColLocale, System: true}

// TrailingFields are the system fields an entry of t shows after its own
// fields, in order: createdAt, updatedAt, publishedAt, and locale on a
// localized type.
func (t *ContentType) TrailingFields() []*Attribute {
	if t.Localized {
		return localizedTrailing
	}
	return plainTrailing
}

var (
	plainTrailing     = []*Attribute{SysCreatedAt, SysUpdatedAt, SysPublishedAt}
	localizedTrailing = []*Attribute{SysCreatedAt, SysUpdatedAt, SysPublishedAt, SysLocale}
)

// Localizations is a localized type's localizations relation, nil on
// other types: a to-many relation of the type to itself that no column
// or join table holds (the store reads it from the document's rows).
func (t *ContentType) Localizations() *Attribute { return t.localizations }

// IsLocalized reports whether each locale of an entry holds its own value
// of a, as Strapi 5's i18n decides it: a field of a localized type that
// says pluginOptions.i18n.localized: true, and every relation and uid
// whatever it says. Every other field of a localized type is shared:
// the same value in every locale, a write of it reaching them all.
func (a *Attribute) IsLocalized() bool {
	if a.Owner == nil || !a.Owner.Localized {
		return false
	}
	if a.Type == Relation || a.Type == UID {
		return true
	}
	return a.Localized != nil && *a.Localized
}

// localize gives a localized type its localizations relation.
func (t *ContentType) localize() {
	if !t.Localized || t.Kind == ComponentKind {
		return
	}
	t.localizations = &Attribute{Name: "localizations", Type: Relation, Kind: relationKind{}, RelationKind: OneToMany,
		Target: t.Name, TargetType: t, Owner: t, System: true, Localizations: true}
}

// SetLocales gives the schema the project's locales (config/i18n.yaml):
// the codes a localized entry may be written in, and the default, the
// locale of a request that names none. A schema without them has en.
func (s *Schema) SetLocales(codes []string, def string) {
	out := []string{def}
	for _, c := range codes {
		if c != def {
			out = append(out, c)
		}
	}
	s.locales = out
}

// Locales are the locale codes, the default first.
func (s *Schema) Locales() []string {
	if len(s.locales) == 0 {
		return []string{"en"}
	}
	return s.locales
}

// DefaultLocale is the locale of a request that names none.
func (s *Schema) DefaultLocale() string { return s.Locales()[0] }

// HasLocale reports whether code is one of the locales.
func (s *Schema) HasLocale(code string) bool {
	for _, c := range s.Locales() {
		if c == code {
			return true
		}
	}
	return false
}
