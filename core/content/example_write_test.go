package content_test

import (
	"context"
	"time"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
)

// A plugin's model, filled by the core before Register (plugin.Bind).
var ex struct {
	svc           content.Door
	Event, Agenda *schema.ContentType // a collection type and a component
}

// A write names its fields with Go values of their kinds; relations by
// reference; components as writes of their own. Create and Update run it
// through every check and hook a client's body goes through, and refuse a
// misnamed field or a value of the wrong type with the body's 400.
func ExampleNewWrite() {
	ctx, start := context.Background(), time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)
	w := content.NewWrite(ex.Event).
		Set("title", "Kick-off").
		Set("startAt", start).
		Set("capacity", 12).
		SetRelation("program", content.ID(12)).
		Connect("learners", content.ID(7), content.DocumentID("k1v9tq0c2m8b4x6z3n5p7r0s")).
		Media("cover", 31).
		Component("agenda",
			content.NewWrite(ex.Agenda).Set("topic", "Welcome").Set("minutes", 15),
			content.NewWrite(ex.Agenda).Set("topic", "Goals").Set("minutes", 45))
	e, err := ex.svc.Create(ctx, &query.Query{Type: ex.Event, Fields: query.IDsOnly()}, w, content.ReadOptions{})
	if err != nil {
		return // a 400 naming the field, as a client's body would get
	}
	_, _ = ex.svc.Update(ctx, &query.Query{Type: ex.Event}, content.ID(e.ID),
		content.NewWrite(ex.Event).Disconnect("learners", content.ID(7)).Set("capacity", nil), content.ReadOptions{})
}
