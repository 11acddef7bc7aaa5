// Package apitoken makes, checks and revokes API tokens
// (docs/api-tokens.md): the service the admin routes, `kiln token` and the
// authentication of every request call, its row type, and the SQL of the
// core table that keeps the tokens (migrate.APITokenTable). What each kind
// of token may do is internal/auth's TokenRules, derived from the route table
// once it exists (SetRoutes). Nothing here speaks HTTP.
package apitoken

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/route"
)

// Service makes, checks and revokes API tokens.
type Service struct {
	DB     *database.DB
	Hasher *auth.APITokenHasher
	Log    *slog.Logger
	// Now is the clock (time.Now when nil), replaceable to age tokens.
	Now func() time.Time
	// Rules are set by SetRoutes; until then no token may do anything.
	Rules *auth.TokenRules
	// Cache, when set, answers the lookup by hash from memory while it is
	// trusted (internal/principal); nil reads the table on every request.
	Cache Cache

	// touched is when this instance last wrote each token's last-used
	// time, so that a token in use is written at most once a minute.
	mu       sync.Mutex
	touched  map[int64]time.Time
	touching sync.WaitGroup
}

// Cache is what the service asks of internal/principal's cache: the lookup
// by hash, and forgetting every token after a revocation.
type Cache interface {
	Token(ctx context.Context, hash string) (*Token, error)
	InvalidateTokens()
}

// touchEvery is how stale a token's last-used time may get: a busy
// token costs one write a minute, not one per request.
const touchEvery = time.Minute

// touchTimeout bounds a last-used write, which runs after its request.
const touchTimeout = 5 * time.Second

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// SetRoutes derives the token rules from the route table and the schema's
// draft & publish types: the one list of actions there is.
func (s *Service) SetRoutes(table route.Table, sc *schema.Schema) {
	rows := make([]auth.TokenRoute, 0, len(table))
	for _, r := range table {
		rows = append(rows, auth.TokenRoute{Method: r.Method, Action: r.Action})
	}
	var drafts []string
	for _, ct := range sc.Types {
		if ct.DraftAndPublish {
			drafts = append(drafts, ct.Name)
		}
		if ct.Plugin != "" {
			// A plugin's type has no route, but is read through relations
			// under <type>.find: a read, which a token may be given.
			rows = append(rows, auth.TokenRoute{Method: "GET", Action: ct.Name + ".find"})
		}
	}
	s.Rules = auth.TokenRulesFrom(rows, drafts)
}

// Allows reports whether a token of the kind, with the actions a custom
// token lists, may take action.
func (s *Service) Allows(kind string, actions []string, action string) bool {
	return s.Rules != nil && s.Rules.Allows(kind, actions, action)
}

// invalidToken is the one answer for a token that is not (or no longer)
// in the table: never issued, mistyped or revoked.
func invalidToken() error {
	return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
}

// Authenticate looks the token up (one indexed query by its hash, or the
// cache on PostgreSQL: docs/identity-cache.md) and returns its row, or
// the 401 to answer.
func (s *Service) Authenticate(ctx context.Context, token string) (*Token, error) {
	lookup := s.ByHash
	if s.Cache != nil {
		lookup = s.Cache.Token
	}
	row, err := lookup(ctx, s.Hasher.Hash(token))
	switch {
	case errs.KindOf(err) == errs.KindNotFound:
		return nil, invalidToken()
	case err != nil:
		return nil, err
	}
	now := s.now()
	if row.ExpiresAt != nil && !now.Before(*row.ExpiresAt) {
		// Strapi's words; the caller holds the token, so saying why it
		// stopped working tells them nothing they could misuse.
		return nil, errs.New(errs.KindUnauthorized, "Token expired")
	}
	s.touch(row, now)
	return row, nil
}

// touch writes the token's last-used time in the background when both
// the row and this instance's memory say it is older than touchEvery:
// never a write per request, never a request waiting for a write.
func (s *Service) touch(row *Token, now time.Time) {
	if row.LastUsedAt != nil && now.Sub(*row.LastUsedAt) < touchEvery {
		return
	}
	s.mu.Lock()
	if s.touched == nil {
		s.touched = map[int64]time.Time{}
	}
	if last, ok := s.touched[row.ID]; ok && now.Sub(last) < touchEvery {
		s.mu.Unlock()
		return
	}
	s.touched[row.ID] = now
	s.mu.Unlock()
	s.touching.Add(1)
	go func() {
		defer s.touching.Done()
		ctx, cancel := context.WithTimeout(context.Background(), touchTimeout)
		defer cancel()
		if err := s.touchRow(ctx, row.ID, now); err != nil && s.Log != nil {
			s.Log.Warn("recording an API token's last use", "token", row.ID, "err", err)
		}
	}()
}

// Wait blocks until the last-used writes started so far are done.
func (s *Service) Wait() { s.touching.Wait() }

// Create makes a token and returns its row and the token itself, which
// exists nowhere else: only its hash is stored. lifespan 0 is a token that
// never expires.
func (s *Service) Create(ctx context.Context, name, description, kind string, actions []string, lifespan time.Duration) (*Token, string, error) {
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
		if s.Rules == nil {
			return nil, "", errs.New(errs.KindInternal, "the token rules are not set")
		}
		if problems := s.Rules.CheckCustom(actions); len(problems) > 0 {
			return nil, "", errs.Fields(problems)
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
	row := Token{Name: name, Description: description, Kind: kind, Actions: actions, Hash: s.Hasher.Hash(token)}
	if lifespan > 0 {
		exp := s.now().Add(lifespan)
		row.ExpiresAt = &exp
	}
	created, err := s.insert(ctx, row)
	if err != nil {
		return nil, "", err
	}
	return created, token, nil
}

// fieldError is Strapi's 400 ValidationError on one field of a token.
func fieldError(field, msg string, value any) error {
	return errs.Fields([]errs.FieldError{errs.Field(field, msg).WithValue(value)})
}

// Revoke deletes a token and returns what it was; errs.NotFound when
// there is none. The token is refused on this process's next request,
// committed or not: forgetting too much costs a read.
func (s *Service) Revoke(ctx context.Context, id int64) (*Token, error) {
	row, err := s.delete(ctx, id)
	if s.Cache != nil {
		s.Cache.InvalidateTokens()
	}
	return row, err
}
