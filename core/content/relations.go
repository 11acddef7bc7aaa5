package content

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// relationRefs is one relation's value as read — an id or documentId, a
// list of them (set), {"id"}/{"documentId"} objects, null, or {"connect",
// "disconnect", "set"}, in any of Strapi's forms — before its references
// resolve. prepare resolves the references of every relation of a write
// together, in one statement (store.ResolveMany).
type relationRefs struct {
	a                        *schema.Attribute
	setGiven                 bool
	set, connect, disconnect []string
	places                   []place // connect's positions, in connect's order
	// into and path, for a relation inside a component item: the item's
	// relation changes, and where the item is (componentPath).
	into map[*schema.Attribute]entry.RelationChange
	path componentPath
}

// readRelation reads a relation's value; a malformed one is a 400 naming
// the relation.
func readRelation(a *schema.Attribute, v any) (relationRefs, error) {
	r := relationRefs{a: a}
	var err error
	switch x := v.(type) {
	case nil:
		r.setGiven = true
	case []any:
		r.set, err = refList(a, a.Name, x)
		r.setGiven = true
	case map[string]any:
		if isRefObject(x) {
			r.set, err = refList(a, a.Name, []any{x})
			r.setGiven = true
			break
		}
		for _, k := range sortedKeys(x) {
			var list []string
			switch k {
			case "connect", "disconnect", "set":
				items, ok := x[k].([]any)
				if !ok {
					items = []any{x[k]}
				}
				if list, err = refList(a, a.Name+"."+k, items); err != nil {
					return r, err
				}
				if k == "connect" {
					if r.places, err = positions(a, a.Name+"."+k, items); err != nil {
						return r, err
					}
				}
			case "options":
				continue
			default:
				return r, errs.InvalidKey(k, a.Name+"."+k, "body", "data").WithValid(k, relationChangeKeys)
			}
			switch k {
			case "connect":
				r.connect = list
			case "disconnect":
				r.disconnect = list
			case "set":
				r.set, r.setGiven = list, true
			}
		}
	default:
		r.set, err = refList(a, a.Name, []any{x})
		r.setGiven = true
	}
	if err != nil {
		return r, err
	}
	return r, r.checkCount()
}

// checkCount refuses more than one entry for a to-one relation.
func (r relationRefs) checkCount() error {
	if !r.a.ToMany() && len(r.set)+len(r.connect) > 1 {
		return fieldError(r.a, r.a.Name+" takes one entry, not a list")
	}
	return nil
}

// relationOf reads relation a's input: a body's value (readRelation),
// null, or what Write's relation methods said, whose references are
// checked as a body's are.
func relationOf(a *schema.Attribute, in *input) (relationRefs, error) {
	switch {
	case in.rel != nil:
		return in.rel.refs(a)
	case in.isItems:
		return relationRefs{a: a}, fieldError(a, a.Name+" is a relation, not components")
	case in.fromBody || in.value == nil:
		return readRelation(a, in.value)
	}
	return relationRefs{a: a}, fieldError(a, a.Name+" is a relation: write it with SetRelation, Connect or Disconnect")
}

// refs is the relation change as readRelation reads a body's: each
// reference through refList, as a body's string.
func (ri *relationInput) refs(a *schema.Attribute) (relationRefs, error) {
	r := relationRefs{a: a, setGiven: ri.setGiven}
	list := func(path string, refs []Ref) ([]string, error) {
		if refs == nil {
			return nil, nil
		}
		items := make([]any, len(refs))
		for i, ref := range refs {
			items[i] = ref.String()
		}
		return refList(a, path, items)
	}
	var err error
	if r.set, err = list(a.Name+".set", ri.set); err != nil {
		return r, err
	}
	if r.connect, err = list(a.Name+".connect", ri.connect); err != nil {
		return r, err
	}
	if r.disconnect, err = list(a.Name+".disconnect", ri.disconnect); err != nil {
		return r, err
	}
	at := a.Name + ".connect.position"
	for _, p := range ri.places {
		var pl place
		for _, side := range []struct {
			ref  Ref
			into *string
			name string
		}{{p.Before, &pl.before, "before"}, {p.After, &pl.after, "after"}} {
			if side.ref == (Ref{}) {
				continue
			}
			refs, err := list(at+"."+side.name, []Ref{side.ref})
			if err != nil {
				return r, err
			}
			*side.into = refs[0]
		}
		if n := btoi(pl.before != "") + btoi(pl.after != "") + btoi(p.Start); n > 1 {
			return r, fieldError(a, at+" takes one of before, after, start and end")
		}
		pl.start = p.Start
		r.places = append(r.places, pl)
	}
	return r, r.checkCount()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refs is every reference the value names, positions included.
func (r relationRefs) refs() []string {
	all := append(append(append([]string(nil), r.set...), r.connect...), r.disconnect...)
	return append(all, placeRefs(r.places)...)
}

// change is the relation's change once ids (the references resolved under
// the writer's scope on the target type, ro) are known. A reference to
// nothing is a 400 naming the relation; so is one to an entry ro's scope
// hides from the caller, with the same message, so a write neither links
// what the caller may not see nor tells whether it exists. The scope also
// goes with the change (RelationChange.Writer), so that a set unlinks only
// what the caller may see.
func (r relationRefs) change(ids map[string]int64, ro entry.ReadOptions) (entry.RelationChange, error) {
	a := r.a
	for _, ref := range r.refs() {
		if _, ok := ids[ref]; !ok {
			if doc, locale, ok := strings.Cut(ref, localeSep); ok {
				return entry.RelationChange{}, fieldError(a, fmt.Sprintf("%s: no %s with documentId %q in locale %s", a.Name, a.Target, doc, locale))
			}
			return entry.RelationChange{}, fieldError(a, fmt.Sprintf("%s: no %s with id or documentId %q", a.Name, a.Target, ref))
		}
	}
	ch := entry.RelationChange{SetGiven: r.setGiven}
	ch.Set, ch.Connect, ch.Disconnect = pick(ids, r.set), pick(ids, r.connect), pick(ids, r.disconnect)
	ch.Positions = positionsByID(ids, r.connect, r.places)
	// The store changes only links to targets the writer may see: a set
	// keeps the hidden related entries, a to-one with a hidden current
	// target is refused.
	ch.Writer = ro
	return ch, nil
}

// resolveRelations resolves the references of every relation read, in
// one statement, and returns their changes; the failing relations'
// problems are returned, the others' changes go to data.
//
// References a foreign key vouches for (trustedIDs) are not looked up on
// a transaction's first run: the write itself fails on a missing target,
// and InTx then runs the transaction again with every reference looked
// up, for the 400 that names it.
func (s *Service) resolveRelations(ctx context.Context, conn database.Conn, rels []relationRefs, ro entry.ReadOptions, data entry.Data, locale string) ([]errs.FieldError, error) {
	lists := make([]entry.Refs, len(rels))
	trusted := make([]map[string]int64, len(rels))
	st := stateOf(ctx)
	var inLocales []localeRefs // {documentId, locale} references, each locale a list of its own
	for i, r := range rels {
		lists[i] = entry.Refs{Type: r.a.TargetType, Locale: locale}
		if st != nil && !st.verify && s.store.ForeignKeyGuards(r.a, ro) {
			if trusted[i] = r.trustedIDs(); trusted[i] != nil {
				st.trusted = append(st.trusted, entry.Refs{Type: r.a.TargetType, Refs: r.refs()})
				continue
			}
		}
		lists[i].Refs, inLocales = splitLocaleRefs(i, r.a.TargetType, r.refs(), inLocales)
	}
	for _, l := range inLocales {
		lists = append(lists, l.Refs)
	}
	ids, err := s.store.ResolveMany(ctx, conn, lists, ro)
	if err != nil {
		return nil, err
	}
	for k, l := range inLocales {
		for ref, id := range ids[len(rels)+k] {
			ids[l.list][ref+localeSep+l.Locale] = id
		}
	}
	for i, t := range trusted {
		if t != nil {
			ids[i] = t
		}
	}
	var problems []errs.FieldError
	var media []mediaChange
	for i, r := range rels {
		ch, err := r.change(ids[i], ro)
		if list, ok := fieldErrors(err); ok {
			problems = append(problems, r.path.relabel(r.a, list)...)
			continue
		}
		if err != nil {
			return nil, err
		}
		if r.a.IsMedia() && len(r.a.AllowedTypes) > 0 {
			media = append(media, mediaChange{r, append(append([]int64(nil), ch.Set...), ch.Connect...)})
		}
		if r.into != nil {
			r.into[r.a] = ch
			continue
		}
		data.Relations[r.a] = ch
	}
	more, err := s.checkAllowedTypes(ctx, conn, media)
	return append(problems, more...), err
}

// mediaChange is the files a write gives a media field.
type mediaChange struct {
	r   relationRefs
	ids []int64
}

// checkAllowedTypes refuses a file a media field's allowedTypes do not
// take, naming the field and the file's type: one statement for every
// media field of the write. (Strapi 5.54 does not check them; Kiln
// does, docs/strapi-differences.md.)
func (s *Service) checkAllowedTypes(ctx context.Context, conn database.Conn, list []mediaChange) ([]errs.FieldError, error) {
	var ids []int64
	for _, m := range list {
		ids = append(ids, m.ids...)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	mimes, err := s.store.MimeTypes(ctx, conn, ids)
	if err != nil {
		return nil, err
	}
	var problems []errs.FieldError
	for _, m := range list {
		for _, id := range m.ids {
			mime, ok := mimes[id]
			if !ok {
				problems = append(problems, m.r.path.relabel(m.r.a, []errs.FieldError{errs.Field(m.r.a.Name,
					fmt.Sprintf("%s: no file with id %d", m.r.a.Name, id))})...)
				break
			}
			if !m.r.a.MediaAllows(mime) {
				problems = append(problems, m.r.path.relabel(m.r.a, []errs.FieldError{errs.Field(m.r.a.Name,
					fmt.Sprintf("%s takes %s, not the file %d (%s)", m.r.a.Name, strings.Join(m.r.a.AllowedTypes, ", "), id, mime))})...)
				break
			}
		}
	}
	return problems, nil
}

// trustedIDs maps the references to row ids when each is an id in
// decimal and the value only sets or connects (a disconnect, or a place
// before or after an entry, of a missing id writes nothing a foreign key
// could refuse); nil otherwise. ResolveMany reads such an id as the same
// row, so the two agree whenever the row exists.
func (r relationRefs) trustedIDs() map[string]int64 {
	if len(r.disconnect) > 0 || len(placeRefs(r.places)) > 0 || len(r.set)+len(r.connect) == 0 {
		return nil
	}
	out := make(map[string]int64, len(r.set)+len(r.connect))
	for _, ref := range append(append([]string(nil), r.set...), r.connect...) {
		n, err := strconv.ParseInt(ref, 10, 64)
		if err != nil || n <= 0 || len(ref) >= 24 {
			return nil
		}
		out[ref] = n
	}
	return out
}

func pick(ids map[string]int64, refs []string) []int64 {
	if refs == nil {
		return nil
	}
	out := make([]int64, 0, len(refs))
	seen := map[int64]bool{}
	for _, r := range refs {
		if id := ids[r]; !seen[id] {
			out = append(out, id)
			seen[id] = true
		}
	}
	return out
}
