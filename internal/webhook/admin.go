package webhook

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/route"
)

// Definition is a webhook as the config file and the admin routes give it.
type Definition struct {
	Name    string            `json:"name"`
	URL     string            `json:"url"`
	Events  []string          `json:"events"`
	Types   []string          `json:"types"`
	Headers map[string]string `json:"headers"`
}

// entryEvents are the content service's events.
var entryEvents = []string{content.EventCreate, content.EventUpdate, content.EventDelete, content.EventPublish, content.EventUnpublish}

// eventName is a plugin's event: "<thing>.<what happened>".
var eventName = regexp.MustCompile(`^[a-z][a-zA-Z0-9-]*\.[a-z][a-zA-Z0-9-]*$`)

// check refuses a definition that could never deliver: what is wrong is
// a 400 naming the field.
func (w *Service) check(d *Definition) error {
	bad := func(field, format string, args ...any) error {
		return errs.Newf(errs.KindValidation, "%s: "+format, append([]any{field}, args...)...).
			WithDetails(map[string]any{"errors": []map[string]any{{"path": []string{field}, "message": fmt.Sprintf(format, args...), "name": "ValidationError"}}})
	}
	d.Name = strings.TrimSpace(d.Name)
	if d.Name == "" || len(d.Name) > 255 {
		return bad("name", "a name of 1 to 255 characters is required")
	}
	u, err := url.Parse(d.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return bad("url", "an http or https URL without credentials is required")
	}
	// A host written as an address, in any spelling, is judged now; a
	// name only when a delivery resolves it.
	if a, ok := HostAddr(u.Hostname()); ok && !w.cfg.AllowPrivate && !Public(a) {
		spelled := ""
		if h := u.Hostname(); h != a.String() {
			spelled = fmt.Sprintf(" (%s)", h)
		}
		return bad("url", "%s%s is not a public address: deliveries to it are refused (webhooks.allowPrivate is off)", a, spelled)
	}
	if len(d.Events) == 0 {
		return bad("events", "at least one event is required (%s, a plugin's event, or \"*\")", strings.Join(entryEvents, ", "))
	}
	for _, e := range d.Events {
		if e != "*" && !eventName.MatchString(e) {
			return bad("events", "%q is not an event name", e)
		}
	}
	if d.Types == nil {
		d.Types = []string{}
	}
	for _, t := range d.Types {
		if w.schema.Type(t) == nil {
			return bad("types", "%q is not a content type", t)
		}
	}
	if d.Headers == nil {
		d.Headers = map[string]string{}
	}
	for k, v := range d.Headers {
		lk := strings.ToLower(k)
		switch {
		case !validHeader(k) || strings.ContainsAny(v, "\r\n\x00"):
			return bad("headers", "%q is not a valid header", k)
		case strings.HasPrefix(lk, "x-kiln-") || lk == "content-type" || lk == "host" || lk == "content-length":
			return bad("headers", "%q is set by Kiln", k)
		}
	}
	return nil
}

var headerName = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")

func validHeader(k string) bool { return headerName.MatchString(k) }

// The admin routes' permission actions: "*" or an explicit grant
// ("webhooks.*", "webhooks.find") gives them; no shipped role but the
// admin's "*" has them.
const (
	ActionFind       = "webhooks.find"
	ActionFindOne    = "webhooks.findOne"
	ActionCreate     = "webhooks.create"
	ActionUpdate     = "webhooks.update"
	ActionDelete     = "webhooks.delete"
	ActionDeliveries = "webhooks.deliveries"
	ActionRedeliver  = "webhooks.redeliver"
)

// Routes are the admin routes, rows of the route table under /api.
func (w *Service) Routes(sec *rest.Security) route.Table {
	guard := func(action string, h fiber.Handler) []fiber.Handler {
		return []fiber.Handler{func(c *fiber.Ctx) error {
			if err := sec.Allow(c, action); err != nil {
				return err
			}
			return h(c)
		}}
	}
	row := func(method, path, action, summary string, req, resp map[string]any, keys []string, h fiber.Handler) route.Route {
		return route.Route{Method: method, Path: path, Prefixes: route.API, Action: action, Source: route.SourceCore,
			Docs:     route.Docs{Summary: summary, Tag: "Webhooks", Request: req, Response: resp, QueryKeys: keys},
			Handlers: guard(action, h)}
	}
	return route.Table{
		row(http.MethodGet, "/admin/webhooks", ActionFind, "List the webhooks (admin)", nil, listOf(webhookSchema), nil, w.list),
		row(http.MethodPost, "/admin/webhooks", ActionCreate, "Add a webhook; the answer shows its secret, once (admin)",
			bodySchema(true), webhookSchemaWithSecret, nil, w.create),
		row(http.MethodGet, "/admin/webhooks/:id", ActionFindOne, "Get a webhook (admin)", nil, webhookSchema, nil, w.get),
		row(http.MethodPut, "/admin/webhooks/:id", ActionUpdate, "Change a webhook made through the API (admin)",
			bodySchema(false), webhookSchema, nil, w.update),
		row(http.MethodDelete, "/admin/webhooks/:id", ActionDelete, "Delete a webhook made through the API, with its delivery log (admin)",
			nil, webhookSchema, nil, w.remove),
		row(http.MethodGet, "/admin/webhooks/:id/deliveries", ActionDeliveries, "A webhook's delivery log, newest first (admin)",
			nil, listOf(deliverySchema), []string{"pagination[page]", "pagination[pageSize]"}, w.deliveries),
		row(http.MethodPost, "/admin/webhooks/:id/deliveries/:did/redeliver", ActionRedeliver,
			"Send a delivery again, with a fresh count of attempts (admin)", nil, deliverySchema, nil, w.redeliver),
	}
}

// webhookJSON is a webhook as the admin routes answer it: never its
// secret, but whether it has one.
type webhookJSON struct {
	ID        int64             `json:"id"`
	Name      string            `json:"name"`
	URL       string            `json:"url"`
	Events    []string          `json:"events"`
	Types     []string          `json:"types"`
	Headers   map[string]string `json:"headers"`
	Enabled   bool              `json:"enabled"`
	Source    string            `json:"source"`
	HasSecret bool              `json:"hasSecret"`
	Secret    string            `json:"secret,omitempty"`
	CreatedAt string            `json:"createdAt"`
	UpdatedAt string            `json:"updatedAt"`
}

func (w *Service) toJSON(h webhookRow) webhookJSON {
	has := h.Secret != ""
	if h.Source == SourceConfig {
		w.mu.RLock()
		has = w.configSecrets[h.Name] != ""
		w.mu.RUnlock()
	}
	return webhookJSON{ID: h.ID, Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers,
		Enabled: h.Enabled, Source: h.Source, HasSecret: has,
		CreatedAt: h.CreatedAt.Format(timeFormat), UpdatedAt: h.UpdatedAt.Format(timeFormat)}
}

func (w *Service) list(c *fiber.Ctx) error {
	list, err := listWebhooks(c.UserContext(), w.db)
	if err != nil {
		return err
	}
	out := make([]webhookJSON, len(list))
	for i, h := range list {
		out[i] = w.toJSON(h)
	}
	return rest.WriteData(c, fiber.StatusOK, out)
}

// idParam reads a numeric path parameter; anything else is the 404 of a
// webhook that does not exist.
func idParam(c *fiber.Ctx, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Params(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, errs.NotFound()
	}
	return id, nil
}

func (w *Service) get(c *fiber.Ctx) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	h, err := webhookByID(c.UserContext(), w.db, id)
	if err != nil {
		return err
	}
	return rest.WriteData(c, fiber.StatusOK, w.toJSON(h))
}

// body is the admin routes' write body, under "data" as Strapi's. Name
// and URL are read raw besides, so that an update tells "not sent" (kept)
// from sent empty or null (refused, as on a create).
type body struct {
	Data *struct {
		Definition
		Name    json.RawMessage `json:"name"`
		URL     json.RawMessage `json:"url"`
		Secret  *string         `json:"secret"`
		Enabled *bool           `json:"enabled"`
	} `json:"data"`
}

func readBody(c *fiber.Ctx) (*body, error) {
	var b body
	if err := rest.DecodeBody(c, &b); err != nil {
		return nil, err
	}
	if b.Data == nil {
		return nil, errs.New(errs.KindValidation, "Missing \"data\" payload in the request body")
	}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		to   *string
	}{{"name", b.Data.Name, &b.Data.Definition.Name}, {"url", b.Data.URL, &b.Data.Definition.URL}} {
		if f.raw != nil && json.Unmarshal(f.raw, f.to) != nil {
			return nil, errs.Newf(errs.KindValidation, "%s: a string is required", f.name).
				WithDetails(map[string]any{"errors": []map[string]any{{"path": []string{f.name}, "message": "a string is required", "name": "ValidationError"}}})
		}
	}
	return &b, nil
}

// minSecret is the shortest secret the API takes (a generated one is 32
// bytes, hex).
const minSecret = 16

func (w *Service) create(c *fiber.Ctx) error {
	b, err := readBody(c)
	if err != nil {
		return err
	}
	def := b.Data.Definition
	if err := w.check(&def); err != nil {
		return err
	}
	secret := ""
	if b.Data.Secret != nil {
		if secret = *b.Data.Secret; len(secret) < minSecret {
			return errs.Newf(errs.KindValidation, "secret: at least %d characters, or none to have one generated", minSecret)
		}
	} else {
		buf := make([]byte, 32)
		rand.Read(buf)
		secret = hex.EncodeToString(buf)
	}
	now := w.now().UTC()
	h := webhookRow{Name: def.Name, URL: def.URL, Events: def.Events, Types: def.Types, Headers: def.Headers,
		Secret: secret, Enabled: b.Data.Enabled == nil || *b.Data.Enabled, Source: SourceAPI, CreatedAt: now, UpdatedAt: now}
	err = w.db.RunInTx(c.UserContext(), func(ctx context.Context, tx database.Conn) error { return insertWebhook(ctx, tx, &h) })
	if err != nil {
		return err
	}
	w.changed(c.UserContext())
	out := w.toJSON(h)
	out.Secret = secret
	return rest.WriteData(c, fiber.StatusCreated, out)
}

// apiWebhook reads the webhook the path names and refuses to change one
// of the config file, which the file owns.
func (w *Service) apiWebhook(ctx context.Context, c *fiber.Ctx, tx database.Conn) (webhookRow, error) {
	id, err := idParam(c, "id")
	if err != nil {
		return webhookRow{}, err
	}
	h, err := webhookByID(ctx, tx, id)
	if err != nil {
		return h, err
	}
	if h.Source == SourceConfig {
		return h, errs.New(errs.KindValidation, "this webhook is defined in config/webhooks.yaml: change it there")
	}
	return h, nil
}

func (w *Service) update(c *fiber.Ctx) error {
	b, err := readBody(c)
	if err != nil {
		return err
	}
	var h webhookRow
	err = w.db.RunInTx(c.UserContext(), func(ctx context.Context, tx database.Conn) error {
		if h, err = w.apiWebhook(ctx, c, tx); err != nil {
			return err
		}
		// A partial update: what the body leaves out stays.
		def := Definition{Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers}
		in := b.Data.Definition
		if b.Data.Name != nil {
			def.Name = in.Name
		}
		if b.Data.URL != nil {
			def.URL = in.URL
		}
		if in.Events != nil {
			def.Events = in.Events
		}
		if in.Types != nil {
			def.Types = in.Types
		}
		if in.Headers != nil {
			def.Headers = in.Headers
		}
		if err := w.check(&def); err != nil {
			return err
		}
		if b.Data.Secret != nil {
			if len(*b.Data.Secret) < minSecret {
				return errs.Newf(errs.KindValidation, "secret: at least %d characters", minSecret)
			}
			h.Secret = *b.Data.Secret
		}
		if b.Data.Enabled != nil {
			h.Enabled = *b.Data.Enabled
		}
		h.Name, h.URL, h.Events, h.Types, h.Headers, h.UpdatedAt = def.Name, def.URL, def.Events, def.Types, def.Headers, w.now().UTC()
		return updateWebhook(ctx, tx, &h)
	})
	if err != nil {
		return err
	}
	w.changed(c.UserContext())
	return rest.WriteData(c, fiber.StatusOK, w.toJSON(h))
}

func (w *Service) remove(c *fiber.Ctx) error {
	var h webhookRow
	err := w.db.RunInTx(c.UserContext(), func(ctx context.Context, tx database.Conn) (err error) {
		if h, err = w.apiWebhook(ctx, c, tx); err != nil {
			return err
		}
		return deleteWebhook(ctx, tx, h.ID)
	})
	if err != nil {
		return err
	}
	w.changed(c.UserContext())
	return rest.WriteData(c, fiber.StatusOK, w.toJSON(h))
}

// changed reloads the webhooks after an admin change, so that the next
// write of this process fans out to them (another process sees the
// change at its next poll).
func (w *Service) changed(ctx context.Context) {
	if err := w.reload(ctx); err != nil {
		w.log.Warn("webhooks: reading the webhooks", "err", err)
	}
}
