package rest_test

import (
	"context"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/plugins/all"
)

// newToken creates an API token through the admin route and returns its
// id and the token.
func newToken(t testing.TB, h *apptest.Harness, name, kind string, actions []string, lifespanMs any) (int64, string) {
	t.Helper()
	body := map[string]any{"name": name, "type": kind}
	if actions != nil {
		body["permissions"] = actions
	}
	if lifespanMs != nil {
		body["lifespan"] = lifespanMs
	}
	r := h.Do("POST", "/api/admin/api-tokens", body)
	if r.Status != 201 {
		t.Fatalf("creating token %s: %d %s", name, r.Status, r.Body)
	}
	data := r.JSON(t)["data"].(map[string]any)
	id, _ := data["id"].(json.Number).Int64()
	return id, data["accessKey"].(string)
}

var param = regexp.MustCompile(`:[A-Za-z]+`)

// tokenRoutes are the guarded rows of the table a token is checked on:
// every one but the sign-in routes, which never read a token.
func tokenRoutes(h *apptest.Harness) route.Table {
	return h.App.Routes.Where(func(r route.Route) bool {
		switch r.Action {
		case "", "auth.login", "auth.register", "auth.forgotPassword", "auth.resetPassword":
			return false
		}
		return true
	})
}

// callRoute calls a row at its listed path, its parameters 1 (or a file
// name), with an empty body for writes.
func callRoute(h *apptest.Harness, r route.Route, token string) *apptest.Response {
	path := param.ReplaceAllString(r.Listed(), "1")
	var body any
	if r.Method == "POST" || r.Method == "PUT" {
		body = map[string]any{"data": map[string]any{}}
	}
	return h.Do(r.Method, path, body, bearer(token)...)
}

func namespace(action string) string { ns, _, _ := strings.Cut(action, "."); return ns }

// TestAPITokenKindsOnEveryRoute generates its cases from the route table:
// each kind of token on every guarded route, allowed (anything but a
// 401/403 from the permission check) or refused (403 ForbiddenError), and
// an expired or revoked token refused with a 401 everywhere.
func TestAPITokenKindsOnEveryRoute(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := apptest.NewWith(t, apptest.Config(t, d), all.Plugins(nil)...)
			rows := tokenRoutes(h)
			// The table's own word on what a read is: an action all of whose
			// routes are GETs.
			onlyGet := map[string]bool{}
			for _, r := range rows {
				if _, seen := onlyGet[r.Action]; !seen {
					onlyGet[r.Action] = true
				}
				onlyGet[r.Action] = onlyGet[r.Action] && r.Method == "GET"
			}
			noToken := []string{"users", "roles", "auth", "apiTokens", "webhooks"}
			full := func(a string) bool { return !slices.Contains(noToken, namespace(a)) }
			custom := []string{"program.find", "users.find", "scheduling.sync", "coaching.available"}
			kinds := []struct {
				kind    string
				actions []string
				allowed func(string) bool
			}{
				{"read-only", nil, func(a string) bool { return full(a) && onlyGet[a] }},
				{"custom", custom, func(a string) bool { return slices.Contains(custom, a) }},
				{"full-access", nil, full},
			}
			// Routes about the caller's own user, which a token has not: their
			// handlers refuse it (401 without a user, 403 not the event's
			// coach) after the permission check let it through.
			needsUser := map[string]bool{"users.me": true, "auth.changePassword": true, "scheduling.calendarToken": true,
				"scheduling.myEvents": true}
			var allowedN, refusedN int
			for _, k := range kinds {
				_, token := newToken(t, h, k.kind, k.kind, k.actions, nil)
				for _, r := range rows {
					res := callRoute(h, r, token)
					what := k.kind + " " + r.Method + " " + r.Listed() + " (" + r.Action + ")"
					if k.allowed(r.Action) {
						allowedN++
						if (res.Status == 403 || res.Status == 401) && !needsUser[r.Action] {
							t.Errorf("%s: %d %s, want it allowed", what, res.Status, res.Body)
						}
						continue
					}
					refusedN++
					if st, name, _ := errorOf(t, res); res.Status != 403 || st != 403 || name != "ForbiddenError" {
						t.Errorf("%s: %d %s, want 403 ForbiddenError", what, res.Status, res.Body)
					}
				}
			}
			if allowedN < 50 || refusedN < 20 {
				t.Fatalf("only %d allowed and %d refused cases: the table was not walked", allowedN, refusedN)
			}

			_, expired := newToken(t, h, "expiring", "full-access", nil, 60_000)
			revokedID, revoked := newToken(t, h, "revoked", "full-access", nil, nil)
			if r := h.Do("DELETE", "/api/admin/api-tokens/"+itoa(revokedID), nil); r.Status != 200 {
				t.Fatalf("revoking: %d %s", r.Status, r.Body)
			}
			h.App.Security.APITokens.Now = func() time.Time { return time.Now().Add(time.Minute) }
			defer func() { h.App.Security.APITokens.Now = nil }()
			for _, r := range rows {
				for _, c := range []struct{ token, msg string }{{expired, "Token expired"}, {revoked, "Missing or invalid credentials"}} {
					res := callRoute(h, r, c.token)
					if st, name, msg := errorOf(t, res); res.Status != 401 || st != 401 || name != "UnauthorizedError" || msg != c.msg {
						t.Errorf("%s %s with a token that should say %q: %d %s", r.Method, r.Listed(), c.msg, res.Status, res.Body)
					}
				}
			}
			h.App.APITokens.Wait()
		})
	}
}

// TestAPITokenStoredHashed: the table holds the HMAC-SHA256 of the token
// under a key derived from the JWT secret with HKDF (docs/api-tokens.md),
// and nothing of the token itself; the token is shown once.
func TestAPITokenStoredHashed(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id, token := newToken(t, h, "site build", "read-only", nil, nil)
		if !regexp.MustCompile(`^kiln_[A-Za-z0-9_-]{43}$`).MatchString(token) {
			t.Fatalf("the token's shape: %q", token)
		}
		var name, kind, hash string
		var desc, actions *string
		row := h.App.DB.QueryRowContext(context.Background(),
			`SELECT "name", "description", "kind", "actions", "token_hash" FROM "kiln_api_tokens" WHERE "id" = ?`, id)
		if err := row.Scan(&name, &desc, &kind, &actions, &hash); err != nil {
			t.Fatal(err)
		}
		key, err := hkdf.Key(sha256.New, []byte(h.App.Config.Auth.JWTSecret), nil, "kiln api-token hash v1", 32)
		if err != nil {
			t.Fatal(err)
		}
		m := hmac.New(sha256.New, key)
		m.Write([]byte(token))
		if want := hex.EncodeToString(m.Sum(nil)); hash != want || name != "site build" || kind != "read-only" || actions != nil {
			t.Errorf("stored: name %q kind %q actions %v hash %q, want hash %q", name, kind, actions, hash, want)
		}
		for _, col := range []string{name, kind, hash} {
			if strings.Contains(col, token[5:15]) {
				t.Errorf("a column holds part of the token: %q", col)
			}
		}
		// Never shown again: not in the list, not in the entry.
		for _, p := range []string{"/api/admin/api-tokens", "/api/admin/api-tokens/" + itoa(id)} {
			r := h.Do("GET", p, nil)
			if r.Status != 200 || strings.Contains(string(r.Body), token) || strings.Contains(string(r.Body), "accessKey") {
				t.Errorf("GET %s: %d %s", p, r.Status, r.Body)
			}
		}
	})
}

// TestAPITokenAdminRoutes: only a role granted apiTokens.* ("*" here) may
// manage tokens; a signed-in learner gets 403, the public 401, a
// full-access token 403. Bad bodies are 400s in the envelope.
func TestAPITokenAdminRoutes(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id, token := newToken(t, h, "full", "full-access", nil, nil)
		learner := h.CreateUser("lea", "lea@kiln.test", "learner")
		routes := [][2]string{{"GET", "/api/admin/api-tokens"}, {"POST", "/api/admin/api-tokens"},
			{"GET", "/api/admin/api-tokens/" + itoa(id)}, {"DELETE", "/api/admin/api-tokens/" + itoa(id)}}
		for _, rt := range routes {
			for _, c := range []struct {
				who    []string
				status int
				name   string
			}{{bearer(learner), 403, "ForbiddenError"}, {anon, 401, "UnauthorizedError"}, {bearer(token), 403, "ForbiddenError"}} {
				r := h.Do(rt[0], rt[1], map[string]any{"name": "x", "type": "read-only"}, c.who...)
				if st, name, _ := errorOf(t, r); r.Status != c.status || st != c.status || name != c.name {
					t.Errorf("%s %s as %v: %d %s, want %d %s", rt[0], rt[1], c.who[1][:20], r.Status, r.Body, c.status, c.name)
				}
			}
		}
		bad := []struct {
			body map[string]any
			path string
		}{
			{map[string]any{"name": "full", "type": "read-only"}, "name"},
			{map[string]any{"name": "", "type": "read-only"}, "name"},
			{map[string]any{"type": "read-only"}, "name"},
			{map[string]any{"name": "a", "type": "admin"}, "type"},
			{map[string]any{"name": "a", "type": "custom"}, "permissions"},
			{map[string]any{"name": "a", "type": "custom", "permissions": []string{"program.find", "nope.find"}}, `permissions","1`},
			{map[string]any{"name": "a", "type": "custom", "permissions": []string{"apiTokens.create"}}, `permissions","0`},
			{map[string]any{"name": "a", "type": "read-only", "permissions": []string{"program.find"}}, "permissions"},
			{map[string]any{"name": "a", "type": "read-only", "lifespan": -5}, "lifespan"},
			{map[string]any{"name": "a", "type": "read-only", "lifespan": "soon"}, "lifespan"},
		}
		for _, b := range bad {
			r := h.Do("POST", "/api/admin/api-tokens", b.body)
			st, name, _ := errorOf(t, r)
			if r.Status != 400 || st != 400 || name != "ValidationError" || !strings.Contains(string(r.Body), `"path":["`+b.path+`"]`) {
				t.Errorf("POST %v: %d %s, want 400 ValidationError on %s", b.body, r.Status, r.Body, b.path)
			}
		}
		if r := h.Do("POST", "/api/admin/api-tokens", map[string]any{"name": "a", "type": "read-only", "role": "admin"}); r.Status != 400 {
			t.Errorf("an unknown key: %d %s", r.Status, r.Body)
		}
		for _, p := range []string{"/api/admin/api-tokens/999", "/api/admin/api-tokens/abc"} {
			if r := h.Do("GET", p, nil); r.Status != 404 {
				t.Errorf("GET %s: %d %s", p, r.Status, r.Body)
			}
		}
		r := h.Do("POST", "/api/admin/api-tokens", map[string]any{"name": "job", "description": "nightly", "type": "custom",
			"permissions": []string{"program.find", "users.find"}, "lifespan": 7 * 24 * 3600 * 1000})
		data := r.JSON(t)["data"].(map[string]any)
		if r.Status != 201 || data["type"] != "custom" || data["description"] != "nightly" || data["expiresAt"] == nil ||
			data["lastUsedAt"] != nil || len(data["permissions"].([]any)) != 2 {
			t.Errorf("created: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", "/api/admin/api-tokens/"+itoa(id), nil); r.Status != 200 || r.JSON(t)["data"].(map[string]any)["name"] != "full" {
			t.Errorf("revoking: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/programs", nil, bearer(token)...); r.Status != 401 {
			t.Errorf("the revoked token: %d %s", r.Status, r.Body)
		}
		list := h.Do("GET", "/api/admin/api-tokens", nil).JSON(t)["data"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["name"] != "job" {
			t.Errorf("the list after the revocation: %v", list)
		}
	})
}

// TestAPITokenUsersRoutes: the users and roles routes are no token kind's;
// a custom token has them when it lists them. A token has no user, so
// /users/me is Strapi's 401 even when listed.
func TestAPITokenUsersRoutes(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		_, full := newToken(t, h, "full", "full-access", nil, nil)
		_, read := newToken(t, h, "read", "read-only", nil, nil)
		_, users := newToken(t, h, "users", "custom", []string{"users.find", "users.me", "roles.find"}, nil)
		for _, tok := range []string{full, read} {
			for _, p := range []string{"/api/users", "/api/users/1", "/api/users/me", "/api/users-permissions/roles"} {
				if r := h.Do("GET", p, nil, bearer(tok)...); r.Status != 403 {
					t.Errorf("GET %s with a %s token: %d %s", p, tok[:8], r.Status, r.Body)
				}
			}
		}
		if r := h.Do("GET", "/api/users", nil, bearer(users)...); r.Status != 200 || !strings.Contains(string(r.Body), "admin@kiln.test") {
			t.Errorf("users.find listed: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/users-permissions/roles", nil, bearer(users)...); r.Status != 200 {
			t.Errorf("roles.find listed: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/users/1", nil, bearer(users)...); r.Status != 403 {
			t.Errorf("users.findOne not listed: %d %s", r.Status, r.Body)
		}
		r := h.Do("GET", "/api/users/me", nil, bearer(users)...)
		if st, name, _ := errorOf(t, r); r.Status != 401 || st != 401 || name != "UnauthorizedError" {
			t.Errorf("/users/me with a token: %d %s", r.Status, r.Body)
		}
	})
}

// TestAPITokenDraftsAndScopes: a read-only token reads drafts as Strapi's
// does, a custom one only with <type>.readDrafts; no ownership scope
// applies to a token, which has no user.
func TestAPITokenDraftsAndScopes(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		h.Do("POST", "/api/blueprints?status=draft", map[string]any{"data": map[string]any{"title": "draft one"}})
		_, read := newToken(t, h, "read", "read-only", nil, nil)
		_, find := newToken(t, h, "find", "custom", []string{"blueprint.find"}, nil)
		_, drafts := newToken(t, h, "drafts", "custom", []string{"blueprint.find", "blueprint.readDrafts", "learner.find"}, nil)
		for _, c := range []struct {
			token  string
			status int
		}{{read, 200}, {find, 403}, {drafts, 200}} {
			r := h.Do("GET", "/api/blueprints?status=draft", nil, bearer(c.token)...)
			if r.Status != c.status || (c.status == 200 && !strings.Contains(string(r.Body), "draft one")) {
				t.Errorf("drafts with %s: %d %s, want %d", c.token[:8], r.Status, r.Body, c.status)
			}
		}
		if r := h.Do("GET", "/api/blueprints", nil, bearer(find)...); r.Status != 200 || strings.Contains(string(r.Body), "draft one") {
			t.Errorf("published only: %d %s", r.Status, r.Body)
		}
		// learner is scoped to the caller's own record for the learner
		// role; a token sees every learner, as a learner of the role sees
		// none of these (not linked to them).
		lea := h.CreateUser("lea", "lea@kiln.test", "learner")
		h.Do("POST", "/api/learners", map[string]any{"data": map[string]any{"name": "Ada", "email": "ada@kiln.test"}})
		h.Do("POST", "/api/learners", map[string]any{"data": map[string]any{"name": "Bo", "email": "bo@kiln.test"}})
		r := h.Do("GET", "/api/learners", nil, bearer(drafts)...)
		if r.Status != 200 || len(ids(t, r)) != 2 {
			t.Errorf("learners with a token: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/learners", nil, bearer(lea)...); r.Status != 200 || len(ids(t, r)) != 0 {
			t.Errorf("the premise: the learner role is scoped: %d %s", r.Status, r.Body)
		}
	})
}

// TestAPITokenRateLimit: each token is counted under its own key with the
// perToken budget, apart from users and from other tokens.
func TestAPITokenRateLimit(t *testing.T) {
	t.Parallel()
	cfg := apptest.Config(t, database.SQLite)
	cfg.RateLimit.PerToken, cfg.RateLimit.PerUser = 2, 5
	h := apptest.NewWith(t, cfg)
	_, one := newToken(t, h, "one", "read-only", nil, nil)
	_, two := newToken(t, h, "two", "read-only", nil, nil)
	for i, want := range []int{200, 200, 429} {
		r := h.Do("GET", "/api/programs", nil, bearer(one)...)
		if r.Status != want || r.Header.Get("X-RateLimit-Limit") != "2" {
			t.Errorf("token one, request %d: %d limit %q", i+1, r.Status, r.Header.Get("X-RateLimit-Limit"))
		}
	}
	if r := h.Do("GET", "/api/programs", nil, bearer(two)...); r.Status != 200 || r.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("token two has its own counter: %d remaining %q", r.Status, r.Header.Get("X-RateLimit-Remaining"))
	}
	if r := h.Do("GET", "/api/programs", nil); r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "5" {
		t.Errorf("the admin's own counter: %d limit %q", r.Status, r.Header.Get("X-RateLimit-Limit"))
	}
}

// TestAPITokenLastUsed: the last-used time is written after the request,
// at most once a minute per token, and the request costs one query (the
// lookup by hash) on top of its own.
func TestAPITokenLastUsed(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		id, token := newToken(t, h, "used", "read-only", nil, nil)
		lastUsed := func() any {
			h.App.APITokens.Wait()
			return h.Do("GET", "/api/admin/api-tokens/"+itoa(id), nil).JSON(t)["data"].(map[string]any)["lastUsedAt"]
		}
		if lastUsed() != nil {
			t.Fatal("a new token has been used")
		}
		h.Do("GET", "/api/programs", nil, bearer(token)...)
		first := lastUsed()
		if first == nil {
			t.Fatal("no last-used time after a request")
		}
		// Each lookup is one query, or none when the cache answers it
		// (PostgreSQL, docs/identity-cache.md): the rest is the same.
		cache := h.App.Security.Principals
		lookups := func(do func()) int64 {
			_, before := cache.Stats()
			do()
			if cache == nil {
				return 1
			}
			_, after := cache.Stats()
			return after - before
		}
		q := h.CountQueries()
		tokenLookups := lookups(func() { h.Do("GET", "/api/programs", nil, bearer(token)...) })
		h.App.APITokens.Wait()
		withToken := q.N()
		q = h.CountQueries()
		jwtLookups := lookups(func() { h.Do("GET", "/api/programs", nil) }) // the admin's JWT
		jwt := q.N()
		if withToken-tokenLookups != jwt-jwtLookups {
			t.Errorf("a request with a token made %d queries (%d lookups), with a JWT %d (%d lookups): want the same besides the lookups", withToken, tokenLookups, jwt, jwtLookups)
		}
		if again := lastUsed(); again != first {
			t.Errorf("written again within the minute: %v then %v", first, again)
		}
		h.App.Security.APITokens.Now = func() time.Time { return time.Now().Add(2 * time.Minute) }
		defer func() { h.App.Security.APITokens.Now = nil }()
		h.Do("GET", "/api/programs", nil, bearer(token)...)
		if later := lastUsed(); later == first {
			t.Errorf("not written again after a minute: %v", later)
		}
	})
}

// TestAPITokenNumericNameIsRefused: a name made only of the digits 0-9 (a
// bare number `kiln token revoke` reads as an id) is a 400 on name, for
// every spelling generated; any other name is made. The reference is a
// regular expression on the trimmed name, not the rule's own code.
func TestAPITokenNumericNameIsRefused(t *testing.T) {
	t.Parallel()
	onlyDigits := regexp.MustCompile(`^[0-9]+$`)
	var names []string
	for _, core := range []string{"0", "7", "07", "42", "9223372036854775807", "99999999999999999999999"} {
		names = append(names, core, " "+core+" ", "\t"+core)
		for _, b := range []string{"+", "-", "a", ".", "e", "#", "_", "٣", "７"} {
			names = append(names, b+core, core+b)
		}
	}
	names = append(names, "٣", "７", "1e3", "0x1F", "7.0", "seven", "1 2")
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		made := 0
		for _, name := range names {
			r := h.Do("POST", "/api/admin/api-tokens", map[string]any{"name": name, "type": "read-only"})
			if !onlyDigits.MatchString(strings.TrimSpace(name)) {
				if r.Status != 201 {
					t.Errorf("name %q: %d %s, want 201", name, r.Status, r.Body)
				}
				made++
				continue
			}
			st, errName, msg, details := h.ErrorOf(r)
			list, _ := details["errors"].([]any)
			var path any
			if len(list) == 1 {
				path = list[0].(map[string]any)["path"]
			}
			if r.Status != 400 || st != 400 || errName != "ValidationError" ||
				msg != "name must not be only digits: a number names a token by its id" || !slices.Equal(toStrings(path), []string{"name"}) {
				t.Errorf("name %q: %d %s, want 400 ValidationError on name", name, r.Status, r.Body)
			}
		}
		if list := h.Do("GET", "/api/admin/api-tokens", nil).JSON(t)["data"].([]any); len(list) != made {
			t.Errorf("%d tokens made, want %d", len(list), made)
		}
	})
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, len(list))
	for i, x := range list {
		out[i], _ = x.(string)
	}
	return out
}
