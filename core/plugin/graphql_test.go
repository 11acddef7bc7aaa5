package plugin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/pluginroutes"
	"github.com/kiln-cms/kiln/internal/rest"
)

// TestGraphQLFieldsOfPlugins: a plugin's field answers through its
// resolver, under its action, with its value written as the selection
// asks; a mistake in a field stops start-up naming the plugin.
func TestGraphQLFieldsOfPlugins(t *testing.T) {
	t.Parallel()
	echo := probe{name: "probe", register: func(api *plugin.API) error {
		return api.GraphQL(plugin.GraphQLField{
			Field:  "probeEcho(word: String!): ProbeEcho",
			Types:  "type ProbeEcho {\n  word: String!\n  length: Int!\n  letters: [String!]!\n}",
			Action: "probe.echo",
			Resolve: func(c *fiber.Ctx, args map[string]any) (any, error) {
				w := args["word"].(string)
				return struct {
					Word    string   `json:"word"`
					Length  int      `json:"length"`
					Letters []string `json:"letters"`
				}{w, len(w), strings.Split(w, "")}, nil
			},
		})
	}}
	cfg := apptest.Config(t, database.SQLite)
	cfg.GraphQL.Enabled = true
	h := apptest.NewWith(t, cfg, echo)
	r := h.Do("POST", "/graphql", map[string]any{"query": `{ probeEcho(word: "kiln") { __typename length letters } }`})
	if got := string(r.Body); r.Status != 200 || got != `{"data":{"probeEcho":{"__typename":"ProbeEcho","length":4,"letters":["k","i","l","n"]}}}` {
		t.Errorf("the admin: %d %s", r.Status, got)
	}
	r = h.Do("POST", "/graphql", map[string]any{"query": `{ probeEcho(word: "kiln") { word } }`}, "Authorization", apptest.Anonymous)
	var out map[string]any
	if err := json.Unmarshal(r.Body, &out); err != nil || !strings.Contains(string(r.Body), `"code":"FORBIDDEN"`) {
		t.Errorf("the public: %d %s", r.Status, r.Body)
	}

	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	resolve := func(*fiber.Ctx, map[string]any) (any, error) { return nil, nil }
	rows := func(*fiber.Ctx, map[string]any, *query.Query) ([]plugin.GraphQLRow, error) { return nil, nil }
	for _, c := range []struct {
		field plugin.GraphQLField
		want  string
	}{
		{plugin.GraphQLField{Field: "(x: Int): Int", Action: "bad.x", Resolve: resolve}, "has no name"},
		{plugin.GraphQLField{Field: "badX: Int", Action: "bad.x"}, "needs one resolver"},
		{plugin.GraphQLField{Field: "badX: Int", Action: "bad.x", Resolve: resolve,
			ResolveEntries: func(*fiber.Ctx, map[string]any, *query.Query) ([]*entry.Entry, error) { return nil, nil }}, "needs one resolver"},
		{plugin.GraphQLField{Field: "badX: [Event]!", Action: "bad.x",
			ResolveEntries: func(*fiber.Ctx, map[string]any, *query.Query) ([]*entry.Entry, error) { return nil, nil }}, "ResolveEntries goes with Entries"},
		{plugin.GraphQLField{Field: "badX: Int", Action: "other.x", Resolve: resolve}, `action "other.x" must start with "bad."`},
		{plugin.GraphQLField{Field: "badX: [BadRow]!", Action: "bad.x", Resolve: resolve, ResolveRows: rows}, "needs one resolver"},
		{plugin.GraphQLField{Field: "badX: [BadRow]!", Action: "bad.x", EntriesAt: "customer", ResolveRows: rows}, "ResolveRows goes with Entries"},
		{plugin.GraphQLField{Field: "badX: [BadRow]!", Action: "bad.x", Entries: h.App.Schema.Type("customer"), ResolveRows: rows}, "and EntriesAt"},
		{plugin.GraphQLField{Field: "badX: [Customer]!", Action: "bad.x", Entries: h.App.Schema.Type("customer"), EntriesAt: "customer",
			ResolveEntries: func(*fiber.Ctx, map[string]any, *query.Query) ([]*entry.Entry, error) { return nil, nil }}, "EntriesAt goes with ResolveRows"},
	} {
		bad := probe{name: "bad", register: func(api *plugin.API) error { return api.GraphQL(c.field) }}
		_, err := plugin.Load([]plugin.Plugin{bad}, h.App.Content, h.App.Security, pluginroutes.Shadows(rest.GeneratedRoutes(h.App.Schema, nil)), log, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.field.Field, err, c.want)
		}
	}
	// A field whose type the plugin does not define stops start-up.
	undefined := probe{name: "bad", register: func(api *plugin.API) error {
		return api.GraphQL(plugin.GraphQLField{Field: "badX: BadNothing", Action: "bad.x", Resolve: resolve})
	}}
	cfg.Database.URL = apptest.DatabaseURL(t, cfg, undefined)
	if _, err := app.New(context.Background(), cfg, log, undefined); err == nil || !strings.Contains(err.Error(), "with the fields of plugin bad") ||
		!strings.Contains(err.Error(), "BadNothing") {
		t.Errorf("an undefined type: %v", err)
	}
	// So does a field of rows whose type holds no field EntriesAt of the
	// entries' type.
	for _, c := range []struct{ types, at string }{
		{"type BadRow {\n  customer: Program\n  rank: Int!\n}", "customer"},
		{"type BadRow {\n  customer: [Customer]\n  rank: Int!\n}", "customer"},
		{"type BadRow {\n  customer: Customer\n  rank: Int!\n}", "client"},
		{"type BadRow {\n  customer: Customer!\n  rank: Int!\n}", "customer"},
	} {
		mismatched := probe{name: "bad", register: func(api *plugin.API) error {
			return api.GraphQL(plugin.GraphQLField{Field: "badX: [BadRow!]!", Types: c.types, Action: "bad.x",
				Entries: api.Schema.Type("customer"), EntriesAt: c.at, ResolveRows: rows})
		}}
		cfg.Database.URL = apptest.DatabaseURL(t, cfg, mismatched)
		if _, err := app.New(context.Background(), cfg, log, mismatched); err == nil || !strings.Contains(err.Error(), `plugin "bad": field badX answers rows of Customer entries, so its type BadRow needs a field `+c.at+": Customer (nullable)") {
			t.Errorf("rows without %s: Customer (%q): %v", c.at, c.types, err)
		}
	}
}

// TestGraphQLRowsOfPlugins: a plugin's field of rows answers each row's
// entry as the client selected it — relations populated for all the rows
// at once, one read however many rows — beside the plugin's values, under
// the field's action, with the field's filters compiled into the plugin's
// query.
func TestGraphQLRowsOfPlugins(t *testing.T) {
	t.Parallel()
	ranked := probe{name: "probe", register: func(api *plugin.API) error {
		return api.GraphQL(plugin.GraphQLField{
			Field:     "probeRanked(filters: CustomerFiltersInput, pagination: PaginationArg = {}): [ProbeRanked!]!",
			Types:     "type ProbeRanked {\n  rank: Int!\n  label: String\n  customer: Customer\n}",
			Action:    "probe.rank",
			Entries:   api.Schema.Type("customer"),
			EntriesAt: "customer",
			ResolveRows: func(c *fiber.Ctx, _ map[string]any, q *query.Query) ([]plugin.GraphQLRow, error) {
				page, err := api.Content.Find(c.UserContext(), q, api.ReadOptions(c))
				if err != nil {
					return nil, err
				}
				out := make([]plugin.GraphQLRow, len(page.Entries))
				for i, e := range page.Entries {
					out[i] = plugin.GraphQLRow{Entry: e, Values: map[string]any{"rank": i + 1, "label": "#" + e.DocumentID[:2]}}
				}
				return out, nil
			},
		})
	}}
	cfg := apptest.Config(t, database.SQLite)
	cfg.GraphQL.Enabled = true
	h := apptest.NewWith(t, cfg, ranked)
	for _, name := range []string{"Acme", "Globex", "Initech"} {
		customer := h.Create("/api/customers", map[string]any{"name": name})
		h.Create("/api/programs", map[string]any{"title": name + " onboarding", "customer": customer})
	}
	const q = `{ probeRanked(filters: {name: {ne: "Globex"}}) { rank __typename c: customer { name programs { title } } customer { __typename name } } }`
	c := h.CountQueries()
	r := h.Do("POST", "/graphql", map[string]any{"query": q})
	want := `{"data":{"probeRanked":[` +
		`{"rank":1,"__typename":"ProbeRanked","c":{"name":"Acme","programs":[{"title":"Acme onboarding"}]},"customer":{"__typename":"Customer","name":"Acme"}},` +
		`{"rank":2,"__typename":"ProbeRanked","c":{"name":"Initech","programs":[{"title":"Initech onboarding"}]},"customer":{"__typename":"Customer","name":"Initech"}}]}}`
	if r.Status != 200 || string(r.Body) != want {
		t.Errorf("the admin:\n got %d %s\nwant %s", r.Status, r.Body, want)
	}
	few := c.N()
	for i := 0; i < 10; i++ {
		customer := h.Create("/api/customers", map[string]any{"name": fmt.Sprint("Extra ", i)})
		h.Create("/api/programs", map[string]any{"title": fmt.Sprint("Extra ", i), "customer": customer})
	}
	before := c.N()
	if r := h.Do("POST", "/graphql", map[string]any{"query": q}); r.Status != 200 || strings.Count(string(r.Body), `"rank"`) != 10 {
		t.Errorf("twelve customers, a page of ten: %d %s", r.Status, r.Body)
	}
	if many := c.N() - before; many != few {
		t.Errorf("%d statements for two rows, %d for ten", few, many)
	}
	r = h.Do("POST", "/graphql", map[string]any{"query": `{ probeRanked { rank } }`}, "Authorization", apptest.Anonymous)
	if !strings.Contains(string(r.Body), `"code":"FORBIDDEN"`) {
		t.Errorf("the public: %d %s", r.Status, r.Body)
	}
}
