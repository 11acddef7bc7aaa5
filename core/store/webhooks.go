package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/migrate"
)

// The webhooks' core tables (migrate.WebhooksTable): the webhooks, and the
// outbox that is also the delivery log. Times are unix milliseconds, which
// both databases compare as integers.
const (
	WebhooksTable   = migrate.WebhooksTable
	DeliveriesTable = migrate.DeliveriesTable
)

// The states of a delivery.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Webhook is a row of the webhooks table.
type Webhook struct {
	ID     int64
	Name   string
	URL    string
	Events []string
	Types  []string
	// Headers are sent with every delivery.
	Headers map[string]string
	// Secret signs the deliveries; empty for a webhook of the config file,
	// whose secret stays in the process (read from its variable or file).
	Secret  string
	Enabled bool
	// Source is "config" (config/webhooks.yaml) or "api" (the admin routes).
	Source               string
	CreatedAt, UpdatedAt time.Time
}

const webhookCols = "id, name, url, events, types, headers, secret, enabled, source, created_at, updated_at"

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func scanWebhooks(rows *sql.Rows) ([]Webhook, error) {
	defer rows.Close()
	var out []Webhook
	for rows.Next() {
		var w Webhook
		var events, types, headers string
		var secret sql.NullString
		var enabled, created, updated int64
		if err := rows.Scan(&w.ID, &w.Name, &w.URL, &events, &types, &headers, &secret, &enabled, &w.Source, &created, &updated); err != nil {
			return nil, err
		}
		if err := errors.Join(json.Unmarshal([]byte(events), &w.Events), json.Unmarshal([]byte(types), &w.Types),
			json.Unmarshal([]byte(headers), &w.Headers)); err != nil {
			return nil, err
		}
		w.Secret, w.Enabled, w.CreatedAt, w.UpdatedAt = secret.String, enabled != 0, fromMS(created), fromMS(updated)
		out = append(out, w)
	}
	return out, rows.Err()
}

// Webhooks lists every webhook, by id.
func Webhooks(ctx context.Context, conn database.Conn) ([]Webhook, error) {
	rows, err := conn.QueryContext(ctx, "SELECT "+webhookCols+" FROM "+WebhooksTable+" ORDER BY id")
	if err != nil {
		return nil, err
	}
	return scanWebhooks(rows)
}

// WebhookByID reads one webhook; errs.NotFound when there is none.
func WebhookByID(ctx context.Context, conn database.Conn, id int64) (Webhook, error) {
	rows, err := conn.QueryContext(ctx, "SELECT "+webhookCols+" FROM "+WebhooksTable+" WHERE id = ?", id)
	if err != nil {
		return Webhook{}, err
	}
	list, err := scanWebhooks(rows)
	if err != nil {
		return Webhook{}, err
	}
	if len(list) == 0 {
		return Webhook{}, errs.NotFound()
	}
	return list[0], nil
}

func webhookArgs(w *Webhook) []any {
	jsonOf := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	events, types, headers := w.Events, w.Types, w.Headers
	if events == nil {
		events = []string{}
	}
	if types == nil {
		types = []string{}
	}
	if headers == nil {
		headers = map[string]string{}
	}
	var secret any
	if w.Secret != "" {
		secret = w.Secret
	}
	enabled := 0
	if w.Enabled {
		enabled = 1
	}
	return []any{w.Name, w.URL, jsonOf(events), jsonOf(types), jsonOf(headers), secret, enabled, w.Source, ms(w.CreatedAt), ms(w.UpdatedAt)}
}

// InsertWebhook adds w and sets its id; a taken name is a conflict.
func InsertWebhook(ctx context.Context, conn database.Conn, w *Webhook) error {
	rows, err := conn.QueryContext(ctx, "INSERT INTO "+WebhooksTable+" (name, url, events, types, headers, secret, enabled, source, created_at, updated_at)"+
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", webhookArgs(w)...)
	if err != nil {
		return webhookError(err)
	}
	defer rows.Close()
	if rows.Next() {
		if err := rows.Scan(&w.ID); err != nil {
			return err
		}
	}
	return webhookError(rows.Err())
}

// UpdateWebhook writes every field of w but its id, source and creation.
func UpdateWebhook(ctx context.Context, conn database.Conn, w *Webhook) error {
	a := webhookArgs(w)
	_, err := conn.ExecContext(ctx, "UPDATE "+WebhooksTable+" SET name = ?, url = ?, events = ?, types = ?, headers = ?, secret = ?, enabled = ?, updated_at = ? WHERE id = ?",
		a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[9], w.ID)
	return webhookError(err)
}

// UpsertConfigWebhook writes a webhook of the config file by its name
// (its secret stays out of the database) and sets w.ID. A name an API
// webhook holds is a conflict.
func UpsertConfigWebhook(ctx context.Context, conn database.Conn, w *Webhook) error {
	a := webhookArgs(w)
	rows, err := conn.QueryContext(ctx, "INSERT INTO "+WebhooksTable+" (name, url, events, types, headers, secret, enabled, source, created_at, updated_at)"+
		" VALUES (?, ?, ?, ?, ?, NULL, ?, 'config', ?, ?) ON CONFLICT (name) DO UPDATE SET url = excluded.url, events = excluded.events,"+
		" types = excluded.types, headers = excluded.headers, enabled = excluded.enabled, updated_at = excluded.updated_at"+
		" WHERE "+WebhooksTable+".source = 'config' RETURNING id", a[0], a[1], a[2], a[3], a[4], a[6], a[8], a[9])
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return errs.New(errs.KindConflict, "the name is taken by a webhook made through the API")
	}
	return rows.Scan(&w.ID)
}

// DisableConfigWebhooks turns off the webhooks of the config file that it
// no longer lists (their delivery log stays).
func DisableConfigWebhooks(ctx context.Context, conn database.Conn, keep []int64, now time.Time) error {
	q := "UPDATE " + WebhooksTable + " SET enabled = 0, updated_at = ? WHERE source = 'config' AND enabled = 1"
	args := []any{ms(now)}
	if len(keep) > 0 {
		q += " AND id NOT IN (?" + strings.Repeat(", ?", len(keep)-1) + ")"
		args = append(args, ids(keep)...)
	}
	_, err := conn.ExecContext(ctx, q, args...)
	return err
}

// DeleteWebhook removes a webhook and its deliveries.
func DeleteWebhook(ctx context.Context, conn database.Conn, id int64) error {
	if _, err := conn.ExecContext(ctx, "DELETE FROM "+DeliveriesTable+" WHERE webhook_id = ?", id); err != nil {
		return err
	}
	_, err := conn.ExecContext(ctx, "DELETE FROM "+WebhooksTable+" WHERE id = ?", id)
	return err
}

// NewDelivery is a delivery to add to the outbox.
type NewDelivery struct {
	WebhookID int64
	Event     string
	Payload   []byte
}

// insertChunk bounds the rows of one INSERT (SQLite allows 32766
// variables; five a row).
const insertChunk = 500

// AddDeliveries writes deliveries due at once, a statement per 500.
func AddDeliveries(ctx context.Context, conn database.Conn, list []NewDelivery, now time.Time) error {
	for start := 0; start < len(list); start += insertChunk {
		chunk := list[start:min(start+insertChunk, len(list))]
		var sb strings.Builder
		sb.WriteString("INSERT INTO " + DeliveriesTable + " (webhook_id, event, payload, status, attempts, next_at, locked_until, created_at) VALUES ")
		args := make([]any, 0, 5*len(chunk))
		for i, d := range chunk {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, 'pending', 0, ?, 0, ?)")
			args = append(args, d.WebhookID, d.Event, string(d.Payload), ms(now), ms(now))
		}
		if _, err := conn.ExecContext(ctx, sb.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// Claimed is a delivery a worker took.
type Claimed struct {
	ID, WebhookID int64
	Event         string
	Payload       []byte
	// Attempt is this attempt's number, from 1.
	Attempt   int
	CreatedAt time.Time
}

// ClaimDeliveries takes up to n due deliveries for the worker until
// lease ends, counting the attempt: another worker — of this process or
// another on the database — sees them again only once the lease is over
// (the process that took them died). On PostgreSQL the rows another
// transaction is claiming are skipped (FOR UPDATE SKIP LOCKED), so two
// workers never take one row; SQLite runs one write at a time.
func ClaimDeliveries(ctx context.Context, db *database.DB, now time.Time, lease time.Duration, n int) ([]Claimed, error) {
	lock := ""
	if db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := "UPDATE " + DeliveriesTable + " SET locked_until = ?, attempts = attempts + 1 WHERE id IN (SELECT id FROM " + DeliveriesTable +
		" WHERE status = 'pending' AND next_at <= ? AND locked_until <= ? ORDER BY next_at, id LIMIT ?" + lock + ")" +
		" RETURNING id, webhook_id, event, payload, attempts, created_at"
	var out []Claimed
	err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, q, ms(now.Add(lease)), ms(now), ms(now), n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c Claimed
			var payload string
			var created int64
			if err := rows.Scan(&c.ID, &c.WebhookID, &c.Event, &payload, &c.Attempt, &created); err != nil {
				return err
			}
			c.Payload, c.CreatedAt = []byte(payload), fromMS(created)
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, err
}

// Outcome is what an attempt came to.
type Outcome struct {
	// Status is DeliveryDelivered, DeliveryFailed (no attempt left), or
	// DeliveryPending (to retry at NextAt).
	Status     string
	NextAt     time.Time
	Error      string
	HTTPStatus int
	Duration   time.Duration
	At         time.Time
}

// FinishDelivery records an attempt's outcome and releases the claim.
func FinishDelivery(ctx context.Context, db *database.DB, id int64, o Outcome) error {
	var lastErr, httpStatus, delivered any
	if o.Error != "" {
		lastErr = o.Error
	}
	if o.HTTPStatus != 0 {
		httpStatus = o.HTTPStatus
	}
	if o.Status == DeliveryDelivered {
		delivered = ms(o.At)
	}
	return db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		_, err := tx.ExecContext(ctx, "UPDATE "+DeliveriesTable+" SET status = ?, next_at = ?, locked_until = 0, last_error = ?,"+
			" last_status = ?, duration_ms = ?, delivered_at = ? WHERE id = ?",
			o.Status, ms(o.NextAt), lastErr, httpStatus, o.Duration.Milliseconds(), delivered, id)
		return err
	})
}

// Delivery is a row of the delivery log.
type Delivery struct {
	ID, WebhookID int64
	Event, Status string
	Attempts      int
	Payload       []byte
	NextAt        time.Time
	LastError     string
	LastStatus    int
	Duration      time.Duration
	CreatedAt     time.Time
	DeliveredAt   *time.Time
}

const deliveryCols = "id, webhook_id, event, status, attempts, payload, next_at, last_error, last_status, duration_ms, created_at, delivered_at"

func scanDeliveries(rows *sql.Rows) ([]Delivery, error) {
	defer rows.Close()
	out := []Delivery{}
	for rows.Next() {
		var d Delivery
		var payload string
		var next, created int64
		var lastErr sql.NullString
		var lastStatus, duration, delivered sql.NullInt64
		if err := rows.Scan(&d.ID, &d.WebhookID, &d.Event, &d.Status, &d.Attempts, &payload, &next, &lastErr, &lastStatus,
			&duration, &created, &delivered); err != nil {
			return nil, err
		}
		d.Payload, d.NextAt, d.CreatedAt = []byte(payload), fromMS(next), fromMS(created)
		d.LastError, d.LastStatus = lastErr.String, int(lastStatus.Int64)
		d.Duration = time.Duration(duration.Int64) * time.Millisecond
		if delivered.Valid {
			t := fromMS(delivered.Int64)
			d.DeliveredAt = &t
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Deliveries lists a webhook's deliveries, newest first, with their
// total.
func Deliveries(ctx context.Context, conn database.Conn, webhookID int64, limit, offset int) ([]Delivery, int64, error) {
	var total int64
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+DeliveriesTable+" WHERE webhook_id = ?", webhookID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := conn.QueryContext(ctx, "SELECT "+deliveryCols+" FROM "+DeliveriesTable+" WHERE webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
		webhookID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	list, err := scanDeliveries(rows)
	return list, total, err
}

// Redeliver puts a delivery of the webhook back in the outbox, due now,
// with a fresh count of attempts; errs.NotFound when the webhook has no
// such delivery.
func Redeliver(ctx context.Context, conn database.Conn, webhookID, id int64, now time.Time) (Delivery, error) {
	res, err := conn.ExecContext(ctx, "UPDATE "+DeliveriesTable+" SET status = 'pending', attempts = 0, next_at = ?, locked_until = 0,"+
		" delivered_at = NULL WHERE id = ? AND webhook_id = ?", ms(now), id, webhookID)
	if err != nil {
		return Delivery{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Delivery{}, errs.NotFound()
	}
	rows, err := conn.QueryContext(ctx, "SELECT "+deliveryCols+" FROM "+DeliveriesTable+" WHERE id = ?", id)
	if err != nil {
		return Delivery{}, err
	}
	list, err := scanDeliveries(rows)
	if err != nil || len(list) == 0 {
		return Delivery{}, errors.Join(err, errs.NotFound())
	}
	return list[0], nil
}

// ErrWebhookName is a webhook name that is taken.
var ErrWebhookName = errs.New(errs.KindValidation, "a webhook of that name exists")

// webhookError turns the unique violation of a webhook's name into
// ErrWebhookName.
func webhookError(err error) error {
	if database.IsUnique(err) {
		return ErrWebhookName
	}
	return err
}
