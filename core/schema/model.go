// Package schema is Kiln's typed model of the content types an admin writes in
// YAML, or in a Strapi project's schema.json files (layout.go), and of their
// components: loading, checking, the naming rules (tables, columns, join tables)
// every other package relies on, and the field kinds (kinds.go): what each
// field type means, written once. It depends on nothing of Kiln's but the
// JSON writers of internal/jsonw.
package schema

import (
	"encoding/json"
	"regexp"
)

// TypeKind is a content type's kind, as in Strapi.
type TypeKind string

// The content-type kinds.
const (
	CollectionType TypeKind = "collectionType"
	SingleType     TypeKind = "singleType"
	// ComponentKind is a component's (Schema.Components): a group of
	// fields other types hold, not a type with routes of its own.
	ComponentKind TypeKind = "component"
)

// FieldType is an attribute's type, as named in the YAML: the name of its
// Kind.
type FieldType string

// The attribute types (docs/field-kinds.md), one Kind each (see kinds.go).
const (
	String      FieldType = "string"
	Text        FieldType = "text"
	RichText    FieldType = "richtext"
	Email       FieldType = "email"
	UID         FieldType = "uid"
	Integer     FieldType = "integer"
	BigInteger  FieldType = "biginteger"
	Decimal     FieldType = "decimal"
	Float       FieldType = "float"
	Boolean     FieldType = "boolean"
	Date        FieldType = "date"
	Time        FieldType = "time"
	DateTime    FieldType = "datetime"
	Enumeration FieldType = "enumeration"
	JSON        FieldType = "json"
	Blocks      FieldType = "blocks"
	Password    FieldType = "password"
	Relation    FieldType = "relation"
)

// The field types Kiln reads into the model without a kind of their own:
// components and dynamic zones (stored in tables of their own, see
// ComponentJoin), and media (a relation to the built-in file type, see
// media.go). A customField is replaced by its base type when loading.
const (
	Component   FieldType = "component"
	DynamicZone FieldType = "dynamiczone"
	Media       FieldType = "media"
	CustomField FieldType = "customField"
)

// RelationKind is the cardinality of a relation attribute.
type RelationKind string

// The relation kinds.
const (
	OneToOne   RelationKind = "oneToOne"
	OneToMany  RelationKind = "oneToMany"
	ManyToOne  RelationKind = "manyToOne"
	ManyToMany RelationKind = "manyToMany"
)

// Schema is the whole, checked set of content types.
type Schema struct {
	// Types in load order (sorted by singular name), built-in types included.
	Types []*ContentType
	// Components, sorted by uid: checked as types' fields are, not
	// served yet. A component's Name is its uid (category.name).
	Components []*ContentType
	// Warnings are defects Strapi starts with, which Kiln loads too (an
	// inverse relation naming a field that does not exist): each says
	// what Kiln made of it.
	Warnings []Problem
	// Files are the files read, as named in problems.
	Files []string
	// locales are the configured locale codes, the default first
	// (SetLocales); nil is en alone.
	locales []string
	byName  map[string]*ContentType
	byPlur  map[string]*ContentType
	byComp  map[string]*ContentType
	// missing are the problems naming a component not in the schema,
	// while loading (explainMissing).
	missing []missingComponent
}

// ContentType is one checked content type.
type ContentType struct {
	// Name is the singular API name ("program"); it is the type's identity.
	Name        string
	Plural      string // "programs": the route segment
	DisplayName string
	Description string
	// Icon is the admin panel's icon of the type (Strapi's info.icon).
	Icon            string
	Kind            TypeKind
	DraftAndPublish bool
	// ReviewWorkflows is Strapi's options.reviewWorkflows (an Enterprise
	// feature): kept, not served.
	ReviewWorkflows bool
	// Localized is Strapi's pluginOptions.i18n.localized, for i18n.
	Localized bool
	// PluginOptions are the type's pluginOptions as its file writes them,
	// as JSON (nil when it writes none), for the content-type-builder
	// routes.
	PluginOptions json.RawMessage
	// Options are the type's options as its file writes them, as JSON
	// (nil when it writes none), for the content-type-builder routes.
	Options json.RawMessage
	// Category is a component's category (its uid's first part).
	Category string
	// Builtin marks the core's own types (user, role).
	Builtin bool
	// Plugin is the plugin of a plugin's type (form-builder, from
	// src/plugins or src/extensions): its uid is plugin::<Plugin>.<Name>,
	// and it has no REST routes of its own (plugins.go).
	Plugin string
	// File is where the type was defined, for error messages.
	File string
	// Table is the database table: collection shortened to IdentMax as
	// Strapi shortens it.
	Table string
	// collection is the table's name as written (collectionName, or the
	// plural in snake_case), which Strapi names the ComponentJoin after.
	collection string
	// Attributes in the order the YAML gives them; output keeps this order.
	Attributes []*Attribute
	byName     map[string]*Attribute
	// localizations is a localized type's localizations relation
	// (locales.go); nil on the others.
	localizations *Attribute
}

// Attribute is one field of a content type.
type Attribute struct {
	Name string
	Type FieldType
	// Kind is what Type means: its column, parsing, rules, JSON, codec,
	// OpenAPI schema and conversions. Load sets it; it is never nil on an
	// attribute of a loaded schema or a system field.
	Kind     Kind
	Required bool
	Unique   bool
	Private  bool
	// Unsearchable leaves the field out of _q's search (searchable:
	// false in Strapi's schema; docs/api.md).
	Unsearchable bool
	// Index asks for a database index on the field's column (a Kiln
	// extension of Strapi's format), for fields filtered or sorted on often.
	Index bool
	// Default is the canonical value of Kind (see Kind), checked at load.
	Default   any
	Min, Max  *float64
	MinLength *int
	MaxLength *int
	Regex     string
	Enum      []string
	// TargetField is the field a uid is derived from.
	TargetField string

	// Localized is Strapi's pluginOptions.i18n.localized on the field, nil
	// when the file does not say (for i18n).
	Localized *bool
	// Conditions are Strapi 5's field conditions (when the admin panel
	// shows the field: {"visible": <JSON Logic>}), kept as written, keys
	// sorted; nil when none.
	Conditions json.RawMessage
	// Written is the field's definition as its file writes it, as JSON,
	// keys in the file's order (Kiln's own keys left out): what Strapi's
	// content-type-builder routes echo (internal/rest ctb.go).
	Written json.RawMessage
	// CustomField is the uid of the custom field the field is
	// (plugin::color-picker.color); Type is then its base type.
	CustomField string

	// Component and dynamic-zone fields: the component's uid
	// ("shared.seo") and whether it is a list; a dynamic zone's allowed
	// components. ComponentTypes are the components themselves, resolved
	// (one for a component field); the links to their rows are in the
	// holder's ComponentJoin table.
	Component      string
	Repeatable     bool
	Components     []string
	ComponentTypes []*ContentType
	// Media fields: Strapi's multiple and allowedTypes. Load makes a
	// media field a relation to the built-in file type (media.go).
	Multiple     bool
	AllowedTypes []string

	// Relation fields.
	RelationKind RelationKind
	Target       string // singular name of the target type
	InversedBy   string
	MappedBy     string

	// Pending, when set, is a change of this field the database has not
	// had yet (a changed type or relation target, held back until `kiln
	// migrate --allow-destructive`; set by the app from the migration plan).
	// Until then the field is unavailable: answers leave it out, and a
	// request that names it (fields, filters, sort, populate, a write) is
	// refused (errs.PendingField). Its column still holds the old values.
	Pending string

	// System marks the fields every entry has (id, documentId, createdAt,
	// updatedAt, publishedAt), and a localized type's locale and
	// localizations; they are not in ContentType.Attributes.
	System bool
	// Localizations marks a localized type's localizations: the rows of
	// the same document in the other locales (locales.go).
	Localizations bool

	// Resolved after loading.
	Owner      *ContentType
	TargetType *ContentType
	Inverse    *Attribute // the other side of the relation, if any
	// Column is the attribute's column in Owner.Table: for scalars their own
	// column, for an owning to-one relation the foreign-key column. Empty for
	// relations stored elsewhere (the inverse side, or a join table).
	Column string
	// DraftColumn, on an owning to-one relation from a type without draft
	// & publish to one with it, is the column that links the target's
	// draft; Column then links its published version (docs/drafts.md,
	// "How it is stored"). Empty otherwise.
	DraftColumn string
	// JoinTable, for manyToMany, with the column that points at this side's
	// row (JoinSelf) and at the target's (JoinTarget).
	JoinTable  string
	JoinSelf   string
	JoinTarget string

	// file is where the attribute was written: its type's file, or the
	// admin's user.yaml for a field added to the built-in user.
	file string
	// line is the line of the attribute's definition in file, for the
	// problems found once every type is read (a relation Strapi refuses).
	line int
	// regex is Regex compiled at load.
	regex *regexp.Regexp
}

// System column names, the same on every table.
const (
	ColID          = "id"
	ColDocumentID  = "document_id"
	ColCreatedAt   = "created_at"
	ColUpdatedAt   = "updated_at"
	ColPublishedAt = "published_at"
	// ColLocale is a localized type's locale column (locales.go).
	ColLocale = "locale"
)

// Type returns the content type with the singular name, or nil.
func (s *Schema) Type(name string) *ContentType { return s.byName[name] }

// Component returns the component of the uid (category.name), or nil.
func (s *Schema) Component(uid string) *ContentType { return s.byComp[uid] }

// ByPlural returns the content type whose plural is name, or nil.
func (s *Schema) ByPlural(name string) *ContentType { return s.byPlur[name] }

// UID is the type's uid as Strapi names it: api::<name>.<name>, or the
// plugin's uid of a built-in type (the users-permissions user and role,
// the upload plugin's file) or of a plugin's type — in webhook payloads
// and the content-type-builder routes.
func (t *ContentType) UID() string {
	switch {
	case t.Plugin != "":
		return pluginUID(t.Plugin, t.Name)
	case t.Builtin && t.Name == FileType:
		return "plugin::upload.file"
	case t.Builtin:
		return "plugin::users-permissions." + t.Name
	}
	return "api::" + t.Name + "." + t.Name
}

// Attr returns the attribute called name, or nil. System fields are not
// attributes; see Field.
func (t *ContentType) Attr(name string) *Attribute { return t.byName[name] }

// The system fields, shared by every type. Their Owner is nil.
var (
	SysID          = &Attribute{Name: "id", Type: Integer, Kind: integerKind{}, Column: ColID, System: true}
	SysDocumentID  = &Attribute{Name: "documentId", Type: String, Kind: stringKind{}, Column: ColDocumentID, System: true}
	SysCreatedAt   = &Attribute{Name: "createdAt", Type: DateTime, Kind: dateTimeKind{}, Column: ColCreatedAt, System: true}
	SysUpdatedAt   = &Attribute{Name: "updatedAt", Type: DateTime, Kind: dateTimeKind{}, Column: ColUpdatedAt, System: true}
	SysPublishedAt = &Attribute{Name: "publishedAt", Type: DateTime, Kind: dateTimeKind{}, Column: ColPublishedAt, System: true}
	// SystemFields in the order an entry shows them: id and documentId first,
	// the timestamps after the type's own fields.
	SystemFields = []*Attribute{SysID, SysDocumentID, SysCreatedAt, SysUpdatedAt, SysPublishedAt}
)

// Field returns the attribute or system field called name, or nil. Every
// type has publishedAt, as every Strapi 5 entry does; without draft & publish
// it is set when the entry is created.
func (t *ContentType) Field(name string) *Attribute {
	if a := t.byName[name]; a != nil {
		return a
	}
	if t.Localized {
		switch name {
		case "locale":
			return SysLocale
		case "localizations":
			return t.localizations
		}
	}
	for _, f := range SystemFields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Index returns the position of a in t.Attributes, or -1 (system fields).
func (t *ContentType) Index(a *Attribute) int {
	for i, b := range t.Attributes {
		if a == b {
			return i
		}
	}
	return -1
}

// IsRelation reports whether the attribute is a relation: a relation
// field, or a media field, which is stored as one (media.go).
func (a *Attribute) IsRelation() bool { return a.Type == Relation || a.Type == Media }

// ToMany reports whether the relation holds a list (oneToMany, manyToMany).
func (a *Attribute) ToMany() bool {
	return a.RelationKind == OneToMany || a.RelationKind == ManyToMany
}

// OneWayToMany reports whether a is a oneToMany without an inverse: its
// links are in a join table of its own, as Strapi 5 keeps them, and a
// target may be linked from several entries (Strapi releases a target's
// other links only for a two-way relation).
func (a *Attribute) OneWayToMany() bool {
	return a.RelationKind == OneToMany && a.MappedBy == "" && a.InversedBy == ""
}

// OwnsColumn reports whether the relation is stored as a foreign-key column on
// the owner's table.
func (a *Attribute) OwnsColumn() bool { return a.IsRelation() && a.Column != "" }

// Columns are the columns of its owner's row that hold a: a scalar's
// Column, an owning to-one's foreign key Column and its DraftColumn when
// it has one; none for a relation stored elsewhere (a join table, the
// target's column).
func (a *Attribute) Columns() []string {
	switch {
	case a.Column == "":
		return nil
	case a.DraftColumn != "":
		return []string{a.Column, a.DraftColumn}
	}
	return []string{a.Column}
}

// VersionColumns are the columns a version of an entry of t holds of its
// own (docs/drafts.md), what publishing copies from the draft row: every
// field's and owning to-one's Column, then created_at and updated_at (and
// a localized type's locale); not id, document_id nor published_at.
func (t *ContentType) VersionColumns() []string {
	cols := make([]string, 0, len(t.Attributes)+2)
	for _, a := range t.Attributes {
		if a.Column != "" {
			cols = append(cols, a.Column)
		}
	}
	cols = append(cols, ColCreatedAt, ColUpdatedAt)
	if t.Localized {
		cols = append(cols, ColLocale)
	}
	return cols
}

// Versioned reports whether the relation's links are kept per version:
// one of its two types has draft & publish (docs/drafts.md).
func (a *Attribute) Versioned() bool {
	return a.IsRelation() && a.TargetType != nil && a.Owner != nil &&
		(a.Owner.DraftAndPublish || a.TargetType.DraftAndPublish)
}

// IsPrivate reports whether the attribute must never leave the server or be
// queried on: fields marked private, and fields of a kind that always is
// (password), which Load marks private.
func (a *Attribute) IsPrivate() bool { return a.Private }

// Unavailable reports whether a schema change of the field waits for a
// migration (see Pending).
func (a *Attribute) Unavailable() bool { return a.Pending != "" }

// IsScalar reports whether the attribute is stored in a column of its own
// type: every field but relations, components, dynamic zones and media.
func (a *Attribute) IsScalar() bool { return !a.IsRelation() && a.Kind != nil }

// IsComponent reports whether the attribute is a component or a dynamic
// zone: rows of component tables, linked through its holder's
// ComponentJoin table.
func (a *Attribute) IsComponent() bool { return a.Type == Component || a.Type == DynamicZone }

// HoldsComponents reports whether t has a component or dynamic-zone
// field: its rows then have links in its ComponentJoin table.
func (t *ContentType) HoldsComponents() bool {
	for _, a := range t.Attributes {
		if a.IsComponent() {
			return true
		}
	}
	return false
}

// ComponentOf returns the component of the uid a holds, or nil: a component
// field's own, or one a dynamic zone allows.
func (a *Attribute) ComponentOf(uid string) *ContentType {
	for _, c := range a.ComponentTypes {
		if c.Name == uid {
			return c
		}
	}
	return nil
}

// Structured reports whether the attribute is a component or
// dynamic-zone field, which have no kind.
func (a *Attribute) Structured() bool { return a.Kind == nil }
