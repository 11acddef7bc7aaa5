package content

import "strconv"

// Ref names the one entry FindOne, Update and Delete work on: by its row
// id (ID), by its documentId (DocumentID), or as a client wrote it in a
// URL (ParseRef). On a draft & publish type a Ref names the document,
// through either of its rows' ids; the call's status picks the version.
// The zero Ref names nothing.
type Ref struct {
	id  int64
	doc string
}

// ID is the entry whose row id is id.
func ID(id int64) Ref { return Ref{id: id} }

// DocumentID is the entry whose documentId is documentID.
func DocumentID(documentID string) Ref { return Ref{doc: documentID} }

// ParseRef reads a reference as a request's path gives it, as Strapi 5
// does: a positive whole number in decimal, shorter than a documentId (24
// characters), is an id; any other text is a documentId.
func ParseRef(s string) Ref {
	if n, ok := decimalID(s); ok {
		return Ref{id: n}
	}
	return Ref{doc: s}
}

// decimalID reads s as an id when it is one: the store's own reading of
// a reference's text.
func decimalID(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0 && len(s) < 24
}

// String is the reference as ParseRef reads it back: the id in decimal,
// or the documentId.
func (r Ref) String() string {
	if r.doc == "" && r.id != 0 {
		return strconv.FormatInt(r.id, 10)
	}
	return r.doc
}

// text is r as the store reads a reference, and false when r can name no
// entry: no id above 0, or a documentId the store would read as an id
// (digits only, shorter than the 24 characters every documentId has).
func (r Ref) text() (string, bool) {
	if r.doc == "" {
		return strconv.FormatInt(r.id, 10), r.id > 0
	}
	if _, isID := decimalID(r.doc); isID {
		return "", false
	}
	return r.doc, true
}
