package scheduling

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
)

// myEventsField is GraphQL's myEvents(from, to, ...): the caller's
// events, as GET /api/events/me answers them, under the same action, with
// Event's selection, filters, sort and pagination (docs/graphql.md,
// "Plugins").
func (s *sched) myEventsField() plugin.GraphQLField {
	return plugin.GraphQLField{
		Field: "myEvents(from: String, to: String, filters: EventFiltersInput, pagination: PaginationArg = {}, " +
			"sort: [String] = [], status: PublicationStatus = PUBLISHED): [Event]!",
		Description: "The caller's events, as coach or as learner, in from..to (ISO 8601 dates or datetimes)",
		Action:      "scheduling.myEvents",
		Entries:     s.m.Event,
		ResolveEntries: func(c *fiber.Ctx, args map[string]any, q *query.Query) ([]*entry.Entry, error) {
			extra := map[string]string{}
			for _, k := range []string{"from", "to"} {
				if v, ok := args[k].(string); ok {
					extra[k] = v
				}
			}
			page, err := s.mine(c, q, extra)
			if err != nil {
				return nil, err
			}
			return page.Entries, nil
		},
	}
}
