package content

import (
	"context"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
)

// registerRules adds the program rule the schema format cannot say: a
// program does not end before it starts. It runs on every write of a
// program, whoever makes it, with the dates as they will be after the
// write (an update naming only one of them is checked against the other
// as stored).
func registerRules(api *plugin.API) {
	program := api.Schema.Type("program")
	start, end := program.Attr("startDate"), program.Attr("endDate")
	check := func(_ context.Context, ev *hook.Event) error {
		from, _ := ev.Value(start).(string)
		until, _ := ev.Value(end).(string)
		// Dates are kept as YYYY-MM-DD, which sort as text.
		if from != "" && until != "" && until < from {
			return errs.Fields([]errs.FieldError{{Path: []string{end.Name}, Name: "ValidationError",
				Message: "endDate must not be before startDate"}})
		}
		return nil
	}
	api.Hooks.BeforeCreate(program.Name, check)
	api.Hooks.BeforeUpdate(program.Name, check)
}
