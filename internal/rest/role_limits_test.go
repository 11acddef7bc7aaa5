package rest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
)

// limitRoles are appended to the shipped permissions for the budget
// tests: one with both limits of its own, one with rows only and one with
// bytes only, each above the server's (a role's own limit is taken as
// written).
const limitRoles = `
  reviewer:
    actions: [category.find, blueprint.find]
    limits: {maxAnswerRows: 300, maxAnswerBytes: 8192}
  auditor:
    actions: [category.find, blueprint.find]
    limits: {maxAnswerRows: 12000}
  archivist:
    actions: [category.find, blueprint.find]
    limits: {maxAnswerBytes: 1048576}
`

// The server's limits (api.yaml) in the budget tests: rows above the
// cautious default, so that the two differ; bytes below it, so that the
// cautious roles take the server's.
const (
	serverRows  = 8000
	serverBytes = 64 << 10
)

// wantLimits is the rule of docs/permissions.md, written out: a role's
// own limits where it sets them; otherwise 5,000 entries and 4 MiB for
// public and authenticated (never above the server's), and the server's
// for every other role and for API tokens.
func wantLimits(role string) (rows, bytes int) {
	own := map[string][2]int{"reviewer": {300, 8192}, "auditor": {12000, 0}, "archivist": {0, 1 << 20}}[role]
	rows, bytes = serverRows, serverBytes
	if role == auth.Public || role == auth.Authenticated {
		rows, bytes = min(5000, serverRows), min(4<<20, serverBytes)
	}
	if own[0] > 0 {
		rows = own[0]
	}
	if own[1] > 0 {
		bytes = own[1]
	}
	return rows, bytes
}

// categoryTree is a populate of categories through parent and children,
// five levels deep on every branch, with "*" (parent, children and
// blueprints) below each: 62 + 96 = 158 relations populated per entry.
func categoryTree() (string, int) {
	var keys []string
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		for _, r := range []string{"parent", "children"} {
			if next := prefix + "[" + r + "]"; depth == 4 {
				keys = append(keys, next+"[populate]=*")
			} else {
				walk(next+"[populate]", depth+1)
			}
		}
	}
	walk("populate", 0)
	return strings.Join(keys, "&"), 62 + 96
}

// caller is who a budget test sends a request as.
type caller struct {
	name, role string
	auth       []string
}

// limitCallers are every role of the permissions file (the shipped ones
// and limitRoles) and an API token.
func limitCallers(t *testing.T, h *apptest.Harness) []caller {
	var out []caller
	for _, r := range h.App.Security.Policy.Roles() {
		c := caller{name: r.Type, role: r.Type, auth: []string{"Authorization", apptest.Anonymous}}
		if r.Type != auth.Public {
			c.auth = bearer(h.CreateUser("as-"+r.Type, r.Type+"@limits.test", r.Type))
		}
		out = append(out, c)
	}
	_, token := newToken(t, h, "reader", "read-only", nil, nil)
	return append(out, caller{name: "API token", role: "", auth: bearer(token)})
}

// TestAnswerLimitsByRole: every role of config/permissions.yaml, and an
// API token, reads under its own answer limits, as the rule says (the
// table is wantLimits, computed apart from the server's code). The row
// limit is seen in the 400 of a populate whose estimate passes every
// role's, refused without a statement; the byte limit in answers just
// under and over it.
func TestAnswerLimitsByRole(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			cfg := apptest.ConfigWithRoles(t, d, limitRoles)
			cfg.API.MaxAnswerRows, cfg.API.MaxAnswerBytes = serverRows, serverBytes
			h := apptest.NewWith(t, cfg)
			long := strings.Repeat("x", 2000)
			for i := range 40 {
				h.Create("/api/categories", map[string]any{"name": fmt.Sprintf("Category %02d", i), "description": long})
			}
			tree, relations := categoryTree()
			estimate := 100 * (1 + relations)
			callers := limitCallers(t, h)
			var archivist []string // reads up to 1 MiB: the answers' reference
			for _, c := range callers {
				if c.role == "archivist" {
					archivist = c.auth
				}
			}
			for _, c := range callers {
				rows, bytes := wantLimits(c.role)
				if c.role == "" {
					rows, bytes = serverRows, serverBytes
				}
				// The tree costs the statements of a request refused right
				// after the caller is known (their user, when not cached),
				// and none of its own. Sent in turns, as background work
				// (a token's last-used write, an identity cache catching
				// up) may read meanwhile: one turn where both agree will do.
				count := func(path string) (*apptest.Response, int64) {
					cnt := h.CountQueries()
					r := h.Do("GET", path, nil, c.auth...)
					return r, cnt.N()
				}
				var r *apptest.Response
				var base, n int64
				for range 5 {
					_, base = count("/api/categories?sort=nosuchfield")
					if r, n = count("/api/categories?pagination[pageSize]=100&" + tree); n == base {
						break
					}
				}
				st, name, msg, details := h.ErrorOf(r)
				want := fmt.Sprintf("The answer would hold more than %d entries", rows)
				if st != 400 || name != "ValidationError" || !strings.HasPrefix(msg, want) ||
					fmt.Sprint(details) != fmt.Sprintf("map[estimate:%d limit:%d setting:maxAnswerRows]", estimate, rows) {
					t.Errorf("%s: the tree: %d %s %q %v, want 400 %q with limit %d", c.name, st, name, msg, details, want, rows)
				}
				if n != base {
					t.Errorf("%s: the refused tree sent %d statements, a refusal %d", c.name, n, base)
				}
				// 5 categories with their descriptions: about 10 KB; 40: 80 KB.
				for _, size := range []int{5, 40} {
					path := fmt.Sprintf("/api/categories?pagination[pageSize]=%d&fields[0]=description", size)
					whole := h.Do("GET", path, nil, archivist...)
					if whole.Status != 200 {
						t.Fatalf("the reference read: %d %.300s", whole.Status, whole.Body)
					}
					r := h.Do("GET", path, nil, c.auth...)
					if len(whole.Body) <= bytes {
						if r.Status != 200 || string(r.Body) != string(whole.Body) {
							t.Errorf("%s: %d bytes within %d: %d %.200s", c.name, len(whole.Body), bytes, r.Status, r.Body)
						}
						continue
					}
					st, _, msg, details := h.ErrorOf(r)
					if st != 400 || msg != fmt.Sprintf("The answer would be larger than %d bytes: ask for fewer entries with pagination, fields or a narrower populate", bytes) ||
						fmt.Sprint(details) != fmt.Sprintf("map[limit:%d setting:maxAnswerBytes]", bytes) {
						t.Errorf("%s: %d bytes past %d: %d %q %v", c.name, len(whole.Body), bytes, st, msg, details)
					}
				}
			}
		})
	}
}
