// Package webhook tells other systems what happened in Kiln: signed HTTP
// deliveries of the content service's events (entry.create, ...) and the
// plugins' (event.scheduled, ...), through an outbox written in the same
// transaction as the change, so that a rolled-back write sends nothing and
// a committed one is delivered even if the process dies right after the
// commit. A worker claims due deliveries (FOR UPDATE SKIP LOCKED on
// PostgreSQL: several instances on one database deliver each once), sends
// them with timeouts and a guard against private addresses, and retries
// with exponential backoff and jitter. docs/webhooks.md is the guide.
package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// The outcomes OnDelivery reports.
const (
	OutcomeDelivered = "delivered"
	OutcomeRetry     = "retry"
	OutcomeFailed    = "failed"
)

// Service is the app's webhooks: the outbox the content service writes
// events to (content.Outbox), the worker that delivers them, and the
// webhooks' administration (List, Create, Deliveries, ...), plain Go
// values in and out, which internal/rest's admin routes call.
type Service struct {
	db     *database.DB
	schema *schema.Schema
	cfg    config.Webhooks
	log    *slog.Logger
	sender *sender
	// entryJSON renders the entry of a delivery's payload.
	entryJSON EntryJSON
	// OnDelivery, when set, hears of every attempt: its outcome
	// (delivered, retry, failed) and how long it took.
	OnDelivery func(outcome string, d time.Duration)
	// now is the clock (tests move it).
	now func() time.Time

	mu sync.RWMutex
	// hooks are the webhooks, by id, as last read from the database, with
	// the secrets of the config file's.
	hooks map[int64]*hookDef
	// configSecrets are the config file's secrets, by webhook name.
	configSecrets map[string]string

	// slots are the process's Workers: a send holds one from its claim
	// to its recorded outcome, whichever drain claimed it.
	slots   chan struct{}
	wake    chan struct{}
	stop    context.CancelFunc
	done    chan struct{}
	running sync.WaitGroup
}

// hookDef is a webhook as the worker uses it.
type hookDef struct {
	webhookRow
	secret string
}

var _ content.Outbox = (*Service)(nil)

// EntryJSON renders an entry as a delivery's payload carries it: as the
// REST API answers it in its v2 shape (the wiring hands internal/rest's
// rendering, so that this package keeps out of HTTP).
type EntryJSON func(*entry.Entry) json.RawMessage

// New checks the config file's webhooks (secrets read from their
// variables or files with getenv), writes them to the database and loads
// every webhook; entryJSON renders the entries of the payloads. Nothing
// is sent until Start.
func New(ctx context.Context, db *database.DB, s *schema.Schema, cfg config.Webhooks, entryJSON EntryJSON, getenv func(string) string, log *slog.Logger) (*Service, error) {
	w := &Service{db: db, schema: s, cfg: cfg, log: log, sender: newSender(cfg), entryJSON: entryJSON, now: time.Now,
		hooks: map[int64]*hookDef{}, configSecrets: map[string]string{},
		slots: make(chan struct{}, cfg.Workers), wake: make(chan struct{}, 1)}
	now := w.now().UTC()
	var keep []int64
	for _, h := range cfg.Hooks {
		def := Definition{Name: h.Name, URL: h.URL, Events: h.Events, Types: h.Types, Headers: h.Headers}
		if err := w.check(&def); err != nil {
			return nil, fmt.Errorf("config/webhooks.yaml: webhook %q: %w", h.Name, err)
		}
		secret, err := h.Secret(getenv)
		if err != nil {
			return nil, fmt.Errorf("config/webhooks.yaml: %w", err)
		}
		w.configSecrets[h.Name] = secret
		row := webhookRow{Name: def.Name, URL: def.URL, Events: def.Events, Types: def.Types, Headers: def.Headers,
			Enabled: h.On(), Source: SourceConfig, CreatedAt: now, UpdatedAt: now}
		err = db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error { return upsertConfigWebhook(ctx, tx, &row) })
		if err != nil {
			return nil, fmt.Errorf("config/webhooks.yaml: webhook %q: %w", h.Name, err)
		}
		keep = append(keep, row.ID)
	}
	err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		return disableConfigWebhooks(ctx, tx, keep, now)
	})
	if err != nil {
		return nil, err
	}
	return w, w.reload(ctx)
}

// The sources of a webhook.
const (
	SourceConfig = "config"
	SourceAPI    = "api"
)

// reload reads the webhooks again: after a change through the admin
// routes, and at every poll (another instance may have changed them).
func (w *Service) reload(ctx context.Context) error {
	list, err := listWebhooks(ctx, w.db)
	if err != nil {
		return err
	}
	next := make(map[int64]*hookDef, len(list))
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, h := range list {
		d := &hookDef{webhookRow: h, secret: h.Secret}
		if h.Source == SourceConfig {
			d.secret = w.configSecrets[h.Name]
			d.Enabled = d.Enabled && d.secret != "" // a webhook of another instance's file
		}
		next[h.ID] = d
	}
	w.hooks = next
	return nil
}

// matches reports whether h wants event about a type.
func (h *hookDef) matches(event, typ string) bool {
	return h.Enabled && (slices.Contains(h.Events, event) || slices.Contains(h.Events, "*")) &&
		(len(h.Types) == 0 || slices.Contains(h.Types, typ))
}

// Wants reports whether a webhook wants the event: reads nothing, so a
// write no webhook listens to costs nothing more.
func (w *Service) Wants(event string, ct *schema.ContentType) bool {
	w.mu.RLock()
	defer w.mu.RUnlock()
	for _, h := range w.hooks {
		if h.matches(event, ct.Name) {
			return true
		}
	}
	return false
}

// Payload is what a delivery's body holds, in Strapi's webhook shape.
type Payload struct {
	Event     string          `json:"event"`
	CreatedAt string          `json:"createdAt"`
	Model     string          `json:"model"`
	UID       string          `json:"uid"`
	Entry     json.RawMessage `json:"entry"`
}

// MediaPayload is a media event's body, in the shape of Strapi's upload
// plugin: the file under "media", no model nor uid.
type MediaPayload struct {
	Event     string          `json:"event"`
	CreatedAt string          `json:"createdAt"`
	Media     json.RawMessage `json:"media"`
}

// payloadOf is the body of one event's deliveries.
func (w *Service) payloadOf(ev content.Emitted) ([]byte, error) {
	at := ev.At.UTC().Format(timeFormat)
	if ev.Type.Builtin && ev.Type.Name == schema.FileType {
		return json.Marshal(MediaPayload{Event: ev.Event, CreatedAt: at, Media: w.entryJSON(ev.Entry)})
	}
	return json.Marshal(Payload{Event: ev.Event, CreatedAt: at, Model: ev.Type.Name,
		UID: ev.Type.UID(), Entry: w.entryJSON(ev.Entry)})
}

// Write adds a delivery per event and webhook that wants it, inside the
// write's transaction: one statement per 500.
func (w *Service) Write(ctx context.Context, conn content.Conn, events []content.Emitted) error {
	var out []newDelivery
	w.mu.RLock()
	ids := make([]int64, 0, len(w.hooks))
	for id := range w.hooks {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, ev := range events {
		var body []byte
		for _, id := range ids {
			if !w.hooks[id].matches(ev.Event, ev.Type.Name) {
				continue
			}
			if body == nil {
				var err error
				body, err = w.payloadOf(ev)
				if err != nil {
					w.mu.RUnlock()
					return err
				}
			}
			out = append(out, newDelivery{WebhookID: id, Event: ev.Event, Payload: body})
		}
	}
	w.mu.RUnlock()
	if len(out) == 0 {
		return nil
	}
	return addDeliveries(ctx, conn, out, w.now())
}

// timeFormat is how Strapi writes instants: UTC, milliseconds.
const timeFormat = "2006-01-02T15:04:05.000Z"

// Committed wakes the worker: a transaction wrote deliveries.
func (w *Service) Committed() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}
