package query

import (
	"slices"

	"github.com/kiln-cms/kiln/core/schema"
)

// Options bound what one query may ask for. The zero value of a limit means
// its default, so a partly filled Options is safe.
type Options struct {
	// DefaultPageSize is the page size when the request gives none. Default: 25.
	DefaultPageSize int
	// MaxPageSize caps pageSize and limit; larger sizes are lowered to it
	// silently, as Strapi's maxLimit does. Default: 100.
	MaxPageSize int
	// MaxDepth caps the nesting of relation hops and logical groups in
	// filters, of relation paths in sort, and of populate. Default: 6.
	MaxDepth int
	// MaxInList caps the items of $in, $notIn, $between, $and, $or, array
	// values and sort keys. Default: 100.
	MaxInList int
	// CanRead reports whether the caller may read a type. A relation whose
	// target it refuses is an invalid key in filters, sort and fields, and
	// is dropped from populate (named or by *), as Strapi 5.54 drops it.
	// Nil allows every type.
	CanRead func(*schema.ContentType) bool
	// ExtraKeys are top-level keys a plugin route accepts besides the
	// standard ones; their raw values go to Query.Extra.
	ExtraKeys []string
	// Locales are the configured locale codes, the default first; nil is
	// en alone. A localized type's locale parameter must name one.
	Locales []string
	// PublicationState accepts Strapi 4's publicationState=live|preview
	// (the v1 API) as the status: live is published, preview the drafts.
	PublicationState bool
	// Component finds a component of the project by its uid: populate[zone]
	// [on][uid] naming one the zone does not allow is then ignored, as
	// Strapi 5 ignores it, and only a uid that is no component is refused.
	// Nil refuses both.
	Component func(uid string) *schema.ContentType
	// MaxDeepPopulate caps the depth of Kiln's deep populate (populate=deep,N
	// and pLevel=N, deep.go); a larger depth is lowered to it, as a page
	// size is. Default: 5, which is also the depth when none is given.
	MaxDeepPopulate int
	// StrictParams refuses top-level keys the route does not take, and a
	// status other than published or draft, as Strapi's strictParams
	// mode does. Without it they are read as Strapi 5 reads them by
	// default: an unknown key is ignored, a status other than published
	// reads the drafts.
	StrictParams bool
	// Types are the project's content types: those a file's related may
	// list (related.go). Nil lists none, and related is then dropped.
	Types []*schema.ContentType
}

// DefaultOptions returns the limits Kiln ships with.
func DefaultOptions() Options {
	return Options{DefaultPageSize: 25, MaxPageSize: 100, MaxDepth: 6, MaxInList: 100, MaxDeepPopulate: 5}
}

// normalised fills unset limits with the defaults and keeps the default page
// size within the maximum.
func (o Options) normalised() Options {
	d := DefaultOptions()
	if o.DefaultPageSize <= 0 {
		o.DefaultPageSize = d.DefaultPageSize
	}
	if o.MaxPageSize <= 0 {
		o.MaxPageSize = d.MaxPageSize
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = d.MaxDepth
	}
	if o.MaxInList <= 0 {
		o.MaxInList = d.MaxInList
	}
	if o.MaxDeepPopulate <= 0 {
		o.MaxDeepPopulate = d.MaxDeepPopulate
	}
	o.DefaultPageSize = min(o.DefaultPageSize, o.MaxPageSize)
	return o
}

// canRead applies CanRead; an unresolved target is never readable.
func (o Options) canRead(ct *schema.ContentType) bool {
	return ct != nil && (o.CanRead == nil || o.CanRead(ct))
}

// isExtra reports whether key is one of the route's extra keys.
func (o Options) isExtra(key string) bool { return slices.Contains(o.ExtraKeys, key) }

// locales is Locales, or en alone.
func (o Options) locales() []string {
	if len(o.Locales) == 0 {
		return []string{"en"}
	}
	return o.Locales
}
