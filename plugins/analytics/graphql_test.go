package analytics_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/dataset"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/plugins/analytics"
)

// TestDashboardOverGraphQL answers analyticsDashboard, the plugin's
// GraphQL field, with the same figures as GET /api/analytics/dashboard,
// with and without a window, under the same action.
func TestDashboardOverGraphQL(t *testing.T) {
	t.Parallel()
	p := analytics.New()
	p.Now = func() time.Time { return dataset.Reference }
	cfg := apptest.Config(t, database.SQLite)
	cfg.GraphQL.Enabled = true
	h := apptest.NewWith(t, cfg, p)
	if err := dataset.Load(context.Background(), h.App.Content, dataset.Generate(dataset.Small, 7), h.App.Accounts.RoleIDs, nil); err != nil {
		t.Fatal(err)
	}
	const selection = `{ programs { total byStatus { draft published archived } } customers { total active }
		learners { total active } coaches { total active utilization }
		enrollments { total byStatus { invited active completed dropped } completionRate meanProgress }
		events { next7Days } attendance { rate30Days } }`
	for _, c := range []struct{ rest, args string }{
		{"", ""},
		{"?from=2026-03-01&to=2026-06-15", `(from: "2026-03-01", to: "2026-06-15")`},
	} {
		r := h.Do("GET", "/api/analytics/dashboard"+c.rest, nil)
		var rest struct{ Data any }
		if err := json.Unmarshal(r.Body, &rest); err != nil || r.Status != 200 {
			t.Fatalf("REST: %d %s", r.Status, r.Body)
		}
		g := h.Do("POST", "/graphql", map[string]any{"query": "{ analyticsDashboard" + c.args + " " + selection + " }"})
		var gql struct {
			Data   struct{ AnalyticsDashboard any }
			Errors any
		}
		if err := json.Unmarshal(g.Body, &gql); err != nil || g.Status != 200 || gql.Errors != nil {
			t.Fatalf("GraphQL: %d %s", g.Status, g.Body)
		}
		if !reflect.DeepEqual(gql.Data.AnalyticsDashboard, rest.Data) {
			t.Errorf("window %q:\n GraphQL %v\n REST    %v", c.rest, gql.Data.AnalyticsDashboard, rest.Data)
		}
	}
	g := h.Do("POST", "/graphql", map[string]any{"query": "{ analyticsDashboard { events { next7Days } } }"}, "Authorization", apptest.Anonymous)
	if !strings.Contains(string(g.Body), `"code":"FORBIDDEN"`) {
		t.Errorf("the public: %d %s", g.Status, g.Body)
	}
	g = h.Do("POST", "/graphql", map[string]any{"query": `{ analyticsDashboard(from: "2026-06-15", to: "2026-03-01") { events { next7Days } } }`})
	if !strings.Contains(string(g.Body), `"code":"BAD_USER_INPUT"`) || !strings.Contains(string(g.Body), "from must not be after to") {
		t.Errorf("a window backwards: %d %s", g.Status, g.Body)
	}
}
