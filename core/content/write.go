package content

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// Write is the input of a create or an update: the fields it sets, the
// relations it changes and the components it gives, by field name, as a
// Go caller builds it (NewWrite) or a request's body decoded it
// (WriteFromBody). Both go through the one pipeline of Service.Create and
// Update: the same checks, defaults, hooks, permissions, draft & publish
// and locale rules, and the same errors — a misnamed field, a value of
// the wrong Go type or one breaking a rule is the 400 (errs.KindValidation)
// a body would get, at the same path. Nothing is checked before the write
// runs.
//
// A Go value goes to the field's canonical value by its type
// (schema.Kind's FromGo), without passing through JSON:
//
//   - string, text, richtext, email, password, uid, enumeration: string
//   - integer, biginteger: any Go integer type
//   - float, decimal: float64, float32 or any Go integer type
//   - boolean: bool
//   - datetime: time.Time (stored in UTC, to the millisecond)
//   - date, time: time.Time (its date, or its time of day to the second,
//     where it is), or their text ("2024-05-01", "14:30")
//   - json, blocks: any value, as encoding/json writes it (a map's keys
//     sorted, as a body's object is stored; a json.RawMessage compacted,
//     its keys in their order)
//
// nil is null for every field, a relation's and a component's included.
// Text is no number, boolean or date-time here: Set("capacity", "12") is
// refused ("capacity must be an integer") where a body's "12" is read.
//
// A write's methods return it, to chain; later calls on a field replace
// what earlier ones gave it, but for Connect, ConnectAt and Disconnect,
// which add to the relation's change. The locale a write goes to is its
// query's (query.Query.Locale), as for a request. A Write is not safe for
// concurrent use; it may be used for more than one call.
type Write struct {
	ct     *schema.ContentType
	fields map[string]*input
	// id is the row a component item updates in place (InPlace).
	id int64
}

// input is one field's value in a write: a body's decoded JSON (fromBody),
// a Go value (Set), a relation's change (rel), or component items.
type input struct {
	fromBody bool
	value    any
	rel      *relationInput
	items    []*Write
	isItems  bool
}

// relationInput is what Connect, ConnectAt, Disconnect and SetRelation say
// of one relation, before its references resolve.
type relationInput struct {
	set                 []Ref
	setGiven            bool
	connect, disconnect []Ref
	places              []Position // connect's, in connect's order
}

// Position is where ConnectAt puts an entry in a manyToMany's order, as
// Strapi's connect position: just Before or After an entry the relation
// already holds, or at the Start. The zero Position is the end.
type Position struct {
	Before, After Ref
	Start         bool
}

// NewWrite returns an empty write of entries of ct, a content type or,
// for the items of Component, a component.
func NewWrite(ct *schema.ContentType) *Write {
	return &Write{ct: ct, fields: map[string]*input{}}
}

// WriteFromBody is the write a request's body gives: data, the object
// under "data", decoded with numbers as json.Number. It is how the HTTP
// handlers write; a Go caller builds its write with NewWrite.
func WriteFromBody(ct *schema.ContentType, data map[string]any) *Write {
	w := NewWrite(ct)
	for k, v := range data {
		w.fields[k] = &input{fromBody: true, value: v}
	}
	return w
}

// Type is the content type or component the write is of.
func (w *Write) Type() *schema.ContentType { return w.ct }

// Set sets field to v, a Go value of the field's kind (see Write), or to
// null when v is nil.
func (w *Write) Set(field string, v any) *Write {
	w.fields[field] = &input{value: v}
	return w
}

// SetRelation replaces what relation field links to with the entries refs
// name (none: it links to nothing), as a body's {"set": [...]}.
func (w *Write) SetRelation(field string, refs ...Ref) *Write {
	r := w.relation(field)
	r.set, r.setGiven = append([]Ref{}, refs...), true
	return w
}

// Connect adds the entries refs name to relation field, at the end of a
// manyToMany's order, as a body's {"connect": [...]}.
func (w *Write) Connect(field string, refs ...Ref) *Write {
	r := w.relation(field)
	for _, ref := range refs {
		r.connect = append(r.connect, ref)
		r.places = append(r.places, Position{})
	}
	return w
}

// ConnectAt adds the entry ref names to relation field at position at, as
// a body's {"connect": [{"id": ..., "position": {...}}]}.
func (w *Write) ConnectAt(field string, ref Ref, at Position) *Write {
	r := w.relation(field)
	r.connect = append(r.connect, ref)
	r.places = append(r.places, at)
	return w
}

// Disconnect removes the entries refs name from relation field, as a
// body's {"disconnect": [...]}.
func (w *Write) Disconnect(field string, refs ...Ref) *Write {
	r := w.relation(field)
	r.disconnect = append(r.disconnect, refs...)
	return w
}

// Media sets media field to the files of ids (none: it holds none), as a
// body's list of file ids. A media field is a relation to files: Connect
// and Disconnect change it too.
func (w *Write) Media(field string, ids ...int64) *Write {
	refs := make([]Ref, len(ids))
	for i, id := range ids {
		refs[i] = ID(id)
	}
	return w.SetRelation(field, refs...)
}

// Component gives component or dynamic-zone field its items, which
// replace what it held: each a write of its component (NewWrite of the
// component's type, which for a zone says which of its components the
// item is). A single component takes one item, or none to clear it (as
// null); a repeatable one or a zone takes a list, none clearing it.
func (w *Write) Component(field string, items ...*Write) *Write {
	w.fields[field] = &input{items: append([]*Write{}, items...), isItems: true}
	return w
}

// InPlace makes a component item update the row id of the field's items
// in place, as a body's item with its "id": what the item sets replaces
// what the row holds, the rest stays. Without it an item is a new row.
func (w *Write) InPlace(id int64) *Write {
	w.id = id
	return w
}

// Has reports whether the write names field, with a value or null.
func (w *Write) Has(field string) bool {
	_, ok := w.fields[field]
	return ok
}

// relation is field's relation change, made a new one when the field held
// anything else.
func (w *Write) relation(field string) *relationInput {
	in := w.fields[field]
	if in == nil || in.rel == nil {
		in = &input{rel: &relationInput{}}
		w.fields[field] = in
	}
	return in.rel
}

// keys are the write's field names in a fixed order, so that which error
// is reported first never depends on map order.
func (w *Write) keys() []string { return sortedKeys(w.fields) }
