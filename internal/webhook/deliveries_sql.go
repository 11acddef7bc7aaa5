package webhook

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/database"
)

// The states of a delivery.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// newDelivery is a delivery to add to the outbox.
type newDelivery struct {
	WebhookID int64
	Event     string
	Payload   []byte
}

// insertChunk bounds the rows of one INSERT (SQLite allows 32766
// variables; five a row).
const insertChunk = 500

// addDeliveries writes deliveries due at once, a statement per 500.
func addDeliveries(ctx context.Context, conn database.Conn, list []newDelivery, now time.Time) error {
	for start := 0; start < len(list); start += insertChunk {
		chunk := list[start:min(start+insertChunk, len(list))]
		var sb strings.Builder
		sb.WriteString("INSERT INTO " + deliveriesTable + " (webhook_id, event, payload, status, attempts, next_at, locked_until, created_at) VALUES ")
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

// claimed is a delivery a worker took.
type claimed struct {
	ID, WebhookID int64
	Event         string
	Payload       []byte
	// Attempt is this attempt's number, from 1.
	Attempt   int
	CreatedAt time.Time
}

// claimDeliveries takes up to n due deliveries for the worker until
// lease ends, counting the attempt: another worker — of this process or
// another on the database — sees them again only once the lease is over
// (the process that took them died). On PostgreSQL the rows another
// transaction is claiming are skipped (FOR UPDATE SKIP LOCKED), so two
// workers never take one row; SQLite runs one write at a time. It runs
// in tx, a transaction of its own (Service.claim).
func claimDeliveries(ctx context.Context, tx database.Conn, d database.Dialect, now time.Time, lease time.Duration, n int) ([]claimed, error) {
	lock := ""
	if d == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := "UPDATE " + deliveriesTable + " SET locked_until = ?, attempts = attempts + 1 WHERE id IN (SELECT id FROM " + deliveriesTable +
		" WHERE status = 'pending' AND next_at <= ? AND locked_until <= ? ORDER BY next_at, id LIMIT ?" + lock + ")" +
		" RETURNING id, webhook_id, event, payload, attempts, created_at"
	rows, err := tx.QueryContext(ctx, q, ms(now.Add(lease)), ms(now), ms(now), n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []claimed
	for rows.Next() {
		var c claimed
		var payload string
		var created int64
		if err := rows.Scan(&c.ID, &c.WebhookID, &c.Event, &payload, &c.Attempt, &created); err != nil {
			return nil, err
		}
		c.Payload, c.CreatedAt = []byte(payload), fromMS(created)
		out = append(out, c)
	}
	return out, rows.Err()
}

// attemptOutcome is what an attempt came to.
type attemptOutcome struct {
	// Status is DeliveryDelivered, DeliveryFailed (no attempt left), or
	// DeliveryPending (to retry at NextAt).
	Status     string
	NextAt     time.Time
	Error      string
	HTTPStatus int
	Duration   time.Duration
	At         time.Time
}

// finishDelivery records an attempt's outcome and releases the claim.
func finishDelivery(ctx context.Context, conn database.Conn, id int64, o attemptOutcome) error {
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
	_, err := conn.ExecContext(ctx, "UPDATE "+deliveriesTable+" SET status = ?, next_at = ?, locked_until = 0, last_error = ?,"+
		" last_status = ?, duration_ms = ?, delivered_at = ? WHERE id = ?",
		o.Status, ms(o.NextAt), lastErr, httpStatus, o.Duration.Milliseconds(), delivered, id)
	return err
}

// Delivery is a row of the delivery log: one event for one webhook, its
// state and its last attempt.
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

// listDeliveries lists a webhook's deliveries, newest first, with their
// total.
func listDeliveries(ctx context.Context, conn database.Conn, webhookID int64, limit, offset int) ([]Delivery, int64, error) {
	var total int64
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+deliveriesTable+" WHERE webhook_id = ?", webhookID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := conn.QueryContext(ctx, "SELECT "+deliveryCols+" FROM "+deliveriesTable+" WHERE webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
		webhookID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	list, err := scanDeliveries(rows)
	return list, total, err
}

// redeliver puts a delivery of the webhook back in the outbox, due now,
// with a fresh count of attempts; errs.NotFound when the webhook has no
// such delivery.
func redeliver(ctx context.Context, conn database.Conn, webhookID, id int64, now time.Time) (Delivery, error) {
	res, err := conn.ExecContext(ctx, "UPDATE "+deliveriesTable+" SET status = 'pending', attempts = 0, next_at = ?, locked_until = 0,"+
		" delivered_at = NULL WHERE id = ? AND webhook_id = ?", ms(now), id, webhookID)
	if err != nil {
		return Delivery{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Delivery{}, errs.NotFound()
	}
	rows, err := conn.QueryContext(ctx, "SELECT "+deliveryCols+" FROM "+deliveriesTable+" WHERE id = ?", id)
	if err != nil {
		return Delivery{}, err
	}
	list, err := scanDeliveries(rows)
	if err != nil || len(list) == 0 {
		return Delivery{}, errors.Join(err, errs.NotFound())
	}
	return list[0], nil
}
