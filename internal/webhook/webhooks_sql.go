package webhook

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// The webhooks' SQL: the webhooks table here, the outbox in
// deliveries_sql.go. Both are core tables (migrate.WebhooksTable,
// migrate.DeliveriesTable), made by every migration; times in them are
// unix milliseconds, which both databases compare as integers. Each
// function runs on the Conn it is given: the Service's pool, or a
// transaction it opened.
const (
	webhooksTable   = migrate.WebhooksTable
	deliveriesTable = migrate.DeliveriesTable
)

// webhookRow is a row of the webhooks table.
type webhookRow struct {
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

func scanWebhooks(rows *sql.Rows) ([]webhookRow, error) {
	defer rows.Close()
	var out []webhookRow
	for rows.Next() {
		var w webhookRow
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

// listWebhooks lists every webhook, by id.
func listWebhooks(ctx context.Context, conn database.Conn) ([]webhookRow, error) {
	rows, err := conn.QueryContext(ctx, "SELECT "+webhookCols+" FROM "+webhooksTable+" ORDER BY id")
	if err != nil {
		return nil, err
	}
	return scanWebhooks(rows)
}

// webhookByID reads one webhook; errs.NotFound when there is none.
func webhookByID(ctx context.Context, conn database.Conn, id int64) (webhookRow, error) {
	rows, err := conn.QueryContext(ctx, "SELECT "+webhookCols+" FROM "+webhooksTable+" WHERE id = ?", id)
	if err != nil {
		return webhookRow{}, err
	}
	list, err := scanWebhooks(rows)
	if err != nil {
		return webhookRow{}, err
	}
	if len(list) == 0 {
		return webhookRow{}, errs.NotFound()
	}
	return list[0], nil
}

func webhookArgs(w *webhookRow) []any {
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

// insertWebhook adds w and sets its id; a taken name is a conflict.
func insertWebhook(ctx context.Context, conn database.Conn, w *webhookRow) error {
	rows, err := conn.QueryContext(ctx, "INSERT INTO "+webhooksTable+" (name, url, events, types, headers, secret, enabled, source, created_at, updated_at)"+
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

// updateWebhook writes every field of w but its id, source and creation.
func updateWebhook(ctx context.Context, conn database.Conn, w *webhookRow) error {
	a := webhookArgs(w)
	_, err := conn.ExecContext(ctx, "UPDATE "+webhooksTable+" SET name = ?, url = ?, events = ?, types = ?, headers = ?, secret = ?, enabled = ?, updated_at = ? WHERE id = ?",
		a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[9], w.ID)
	return webhookError(err)
}

// upsertConfigWebhook writes a webhook of the config file by its name
// (its secret stays out of the database) and sets w.ID. A name an API
// webhook holds is a conflict.
func upsertConfigWebhook(ctx context.Context, conn database.Conn, w *webhookRow) error {
	a := webhookArgs(w)
	rows, err := conn.QueryContext(ctx, "INSERT INTO "+webhooksTable+" (name, url, events, types, headers, secret, enabled, source, created_at, updated_at)"+
		" VALUES (?, ?, ?, ?, ?, NULL, ?, 'config', ?, ?) ON CONFLICT (name) DO UPDATE SET url = excluded.url, events = excluded.events,"+
		" types = excluded.types, headers = excluded.headers, enabled = excluded.enabled, updated_at = excluded.updated_at"+
		" WHERE "+webhooksTable+".source = 'config' RETURNING id", a[0], a[1], a[2], a[3], a[4], a[6], a[8], a[9])
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

// disableConfigWebhooks turns off the webhooks of the config file that it
// no longer lists (their delivery log stays).
func disableConfigWebhooks(ctx context.Context, conn database.Conn, keep []int64, now time.Time) error {
	q := "UPDATE " + webhooksTable + " SET enabled = 0, updated_at = ? WHERE source = 'config' AND enabled = 1"
	args := []any{ms(now)}
	if len(keep) > 0 {
		q += " AND id NOT IN (?" + strings.Repeat(", ?", len(keep)-1) + ")"
		for _, id := range keep {
			args = append(args, id)
		}
	}
	_, err := conn.ExecContext(ctx, q, args...)
	return err
}

// deleteWebhook removes a webhook and its deliveries.
func deleteWebhook(ctx context.Context, conn database.Conn, id int64) error {
	if _, err := conn.ExecContext(ctx, "DELETE FROM "+deliveriesTable+" WHERE webhook_id = ?", id); err != nil {
		return err
	}
	_, err := conn.ExecContext(ctx, "DELETE FROM "+webhooksTable+" WHERE id = ?", id)
	return err
}

// errWebhookName is a webhook name that is taken.
var errWebhookName = errs.New(errs.KindValidation, "a webhook of that name exists")

// webhookError turns the unique violation of a webhook's name into
// errWebhookName.
func webhookError(err error) error {
	if database.IsUnique(err) {
		return errWebhookName
	}
	return err
}
