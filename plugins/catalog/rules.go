package catalog

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
func registerRules(api *plugin.API, m *model) {
	start, end := m.PrStart, m.PrEnd
	check := func(_ context.Context, ev *hook.Event) error {
		from, _ := ev.Value(start).(string)
		until, _ := ev.Value(end).(string)
		// Dates are kept as YYYY-MM-DD, which sort as text.
		if from != "" && until != "" && until < from {
			return errs.Fields([]errs.FieldError{errs.Field(end.Name, "endDate must not be before startDate")})
		}
		return nil
	}
	api.Before(hook.Create, m.Program, check)
	api.Before(hook.Update, m.Program, check)
}
