package query

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// String dumps the query as an indented tree, deterministic so that golden
// tests can compare it and readable so that a failing one explains itself.
func (q *Query) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "type: %s\n", typeName(q.Type))
	fmt.Fprintf(&b, "status: %s\n", q.Status)
	fmt.Fprintf(&b, "pagination: %s\n", q.Pagination)
	q.writeBody(&b, "")
	if len(q.Extra) > 0 {
		keys := make([]string, 0, len(q.Extra))
		for k := range q.Extra {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteString("extra:\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s = %s\n", k, strconv.Quote(q.Extra[k]))
		}
	}
	return b.String()
}

// writeBody writes what top-level and nested queries share.
func (q *Query) writeBody(b *strings.Builder, ind string) {
	if q.Fields != nil {
		names := make([]string, len(q.Fields))
		for i, a := range q.Fields {
			names[i] = a.Name
		}
		fmt.Fprintf(b, "%sfields: %s\n", ind, strings.Join(names, ", "))
	}
	if len(q.Sort) > 0 {
		keys := make([]string, len(q.Sort))
		for i, k := range q.Sort {
			keys[i] = k.String()
		}
		fmt.Fprintf(b, "%ssort: %s\n", ind, strings.Join(keys, ", "))
	}
	if q.Filters != nil {
		fmt.Fprintf(b, "%sfilters:\n", ind)
		q.Filters.write(b, ind+"  ")
	}
	if len(q.Populate) > 0 {
		fmt.Fprintf(b, "%spopulate:\n", ind)
		for _, p := range q.Populate {
			p.write(b, ind+"  ")
		}
	}
}

func (p *Populate) write(b *strings.Builder, ind string) {
	fmt.Fprintf(b, "%s%s -> %s", ind, p.Relation.Name, typeName(p.Query.Type))
	if p.Count {
		b.WriteString(" (count)")
	}
	b.WriteByte('\n')
	p.Query.writeBody(b, ind+"  ")
	uids := make([]string, 0, len(p.On))
	for uid := range p.On {
		uids = append(uids, uid)
	}
	slices.Sort(uids)
	for _, uid := range uids {
		fmt.Fprintf(b, "%s  on %s\n", ind, uid)
		p.On[uid].writeBody(b, ind+"    ")
	}
}

// String dumps the filter tree, one node a line.
func (f *Filter) String() string {
	var b strings.Builder
	f.write(&b, "")
	return b.String()
}

func (f *Filter) write(b *strings.Builder, ind string) {
	switch f.Kind {
	case KindCond:
		fmt.Fprintf(b, "%s%s %s %s\n", ind, attrName(f.Field), f.Operator, formatValue(f.Value))
		return
	case KindRel:
		fmt.Fprintf(b, "%s%s -> %s\n", ind, attrName(f.Relation), relTarget(f.Relation))
		if f.Sub != nil {
			f.Sub.write(b, ind+"  ")
		}
		return
	case KindComponent:
		if f.Sub == nil {
			fmt.Fprintf(b, "%s%s ~> %s %s %v\n", ind, attrName(f.Relation), f.Component.Name, f.Operator, f.Value)
			return
		}
		fmt.Fprintf(b, "%s%s ~> %s\n", ind, attrName(f.Relation), f.Component.Name)
		f.Sub.write(b, ind+"  ")
		return
	}
	fmt.Fprintf(b, "%s%s\n", ind, f.Kind)
	for _, c := range f.Children {
		c.write(b, ind+"  ")
	}
}

// String names the node kind: AND, OR, NOT, COND, REL.
func (k FilterKind) String() string {
	switch k {
	case KindAnd:
		return "AND"
	case KindOr:
		return "OR"
	case KindNot:
		return "NOT"
	case KindCond:
		return "COND"
	case KindRel:
		return "REL"
	case KindComponent:
		return "COMPONENT"
	}
	return "FilterKind(" + strconv.Itoa(int(k)) + ")"
}

// String is the status as written in the query string.
func (s Status) String() string {
	if s == Draft {
		return "draft"
	}
	return "published"
}

// String shows the effective window in the style the request used.
func (p Pagination) String() string {
	count := "withCount"
	if !p.WithCount {
		count = "no count"
	}
	if p.Mode == OffsetStyle {
		return fmt.Sprintf("start %d, limit %d, %s", p.Start, p.Limit, count)
	}
	return fmt.Sprintf("page %d, pageSize %d, %s", p.Page, p.PageSize, count)
}

// String is the key as a sort parameter: "customer.name desc".
func (k SortKey) String() string {
	names := make([]string, len(k.Path))
	for i, a := range k.Path {
		names[i] = attrName(a)
	}
	order := " asc"
	if k.Desc {
		order = " desc"
	}
	return strings.Join(names, ".") + order
}

// formatValue shows a filter value with its Go type visible: quoted
// strings, 12 for int64, 1.5 or 12.0 for float64, time(...) for time.Time.
func formatValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case CallerID:
		return UserParam
	case string:
		return strconv.Quote(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		s := strconv.FormatFloat(v, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		return s
	case bool:
		return strconv.FormatBool(v)
	case time.Time:
		return "time(" + v.Format(time.RFC3339Nano) + ")"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = formatValue(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

func typeName(ct *schema.ContentType) string {
	if ct == nil {
		return "<nil>"
	}
	return ct.Name
}

func attrName(a *schema.Attribute) string {
	if a == nil {
		return "<nil>"
	}
	return a.Name
}

func relTarget(a *schema.Attribute) string {
	if a == nil {
		return "<nil>"
	}
	return typeName(a.TargetType)
}
