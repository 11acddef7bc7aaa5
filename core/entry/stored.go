package entry

import "github.com/kiln-cms/kiln/core/schema"

// The methods of this file are the store's (internal/store): it records on an
// entry what it read beside the fields — foreign keys, the entry a
// populated row was read for, whether a write returned it — for its own
// next statements and for ForeignKey and Written. Other code has no use
// for them: they change no field of the answer, and the store reads them
// only on entries it made itself.

// SetRef records the foreign key of the owning to-one a read with the
// entry (its DraftColumn's when draft), which populate follows.
func (e *Entry) SetRef(a *schema.Attribute, draft bool, id int64) {
	m := &e.refs
	if draft {
		m = &e.drafts
	}
	if *m == nil {
		*m = map[*schema.Attribute]int64{}
	}
	(*m)[a] = id
}

// Ref is the foreign key of a the entry was read with (SetRef): its
// DraftColumn's when draft.
func (e *Entry) Ref(a *schema.Attribute, draft bool) (int64, bool) {
	m := e.refs
	if draft {
		m = e.drafts
	}
	id, ok := m[a]
	return id, ok
}

// SetOwner records the entry a populated row was read for.
func (e *Entry) SetOwner(id int64) { e.owner = id }

// Owner is the entry a populated row was read for (SetOwner).
func (e *Entry) Owner() int64 { return e.owner }

// MarkWritten records that the entry is the row a write returned, every
// field as stored (Written).
func (e *Entry) MarkWritten() { e.written = true }

// MarkForeignKeys records that the entry was read with every owning
// to-one foreign key of its type (ForeignKey).
func (e *Entry) MarkForeignKeys() { e.keys = true }
