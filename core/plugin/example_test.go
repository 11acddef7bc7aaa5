package plugin_test

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/rest"
)

// The examples are parts of one plugin's Register: a book and its
// reviews, as testdata/plugin-module has them whole.
var m struct {
	Book   *schema.ContentType `kiln:"book"`
	Review *schema.ContentType `kiln:"review"`
	Rating *schema.Attribute   `kiln:"review.rating"`
}

// A route under /api with its permission action, which roles are granted
// in config/permissions.yaml; the core checks the token, the action and
// the rate limit before the handler runs.
func ExampleAPI_Route() {
	register := func(api *plugin.API) error {
		return api.Route(plugin.Route{
			Method: "GET", Path: "/books/:id/rating", Action: "reviews.rating",
			Tag: "Reviews", Summary: "A book's rating",
			Handler: func(c *fiber.Ctx) error {
				q, err := api.Query(c, m.Book)
				if err != nil {
					return err
				}
				// Read under the caller's permissions: a book they may not
				// see is a 404.
				book, err := api.Content.FindOne(c.UserContext(), q, content.ParseRef(c.Params("id")), api.ReadOptions(c))
				if err != nil {
					return err
				}
				return rest.WriteEntry(c, fiber.StatusOK, book)
			},
		})
	}
	_ = register
}

// A hook runs on every write of the type, whoever makes it, inside the
// write's transaction; its error aborts the write with its kind.
func ExampleAPI_Before() {
	register := func(api *plugin.API) error {
		api.Before(hook.Create, m.Review, func(ctx context.Context, ev *hook.Event) error {
			if stars, _ := ev.Data.Values[m.Rating].(int64); stars == 0 {
				return errs.New(errs.KindValidation, "a review has a rating")
			}
			return nil
		})
		return nil
	}
	_ = register
}

// An event for the webhooks, delivered when, and only if, the write's
// transaction commits.
func ExampleAPI_Emit() {
	register := func(api *plugin.API) error {
		api.After(hook.Create, m.Review, func(ctx context.Context, ev *hook.Event) error {
			return api.Emit(ctx, api.Content.TxOf(ev), "review.posted", m.Review, ev.ID)
		})
		return nil
	}
	_ = register
}

// The app's clock: the wall clock, or the instant a test fixed with
// config.Config.Clock.
func ExampleAPI_Now() {
	register := func(api *plugin.API) error {
		weekAgo := api.Now().Add(-7 * 24 * time.Hour)
		_ = weekAgo
		return nil
	}
	_ = register
}

// A table of the plugin's own, created by the migrations with the content
// types' and written by its statements (content.Statement.Own).
func ExampleTabler() {
	_ = []plugin.Table{{Name: "reviews_tally", Key: []string{"book_id"}, Columns: []plugin.Column{
		{Name: "book_id", Type: schema.BigInteger},
		{Name: "reviews", Type: schema.Integer, Required: true},
	}}}
}
