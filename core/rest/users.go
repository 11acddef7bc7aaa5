package rest

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The users-permissions routes answer as Strapi's plugin does: bare user
// objects and arrays, not the {data, meta} envelope, and role only when
// populated.

func (s *Security) userType() *schema.ContentType { return s.Content.Schema.Type("user") }

// userQuery parses a users route's query string and checks its estimate
// (store.Estimate) against the caller's row budget, roots being the most
// entries the answer holds at its root.
func (s *Security) userQuery(c *fiber.Ctx, opts query.Options, roots int, ro entry.ReadOptions) (*query.Query, error) {
	q, err := query.Parse(s.userType(), string(c.Context().QueryArgs().QueryString()), opts)
	if err != nil {
		return nil, err
	}
	if roots < 0 {
		roots = q.Pagination.Size()
	}
	return q, s.Content.CheckEstimate(q, roots, ro)
}

// me answers the caller's own user; populate (role, ...) is allowed.
func (s *Security) me(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.me"); err != nil {
		return err
	}
	cl := CallerOf(c)
	if cl.UserID == 0 {
		return needsUser("users.me")
	}
	// Everyone may see their own role on /users/me, the one thing Strapi's
	// users complain it hides behind role.find.
	opts := s.QueryOptions(c)
	canRead := opts.CanRead
	opts.CanRead = func(ct *schema.ContentType) bool { return ct.Name == "role" || canRead(ct) }
	ro := s.ownRead(c)
	q, err := s.userQuery(c, opts, 1, ro)
	if err != nil {
		return err
	}
	e, err := s.Content.Get(c.UserContext(), q, cl.UserID, ro)
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

func (s *Security) listUsers(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.find"); err != nil {
		return err
	}
	ro := s.ReadOptions(c)
	q, err := s.userQuery(c, s.QueryOptions(c), -1, ro)
	if err != nil {
		return err
	}
	q.Pagination.WithCount = false // Strapi answers the bare list
	page, err := s.Content.Find(c.UserContext(), q, ro)
	if err != nil {
		return err
	}
	return send(c, fiber.StatusOK, appendEntries(make([]byte, 0, 256*len(page.Entries)+2), page.Entries, V2))
}

func (s *Security) getUser(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.findOne"); err != nil {
		return err
	}
	ro := s.ReadOptions(c)
	q, err := s.userQuery(c, s.QueryOptions(c), 1, ro)
	if err != nil {
		return err
	}
	e, err := s.Content.FindOne(c.UserContext(), q, c.Params("id"), ro)
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

// userBody reads an admin's user body: the user's fields and a new
// password, never the fields the core keeps for itself (its tokens, the
// reset code's expiry, the token version).
func (s *Security) userBody(c *fiber.Ctx) (map[string]any, error) {
	var body map[string]any
	if err := DecodeBody(c, &body); err != nil {
		return nil, err
	}
	if body == nil {
		return nil, errs.New(errs.KindValidation, "the body must be a user object")
	}
	for _, k := range CoreUserFields {
		if _, ok := body[k]; ok {
			return nil, errs.InvalidKey(k, k, "body", "")
		}
	}
	return body, nil
}

// CoreUserFields are the built-in user's private fields that only the
// sign-in routes write: an admin's body (and `kiln admin create --data`)
// may not name them.
var CoreUserFields = []string{"resetPasswordToken", "resetPasswordExpiresAt", "confirmationToken", "tokenVersion"}

func (s *Security) createUser(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.create"); err != nil {
		return err
	}
	body, err := s.userBody(c)
	if err != nil {
		return err
	}
	if _, ok := body["provider"]; !ok {
		body["provider"] = "local"
	}
	if _, ok := body["role"]; !ok {
		body["role"] = s.RoleIDs["authenticated"]
	}
	q := &query.Query{Type: s.userType(), Populate: rolePopulate(s.userType())}
	e, err := s.Content.Create(c.UserContext(), q, body, entry.ReadOptions{})
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusCreated, e)
}

func (s *Security) updateUser(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.update"); err != nil {
		return err
	}
	body, err := s.userBody(c)
	if err != nil {
		return err
	}
	q := &query.Query{Type: s.userType(), Populate: rolePopulate(s.userType())}
	e, err := s.Content.Update(c.UserContext(), q, c.Params("id"), body, s.ReadOptions(c))
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

func (s *Security) deleteUser(c *fiber.Ctx) error {
	if err := s.Allow(c, "users.delete"); err != nil {
		return err
	}
	q := &query.Query{Type: s.userType()}
	e, err := s.Content.Delete(c.UserContext(), q, c.Params("id"), s.ReadOptions(c))
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

// rolePopulate populates a user's role (Strapi answers admin user writes
// with the role included).
func rolePopulate(user *schema.ContentType) []*query.Populate {
	role := user.Attr("role")
	return []*query.Populate{{Relation: role, Query: &query.Query{Type: role.TargetType}}}
}

// roles answers {roles: [{id, name, type, description, nb_users}]}.
func (s *Security) roles(c *fiber.Ctx) error {
	if err := s.Allow(c, "roles.find"); err != nil {
		return err
	}
	rt := s.Content.Schema.Type("role")
	users := rt.Attr("users")
	q := &query.Query{Type: rt, Populate: []*query.Populate{{Relation: users, Count: true, Query: &query.Query{Type: users.TargetType}}}}
	page, err := s.Content.Find(c.UserContext(), q, entry.ReadOptions{})
	if err != nil {
		return err
	}
	b := append(make([]byte, 0, 1024), `{"roles":[`...)
	for i, e := range page.Entries {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, e.ID, 10)
		for _, f := range []string{"name", "type", "description"} {
			a := rt.Attr(f)
			v, _ := e.Get(a)
			b = append(b, ',')
			b = appendKey(b, f)
			b = a.Kind.AppendJSON(b, v)
		}
		n, _ := e.Get(users)
		b = append(b, `,"nb_users":`...)
		b = strconv.AppendInt(b, n.(entry.Count).N, 10)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return send(c, fiber.StatusOK, b)
}

// sendBare writes one entry with no envelope.
func sendBare(c *fiber.Ctx, status int, e *entry.Entry) error {
	return send(c, status, appendEntry(make([]byte, 0, 512), e, V2))
}
