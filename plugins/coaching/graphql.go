package coaching

import (
	"encoding/json"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
)

// The plugin's GraphQL fields (docs/graphql.md, "Plugins"), each the
// answer of one REST route under that route's action, made by the same
// functions:
//
//	coachMatches      POST /api/coaches/match       coaching.match
//	availableCoaches  GET  /api/coaches/available   coaching.available
//	myLearners        GET  /api/coaches/me/learners coaching.myLearners

// matchTypes are coachMatches' rows: a coach, as the client selects it,
// with its score, the score's parts and the facts behind them (score.go).
const matchTypes = `type CoachingMatch {
  coach: Coach
  score: Float!
  parts: CoachingMatchParts!
  facts: CoachingMatchFacts!
}
type CoachingMatchParts {
  expertise: Float!
  language: Float!
  timezone: Float!
  capacity: Float!
  availability: Float!
}
type CoachingMatchFacts {
  sharedExpertise: [String!]!
  sharedLanguages: [String!]!
  timezoneHours: Float
  freeCapacity: Int!
  freeHours: Float!
}`

// availableTypes are availableCoaches' rows: a coach and their first free
// slots, as REST writes them (RFC 3339 in UTC, and on the coach's wall
// clock).
const availableTypes = `type CoachingAvailableCoach {
  coach: Coach
  slots: [CoachingSlot!]!
}
type CoachingSlot {
  start: String!
  end: String!
  localStart: String!
  localEnd: String!
  minutes: Int!
}`

// graphQLFields are the plugin's fields.
func (k *coaching) graphQLFields() []plugin.GraphQLField {
	return []plugin.GraphQLField{k.matchField(), k.availableField(), k.myLearnersField()}
}

// matchField is coachMatches(learner, program, limit, filters): POST
// /api/coaches/match's ranking, its body's fields as arguments and its
// query string's filters on coaches as filters; the client's selection
// of coach stands for fields and populate. It is a query though REST
// matches by POST: matching reads and ranks and writes nothing (POST is
// REST's for the body), so a GraphQL client may cache and batch it as any
// read.
func (k *coaching) matchField() plugin.GraphQLField {
	return plugin.GraphQLField{
		Field: "coachMatches(learner: ID!, program: ID, limit: Int, filters: CoachFiltersInput): [CoachingMatch!]!",
		Types: matchTypes,
		Description: "The active coaches with free capacity who share a language with the learner (an id or documentId), " +
			"best first, with each score's parts; program keeps to that program's coaches, limit is 1 to 100 (10 when not given)",
		Action:    "coaching.match",
		Entries:   k.m.Coach,
		EntriesAt: "coach",
		ResolveRows: func(c *fiber.Ctx, args map[string]any, q *query.Query) ([]plugin.GraphQLRow, error) {
			// The arguments as REST's body holds them, checked by the
			// same code; null is as good as not given.
			raw := map[string]any{}
			for _, key := range []string{"learner", "program", "limit"} {
				if v := args[key]; v != nil {
					raw[key] = bodyValue(v)
				}
			}
			if s, ok := raw["limit"].(string); ok {
				raw["limit"] = json.Number(s) // an Int variable written as its text, which gqlparser lets through
			}
			body, err := matchBodyFrom(raw)
			if err != nil {
				return nil, err
			}
			found, err := k.rankedCoaches(c.UserContext(), q, body, k.api.ReadOptions(c))
			if err != nil {
				return nil, err
			}
			rows := make([]plugin.GraphQLRow, len(found))
			for i, r := range found {
				// REST's item, by the same JSON names; its coach is the row's Entry.
				rows[i] = plugin.GraphQLRow{Entry: r.coach, Values: ranked{Score: r.Score, Parts: r.Parts, Facts: r.Facts}}
			}
			return rows, nil
		},
	}
}

// availableField is availableCoaches(from, to, duration, expertise,
// language, filters, pagination): GET /api/coaches/available's coaches,
// its query parameters as arguments, earliest first slot first (so no
// sort, as REST refuses it).
func (k *coaching) availableField() plugin.GraphQLField {
	return plugin.GraphQLField{
		Field: "availableCoaches(from: String, to: String, duration: Int, expertise: String, language: String, " +
			"filters: CoachFiltersInput, pagination: PaginationArg = {}): [CoachingAvailableCoach!]!",
		Types: availableTypes,
		Description: "The active coaches with at least one free slot of duration minutes (30 when not given) in from..to " +
			"(ISO 8601 dates or datetimes; now to a week later when not given), with their first slots, earliest first",
		Action:    "coaching.available",
		Entries:   k.m.Coach,
		EntriesAt: "coach",
		ResolveRows: func(c *fiber.Ctx, args map[string]any, q *query.Query) ([]plugin.GraphQLRow, error) {
			// The arguments as REST's query string holds them, for windowOf
			// and freeCoaches to read.
			extra := map[string]string{}
			for _, key := range []string{"from", "to", "duration", "expertise", "language"} {
				switch v := args[key].(type) {
				case string:
					extra[key] = v
				case int64:
					extra[key] = strconv.FormatInt(v, 10)
				case json.Number:
					extra[key] = v.String()
				}
			}
			ctx, ro := c.UserContext(), k.api.ReadOptions(c)
			found, err := k.availableCoaches(ctx, q.Filters, extra, ro)
			if err != nil {
				return nil, err
			}
			page, err := k.availablePage(ctx, q, found, ro)
			if err != nil {
				return nil, err
			}
			rows := make([]plugin.GraphQLRow, len(page))
			for i, f := range page {
				rows[i] = plugin.GraphQLRow{Entry: f.entry, Values: map[string]any{"slots": slotsJSON(f.slots, f.loc)}}
			}
			return rows, nil
		},
	}
}

// myLearnersField is myLearners(filters, pagination, sort): GET
// /api/coaches/me/learners, the learners of the coach linked to the
// caller's user, with Learner's selection, filters, sort and pagination.
func (k *coaching) myLearnersField() plugin.GraphQLField {
	return plugin.GraphQLField{
		Field:       "myLearners(filters: LearnerFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): [Learner]!",
		Description: "The learners of the coach linked to the caller's user",
		Action:      "coaching.myLearners",
		Entries:     k.m.Learner,
		ResolveEntries: func(c *fiber.Ctx, _ map[string]any, q *query.Query) ([]*entry.Entry, error) {
			ctx, ro := c.UserContext(), k.api.ReadOptions(c)
			coach, err := k.callersCoach(ctx, k.api.Caller(c).UserID, ro)
			if err != nil {
				return nil, err
			}
			page, err := k.coachLearners(ctx, q, coach, ro)
			if err != nil {
				return nil, err
			}
			return page.Entries, nil
		},
	}
}

// bodyValue is a GraphQL argument as a decoded JSON body holds it: a
// number (an Int, or an ID written as one) as a json.Number.
func bodyValue(v any) any {
	switch x := v.(type) {
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	case int:
		return json.Number(strconv.Itoa(x))
	case float64:
		return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
	}
	return v
}
