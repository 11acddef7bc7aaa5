package graphql

import (
	"context"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/jsonw"
)

// Users-permissions' own queries and mutations (me, login, register, the
// password flows), answered by the same account service and permission
// checks as REST's /api/auth routes, in the shapes Strapi's plugin gives
// them: UsersPermissionsLoginPayload {jwt, user: UsersPermissionsMe}.

// Accounts is what the users-permissions fields need of the account
// service (internal/account's Service).
type Accounts interface {
	Login(ctx context.Context, identifier, password string) (*account.Session, error)
	Register(ctx context.Context, username, email, password string) (*account.Session, error)
	RegistrationOpen() error
	ChangePassword(ctx context.Context, userID int64, current, password, confirmation string) (*account.Session, error)
	ForgotPassword(email string)
	ResetPassword(ctx context.Context, code, password, confirmation string) (*account.Session, error)
	CreateUser(ctx context.Context, w *content.Write) (*entry.Entry, error)
	UpdateUser(ctx context.Context, ref content.Ref, w *content.Write, ro entry.ReadOptions) (*entry.Entry, error)
	DeleteUser(ctx context.Context, ref content.Ref, ro entry.ReadOptions) (*entry.Entry, error)
}

// accountSDL are the users-permissions types and root fields.
const accountTypes = `type UsersPermissionsMe {
  id: ID!
  documentId: ID!
  username: String!
  email: String
  confirmed: Boolean
  blocked: Boolean
  role: UsersPermissionsMeRole
}
type UsersPermissionsMeRole {
  id: ID!
  name: String!
  description: String
  type: String
}
type UsersPermissionsLoginPayload {
  jwt: String
  user: UsersPermissionsMe!
}
input UsersPermissionsLoginInput {
  identifier: String!
  password: String!
  provider: String! = "local"
}
input UsersPermissionsRegisterInput {
  username: String!
  email: String!
  password: String!
}
type UsersPermissionsPasswordPayload {
  ok: Boolean!
}
type UsersPermissionsCreateRolePayload {
  ok: Boolean!
}
type UsersPermissionsUpdateRolePayload {
  ok: Boolean!
}
type UsersPermissionsDeleteRolePayload {
  ok: Boolean!
}
type UsersPermissionsUserEntityResponse {
  data: UsersPermissionsUser
}`

const accountQueries = `  me: UsersPermissionsMe`

const accountMutations = `  """Create a new role"""
  createUsersPermissionsRole(data: UsersPermissionsRoleInput!): UsersPermissionsCreateRolePayload
  """Update an existing role"""
  updateUsersPermissionsRole(id: ID!, data: UsersPermissionsRoleInput!): UsersPermissionsUpdateRolePayload
  """Delete an existing role"""
  deleteUsersPermissionsRole(id: ID!): UsersPermissionsDeleteRolePayload
  """Create a new user"""
  createUsersPermissionsUser(data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
  """Update an existing user"""
  updateUsersPermissionsUser(id: ID!, data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
  """Delete an existing user"""
  deleteUsersPermissionsUser(id: ID!): UsersPermissionsUserEntityResponse!
  login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload!
  """Register a user"""
  register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload!
  """Request a reset password token"""
  forgotPassword(email: String!): UsersPermissionsPasswordPayload
  """Reset user password. Confirm with a code (resetToken from forgotPassword)"""
  resetPassword(password: String!, passwordConfirmation: String!, code: String!): UsersPermissionsLoginPayload
  """Change user password. Confirm with the current password."""
  changePassword(currentPassword: String!, password: String!, passwordConfirmation: String!): UsersPermissionsLoginPayload
  """Confirm an email users email address"""
  emailConfirmation(confirmation: String!): UsersPermissionsLoginPayload`

// accountField answers a users-permissions root field; ok is false for
// any other field.
func (x *exec) accountField(b []byte, f *ast.Field) (out []byte, ok bool, err error) {
	s := x.s
	if s.Accounts == nil {
		return nil, false, nil
	}
	args := f.ArgumentMap(x.vars)
	str := func(m map[string]any, k string) string { v, _ := m[k].(string); return v }
	var session *account.Session
	switch f.Name {
	case "me":
		e, err := x.me()
		if err != nil {
			return nil, true, err
		}
		return x.appendMe(b, e, f.SelectionSet), true, nil
	case "login":
		if err := s.AllowPublic("auth.login"); err != nil {
			return nil, true, err
		}
		in, _ := args["input"].(map[string]any)
		session, err = s.Accounts.Login(x.ctx, str(in, "identifier"), str(in, "password"))
	case "register":
		if err := s.Accounts.RegistrationOpen(); err != nil {
			return nil, true, err
		}
		if err := s.AllowPublic("auth.register"); err != nil {
			return nil, true, err
		}
		in, _ := args["input"].(map[string]any)
		session, err = s.Accounts.Register(x.ctx, str(in, "username"), str(in, "email"), str(in, "password"))
	case "changePassword":
		if err := s.Allow(x.c, "auth.changePassword"); err != nil {
			return nil, true, err
		}
		id := caller.Of(x.c).UserID
		if id == 0 {
			return nil, true, errs.New(errs.KindForbidden, "Forbidden access")
		}
		session, err = s.Accounts.ChangePassword(x.ctx, id, str(args, "currentPassword"), str(args, "password"), str(args, "passwordConfirmation"))
	case "resetPassword":
		if err := s.AllowPublic("auth.resetPassword"); err != nil {
			return nil, true, err
		}
		session, err = s.Accounts.ResetPassword(x.ctx, str(args, "code"), str(args, "password"), str(args, "passwordConfirmation"))
	case "forgotPassword":
		if err := s.AllowPublic("auth.forgotPassword"); err != nil {
			return nil, true, err
		}
		// Answered at once and alike for every address, as REST's route:
		// the mail, if any, goes after (no enumeration of accounts).
		s.Accounts.ForgotPassword(str(args, "email"))
		return x.appendOK(b, f.SelectionSet), true, nil
	case "createUsersPermissionsUser", "updateUsersPermissionsUser", "deleteUsersPermissionsUser":
		e, err := x.userMutation(f, args)
		if err != nil {
			return nil, true, err
		}
		return x.appendUserResponse(b, e, f.SelectionSet), true, nil
	case "createUsersPermissionsRole", "updateUsersPermissionsRole", "deleteUsersPermissionsRole":
		// Kiln's roles and their permissions are the project's
		// config/permissions.yaml, versioned with it, not rows an API
		// call changes (docs/permissions.md).
		return nil, true, errs.New(errs.KindApplication, "Roles are set in config/permissions.yaml")
	case "emailConfirmation":
		// Kiln confirms no addresses by mail: no token is ever valid.
		return nil, true, errs.New(errs.KindValidation, "Invalid token")
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	return x.appendSession(b, session, f.SelectionSet), true, nil
}

// userMutation creates, updates or deletes a user as REST's /api/users
// routes do, under their actions.
func (x *exec) userMutation(f *ast.Field, args map[string]any) (*entry.Entry, error) {
	s, user := x.s, x.s.Schema.m.user
	action := map[string]string{"createUsersPermissionsUser": "users.create",
		"updateUsersPermissionsUser": "users.update", "deleteUsersPermissionsUser": "users.delete"}[f.Name]
	if err := s.Allow(x.c, action); err != nil {
		return nil, err
	}
	id := idArg(args["id"])
	var ro entry.ReadOptions
	if s.ReadOptions != nil {
		ro = s.ReadOptions(x.c)
	}
	data, _ := restBody(user, args["data"]).(map[string]any)
	switch f.Name {
	case "createUsersPermissionsUser":
		return s.Accounts.CreateUser(x.ctx, content.WriteFromBody(user, data))
	case "updateUsersPermissionsUser":
		return s.Accounts.UpdateUser(x.ctx, content.ParseRef(id), content.WriteFromBody(user, data), ro)
	}
	return s.Accounts.DeleteUser(x.ctx, content.ParseRef(id), ro)
}

// appendUserResponse writes UsersPermissionsUserEntityResponse {data}.
func (x *exec) appendUserResponse(b []byte, e *entry.Entry, set ast.SelectionSet) []byte {
	return x.appendObject(b, set, "UsersPermissionsUserEntityResponse", func(b []byte, f *ast.Field) []byte {
		return x.appendEntry(b, e, f.SelectionSet)
	})
}

// me reads the caller's own user with its role.
func (x *exec) me() (*entry.Entry, error) {
	if err := x.s.Allow(x.c, "users.me"); err != nil {
		return nil, err
	}
	id := caller.Of(x.c).UserID
	if id == 0 {
		return nil, errs.New(errs.KindForbidden, "Forbidden access")
	}
	user := x.s.Schema.m.user
	q := &query.Query{Type: user}
	if role := user.Field("role"); role != nil && role.TargetType != nil {
		q.Populate = []*query.Populate{{Relation: role, Query: &query.Query{Type: role.TargetType}}}
	}
	return x.s.Content.Get(x.ctx, q, id, entry.ReadOptions{})
}

// appendSession writes UsersPermissionsLoginPayload. The user's role is
// null, as Strapi's sign-in answers it (the session's user is not
// populated).
func (x *exec) appendSession(b []byte, s *account.Session, set ast.SelectionSet) []byte {
	return x.appendObject(b, set, "UsersPermissionsLoginPayload", func(b []byte, f *ast.Field) []byte {
		if f.Name == "jwt" {
			return jsonw.AppendString(b, s.Token)
		}
		return x.appendMe(b, s.User, f.SelectionSet)
	})
}

// appendMe writes UsersPermissionsMe (or UsersPermissionsMeRole) from a
// user's (or role's) entry.
func (x *exec) appendMe(b []byte, e *entry.Entry, set ast.SelectionSet) []byte {
	if e == nil {
		return append(b, "null"...)
	}
	tn := "UsersPermissionsMe"
	if e.Type != x.s.Schema.m.user {
		tn = "UsersPermissionsMeRole"
	}
	return x.appendObject(b, set, tn, func(b []byte, f *ast.Field) []byte {
		switch f.Name {
		case "id":
			return jsonw.AppendString(b, strconv.FormatInt(e.ID, 10))
		case "documentId":
			return jsonw.AppendString(b, e.DocumentID)
		}
		a := e.Type.Field(f.Name)
		if a == nil {
			return append(b, "null"...)
		}
		v, has := e.Get(a)
		if f.Name == "role" {
			role, _ := v.(*entry.Entry)
			return x.appendMe(b, role, f.SelectionSet)
		}
		if !has || v == nil {
			return append(b, "null"...)
		}
		return a.Kind.AppendJSON(b, v)
	})
}

// appendOK writes UsersPermissionsPasswordPayload {ok: true}.
func (x *exec) appendOK(b []byte, set ast.SelectionSet) []byte {
	return x.appendObject(b, set, "UsersPermissionsPasswordPayload", func(b []byte, _ *ast.Field) []byte {
		return append(b, "true"...)
	})
}
