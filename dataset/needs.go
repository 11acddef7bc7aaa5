package dataset

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/schema"
)

// Missing lists what the set needs that the schema or the roles lack: a
// content type, a field (a column, or a relation its links fill), the
// user relation a demo user is linked through, a demo user's role. The
// set is the platform's data; a project of its own content types lacks
// most of it, and then the demo data is not loaded at all.
func (s *Set) Missing(sc *schema.Schema, roleIDs map[string]int64) []string {
	var out []string
	linked := map[string]bool{}
	for _, u := range DemoUsers {
		if _, ok := roleIDs[u.Role]; !ok {
			out = append(out, fmt.Sprintf("role %q", u.Role))
		}
		if u.Links != "" {
			linked[u.Links] = true
		}
	}
	for _, t := range s.Tables {
		ct := sc.Type(t.Type)
		if ct == nil {
			out = append(out, fmt.Sprintf("content type %q", t.Type))
			continue
		}
		fields := t.Fields
		if linked[t.Type] {
			fields = append(fields[:len(fields):len(fields)], "user")
		}
		for _, f := range fields {
			if a := ct.Attr(f); a == nil || (a.IsRelation() && a.Column == "") {
				out = append(out, fmt.Sprintf("field %q on %q", f, t.Type))
			}
		}
		for _, l := range t.Links {
			if a := ct.Attr(l.Field); a == nil || !a.IsRelation() {
				out = append(out, fmt.Sprintf("relation %q on %q", l.Field, t.Type))
			}
		}
	}
	return out
}

// Empty reports whether every type of the set is empty (the set must fit
// the schema: see Missing).
func (s *Set) Empty(ctx context.Context, svc *content.Service) (bool, error) {
	for _, t := range s.Tables {
		empty, err := svc.Empty(ctx, svc.Schema.Type(t.Type))
		if err != nil || !empty {
			return false, err
		}
	}
	return true, nil
}
