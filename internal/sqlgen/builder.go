// Package sqlgen is Kiln's typed query compiled to SQL: from core/query's
// checked tree (filters, sort, pagination, fields, populate, status,
// locale) and the caller's read options to statement text and its
// arguments, per dialect (SQLite, PostgreSQL). It takes no connection and
// does no I/O: internal/store runs what it builds, scans the rows and
// writes. One clause per file: where.go (filters and the scopes at every
// hop), operators.go and jsonfilter.go (one comparison), order.go (ORDER
// BY and its joins), page.go (LIMIT, OFFSET, a page with its total),
// columns.go (select lists), select.go (a read's statement and its
// count), populate.go, components.go and related.go (a populate level's
// statement), refs.go (a row named by a reference), locales.go and
// versions.go (which locale and version a hop reaches), links.go (what a
// write links). Golden tests pin the text for both dialects: every
// operator (operators_test.go) and a table of requests per clause
// (cases_test.go), in testdata/.
package sqlgen

import (
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// Builder accumulates a SQL statement and its arguments. Identifiers come
// only from the schema (quoted with Ident); every value is a ? argument
// that the connection binds for the dialect, never text pasted from a
// request.
type Builder struct {
	d     schema.Dialect
	sb    strings.Builder
	args  []any
	alias int // the last table alias handed out: Root is t0

	// ro is what the caller may see, applied at every hop into a type
	// (see Visible), and status the read's draft & publish status.
	ro     entry.ReadOptions
	status query.Status
	// inScope counts the scopes being written: a scope is the server's
	// own rule, so the hops inside it are not narrowed again.
	inScope int
	// versioned marks a read of documents (a list, a count): on a draft &
	// publish type it reads one row per document, the version of the
	// status (see versions.go).
	versioned bool
}

// New starts a statement for the dialect that reads under no read
// options: a write's, or a read of the server's own.
func New(d schema.Dialect) *Builder { return &Builder{d: d} }

// NewRead starts a statement that reads under ro with the status.
func NewRead(d schema.Dialect, ro entry.ReadOptions, status query.Status) *Builder {
	return &Builder{d: d, ro: ro, status: status}
}

// SQL is the statement's text, with a "?" per argument.
func (b *Builder) SQL() string { return b.sb.String() }

// Args are the statement's arguments, in placeholder order.
func (b *Builder) Args() []any { return b.args }

// Ident quotes an identifier. Identifiers only ever come from the checked
// schema, never from a request; quoting keeps reserved words ("order")
// safe. (internal/database's Ident, which its DDL uses, is the same
// rule: TestIdentAgrees.)
func Ident(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// Col is column of the table aliased alias, quoted.
func Col(alias, column string) string { return alias + "." + Ident(column) }

// The kinds of the values the compiler binds of its own: ids, documentIds
// and field names, and the patterns of the text operators.
var (
	idKind   = schema.KindOf(schema.BigInteger)
	strKind  = schema.KindOf(schema.String)
	textKind = schema.KindOf(schema.Text)
)

// W writes SQL text: keywords and identifiers, never values.
func (b *Builder) W(parts ...string) {
	for _, p := range parts {
		b.sb.WriteString(p)
	}
}

// Arg writes a placeholder for v, encoded for a column of kind k. The
// caller parameter of a scope becomes the caller's id.
func (b *Builder) Arg(k schema.Kind, v any) {
	if _, ok := v.(query.CallerID); ok {
		v = b.ro.User
	}
	b.sb.WriteByte('?')
	v = k.Encode(b.d, v)
	b.args = append(b.args, v)
	if n, ok := v.(int64); ok && b.d == schema.Postgres && int64(int32(n)) != n {
		// PostgreSQL takes a parameter beside an INTEGER column for an
		// INTEGER, and refuses a value past its range instead of finding
		// no row; a BIGINT compares with it as the literal did.
		b.sb.WriteString("::BIGINT")
	}
}

// TypedArg writes a placeholder for v where nothing around it gives
// PostgreSQL its type (a CASE branch, an INSERT's SELECT list, a UNION):
// a value bound as a parameter would be taken for text there, so it is
// cast to the type of its Go value.
func (b *Builder) TypedArg(k schema.Kind, v any) {
	b.Arg(k, v)
	if b.d != schema.Postgres {
		return
	}
	var t string
	switch b.args[len(b.args)-1].(type) {
	case int64:
		t = "BIGINT"
	case float64:
		t = "DOUBLE PRECISION"
	case bool:
		t = "BOOLEAN"
	case time.Time:
		t = "TIMESTAMPTZ"
	default:
		return
	}
	b.sb.WriteString("::" + t)
}

// Capture returns what fn writes instead of writing it; the arguments fn
// adds stay in order, so the text must go where it was written (sort
// joins: before the WHERE clause, after a select list without values).
func (b *Builder) Capture(fn func()) string {
	saved := b.sb
	b.sb = strings.Builder{}
	fn()
	out := b.sb.String()
	b.sb = saved
	return out
}

// NewAlias hands out t1, t2, ...: one counter per statement, so the
// subqueries of filters and the joins of sort keys never share a name.
func (b *Builder) NewAlias() string {
	b.alias++
	return "t" + strconv.Itoa(b.alias)
}

// anys is ids as arguments.
func anys(ids []int64) []any {
	out := make([]any, len(ids))
	for i, v := range ids {
		out[i] = v
	}
	return out
}
