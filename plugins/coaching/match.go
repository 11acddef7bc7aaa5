package coaching

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

const (
	defaultMatches = 10
	maxMatches     = 100
)

// matchBody is POST /api/coaches/match's body.
type matchBody struct {
	learner, program string // refs; program may be ""
	limit            int
}

// ranked is one entry of the answer.
type ranked struct {
	Coach json.RawMessage `json:"coach"`
	Score float64         `json:"score"`
	Parts Parts           `json:"parts"`
	Facts Facts           `json:"facts"`
}

// match answers POST /api/coaches/match {learner, program?, limit?}: the
// active coaches with free capacity who share a language with the learner,
// ranked by the score of docs/coaching.md, best first. With program, only
// that program's coaches are candidates. The query string may narrow the
// candidates (filters on coaches) and shape each coach (fields, populate).
// GraphQL's coachMatches answers the same (graphql.go).
func (k *coaching) match(c *fiber.Ctx) error {
	if err := refuseKeys(c, "matches are ordered by score and counted by the body's limit", "sort", "pagination"); err != nil {
		return err
	}
	q, err := k.api.Query(c, k.m.Coach)
	if err != nil {
		return err
	}
	body, err := matchBodyOf(c)
	if err != nil {
		return err
	}
	ro := k.api.ReadOptions(c)
	found, err := k.rankedCoaches(c.UserContext(), q, body, ro)
	if err != nil {
		return err
	}
	out := make([]ranked, len(found))
	for i, r := range found {
		out[i] = ranked{Coach: reply.EntryJSON(c, r.coach), Score: r.Score, Parts: r.Parts, Facts: r.Facts}
	}
	return reply.Data(c, fiber.StatusOK, out)
}

// rankedCoach is a match with its coach read through the client's query.
type rankedCoach struct {
	Match
	coach *content.Entry
}

// rankedCoaches ranks the candidates for the body's learner, q's filters
// narrowing them, and reads the body's limit of them, best first, through
// q (fields, populate) in one go.
//
// Statements: the learner, the program when given, the candidates, then
// one each for capacity, rules and events, and the page of coaches with
// their populated relations: never one per coach.
func (k *coaching) rankedCoaches(ctx context.Context, q *query.Query, body matchBody, ro content.ReadOptions) ([]rankedCoach, error) {
	learner, err := k.learnerProfile(ctx, body.learner, ro)
	if err != nil {
		return nil, err
	}
	filter, err := k.candidateFilter(ctx, q.Filters, body.program, ro)
	if err != nil {
		return nil, err
	}
	ids, err := k.candidateIDs(ctx, filter, ro)
	if err != nil {
		return nil, err
	}
	now := k.now().UTC()
	data, err := k.coachesData(ctx, ids, now, now.Add(horizon), ro)
	if err != nil {
		return nil, err
	}
	cands := make([]*Candidate, len(data))
	for i, d := range data {
		d.FreeTime = freeTime(d.Rules, d.rulesZone(), d.Busy, now, now.Add(horizon))
		cands[i] = &d.Candidate
	}
	matches := Rank(learner, cands, now)
	if len(matches) > body.limit {
		matches = matches[:body.limit]
	}
	out := make([]rankedCoach, 0, len(matches))
	if len(matches) == 0 {
		return out, nil
	}
	pick := make([]int64, len(matches))
	for i, m := range matches {
		pick[i] = m.Candidate.ID
	}
	entries, err := k.entries(ctx, q, pick, ro)
	if err != nil {
		return nil, err
	}
	for _, m := range matches {
		if e := entries[m.Candidate.ID]; e != nil {
			out = append(out, rankedCoach{m, e})
		}
	}
	return out, nil
}

// rulesZone is the zone a coach's weekly rules are read in: their own, UTC
// when they have none. A coach whose zone is unknown gets no time at all
// from the rules rather than a guess.
func (d *coachData) rulesZone() *time.Location {
	switch {
	case d.ZoneErr != nil:
		return nil
	case d.Location == nil:
		return time.UTC
	}
	return d.Location
}

// entries reads the entries of q's type with the ids, with q's fields and
// populate, by id.
func (k *coaching) entries(ctx context.Context, q *query.Query, ids []int64, ro content.ReadOptions) (map[int64]*content.Entry, error) {
	page := *q
	page.Filters, page.Sort, page.Pagination = query.In(schema.SysID, ids...), nil, query.Pagination{}
	list, err := k.api.Content.Find(ctx, &page, ro)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*content.Entry, len(list.Entries))
	for _, e := range list.Entries {
		out[e.ID] = e
	}
	return out, nil
}

// candidateFilter is the client's filter on coaches, ANDed with "active"
// and, when a program is named, "coaches that program".
func (k *coaching) candidateFilter(ctx context.Context, client *query.Filter, program string, ro content.ReadOptions) (*query.Filter, error) {
	conds := []*query.Filter{query.Eq(k.m.CoachActive, true)}
	if program != "" {
		id, err := k.resolve(ctx, k.m.Program, program, "program", ro)
		if err != nil {
			return nil, err
		}
		conds = append(conds, query.Eq(k.m.CoachPrograms, id))
	}
	return query.AndFilters(client, query.And(conds...)), nil
}

// learnerProfile reads the learner's goals, languages and zone. A learner
// the body names that does not exist, or that the caller cannot see, is a
// 400 on the body's field.
func (k *coaching) learnerProfile(ctx context.Context, ref string, ro content.ReadOptions) (Profile, error) {
	m := k.m
	id, err := k.resolve(ctx, m.Learner, ref, "learner", ro)
	if err != nil {
		return Profile{}, err
	}
	q := &query.Query{Type: m.Learner, Fields: []*schema.Attribute{m.LearnerGoals, m.LearnerLanguages, m.LearnerTimezone}}
	e, err := k.api.Content.Get(ctx, q, id, ro)
	if err != nil {
		return Profile{}, err
	}
	p := Profile{Goals: entryList(e, m.LearnerGoals), Languages: entryList(e, m.LearnerLanguages)}
	if zone, _ := entryValue(e, m.LearnerTimezone).(string); zone != "" {
		p.Location, _ = zoneOf(zone) // an unknown zone only costs the timezone part
	}
	return p, nil
}

// resolve turns a body's reference (an id or a documentId) into a row id
// the caller may see, in one query under their read options; anything
// else — nothing, or an entry they may not see — is the same 400 naming
// the field.
func (k *coaching) resolve(ctx context.Context, ct *schema.ContentType, ref, field string, ro content.ReadOptions) (int64, error) {
	ids, err := k.api.Content.Resolve(ctx, ct, []string{ref}, ro)
	if err != nil {
		return 0, err
	}
	id, ok := ids[ref]
	if !ok {
		return 0, bodyErr(field, ct.DisplayName+" "+strconv.Quote(ref)+" does not exist")
	}
	return id, nil
}

// matchBodyOf reads and checks the body; every mistake is a 400 naming the
// field.
func matchBodyOf(c *fiber.Ctx) (matchBody, error) {
	var raw map[string]any
	if err := reply.DecodeBody(c, &raw); err != nil {
		return matchBody{}, err
	}
	return matchBodyFrom(raw)
}

// matchBodyFrom checks a decoded body (numbers as json.Number): REST's,
// or coachMatches' arguments.
func matchBodyFrom(raw map[string]any) (matchBody, error) {
	if raw == nil {
		return matchBody{}, bodyErr("learner", "the body must be an object with a learner")
	}
	for key := range raw {
		if !slices.Contains([]string{"learner", "program", "limit"}, key) {
			return matchBody{}, errs.InvalidKey(key, key, "body", "")
		}
	}
	b := matchBody{limit: defaultMatches}
	var ok bool
	if b.learner, ok = refOf(raw["learner"]); !ok {
		return b, bodyErr("learner", "learner must be a learner's id or documentId")
	}
	if v, given := raw["program"]; given && v != nil {
		if b.program, ok = refOf(v); !ok {
			return b, bodyErr("program", "program must be a program's id or documentId, or null")
		}
	}
	if v, given := raw["limit"]; given {
		n, err := strconv.Atoi(numberText(v))
		if err != nil || n < 1 || n > maxMatches {
			return b, bodyErr("limit", "limit must be a whole number from 1 to 100")
		}
		b.limit = n
	}
	return b, nil
}

// refOf reads a reference: a positive whole number or a non-empty string.
func refOf(v any) (string, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := strconv.ParseInt(x.String(), 10, 64)
		return x.String(), err == nil && n > 0
	case string:
		return x, x != "" && len(x) <= 255
	}
	return "", false
}

func numberText(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return "not a number"
}

// bodyErr is a ValidationError on one body field, in the shape of the
// content service's.
func bodyErr(field, msg string) error {
	return errs.Fields([]errs.FieldError{errs.Field(field, msg)})
}

// entryValue is a loaded field of an entry (nil when absent).
func entryValue(e *content.Entry, a *schema.Attribute) any {
	v, _ := e.Get(a)
	return v
}

// entryList reads a loaded json field holding a list of strings.
func entryList(e *content.Entry, a *schema.Attribute) []string {
	raw, _ := entryValue(e, a).(json.RawMessage)
	return jsonStrings(raw)
}
