package account

import (
	"context"
	"strings"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/auth"
)

// CoreUserFields are the built-in user's private fields that only the
// sign-in routes write: an admin's body (and `kiln admin create --fields`)
// may not name them.
var CoreUserFields = []string{"resetPasswordToken", "resetPasswordExpiresAt", "confirmationToken", "tokenVersion"}

// checkAdminWrite refuses an admin's user write that is none (a body
// that is no object), or names a field the core keeps for itself (its
// tokens, the reset code's expiry, the token version): the user's fields
// and a new password only.
func checkAdminWrite(w *content.Write) error {
	if w == nil {
		return errs.New(errs.KindValidation, "the body must be a user object")
	}
	for _, k := range CoreUserFields {
		if w.Has(k) {
			return errs.InvalidKey(k, k, "body", "")
		}
	}
	return nil
}

// CreateUser is an admin's create of a user (w, a write of the user type,
// which it completes): a "local" user with the default role unless w says
// otherwise. It answers the user with their role, as Strapi does.
func (s *Service) CreateUser(ctx context.Context, w *content.Write) (*entry.Entry, error) {
	if err := checkAdminWrite(w); err != nil {
		return nil, err
	}
	if !w.Has("provider") {
		w.Set("provider", "local")
	}
	if !w.Has("role") {
		w.SetRelation("role", content.ID(s.RoleIDs[auth.Authenticated]))
	}
	return s.Content.Create(ctx, s.withRole(), w, entry.ReadOptions{})
}

// UpdateUser is an admin's update of the user ref names (an id or a
// documentId) with w, under ro: the caller's read options. It answers the
// user with their role.
func (s *Service) UpdateUser(ctx context.Context, ref content.Ref, w *content.Write, ro entry.ReadOptions) (*entry.Entry, error) {
	if err := checkAdminWrite(w); err != nil {
		return nil, err
	}
	return s.Content.Update(ctx, s.withRole(), ref, w, ro)
}

// DeleteUser is an admin's delete of the user ref names, under ro.
func (s *Service) DeleteUser(ctx context.Context, ref content.Ref, ro entry.ReadOptions) (*entry.Entry, error) {
	return s.Content.Delete(ctx, &query.Query{Type: s.UserType()}, ref, ro)
}

// withRole is a query of the user with their role populated (Strapi
// answers admin user writes with the role included).
func (s *Service) withRole() *query.Query {
	user := s.UserType()
	role := user.Attr("role")
	return &query.Query{Type: user, Populate: []*query.Populate{{Relation: role, Query: &query.Query{Type: role.TargetType}}}}
}

// RoleUsers is a role with the number of users who hold it.
type RoleUsers struct {
	Role  *entry.Entry
	Users int64
}

// Roles lists every role with its number of users, in one read.
func (s *Service) Roles(ctx context.Context) ([]RoleUsers, error) {
	rt := s.Content.Schema.Type("role")
	users := rt.Attr("users")
	q := &query.Query{Type: rt, Populate: []*query.Populate{{Relation: users, Count: true, Query: &query.Query{Type: users.TargetType}}}}
	page, err := s.Content.Find(ctx, q, entry.ReadOptions{})
	if err != nil {
		return nil, err
	}
	out := make([]RoleUsers, len(page.Entries))
	for i, e := range page.Entries {
		n, _ := e.Get(users)
		out[i] = RoleUsers{Role: e, Users: n.(entry.Count).N}
	}
	return out, nil
}

// MissingFields is SetAdmin's refusal to create an admin that would lack
// required fields of the user type which nothing fills (fields a project
// added): the caller says how to give them.
type MissingFields struct{ Fields []string }

func (e *MissingFields) Error() string {
	return "the user type requires " + strings.Join(e.Fields, ", ")
}

// SetAdmin creates an admin, or, when a user has the e-mail (given in
// normal form), resets that user's password, gives them the admin role
// and unblocks them; it reports whether it created one. Both go through
// the content service, so the password and the other fields obey the user
// type's rules as they do through the API, the password is hashed there,
// and a reset ends every token the user had. extra holds the values of
// other fields, written on a reset too. A new admin's username is, unless
// given, the whole e-mail: a username may be an e-mail when it is the
// user's own (docs/accounts.md), and no other user can hold it.
func (s *Service) SetAdmin(ctx context.Context, email, password, username string, extra map[string]any) (bool, error) {
	user := s.UserType()
	found, err := PrincipalByEmail(ctx, s.Content, email)
	if err != nil && errs.KindOf(err) != errs.KindNotFound {
		return false, err
	}
	// extra is the command's --fields, decoded JSON as a body is.
	w := content.WriteFromBody(user, extra)
	w.Set("password", password).SetRelation("role", content.ID(s.RoleIDs["admin"])).Set("blocked", false).Set("confirmed", true)
	whole := &query.Query{Type: user}
	if found != nil {
		_, err = s.Content.Update(ctx, whole, content.ID(found.ID), w, entry.ReadOptions{})
		return false, err
	}
	if username == "" {
		username = email
	}
	w.Set("username", username).Set("email", email).Set("provider", "local")
	given := map[string]bool{"password": true, "role": true, "blocked": true, "confirmed": true, "username": true, "email": true, "provider": true}
	for k, v := range extra {
		given[k] = given[k] || v != nil
	}
	if missing := missingRequired(user, given); len(missing) > 0 {
		return false, &MissingFields{Fields: missing}
	}
	_, err = s.Content.Create(ctx, whole, w, entry.ReadOptions{})
	return err == nil, err
}

// missingRequired names the required fields of the user that a create
// giving the fields given a value would leave without one: no default
// fills them and no target field derives them.
func missingRequired(user *schema.ContentType, given map[string]bool) []string {
	var out []string
	for _, a := range user.Attributes {
		if given[a.Name] || !a.Required || !a.IsScalar() || a.Default != nil || a.TargetField != "" || a.Unavailable() {
			continue
		}
		out = append(out, a.Name)
	}
	return out
}
