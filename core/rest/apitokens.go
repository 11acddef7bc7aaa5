package rest

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/principal"
	"github.com/kiln-cms/kiln/core/route"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// APITokens makes, checks and revokes API tokens (docs/api-tokens.md). The
// token table lives in core/store; what each kind may do is auth's
// TokenRules, derived from the route table once it exists (SetRoutes).
type APITokens struct {
	DB     *database.DB
	Hasher *auth.APITokenHasher
	Log    *slog.Logger
	// Now is the clock (time.Now when nil), replaceable to age tokens.
	Now func() time.Time
	// Rules are set by SetRoutes; until then no token may do anything.
	Rules *auth.TokenRules
	// Cache, when set, answers the lookup by hash from memory while it is
	// trusted (core/principal); nil reads the table on every request.
	Cache *principal.Cache

	// touched is when this instance last wrote each token's last-used
	// time, so that a token in use is written at most once a minute.
	mu       sync.Mutex
	touched  map[int64]time.Time
	touching sync.WaitGroup
}

// touchEvery is how stale a token's last-used time may get: a busy
// token costs one write a minute, not one per request.
const touchEvery = time.Minute

// touchTimeout bounds a last-used write, which runs after its request.
const touchTimeout = 5 * time.Second

func (t *APITokens) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// SetRoutes derives the token rules from the route table and the schema's
// draft & publish types: the one list of actions there is.
func (t *APITokens) SetRoutes(table route.Table, s *schema.Schema) {
	rows := make([]auth.TokenRoute, 0, len(table))
	for _, r := range table {
		rows = append(rows, auth.TokenRoute{Method: r.Method, Action: r.Action})
	}
	var drafts []string
	for _, ct := range s.Types {
		if ct.DraftAndPublish {
			drafts = append(drafts, ct.Name)
		}
	}
	t.Rules = auth.TokenRulesFrom(rows, drafts)
}

// TokenCaller is the API token a request came with.
type TokenCaller struct {
	ID      int64
	Kind    string
	Actions []string // custom tokens only
}

// Allows reports whether the token may take action.
func (t *APITokens) Allows(tc *TokenCaller, action string) bool {
	return t.Rules != nil && t.Rules.Allows(tc.Kind, tc.Actions, action)
}

// invalidToken is the one answer for a token that is not (or no longer)
// in the table: never issued, mistyped or revoked.
func invalidToken() error {
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
}

// authenticate looks the token up (one indexed query by its hash, or the
// cache on PostgreSQL: docs/identity-cache.md) and returns its caller, or
// the 401 to answer.
func (t *APITokens) authenticate(ctx context.Context, token string) (*TokenCaller, error) {
	lookup := func(ctx context.Context, hash string) (*store.APIToken, error) {
		return store.APITokenByHash(ctx, t.DB, hash)
	}
	if t.Cache != nil {
		lookup = t.Cache.Token
	}
	row, err := lookup(ctx, t.Hasher.Hash(token))
	switch {
	case errs.KindOf(err) == errs.KindNotFound:
		return nil, invalidToken()
	case err != nil:
		return nil, err
	}
	now := t.now()
	if row.ExpiresAt != nil && !now.Before(*row.ExpiresAt) {
		// Strapi's words; the caller holds the token, so saying why it
		// stopped working tells them nothing they could misuse.
		return nil, errs.New(errs.KindUnauthorized, "Token expired")
	}
	t.touch(row, now)
	return &TokenCaller{ID: row.ID, Kind: row.Kind, Actions: row.Actions}, nil
}

// touch writes the token's last-used time in the background when both
// the row and this instance's memory say it is older than touchEvery:
// never a write per request, never a request waiting for a write.
func (t *APITokens) touch(row *store.APIToken, now time.Time) {
	if row.LastUsedAt != nil && now.Sub(*row.LastUsedAt) < touchEvery {
		return
	}
	t.mu.Lock()
	if t.touched == nil {
		t.touched = map[int64]time.Time{}
	}
	if last, ok := t.touched[row.ID]; ok && now.Sub(last) < touchEvery {
		t.mu.Unlock()
		return
	}
	t.touched[row.ID] = now
	t.mu.Unlock()
	t.touching.Add(1)
	go func() {
		defer t.touching.Done()
		ctx, cancel := context.WithTimeout(context.Background(), touchTimeout)
		defer cancel()
		if err := store.TouchAPIToken(ctx, t.DB, row.ID, now); err != nil && t.Log != nil {
			t.Log.Warn("recording an API token's last use", "token", row.ID, "err", err)
		}
	}()
}

// Wait blocks until the last-used writes started so far are done.
func (t *APITokens) Wait() { t.touching.Wait() }

// Create makes a token and returns its row and the token itself, which
// exists nowhere else: only its hash is stored. lifespan 0 is a token that
// never expires.
func (t *APITokens) Create(ctx context.Context, name, description, kind string, actions []string, lifespan time.Duration) (*store.APIToken, string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 255 {
		return nil, "", fieldError("name", "name must be 1 to 255 characters", name)
	}
	if auth.NumericTokenName(name) {
		return nil, "", fieldError("name", "name must not be only digits: a number names a token by its id", name)
	}
	switch kind {
	case auth.ReadOnly, auth.FullAccess:
		if len(actions) > 0 {
			return nil, "", fieldError("permissions", "only a custom token lists its actions", actions)
		}
		actions = nil
	case auth.Custom:
		if t.Rules == nil {
			return nil, "", errs.New(errs.KindInternal, "the token rules are not set")
		}
		if msg := t.Rules.CheckCustom(actions); msg != "" {
			return nil, "", fieldError("permissions", msg, actions)
		}
	default:
		return nil, "", fieldError("type", "type must be one of read-only, full-access, custom", kind)
	}
	if lifespan < 0 {
		return nil, "", fieldError("lifespan", "lifespan must be positive, or null for a token that never expires", lifespan.Milliseconds())
	}
	token, err := auth.NewAPIToken()
	if err != nil {
		return nil, "", err
	}
	row := store.APIToken{Name: name, Description: description, Kind: kind, Actions: actions, Hash: t.Hasher.Hash(token)}
	if lifespan > 0 {
		exp := t.now().Add(lifespan)
		row.ExpiresAt = &exp
	}
	created, err := store.CreateAPIToken(ctx, t.DB, row)
	if err != nil {
		return nil, "", err
	}
	return created, token, nil
}

func fieldError(field, msg string, value any) error {
	return errs.Fields([]errs.FieldError{{Path: []string{field}, Message: msg, Name: "ValidationError", Value: value}})
}

// The admin routes of API tokens. Their actions are granted by a role's
// "*", "apiTokens.*" or the action itself; no token kind implies them, so
// a token never makes or revokes tokens.
const pathAPITokens = "/admin/api-tokens"

func (s *Security) apiTokenRoutes() route.Table {
	rows := []struct {
		method, path, action string
		handler              fiber.Handler
	}{
		{fiber.MethodGet, pathAPITokens, "apiTokens.find", s.listAPITokens},
		{fiber.MethodPost, pathAPITokens, "apiTokens.create", s.createAPIToken},
		{fiber.MethodGet, pathAPITokens + "/:id", "apiTokens.findOne", s.getAPIToken},
		{fiber.MethodDelete, pathAPITokens + "/:id", "apiTokens.delete", s.deleteAPIToken},
	}
	out := make(route.Table, len(rows))
	for i, r := range rows {
		out[i] = route.Route{Method: r.method, Path: r.path, Prefixes: route.API, Action: r.action,
			Source: route.SourceCore, Handlers: []fiber.Handler{r.handler}}
	}
	return out
}

// APITokenJSON is a token as the admin routes answer it, in Strapi's
// words; AccessKey only in the answer that creates it.
type APITokenJSON struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	ExpiresAt   *string  `json:"expiresAt"`
	LastUsedAt  *string  `json:"lastUsedAt"`
	CreatedAt   string   `json:"createdAt"`
	AccessKey   string   `json:"accessKey,omitempty"`
}

// TokenJSON is row as the admin routes and `kiln token list` show it.
func TokenJSON(row *store.APIToken) APITokenJSON {
	stamp := func(t *time.Time) *string {
		if t == nil {
			return nil
		}
		s := t.UTC().Format("2006-01-02T15:04:05.000Z")
		return &s
	}
	perms := row.Actions
	if perms == nil {
		perms = []string{}
	}
	return APITokenJSON{ID: row.ID, Name: row.Name, Description: row.Description, Type: row.Kind, Permissions: perms,
		ExpiresAt: stamp(row.ExpiresAt), LastUsedAt: stamp(row.LastUsedAt), CreatedAt: *stamp(&row.CreatedAt)}
}

func (s *Security) listAPITokens(c *fiber.Ctx) error {
	if err := s.Allow(c, "apiTokens.find"); err != nil {
		return err
	}
	rows, err := store.APITokens(c.UserContext(), s.APITokens.DB)
	if err != nil {
		return err
	}
	out := make([]APITokenJSON, len(rows))
	for i, r := range rows {
		out[i] = TokenJSON(r)
	}
	return c.JSON(fiber.Map{"data": out, "meta": fiber.Map{}})
}

// tokenID reads the :id of a token route: a positive integer, else 404,
// as an id that names no token.
func tokenID(c *fiber.Ctx) (int64, error) {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, errs.NotFound()
	}
	return id, nil
}

func (s *Security) getAPIToken(c *fiber.Ctx) error {
	if err := s.Allow(c, "apiTokens.findOne"); err != nil {
		return err
	}
	id, err := tokenID(c)
	if err != nil {
		return err
	}
	row, err := store.APITokenByID(c.UserContext(), s.APITokens.DB, id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": TokenJSON(row), "meta": fiber.Map{}})
}

func (s *Security) deleteAPIToken(c *fiber.Ctx) error {
	if err := s.Allow(c, "apiTokens.delete"); err != nil {
		return err
	}
	id, err := tokenID(c)
	if err != nil {
		return err
	}
	row, err := store.DeleteAPIToken(c.UserContext(), s.APITokens.DB, id)
	// Refused on this node's next request, committed or not: forgetting
	// too much costs a read.
	s.APITokens.Cache.InvalidateTokens()
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": TokenJSON(row), "meta": fiber.Map{}})
}

// createBody is POST /api/admin/api-tokens's body, Strapi's admin shape:
// lifespan in milliseconds, null or absent for a token that never expires.
type createBody struct {
	Name        *string  `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	Lifespan    *int64   `json:"lifespan"`
}

func (s *Security) createAPIToken(c *fiber.Ctx) error {
	if err := s.Allow(c, "apiTokens.create"); err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := DecodeBody(c, &raw); err != nil {
		return err
	}
	for k := range raw {
		switch k {
		case "name", "description", "type", "permissions", "lifespan":
		default:
			return errs.InvalidKey(k, k, "body", "").WithValid(k, []string{"name", "description", "type", "permissions", "lifespan"})
		}
	}
	var in createBody
	for k, v := range raw {
		var dst any
		switch k {
		case "name":
			dst = &in.Name
		case "description":
			dst = &in.Description
		case "type":
			dst = &in.Type
		case "permissions":
			dst = &in.Permissions
		case "lifespan":
			dst = &in.Lifespan
		}
		if string(v) == "null" && k != "lifespan" && k != "permissions" {
			continue
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return fieldError(k, k+" has the wrong type", nil)
		}
	}
	if in.Name == nil {
		return fieldError("name", "name is required", nil)
	}
	if in.Type == "" {
		return fieldError("type", "type is required", nil)
	}
	var lifespan time.Duration
	if in.Lifespan != nil {
		if *in.Lifespan <= 0 || *in.Lifespan > int64(100*365*24*time.Hour/time.Millisecond) {
			return fieldError("lifespan", "lifespan must be a positive number of milliseconds, or null for a token that never expires", *in.Lifespan)
		}
		lifespan = time.Duration(*in.Lifespan) * time.Millisecond
	}
	row, token, err := s.APITokens.Create(c.UserContext(), *in.Name, in.Description, in.Type, in.Permissions, lifespan)
	if err != nil {
		return err
	}
	out := TokenJSON(row)
	out.AccessKey = token
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"data": out, "meta": fiber.Map{}})
}
