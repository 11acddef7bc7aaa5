// Package query turns a Strapi query string (as qs writes it) into a typed
// tree checked against the schema: filters, populate, fields, sort,
// pagination and status. It knows nothing of SQL or HTTP; internal/store
// compiles the tree.
package query

import "github.com/kiln-cms/kiln/core/schema"

// Query is one checked request on one content type. Nested queries (inside
// populate) use the same type with Pagination left zero.
type Query struct {
	Type *schema.ContentType
	// Filters is nil when the request has none.
	Filters *Filter
	// Populate lists the relations to load, in request order.
	Populate []*Populate
	// Fields are the scalar fields to return, in schema order; nil means all
	// non-private scalar fields. id and documentId always come back, and
	// IDsOnly (empty, not nil) asks for nothing else.
	Fields []*schema.Attribute
	// Sort keys in priority order; empty means by id ascending.
	Sort       []SortKey
	Pagination Pagination
	// Status selects drafts or published entries on draft & publish types.
	Status Status
	// Locale is the locale a request of a localized type reads or writes:
	// a configured code, or AllLocales; empty when the request names none
	// (core/content reads and writes the default locale then, WithLocale).
	// Empty on other types, and in populate's queries: a link leads to a
	// row of one locale already (docs/i18n.md).
	Locale string
	// FallbackLocale, Kiln's extension, is the locale whose version a
	// read shows of a document missing in Locale; empty when not asked.
	FallbackLocale string
	// Search is _q's term ("" when none): Parse has laid its condition
	// over Filters already (search.go); kept to say what was asked.
	Search string
	// Extra holds the raw values of the route's Options.ExtraKeys that the
	// request gave (a key without '=' gives ""); nil when there are none.
	Extra map[string]string
	// Related is a file's related when populate asks for it (related.go);
	// nil otherwise, and on every other type.
	Related *Related
}

// Status is the draft & publish selector.
type Status int

// The statuses. Published is the default, as in Strapi.
const (
	Published Status = iota
	Draft
)

// FilterKind says what a Filter node is.
type FilterKind int

// The filter node kinds.
const (
	KindAnd  FilterKind = iota // all Children
	KindOr                     // any Children
	KindNot                    // not Children[0]
	KindCond                   // Field Operator Value
	KindRel                    // Relation's targets match Sub (at least one, for to-many)
	// KindComponent: at least one item of component field Relation that
	// is a Component matches Sub (a zone's items of that component); with
	// no Sub, Operator $null or $notNull and Value a bool: whether the
	// entry holds one.
	KindComponent
)

// Operator is a comparison operator of Strapi's filter language.
type Operator string

// The comparison operators.
const (
	OpEq           Operator = "$eq"
	OpEqi          Operator = "$eqi"
	OpNe           Operator = "$ne"
	OpNei          Operator = "$nei"
	OpLt           Operator = "$lt"
	OpLte          Operator = "$lte"
	OpGt           Operator = "$gt"
	OpGte          Operator = "$gte"
	OpIn           Operator = "$in"
	OpNotIn        Operator = "$notIn"
	OpContains     Operator = "$contains"
	OpNotContains  Operator = "$notContains"
	OpContainsi    Operator = "$containsi"
	OpNotContainsi Operator = "$notContainsi"
	OpNull         Operator = "$null"
	OpNotNull      Operator = "$notNull"
	OpBetween      Operator = "$between"
	OpStartsWith   Operator = "$startsWith"
	OpStartsWithi  Operator = "$startsWithi"
	OpEndsWith     Operator = "$endsWith"
	OpEndsWithi    Operator = "$endsWithi"
)

// Filter is a node of the filter tree: from a client's text (Parse,
// ParseFilter) or built by Go code with the constructors (Eq, In, And,
// Rel...), which make the same nodes.
type Filter struct {
	Kind     FilterKind
	Children []*Filter // And, Or, Not

	// Cond: a comparison on a scalar or system field of the node's type.
	Field    *schema.Attribute
	Operator Operator
	// Value is the canonical value of the field's kind (schema.Kind.Parse):
	// for $in and $notIn a []any of them, for $between a []any of two, for
	// $null and $notNull a bool, for $eq/$ne possibly nil (IS NULL / IS NOT
	// NULL). The string operators ($contains, $startsWith, ...) always hold
	// a string.
	Value any

	// Rel: a condition on related entries; Component: on the items of a
	// component or dynamic-zone field (Relation) that are Component.
	Relation  *schema.Attribute
	Component *schema.ContentType
	Sub       *Filter
}

// Populate is one relation to load, with what to load of its targets.
type Populate struct {
	// Relation is the relation, component or dynamic zone populated.
	Relation *schema.Attribute
	// Query on the target type: Fields, Filters, Sort and nested Populate,
	// on a component as on a relation (the items that match, in Sort's
	// order). A dynamic zone's Query has no Type: its On gives each
	// component's (Fields, Filters and Populate; a zone keeps its order);
	// when set, only the components it names are answered, as Strapi 5
	// does with on.
	Query *Query
	On    map[string]*Query
	// Count asks for {"count": n} instead of the entries (the items of a
	// component; never set on a zone, whose count Strapi 5 ignores).
	Count bool
	// related is a file's related while the list is checked (takeRelated).
	related *Related
}

// SortKey orders by a scalar field, reached through zero or more
// relations and components (Path[:len-1]); Path[len-1] is the scalar.
type SortKey struct {
	Path []*schema.Attribute
	Desc bool
}

// PageMode is the pagination style the request used.
type PageMode int

// The pagination styles; Page is the default.
const (
	PageStyle PageMode = iota
	OffsetStyle
)

// Pagination is the effective window, already clamped to the maximum.
type Pagination struct {
	Mode      PageMode
	Page      int // PageStyle, from 1
	PageSize  int // PageStyle
	Start     int // OffsetStyle, from 0
	Limit     int // OffsetStyle
	WithCount bool
}

// Offset is the number of rows to skip.
func (p Pagination) Offset() int {
	if p.Mode == OffsetStyle {
		return p.Start
	}
	return (p.Page - 1) * p.PageSize
}

// Size is the number of rows to return.
func (p Pagination) Size() int {
	if p.Mode == OffsetStyle {
		return p.Limit
	}
	return p.PageSize
}
