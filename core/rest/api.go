package rest

import (
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// API serves the generated routes of every content type.
type API struct {
	Content *content.Service
	// Query bounds what a query string may ask (page sizes, depth, lists).
	Query query.Options
	Log   *slog.Logger
	// Guard decides whether the request may take action ("find",
	// "findOne", "create", "update", "delete") on ct, and returns the read
	// options (ownership scope) that apply to it. nil allows everything.
	Guard func(c *fiber.Ctx, ct *schema.ContentType, action string) (store.ReadOptions, error)
	// Options, when set, gives the query options of a request (the
	// caller's read rights); otherwise Query applies to everyone.
	Options func(c *fiber.Ctx) query.Options
	// AllowStatus, when set, decides whether the request may read the
	// status it asked for (drafts need a grant of their own).
	AllowStatus func(c *fiber.Ctx, ct *schema.ContentType, st query.Status) error
}

// Prefixes are where every generated route is served: plain /api is the
// latest version, /api/v1 and /api/v2 pin one.
var Prefixes = []string{"/api/v1", "/api/v2", "/api"}

// Mount registers find, findOne, create, update and delete for every
// collection type under each version prefix. Built-in types (users, roles)
// have routes of their own.
func (a *API) Mount(r fiber.Router) {
	for _, p := range Prefixes {
		for _, ct := range a.Content.Schema.Types {
			if ct.Builtin || ct.Kind != schema.CollectionType {
				continue
			}
			base := p + "/" + ct.Plural
			r.Get(base, a.find(ct))
			r.Post(base, a.create(ct))
			r.Get(base+"/:id", a.findOne(ct))
			r.Put(base+"/:id", a.update(ct))
			r.Delete(base+"/:id", a.delete(ct))
		}
	}
}

// guard runs the Guard, if any.
func (a *API) guard(c *fiber.Ctx, ct *schema.ContentType, action string) (store.ReadOptions, error) {
	if a.Guard == nil {
		return store.ReadOptions{}, nil
	}
	return a.Guard(c, ct, action)
}

// parse checks the request's query string against ct.
func (a *API) parse(c *fiber.Ctx, ct *schema.ContentType) (*query.Query, error) {
	opts := a.Query
	opts.PublicationState = VersionOf(c) == V1
	if a.Options != nil {
		opts = a.Options(c)
	}
	return query.Parse(ct, string(c.Context().QueryArgs().QueryString()), opts)
}
