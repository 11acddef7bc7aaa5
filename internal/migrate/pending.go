package migrate

import (
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// Pending is one change a plan holds back because it drops or converts
// data: it runs only with Options.AllowDestructive. Until then the
// database does not match the schema in that place.
type Pending struct {
	// Table is the table the change is made to; Column the column, or ""
	// when the whole table goes (a removed type) or is made again (a join
	// table whose relation now joins other types).
	Table, Column string
	// Kind says what the change is: one of the Pending* constants.
	Kind PendingKind
	// Description says it for a person, in the plan's words.
	Description string
}

// PendingKind names the kinds of change a plan may hold back.
type PendingKind string

const (
	PendingDropColumn   PendingKind = "drop column"         // a removed field
	PendingDropTable    PendingKind = "drop table"          // a removed type
	PendingConvert      PendingKind = "change type"         // a field of another type
	PendingRelink       PendingKind = "change relation"     // a to-one relation to another type, or a field turned relation or back
	PendingRecreateJoin PendingKind = "recreate join table" // a many relation to another type
)

// Pending lists the changes the plan holds back until a migration allows
// destructive steps, in the order they would run.
func (p *Plan) Pending() []Pending {
	if p == nil {
		return nil
	}
	return p.pending
}

func (p *Plan) hold(table, column string, kind PendingKind, description string) {
	p.pending = append(p.pending, Pending{Table: table, Column: column, Kind: kind, Description: description})
}

func (p *Plan) pendingLines() string {
	var lines []string
	for _, c := range p.pending {
		// Tables dropped together share one description.
		if n := len(lines); n == 0 || lines[n-1] != c.Description {
			lines = append(lines, c.Description)
		}
	}
	return strings.Join(lines, "; ")
}

// Unavailable returns the fields of s the pending changes leave without a
// column that matches them, each with the change it waits for: a field
// whose type changed, a relation whose column or join table still links
// the old types (both sides of it). A removed field or type is not in s,
// so it is not served anyway; its column or table merely waits to go.
// Reading or writing such a field before the change is applied would fail
// in the database or store values of the wrong type, so the content
// service treats it as unavailable (schema.Attribute.Pending).
func (p *Plan) Unavailable(s *schema.Schema) map[*schema.Attribute]string {
	out := map[*schema.Attribute]string{}
	mark := func(a *schema.Attribute, why string) {
		if _, ok := out[a]; !ok {
			out[a] = why
		}
		if a.Inverse != nil {
			if _, ok := out[a.Inverse]; !ok {
				out[a.Inverse] = why
			}
		}
	}
	for _, c := range p.Pending() {
		if c.Kind == PendingDropColumn || c.Kind == PendingDropTable {
			continue
		}
		for _, ct := range s.Types {
			for _, a := range ct.Attributes {
				switch {
				case c.Column != "" && ct.Table == c.Table && a.Column == c.Column:
					mark(a, c.Description)
				case c.Column == "" && a.JoinTable != "" && a.JoinTable == c.Table:
					mark(a, c.Description)
				}
			}
		}
	}
	return out
}

// UnavailableByChange is Unavailable grouped by the change each field
// waits for: the description, then "type.field" names, sorted.
func (p *Plan) UnavailableByChange(s *schema.Schema) map[string][]string {
	out := map[string][]string{}
	for a, why := range p.Unavailable(s) {
		out[why] = append(out[why], a.Owner.Name+"."+a.Name)
	}
	for _, list := range out {
		slices.Sort(list)
	}
	return out
}
