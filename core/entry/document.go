package entry

import "github.com/kiln-cms/kiln/core/query"

// Document is the rows of one entry. On a type without draft & publish
// the one row is both versions; with it, as in Strapi 5, a document has a
// draft row, which every document has, and a published row once it is
// published (docs/drafts.md).
type Document struct {
	ID string
	// Draft and Published are the rows' ids; 0 when the version is missing.
	Draft, Published int64
	// Locale is the localization's locale on a localized type.
	Locale string
}

// Link is the row a reference to the document resolves to (the store's
// ResolveMany): its published row when there is one, else its draft. A
// write links the rows of the document's version it links.
func (d Document) Link() int64 {
	if d.Published != 0 {
		return d.Published
	}
	return d.Draft
}

// Version is the row of the version st reads; 0 when there is none. A
// document whose draft row is missing (not one Kiln writes) reads its
// published row as its draft, as the store's reads do.
func (d Document) Version(st query.Status) int64 {
	if st == query.Published || d.Draft == 0 {
		return d.Published
	}
	return d.Draft
}
