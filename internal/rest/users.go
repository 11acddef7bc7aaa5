package rest

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// The users-permissions routes answer as Strapi's plugin does: bare user
// objects and arrays, not the {data, meta} envelope, and role only when
// populated.

// userQuery parses a users route's query string and checks its estimate
// (store.Estimate) against the caller's row budget, roots being the most
// entries the answer holds at its root.
func (h *accountHandlers) userQuery(c *fiber.Ctx, opts query.Options, roots int, ro entry.ReadOptions) (*query.Query, error) {
	q, err := query.Parse(h.acc.UserType(), string(c.Context().QueryArgs().QueryString()), opts)
	if err != nil {
		return nil, err
	}
	if roots < 0 {
		roots = q.Pagination.Size()
	}
	return q, h.sec.Content.CheckEstimate(q, roots, ro)
}

// me answers the caller's own user; populate (role, ...) is allowed.
func (h *accountHandlers) me(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.me"); err != nil {
		return err
	}
	cl := caller.Of(c)
	if cl.UserID == 0 {
		return needsUser("users.me")
	}
	// Everyone may see their own role on /users/me, the one thing Strapi's
	// users complain it hides behind role.find.
	opts := h.sec.QueryOptions(c)
	canRead := opts.CanRead
	opts.CanRead = func(ct *schema.ContentType) bool { return ct.Name == "role" || canRead(ct) }
	ro := h.sec.ownRead(c)
	q, err := h.userQuery(c, opts, 1, ro)
	if err != nil {
		return err
	}
	e, err := h.sec.Content.Get(c.UserContext(), q, cl.UserID, ro)
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

func (h *accountHandlers) listUsers(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.find"); err != nil {
		return err
	}
	ro := h.sec.ReadOptions(c)
	q, err := h.userQuery(c, h.sec.QueryOptions(c), -1, ro)
	if err != nil {
		return err
	}
	q.Pagination.WithCount = false // Strapi answers the bare list
	page, err := h.sec.Content.Find(c.UserContext(), q, ro)
	if err != nil {
		return err
	}
	signFiles(c, page.Entries...)
	return send(c, fiber.StatusOK, appendEntries(make([]byte, 0, 256*len(page.Entries)+2), page.Entries, V2))
}

func (h *accountHandlers) getUser(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.findOne"); err != nil {
		return err
	}
	ro := h.sec.ReadOptions(c)
	q, err := h.userQuery(c, h.sec.QueryOptions(c), 1, ro)
	if err != nil {
		return err
	}
	e, err := h.sec.Content.FindOne(c.UserContext(), q, content.ParseRef(c.Params("id")), ro)
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

// userBody reads an admin's user body as a write of the user type, which
// the account service checks; nil when the body is null.
func (h *accountHandlers) userBody(c *fiber.Ctx) (*content.Write, error) {
	var body map[string]any
	if err := DecodeBody(c, &body); err != nil || body == nil {
		return nil, err
	}
	return content.WriteFromBody(h.acc.UserType(), body), nil
}

func (h *accountHandlers) createUser(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.create"); err != nil {
		return err
	}
	body, err := h.userBody(c)
	if err != nil {
		return err
	}
	e, err := h.acc.CreateUser(c.UserContext(), body)
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusCreated, e)
}

func (h *accountHandlers) updateUser(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.update"); err != nil {
		return err
	}
	body, err := h.userBody(c)
	if err != nil {
		return err
	}
	e, err := h.acc.UpdateUser(c.UserContext(), content.ParseRef(c.Params("id")), body, h.sec.ReadOptions(c))
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

func (h *accountHandlers) deleteUser(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "users.delete"); err != nil {
		return err
	}
	e, err := h.acc.DeleteUser(c.UserContext(), content.ParseRef(c.Params("id")), h.sec.ReadOptions(c))
	if err != nil {
		return err
	}
	return sendBare(c, fiber.StatusOK, e)
}

// roles answers {roles: [{id, documentId, name, description, type,
// createdAt, updatedAt, publishedAt, nb_users}]}, Strapi 5.54's keys in
// its order (testdata/transfer/strapi5/strapi-dump.json).
func (h *accountHandlers) roles(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "roles.find"); err != nil {
		return err
	}
	list, err := h.acc.Roles(c.UserContext())
	if err != nil {
		return err
	}
	rt := h.sec.Content.Schema.Type("role")
	b := append(make([]byte, 0, 1024), `{"roles":[`...)
	for i, r := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, r.Role.ID, 10)
		b = append(b, `,"documentId":`...)
		b = schema.SysDocumentID.Kind.AppendJSON(b, r.Role.DocumentID)
		for _, f := range []string{"name", "description", "type"} {
			a := rt.Attr(f)
			v, _ := r.Role.Get(a)
			b = append(b, ',')
			b = appendKey(b, f)
			b = a.Kind.AppendJSON(b, v)
		}
		created, updated, published := r.Role.Timestamps()
		for i, v := range []any{created, updated, published} {
			b = append(b, ',')
			b = appendKey(b, schema.SystemFields[2+i].Name)
			b = schema.SysCreatedAt.Kind.AppendJSON(b, v)
		}
		b = append(b, `,"nb_users":`...)
		b = strconv.AppendInt(b, r.Users, 10)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return send(c, fiber.StatusOK, b)
}

// sendBare writes one entry with no envelope.
func sendBare(c *fiber.Ctx, status int, e *entry.Entry) error {
	signFiles(c, e)
	return send(c, status, appendEntry(make([]byte, 0, 512), e, V2))
}
