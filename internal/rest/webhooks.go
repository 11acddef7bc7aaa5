package rest

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/webhook"
)

// The webhooks' admin routes under /api/admin/webhooks (docs/webhooks.md):
// each handler checks its action with sec, reads the request, calls the
// service and writes the answer in the {data, meta} envelope.
type webhookHandlers struct {
	sec   *Security
	hooks *webhook.Service
}

// WebhookRoutes are the webhooks' admin routes over hooks, rows of the
// route table under /api, documented for the OpenAPI documents.
func WebhookRoutes(sec *Security, hooks *webhook.Service) route.Table {
	h := &webhookHandlers{sec: sec, hooks: hooks}
	guard := func(action string, fn fiber.Handler) []fiber.Handler {
		return []fiber.Handler{func(c *fiber.Ctx) error {
			if err := sec.Allow(c, action); err != nil {
				return err
			}
			return fn(c)
		}}
	}
	row := func(method, path, action, summary string, req, resp map[string]any, keys []string, fn fiber.Handler) route.Route {
		return route.Route{Method: method, Path: path, Prefixes: route.API, Action: action, Source: route.SourceCore,
			Docs:     route.Docs{Summary: summary, Tag: "Webhooks", Request: req, Response: resp, QueryKeys: keys},
			Handlers: guard(action, fn)}
	}
	return route.Table{
		row(http.MethodGet, "/admin/webhooks", webhook.ActionFind, "List the webhooks (admin)", nil, webhookListOf(webhookSchema), nil, h.list),
		row(http.MethodPost, "/admin/webhooks", webhook.ActionCreate, "Add a webhook; the answer shows its secret, once (admin)",
			webhookBodySchema(true), webhookSchemaWithSecret, nil, h.create),
		row(http.MethodGet, "/admin/webhooks/:id", webhook.ActionFindOne, "Get a webhook (admin)", nil, webhookSchema, nil, h.get),
		row(http.MethodPut, "/admin/webhooks/:id", webhook.ActionUpdate, "Change a webhook made through the API (admin)",
			webhookBodySchema(false), webhookSchema, nil, h.update),
		row(http.MethodDelete, "/admin/webhooks/:id", webhook.ActionDelete, "Delete a webhook made through the API, with its delivery log (admin)",
			nil, webhookSchema, nil, h.remove),
		row(http.MethodGet, "/admin/webhooks/:id/deliveries", webhook.ActionDeliveries, "A webhook's delivery log, newest first (admin)",
			nil, webhookListOf(webhookDeliverySchema), []string{"pagination[page]", "pagination[pageSize]"}, h.deliveries),
		row(http.MethodPost, "/admin/webhooks/:id/deliveries/:did/redeliver", webhook.ActionRedeliver,
			"Send a delivery again, with a fresh count of attempts (admin)", nil, webhookDeliverySchema, nil, h.redeliver),
	}
}

// webhookTime is how the admin routes write instants, as Strapi does.
const webhookTime = "2006-01-02T15:04:05.000Z"

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

func toWebhookJSON(h webhook.Webhook) webhookJSON {
	return webhookJSON{ID: h.ID, Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers,
		Enabled: h.Enabled, Source: h.Source, HasSecret: h.HasSecret, Secret: h.Secret,
		CreatedAt: h.CreatedAt.Format(webhookTime), UpdatedAt: h.UpdatedAt.Format(webhookTime)}
}

func (h *webhookHandlers) list(c *fiber.Ctx) error {
	list, err := h.hooks.List(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]webhookJSON, len(list))
	for i, w := range list {
		out[i] = toWebhookJSON(w)
	}
	return WriteData(c, fiber.StatusOK, out)
}

// webhookID reads a numeric path parameter; anything else is the 404 of
// a webhook (or delivery) that does not exist.
func webhookID(c *fiber.Ctx, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Params(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, errs.NotFound()
	}
	return id, nil
}

func (h *webhookHandlers) get(c *fiber.Ctx) error {
	id, err := webhookID(c, "id")
	if err != nil {
		return err
	}
	w, err := h.hooks.Get(c.UserContext(), id)
	if err != nil {
		return err
	}
	return WriteData(c, fiber.StatusOK, toWebhookJSON(w))
}

// webhookBody is the admin routes' write body, under "data" as Strapi's.
// Name and URL are read raw besides, so that an update tells "not sent"
// (kept) from sent empty or null (refused, as on a create).
type webhookBody struct {
	Data *struct {
		webhook.Definition
		Name    json.RawMessage `json:"name"`
		URL     json.RawMessage `json:"url"`
		Secret  *string         `json:"secret"`
		Enabled *bool           `json:"enabled"`
	} `json:"data"`
}

// readWebhookBody is the change a write's body asks for.
func readWebhookBody(c *fiber.Ctx) (webhook.Change, error) {
	var b webhookBody
	if err := DecodeBody(c, &b); err != nil {
		return webhook.Change{}, err
	}
	if b.Data == nil {
		return webhook.Change{}, errs.New(errs.KindValidation, "Missing \"data\" payload in the request body")
	}
	ch := webhook.Change{Events: b.Data.Events, Types: b.Data.Types, Headers: b.Data.Headers,
		Secret: b.Data.Secret, Enabled: b.Data.Enabled}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		to   **string
	}{{"name", b.Data.Name, &ch.Name}, {"url", b.Data.URL, &ch.URL}} {
		if f.raw == nil {
			continue
		}
		var s string
		if json.Unmarshal(f.raw, &s) != nil {
			return webhook.Change{}, errs.Newf(errs.KindValidation, "%s: a string is required", f.name).
				WithDetails(map[string]any{"errors": []map[string]any{{"path": []string{f.name}, "message": "a string is required", "name": "ValidationError"}}})
		}
		*f.to = &s
	}
	return ch, nil
}

func (h *webhookHandlers) create(c *fiber.Ctx) error {
	ch, err := readWebhookBody(c)
	if err != nil {
		return err
	}
	w, err := h.hooks.Create(c.UserContext(), ch)
	if err != nil {
		return err
	}
	return WriteData(c, fiber.StatusCreated, toWebhookJSON(w))
}

func (h *webhookHandlers) update(c *fiber.Ctx) error {
	ch, err := readWebhookBody(c)
	if err != nil {
		return err
	}
	id, err := webhookID(c, "id")
	if err != nil {
		return err
	}
	w, err := h.hooks.Update(c.UserContext(), id, ch)
	if err != nil {
		return err
	}
	return WriteData(c, fiber.StatusOK, toWebhookJSON(w))
}

func (h *webhookHandlers) remove(c *fiber.Ctx) error {
	id, err := webhookID(c, "id")
	if err != nil {
		return err
	}
	w, err := h.hooks.Delete(c.UserContext(), id)
	if err != nil {
		return err
	}
	return WriteData(c, fiber.StatusOK, toWebhookJSON(w))
}

// deliveryJSON is a row of the delivery log.
type deliveryJSON struct {
	ID          int64           `json:"id"`
	WebhookID   int64           `json:"webhookId"`
	Event       string          `json:"event"`
	Status      string          `json:"status"`
	Attempts    int             `json:"attempts"`
	NextAttempt *string         `json:"nextAttemptAt"`
	LastError   *string         `json:"lastError"`
	LastStatus  *int            `json:"lastStatus"`
	DurationMS  int64           `json:"durationMs"`
	CreatedAt   string          `json:"createdAt"`
	DeliveredAt *string         `json:"deliveredAt"`
	Payload     json.RawMessage `json:"payload"`
}

func toDeliveryJSON(d webhook.Delivery) deliveryJSON {
	out := deliveryJSON{ID: d.ID, WebhookID: d.WebhookID, Event: d.Event, Status: d.Status, Attempts: d.Attempts,
		DurationMS: d.Duration.Milliseconds(), CreatedAt: d.CreatedAt.Format(webhookTime), Payload: d.Payload}
	if d.Status == webhook.DeliveryPending {
		s := d.NextAt.Format(webhookTime)
		out.NextAttempt = &s
	}
	if d.LastError != "" {
		out.LastError = &d.LastError
	}
	if d.LastStatus != 0 {
		out.LastStatus = &d.LastStatus
	}
	if d.DeliveredAt != nil {
		s := d.DeliveredAt.Format(webhookTime)
		out.DeliveredAt = &s
	}
	return out
}

func (h *webhookHandlers) deliveries(c *fiber.Ctx) error {
	id, err := webhookID(c, "id")
	if err != nil {
		return err
	}
	page, size, err := deliveriesPage(c)
	if err != nil {
		return err
	}
	list, total, err := h.hooks.Deliveries(c.UserContext(), id, page, size)
	if err != nil {
		return err
	}
	out := make([]deliveryJSON, len(list))
	for i, d := range list {
		out[i] = toDeliveryJSON(d)
	}
	return WriteDataMeta(c, fiber.StatusOK, out, fiber.Map{"pagination": fiber.Map{
		"page": page, "pageSize": size, "pageCount": (total + int64(size) - 1) / int64(size), "total": total}})
}

// deliveriesPage reads pagination[page] and pagination[pageSize] (default
// 1 and 25, at most 100).
func deliveriesPage(c *fiber.Ctx) (page, size int, err error) {
	page, size = 1, 25
	for key, dst := range map[string]*int{"pagination[page]": &page, "pagination[pageSize]": &size} {
		v := c.Query(key)
		if v == "" {
			continue
		}
		n, perr := strconv.Atoi(v)
		if perr != nil || n < 1 || (dst == &size && n > 100) {
			return 0, 0, errs.Newf(errs.KindValidation, "%s must be a whole number from 1%s", key,
				map[bool]string{true: " to 100", false: ""}[dst == &size])
		}
		*dst = n
	}
	return page, size, nil
}

func (h *webhookHandlers) redeliver(c *fiber.Ctx) error {
	id, err := webhookID(c, "id")
	if err != nil {
		return err
	}
	did, err := webhookID(c, "did")
	if err != nil {
		return err
	}
	d, err := h.hooks.Redeliver(c.UserContext(), id, did)
	if err != nil {
		return err
	}
	return WriteData(c, fiber.StatusOK, toDeliveryJSON(d))
}
