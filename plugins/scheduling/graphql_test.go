package scheduling_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// TestMyEventsOverGraphQL answers myEvents, the plugin's GraphQL field,
// with the events GET /api/events/me answers for the same caller, window,
// filters, sort and page, and with the relations the selection asks,
// read within the caller's scopes.
func TestMyEventsOverGraphQL(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	cfg.GraphQL.Enabled = true
	h := apptest.NewWith(t, cfg, newPlugin())
	p := fixture(t, h)
	event(t, h, map[string]any{"title": "Kick-off", "startAt": at("09:00"), "endAt": at("10:00"), "coach": 1, "learners": []int{1, 2}})
	event(t, h, map[string]any{"title": "Feedback round", "startAt": at("11:00"), "endAt": at("12:00"), "coach": 1, "learners": []int{2}})
	event(t, h, map[string]any{"title": "Bob's clinic", "startAt": at("09:30"), "endAt": at("10:30"), "coach": 2, "learners": []int{1, 3}})
	for _, c := range []struct{ who, rest, args string }{
		{p.ada, "", ""},
		{p.li, "", ""},
		{p.ada, "?from=2030-01-10T10:00:00Z", `(from: "2030-01-10T10:00:00Z")`},
		{p.ada, "?filters[title][$containsi]=FEED", `(filters: {title: {containsi: "FEED"}})`},
		{p.ada, "?sort=startAt:desc&pagination[pageSize]=1&pagination[page]=2", `(sort: "startAt:desc", pagination: {pageSize: 1, page: 2})`},
	} {
		r := h.Do("GET", "/api/events/me"+c.rest+sep(c.rest)+"populate=learners", nil, as(c.who)...)
		var rest struct {
			Data []struct {
				DocumentID string `json:"documentId"`
				Title      string `json:"title"`
				Learners   []struct {
					Name string `json:"name"`
				} `json:"learners"`
			} `json:"data"`
		}
		if err := json.Unmarshal(r.Body, &rest); err != nil || r.Status != 200 {
			t.Fatalf("REST %s: %d %s", c.rest, r.Status, r.Body)
		}
		g := h.Do("POST", "/graphql", map[string]any{"query": "{ myEvents" + c.args + " { documentId title learners { name } } }"}, as(c.who)...)
		var gql struct {
			Data struct {
				MyEvents []struct {
					DocumentID string `json:"documentId"`
					Title      string `json:"title"`
					Learners   []struct {
						Name string `json:"name"`
					} `json:"learners"`
				} `json:"myEvents"`
			} `json:"data"`
			Errors any `json:"errors"`
		}
		if err := json.Unmarshal(g.Body, &gql); err != nil || g.Status != 200 || gql.Errors != nil {
			t.Fatalf("GraphQL %s: %d %s", c.args, g.Status, g.Body)
		}
		if len(rest.Data) == 0 && c.who == p.ada {
			t.Fatalf("REST %s answered no events: the comparison would prove nothing", c.rest)
		}
		if got, want := compactJSON(t, gql.Data.MyEvents), compactJSON(t, rest.Data); got != want {
			t.Errorf("%s as %.8s:\n GraphQL %s\n REST    %s", c.args, c.who, got, want)
		}
	}
	g := h.Do("POST", "/graphql", map[string]any{"query": `{ myEvents(from: "yesterday") { title } }`}, as(p.ada)...)
	if !reflect.DeepEqual(errorCode(t, g.Body), "BAD_USER_INPUT") {
		t.Errorf("a bad window: %s", g.Body)
	}
}

func sep(q string) string {
	if q == "" {
		return "?"
	}
	return "&"
}

func compactJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// errorCode is the first error's extensions.code of a GraphQL answer.
func errorCode(t *testing.T, body []byte) any {
	t.Helper()
	var out struct {
		Errors []struct {
			Extensions struct{ Code string } `json:"extensions"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Errors) == 0 {
		return nil
	}
	return out.Errors[0].Extensions.Code
}
