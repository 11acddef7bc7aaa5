package sqlgen

import (
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Column is one selected column and where its value goes.
type Column struct {
	Attr *schema.Attribute // nil for id and document_id
	SQL  string
	// Ref marks a foreign-key column read only to populate a to-one
	// relation: its value goes to the entry's refs (SetRef), not to the
	// output; Draft marks the relation's DraftColumn.
	Ref, Draft bool
}

// Selection is the columns a read of q returns, in order: id, documentId,
// the selected scalars (never a private or password field, even when
// named), the timestamps when wanted, then the foreign keys populate needs.
func Selection(q *query.Query) []Column {
	ct := q.Type
	cols := make([]Column, 0, len(ct.Attributes)+5)
	cols = append(cols, Column{SQL: Col(Root, schema.ColID)}, Column{SQL: Col(Root, schema.ColDocumentID)})
	for _, a := range ct.Attributes {
		if a.IsScalar() && !a.IsPrivate() && !a.Unavailable() && wanted(q, a) {
			cols = append(cols, Column{Attr: a, SQL: Col(Root, a.Column)})
		}
	}
	for _, a := range ct.TrailingFields() {
		if wanted(q, a) {
			cols = append(cols, Column{Attr: a, SQL: Col(Root, a.Column)})
		}
	}
	for _, p := range q.Populate {
		if a := p.Relation; a.Column != "" {
			cols = append(cols, Column{Attr: a, SQL: Col(Root, a.Column), Ref: true})
			if a.DraftColumn != "" { // which one a read follows depends on its caller (ToOneColumn)
				cols = append(cols, Column{Attr: a, SQL: Col(Root, a.DraftColumn), Ref: true, Draft: true})
			}
		}
	}
	return cols
}

// SelectList writes cols, comma-separated, each as selected writes it.
func (b *Builder) SelectList(cols []Column) {
	for i, c := range cols {
		if i > 0 {
			b.W(", ")
		}
		b.selected(c)
	}
}

// selected writes column c of a select list or a RETURNING clause. On
// PostgreSQL a datetime is read as its text: the driver would parse it
// with time.Parse, and the kind's Decode reads that text digit by digit,
// several times faster (a populated list reads three per entry).
func (b *Builder) selected(c Column) {
	b.W(c.SQL)
	if b.d == schema.Postgres && c.Attr != nil && !c.Ref && c.Attr.Type == schema.DateTime {
		b.W("::text")
	}
}

// wanted reports whether q selects a: every field when q.Fields is nil.
func wanted(q *query.Query, a *schema.Attribute) bool {
	if q.Fields == nil {
		return true
	}
	for _, f := range q.Fields {
		if f == a {
			return true
		}
	}
	return false
}

// WrittenColumns are the columns a write returns: those a read of every
// field selects (Selection with no fields named), without the table's
// alias, which INSERT and UPDATE do not take.
func WrittenColumns(ct *schema.ContentType) []Column {
	cols := Selection(&query.Query{Type: ct})
	for i := range cols {
		switch c := cols[i].Attr; {
		case i == 0:
			cols[i].SQL = Ident(schema.ColID)
		case i == 1:
			cols[i].SQL = Ident(schema.ColDocumentID)
		default:
			cols[i].SQL = Ident(c.Column)
		}
	}
	return cols
}

// Returning ends an INSERT or UPDATE with RETURNING cols.
func (b *Builder) Returning(cols []Column) {
	b.W(" RETURNING ")
	b.SelectList(cols)
}
