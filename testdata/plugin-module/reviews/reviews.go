// Package reviews is a Kiln plugin of a module of its own: readers review
// books, one to five stars, and the plugin keeps each book's tally. It
// uses every part of the plugin contract: a typed model of the content
// types it needs, a table of its own, lifecycle hooks inside the write's
// transaction, two routes with their permission actions, reads and writes
// through the content service under the caller's permissions, an event for
// the webhooks, a service for other plugins, the app's clock, and a page
// in the admin panel.
package reviews

import (
	"context"
	"embed"
	"encoding/json"
	"io/fs"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// Plugin is the reviews plugin; New makes one.
type Plugin struct{ m model }

// New returns the plugin, for kiln.WithPlugins.
func New() *Plugin { return &Plugin{} }

// model names every type and field the plugin uses, once: Kiln checks
// them against content-types/ at start-up (a missing one stops it, naming
// it) and fills them before Register.
type model struct {
	Book       *schema.ContentType `kiln:"book"`
	Title      *schema.Attribute   `kiln:"book.title"`
	Review     *schema.ContentType `kiln:"review"`
	Rating     *schema.Attribute   `kiln:"review.rating"`
	Body       *schema.Attribute   `kiln:"review.body"`
	ReviewBook *schema.Attribute   `kiln:"review.book"`
}

var (
	_ plugin.Plugin  = (*Plugin)(nil)
	_ plugin.Modeler = (*Plugin)(nil)
	_ plugin.Tabler  = (*Plugin)(nil)
)

// Name is how config/plugins.yaml switches the plugin on, and the prefix
// of its permission actions: reviews.rating, reviews.review.
func (*Plugin) Name() string { return "reviews" }

// Model hands Kiln the model to check and fill.
func (p *Plugin) Model() any { return &p.m }

// tally is the plugin's own table: per book, how many reviews, their stars
// in all, and when the last one came.
const tally = "reviews_tally"

// Tables declares it: `kiln migrate` creates it with the content types'
// tables and `--dry-run` shows it.
func (*Plugin) Tables() []plugin.Table {
	return []plugin.Table{{Name: tally, Key: []string{"book_id"}, Columns: []plugin.Column{
		{Name: "book_id", Type: schema.BigInteger},
		{Name: "reviews", Type: schema.Integer, Required: true},
		{Name: "stars", Type: schema.Integer, Required: true},
		{Name: "last_at", Type: schema.DateTime},
	}}}
}

// Rating is a book's tally, as the route answers it and the service
// returns it.
type Rating struct {
	Book    string  `json:"book"`
	Reviews int64   `json:"reviews"`
	Average float64 `json:"average"`
	AsOf    string  `json:"asOf"`
}

// panelFiles are the plugin's modules of the admin panel.
//
//go:embed admin/ratings.js
var panelFiles embed.FS

// Register adds the hooks, the routes, the service and the panel's page.
func (p *Plugin) Register(api *plugin.API) error {
	// A page in the admin panel's navigation, "Ratings", for the roles
	// that may read a rating: /admin#/plugins/reviews/ratings.
	files, _ := fs.Sub(panelFiles, "admin")
	if err := api.Admin(plugin.AdminPanel{Files: files, Pages: []plugin.AdminPage{
		{Path: "ratings", Label: "Ratings", Action: "reviews.rating", Module: "ratings.js"},
	}}); err != nil {
		return err
	}

	// Before a review is written, whoever writes it (this plugin's route,
	// the generated POST /api/reviews, an admin): a low rating says why.
	// The error's kind makes it a 400 ValidationError, and nothing is
	// written.
	api.Before(hook.Create, p.m.Review, func(ctx context.Context, ev *hook.Event) error {
		body, _ := ev.Data.Values[p.m.Body].(string)
		if stars := asInt(ev.Data.Values[p.m.Rating]); stars <= 2 && len(strings.TrimSpace(body)) < 20 {
			return errs.New(errs.KindValidation, "a review of one or two stars says why in at least 20 characters")
		}
		return nil
	})
	// After it is written, in the same transaction: the tally moves with
	// the review (both commit or neither), and the webhooks that want
	// book.reviewed hear of it once the transaction commits.
	api.After(hook.Create, p.m.Review, func(ctx context.Context, ev *hook.Event) error {
		_, book, err := api.Content.ToOne(ctx, ev, p.m.ReviewBook)
		if err != nil || book == 0 {
			return err
		}
		rating, _ := ev.Entry.Get(p.m.Rating)
		stars := asInt(rating)
		tx := api.Content.TxOf(ev)
		_, err = tx.Statement(content.ReadOptions{}).
			W("INSERT INTO ").Own(tally).W(" (book_id, reviews, stars, last_at) VALUES (").Int(book).W(", 1, ").Int(stars).W(", ").At(api.Now()).
			W(") ON CONFLICT (book_id) DO UPDATE SET reviews = ").Own(tally).W(".reviews + 1, stars = ").Own(tally).W(".stars + ").Int(stars).
			W(", last_at = ").At(api.Now()).Exec(ctx)
		if err != nil {
			return err
		}
		return api.Emit(ctx, tx, "book.reviewed", p.m.Book, book)
	})
	// Another plugin may ask for a book's rating: api.Service("reviews.rating").
	api.Provide("rating", func(ctx context.Context, book int64) (Rating, error) { return p.rating(ctx, api, book) })

	// GET /api/books/:id/rating: the book as the caller may see it (a
	// book hidden from them is a 404, as on /api/books/:id), and its tally.
	err := api.Route(plugin.Route{
		Method: "GET", Path: "/books/:id/rating", Action: "reviews.rating",
		Tag: "Reviews", Summary: "A book's number of reviews and average rating",
		Response: map[string]any{"type": "object"},
		Handler: func(c *fiber.Ctx) error {
			q, err := api.Query(c, p.m.Book)
			if err != nil {
				return err
			}
			book, err := api.Content.FindOne(c.UserContext(), q, content.DocumentID(c.Params("id")), api.ReadOptions(c))
			if err != nil {
				return err
			}
			r, err := p.rating(c.UserContext(), api, book.ID)
			if err != nil {
				return err
			}
			title, _ := book.Get(p.m.Title)
			r.Book, _ = title.(string)
			return reply.Data(c, fiber.StatusOK, r)
		},
	})
	if err != nil {
		return err
	}
	// POST /api/books/:id/reviews: a reader reviews a book they may see.
	// The review goes through the content service: its checks (rating 1 to
	// 5), the hooks above and one transaction, as any write.
	return api.Route(plugin.Route{
		Method: "POST", Path: "/books/:id/reviews", Action: "reviews.review",
		Tag: "Reviews", Summary: "Review a book: rating (1-5) and body",
		Request:  map[string]any{"type": "object"},
		Response: map[string]any{"type": "object"},
		Handler: func(c *fiber.Ctx) error {
			var in struct {
				Rating json.Number `json:"rating"`
				Body   string      `json:"body"`
			}
			if err := json.Unmarshal(c.Body(), &in); err != nil {
				return errs.New(errs.KindValidation, "the body must be a JSON object with rating and body")
			}
			ro := api.ReadOptions(c)
			book, err := api.Content.FindOne(c.UserContext(), &query.Query{Type: p.m.Book}, content.DocumentID(c.Params("id")), ro)
			if err != nil {
				return err
			}
			w := content.NewWrite(p.m.Review).Set(p.m.Body.Name, in.Body).
				SetRelation(p.m.ReviewBook.Name, content.DocumentID(book.DocumentID))
			if n, err := in.Rating.Int64(); err == nil {
				w.Set(p.m.Rating.Name, n)
			} else {
				w.Set(p.m.Rating.Name, in.Rating) // text, which the write refuses: "rating must be an integer"
			}
			review, err := api.Content.Create(c.UserContext(), &query.Query{Type: p.m.Review}, w, ro)
			if err != nil {
				return err
			}
			return reply.Entry(c, fiber.StatusCreated, review)
		},
	})
}

// rating reads book's tally from the plugin's table.
func (p *Plugin) rating(ctx context.Context, api *plugin.API, book int64) (Rating, error) {
	var reviews, stars int64
	err := api.Content.Statement(content.ReadOptions{}).W("SELECT COALESCE(SUM(reviews), 0), COALESCE(SUM(stars), 0) FROM ").Own(tally).
		W(" WHERE book_id = ").Int(book).QueryRow(ctx, &reviews, &stars)
	r := Rating{Reviews: reviews, AsOf: api.Now().UTC().Format("2006-01-02T15:04:05.000Z")}
	if reviews > 0 {
		r.Average = float64(stars) / float64(reviews)
	}
	return r, err
}

// asInt is an integer field's value as the hooks see it.
func asInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	case json.Number:
		i, _ := n.Int64()
		return i
	}
	return 0
}
