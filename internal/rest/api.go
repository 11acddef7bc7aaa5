package rest

import (
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// API serves the generated routes of every content type; its rows of the
// route table are Routes (routes.go).
type API struct {
	Content *content.Service
	// Query bounds what a query string may ask (page sizes, depth, lists).
	Query query.Options
	Log   *slog.Logger
	// Guard decides whether the request may take action ("find",
	// "findOne", "create", "update", "delete") on ct, and returns the read
	// options (ownership scope) that apply to it. nil allows everything.
	Guard func(c *fiber.Ctx, ct *schema.ContentType, action string) (entry.ReadOptions, error)
	// Options, when set, gives the query options of a request (the
	// caller's read rights); otherwise Query applies to everyone.
	Options func(c *fiber.Ctx) query.Options
	// AllowStatus, when set, decides whether the request may read the
	// status it asked for (drafts need a grant of their own).
	AllowStatus func(c *fiber.Ctx, ct *schema.ContentType, st query.Status) error
}

// guard runs the Guard, if any.
func (a *API) guard(c *fiber.Ctx, ct *schema.ContentType, action string) (entry.ReadOptions, error) {
	if a.Guard == nil {
		return entry.ReadOptions{}, nil
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
