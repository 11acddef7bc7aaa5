package plugin_test

import (
	"context"
	"encoding/json"
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
}
