package content

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// prepare turns a write (a request body's data object, WriteFromBody, or
// a Go caller's NewWrite) into entry.Data: every key must be a writable
// field, every value of the field's type and within its rules, and every
// relation must point at existing entries. All failing fields are
// reported together. id is 0 on create. Relations resolve under ro's
// scope: an entry the caller may not see is as absent as one that does
// not exist.
//
// Two fields are stored in another form than given, here, before any hook
// runs: the built-in user's e-mail in its normal form (so the unique check
// and sign-in compare like with like), and every password field, on any
// type, as its hash once its rules passed (so no hook or plugin ever sees
// a plaintext password, and none can forget to hash one).
//
// req says how required is checked, as Strapi 5 checks the same write:
// a draft's (a draft & publish type's write that publishes nothing) skips
// it but for lists, as a draft may be incomplete, and publishing checks
// it (Tx.Update, store.MissingRequired).
func (s *Service) prepare(ctx context.Context, conn database.Conn, ct *schema.ContentType, w *Write, id int64, req required, locale string, ro entry.ReadOptions) (entry.Data, error) {
	data := entry.Data{Values: map[*schema.Attribute]any{}, Relations: map[*schema.Attribute]entry.RelationChange{}}
	if w == nil {
		w = NewWrite(ct)
	}
	if w.ct != ct {
		return data, fmt.Errorf("content: a write of %s given for an entry of %s", typeName(w.ct), ct.Name)
	}
	var problems []errs.FieldError
	failed := map[*schema.Attribute]bool{}
	fail := func(a *schema.Attribute, msg string, v any) {
		failed[a] = true
		problems = append(problems, errs.Field(a.Name, msg).WithValue(v))
	}
	// publishing: on a published write of a draft & publish type, the
	// required fields the publication finds null, answered only when
	// nothing else is wrong: Strapi's validator refuses the draft's write
	// (a value of the wrong type, a list's null) before it publishes.
	var publishing []errs.FieldError
	need := func(a *schema.Attribute, msg string, echo any, atPublication bool) {
		failed[a] = true
		fe := errs.Field(a.Name, msg).WithValue(echo)
		if atPublication {
			publishing = append(publishing, fe)
		} else {
			problems = append(problems, fe)
		}
	}
	var rels []relationRefs
	cr := componentReader{req: req}
	for _, key := range w.keys() {
		in := w.fields[key]
		if key == "publishedAt" {
			continue // Strapi drops it: publishing is the status parameter's job.
		}
		if key == "locale" && ct.Attr(key) == nil { // Strapi takes it on every type; a localized one's write is in it (inLocale); a field of that name on another type is the field
			if _, ok := in.value.(string); !ok && in.value != nil {
				problems = append(problems, errs.Field(key, "locale must be a string").WithValue(in.value))
			}
			continue
		}
		a := ct.Attr(key)
		if a == nil {
			return data, errs.InvalidKey(key, key, "body", "data").WithValid(key, bodyKeys(ct))
		}
		if a.Unavailable() {
			return data, errs.PendingField(key, key, "body", "data")
		}
		if a.IsComponent() {
			items, list := cr.components(a, in, componentPath{a.Name})
			if len(list) > 0 {
				failed[a] = true
				if req.publish && in.null(a) && !a.Repeatable && a.Type == schema.Component {
					publishing = append(publishing, list...) // the draft takes it
				} else {
					problems = append(problems, list...)
				}
				continue
			}
			if data.Components == nil {
				data.Components = map[*schema.Attribute][]entry.Component{}
			}
			data.Components[a] = items
			continue
		}
		if a.IsRelation() {
			r, err := relationOf(a, in)
			if list, ok := fieldErrors(err); ok {
				failed[a] = true
				problems = append(problems, list...)
				continue
			}
			if err != nil {
				return data, err
			}
			rels = append(rels, r)
			continue
		}
		v, fe := coerce(a, in, componentPath{a.Name})
		if fe != nil {
			failed[a] = true
			problems = append(problems, *fe)
			continue
		}
		if str, ok := v.(string); ok && s.isUserEmail(a) {
			v = s.NormalizeEmail(str)
		}
		data.Values[a] = v
	}
	// Every relation's references at once, those inside components too:
	// one statement however many relations and target types the write
	// names.
	if cr.invalid != nil {
		return data, cr.invalid
	}
	rels = append(rels, cr.rels...)
	if len(rels) > 0 {
		if ct.Localized { // a localized writer links its own locale, whatever a reference says, as Strapi does
			for i := range rels {
				rels[i] = rels[i].withoutLocales()
			}
		}
		list, err := s.resolveRelations(ctx, conn, rels, ro, data, s.refLocale(ct, locale))
		if err != nil {
			return data, err
		}
		problems = append(problems, list...)
	}
	if id == 0 {
		applyDefaults(ct, data.Values)
	}
	// A uid is derived before the rules are checked: a required one is
	// then present, and a derived one obeys its rules like a given one.
	if err := s.fillUIDs(ctx, conn, ct, data.Values, id); err != nil {
		return data, err
	}
	for _, a := range ct.Attributes {
		if a.IsComponent() && id == 0 && !failed[a] {
			if _, given := data.Components[a]; !given {
				if msg, echo, ok := req.problem(a, a.Name, false); ok {
					need(a, msg, echo, req.publish && echo != nil) // a list left out is the draft's
				}
			}
		}
		v, given := data.Values[a]
		if !a.IsScalar() || failed[a] || (!given && id != 0) || a.Unavailable() {
			continue
		}
		if v == nil {
			if msg, echo, ok := req.problem(a, a.Name, given); ok {
				need(a, msg, echo, req.publish)
			}
			continue
		}
		if msg := checkRules(a, v); msg != "" {
			fail(a, msg, v)
		}
	}
	// Unique is checked with the other rules, on the values that passed
	// them, so that one answer lists every failing field, as Strapi's does.
	list, err := s.checkUnique(ctx, conn, ct, data.Values, id, locale, failed)
	if err != nil {
		return data, err
	}
	problems = append(problems, list...)
	if len(problems) == 0 {
		problems = publishing
	}
	if len(problems) > 0 {
		return data, errs.Fields(inYupOrder(ct.Attributes, 0, problems))
	}
	return data, s.hashPasswords(ct, data.Values)
}

// isUserEmail reports whether a is an e-mail field of the built-in user,
// which is stored in normal form when the app set NormalizeEmail.
func (s *Service) isUserEmail(a *schema.Attribute) bool {
	return s.NormalizeEmail != nil && a.Type == schema.Email && a.Owner != nil && a.Owner.Builtin && a.Owner.Name == "user"
}

// hashPasswords replaces the value of every password field given by its
// hash. It runs last, on values whose rules (minLength...) passed, so a
// write that fails anyway costs no hashing. Without a hasher a password is
// refused rather than stored as given.
func (s *Service) hashPasswords(ct *schema.ContentType, values map[*schema.Attribute]any) error {
	var problems []errs.FieldError
	for _, a := range ct.Attributes {
		plain, ok := values[a].(string)
		if a.Type != schema.Password || !ok {
			continue
		}
		if s.HashPassword == nil {
			return fmt.Errorf("content: %s.%s is a password field and no password hasher is set", ct.Name, a.Name)
		}
		hash, err := s.HashPassword(plain)
		if e, ok := errs.As(err); ok && e.Kind == errs.KindValidation {
			// The hasher says "password ...": the field's name, as every
			// field error does.
			msg := e.Message
			if rest, ok := strings.CutPrefix(msg, "password "); ok {
				msg = a.Name + " " + rest
			}
			problems = append(problems, errs.Field(a.Name, msg))
			continue
		}
		if err != nil {
			return fmt.Errorf("hashing %s.%s: %w", ct.Name, a.Name, err)
		}
		values[a] = hash
	}
	if len(problems) > 0 {
		return errs.Fields(problems)
	}
	return nil
}

// fieldErrors returns the failing fields a validation error lists, if err
// is one.
func fieldErrors(err error) ([]errs.FieldError, bool) {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		return nil, false
	}
	list, ok := e.Details["errors"].([]errs.FieldError)
	return list, ok
}

// applyDefaults gives every absent field with a default its default, the
// canonical value the schema checked at load.
func applyDefaults(ct *schema.ContentType, values map[*schema.Attribute]any) {
	for _, a := range ct.Attributes {
		if _, given := values[a]; given || a.Default == nil || !a.IsScalar() || a.Unavailable() {
			continue
		}
		values[a] = a.Default
	}
}

// sortedKeys gives a body's keys in a fixed order, so that which error is
// reported first never depends on map order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// typeName is ct's name, or "nothing" for none.
func typeName(ct *schema.ContentType) string {
	if ct == nil {
		return "nothing"
	}
	return ct.Name
}

// bodyKeys are the fields a write body may name on ct, in schema order:
// its attributes but the private ones (a password is written, never
// listed) and those a pending schema change makes unavailable.
func bodyKeys(ct *schema.ContentType) []string {
	var out []string
	for _, a := range ct.Attributes {
		if !a.IsPrivate() && !a.Unavailable() {
			out = append(out, a.Name)
		}
	}
	return out
}
