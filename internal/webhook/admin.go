package webhook

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/database"
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
// admin's "*" has them. internal/rest's handlers check them.
const (
	ActionFind       = "webhooks.find"
	ActionFindOne    = "webhooks.findOne"
	ActionCreate     = "webhooks.create"
	ActionUpdate     = "webhooks.update"
	ActionDelete     = "webhooks.delete"
	ActionDeliveries = "webhooks.deliveries"
	ActionRedeliver  = "webhooks.redeliver"
)

// Webhook is a webhook as the admin methods give it: never its secret,
// but whether it has one; Secret only in what Create returns, once.
type Webhook struct {
	ID                   int64
	Name                 string
	URL                  string
	Events               []string
	Types                []string
	Headers              map[string]string
	Enabled              bool
	Source               string
	HasSecret            bool
	Secret               string
	CreatedAt, UpdatedAt time.Time
}

// view is h as the admin methods give it, without its secret.
func (w *Service) view(h webhookRow) Webhook {
	has := h.Secret != ""
	if h.Source == SourceConfig {
		w.mu.RLock()
		has = w.configSecrets[h.Name] != ""
		w.mu.RUnlock()
	}
	return Webhook{ID: h.ID, Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers,
		Enabled: h.Enabled, Source: h.Source, HasSecret: has, CreatedAt: h.CreatedAt, UpdatedAt: h.UpdatedAt}
}

// List is every webhook, the config file's and the API's.
func (w *Service) List(ctx context.Context) ([]Webhook, error) {
	list, err := listWebhooks(ctx, w.db)
	if err != nil {
		return nil, err
	}
	out := make([]Webhook, len(list))
	for i, h := range list {
		out[i] = w.view(h)
	}
	return out, nil
}

// Get is the webhook of id (errs.NotFound when there is none).
func (w *Service) Get(ctx context.Context, id int64) (Webhook, error) {
	h, err := webhookByID(ctx, w.db, id)
	if err != nil {
		return Webhook{}, err
	}
	return w.view(h), nil
}

// Change is a write of the admin API. On Update, what is nil is kept: a
// Name or URL sent (even empty, or null as "") is checked as on Create,
// Events, Types and Headers sent empty are set empty.
type Change struct {
	Name, URL *string
	Events    []string
	Types     []string
	Headers   map[string]string
	// Secret signs the deliveries: at least MinSecret characters; one is
	// generated when Create is given none.
	Secret *string
	// Enabled is true when Create is given none.
	Enabled *bool
}

// MinSecret is the shortest secret the API takes (a generated one is 32
// bytes, hex).
const MinSecret = 16

// Create adds a webhook of the API; what it returns shows the secret,
// which no other answer does.
func (w *Service) Create(ctx context.Context, ch Change) (Webhook, error) {
	def := Definition{Events: ch.Events, Types: ch.Types, Headers: ch.Headers}
	if ch.Name != nil {
		def.Name = *ch.Name
	}
	if ch.URL != nil {
		def.URL = *ch.URL
	}
	if err := w.check(&def); err != nil {
		return Webhook{}, err
	}
	secret := ""
	if ch.Secret != nil {
		if secret = *ch.Secret; len(secret) < MinSecret {
			return Webhook{}, errs.Newf(errs.KindValidation, "secret: at least %d characters, or none to have one generated", MinSecret)
		}
	} else {
		buf := make([]byte, 32)
		rand.Read(buf)
		secret = hex.EncodeToString(buf)
	}
	now := w.now().UTC()
	h := webhookRow{Name: def.Name, URL: def.URL, Events: def.Events, Types: def.Types, Headers: def.Headers,
		Secret: secret, Enabled: ch.Enabled == nil || *ch.Enabled, Source: SourceAPI, CreatedAt: now, UpdatedAt: now}
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error { return insertWebhook(ctx, tx, &h) })
	if err != nil {
		return Webhook{}, err
	}
	w.changed(ctx)
	out := w.view(h)
	out.Secret = secret
	return out, nil
}

// apiWebhook reads the webhook of id and refuses to change one of the
// config file, which the file owns.
func (w *Service) apiWebhook(ctx context.Context, tx database.Conn, id int64) (webhookRow, error) {
	h, err := webhookByID(ctx, tx, id)
	if err != nil {
		return h, err
	}
	if h.Source == SourceConfig {
		return h, errs.New(errs.KindValidation, "this webhook is defined in config/webhooks.yaml: change it there")
	}
	return h, nil
}

// Update changes a webhook of the API: what ch leaves nil stays.
func (w *Service) Update(ctx context.Context, id int64, ch Change) (Webhook, error) {
	var h webhookRow
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) (err error) {
		if h, err = w.apiWebhook(ctx, tx, id); err != nil {
			return err
		}
		// A partial update: what the change leaves out stays.
		def := Definition{Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers}
		if ch.Name != nil {
			def.Name = *ch.Name
		}
		if ch.URL != nil {
			def.URL = *ch.URL
		}
		if ch.Events != nil {
			def.Events = ch.Events
		}
		if ch.Types != nil {
			def.Types = ch.Types
		}
		if ch.Headers != nil {
			def.Headers = ch.Headers
		}
		if err := w.check(&def); err != nil {
			return err
		}
		if ch.Secret != nil {
			if len(*ch.Secret) < MinSecret {
				return errs.Newf(errs.KindValidation, "secret: at least %d characters", MinSecret)
			}
			h.Secret = *ch.Secret
		}
		if ch.Enabled != nil {
			h.Enabled = *ch.Enabled
		}
		h.Name, h.URL, h.Events, h.Types, h.Headers, h.UpdatedAt = def.Name, def.URL, def.Events, def.Types, def.Headers, w.now().UTC()
		return updateWebhook(ctx, tx, &h)
	})
	if err != nil {
		return Webhook{}, err
	}
	w.changed(ctx)
	return w.view(h), nil
}

// Delete removes a webhook of the API with its delivery log, and returns
// it as it was.
func (w *Service) Delete(ctx context.Context, id int64) (Webhook, error) {
	var h webhookRow
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) (err error) {
		if h, err = w.apiWebhook(ctx, tx, id); err != nil {
			return err
		}
		return deleteWebhook(ctx, tx, h.ID)
	})
	if err != nil {
		return Webhook{}, err
	}
	w.changed(ctx)
	return w.view(h), nil
}

// changed reloads the webhooks after an admin change, so that the next
// write of this process fans out to them (another process sees the
// change at its next poll).
func (w *Service) changed(ctx context.Context) {
	if err := w.reload(ctx); err != nil {
		w.log.Warn("webhooks: reading the webhooks", "err", err)
	}
}

// Deliveries are a page of the delivery log of the webhook of id, newest
// first, size to a page, and the log's length (errs.NotFound when there
// is no such webhook).
func (w *Service) Deliveries(ctx context.Context, id int64, page, size int) ([]Delivery, int64, error) {
	if _, err := webhookByID(ctx, w.db, id); err != nil {
		return nil, 0, err
	}
	return listDeliveries(ctx, w.db, id, size, (page-1)*size)
}

// Redeliver sends the delivery did of the webhook id again, with a fresh
// count of attempts and the same id, and wakes the worker.
func (w *Service) Redeliver(ctx context.Context, id, did int64) (Delivery, error) {
	var d Delivery
	err := w.db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) (err error) {
		d, err = redeliver(ctx, tx, id, did, w.now())
		return err
	})
	if err != nil {
		return Delivery{}, err
	}
	w.Wake()
	return d, nil
}
