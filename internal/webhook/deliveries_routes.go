package webhook

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/internal/database"
)

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

func toDeliveryJSON(d deliveryRow) deliveryJSON {
	out := deliveryJSON{ID: d.ID, WebhookID: d.WebhookID, Event: d.Event, Status: d.Status, Attempts: d.Attempts,
		DurationMS: d.Duration.Milliseconds(), CreatedAt: d.CreatedAt.Format(timeFormat), Payload: d.Payload}
	if d.Status == DeliveryPending {
		s := d.NextAt.Format(timeFormat)
		out.NextAttempt = &s
	}
	if d.LastError != "" {
		out.LastError = &d.LastError
	}
	if d.LastStatus != 0 {
		out.LastStatus = &d.LastStatus
	}
	if d.DeliveredAt != nil {
		s := d.DeliveredAt.Format(timeFormat)
		out.DeliveredAt = &s
	}
	return out
}

func (w *Service) deliveries(c *fiber.Ctx) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	page, size, err := pageOf(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	if _, err := webhookByID(ctx, w.db, id); err != nil {
		return err
	}
	list, total, err := listDeliveries(ctx, w.db, id, size, (page-1)*size)
	if err != nil {
		return err
	}
	out := make([]deliveryJSON, len(list))
	for i, d := range list {
		out[i] = toDeliveryJSON(d)
	}
	return rest.WriteDataMeta(c, fiber.StatusOK, out, fiber.Map{"pagination": fiber.Map{
		"page": page, "pageSize": size, "pageCount": (total + int64(size) - 1) / int64(size), "total": total}})
}

// pageOf reads pagination[page] and pagination[pageSize] (default 1 and
// 25, at most 100).
func pageOf(c *fiber.Ctx) (page, size int, err error) {
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

func (w *Service) redeliver(c *fiber.Ctx) error {
	id, err := idParam(c, "id")
	if err != nil {
		return err
	}
	did, err := idParam(c, "did")
	if err != nil {
		return err
	}
	var d deliveryRow
	err = w.db.RunInTx(c.UserContext(), func(ctx context.Context, tx database.Conn) (err error) {
		d, err = redeliver(ctx, tx, id, did, w.now())
		return err
	})
	if err != nil {
		return err
	}
	w.Wake()
	return rest.WriteData(c, fiber.StatusOK, toDeliveryJSON(d))
}
