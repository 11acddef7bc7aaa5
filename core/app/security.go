package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/mail"
	"github.com/kiln-cms/kiln/core/ratelimit"
	"github.com/kiln-cms/kiln/core/rest"
)

// newSecurity loads config/permissions.yaml, makes sure every role it
// names exists, hashes user passwords on every write, and returns the
// request-side security.
func (a *App) newSecurity(ctx context.Context) (*rest.Security, error) {
	policy, err := auth.LoadPolicy(filepath.Join(a.Config.Paths.Config, "permissions.yaml"))
	if err != nil {
		return nil, err
	}
	var roles []struct{ Type, Name, Description string }
	for _, r := range policy.Roles() {
		roles = append(roles, struct{ Type, Name, Description string }{r.Type, r.Name, r.Description})
	}
	ids, err := a.Content.Store.EnsureRoles(ctx, a.DB.Bun, a.Schema, roles)
	if err != nil {
		return nil, fmt.Errorf("creating the roles: %w", err)
	}
	var mailer mail.Mailer = mail.LogMailer{Log: a.Log}
	if m := a.Config.Mail; m.SMTPHost != "" {
		mailer = mail.SMTPMailer{Host: m.SMTPHost, Port: m.SMTPPort, Username: m.Username, Password: m.Password, From: m.From}
	}
	sec := &rest.Security{
		Tokens: auth.NewTokens(a.Config.Auth.JWTSecret, a.Config.Auth.TokenLifetime, nil),
		Policy: policy, Content: a.Content, Mailer: mailer, Registration: a.Config.Auth.Registration,
		ResetURL: a.Config.Mail.ResetURL, Query: a.QueryOptions(), Log: a.Log, RoleIDs: ids,
	}
	// Every scope compiled once, so a mistake in permissions.yaml stops
	// start-up instead of failing requests.
	if err := policy.Compile(a.Schema, a.QueryOptions()); err != nil {
		return nil, err
	}
	hashPasswords(a.Content.Hooks)
	return sec, nil
}

// hashPasswords replaces a user's password by its bcrypt hash before any
// write stores it, whichever route the write came through.
func hashPasswords(h *hook.Registry) {
	hash := func(ctx context.Context, ev *hook.Event) error {
		pw := ev.Type.Attr("password")
		if v, ok := ev.Data.Values[pw].(string); ok {
			hashed, err := auth.HashPassword(v)
			if err != nil {
				return err
			}
			ev.Data.Values[pw] = hashed
		}
		return nil
	}
	h.BeforeCreate("user", hash)
	h.BeforeUpdate("user", hash)
}

// newLimiter keeps counters in Redis when configured, in memory otherwise.
func (a *App) newLimiter() (*ratelimit.Limiter, error) {
	var st ratelimit.Store = ratelimit.NewMemoryStore()
	if url := a.Config.RateLimit.RedisURL; url != "" {
		rs, err := ratelimit.NewRedisStore(url)
		if err != nil {
			return nil, fmt.Errorf("rate-limit store: %w", err)
		}
		a.closers = append(a.closers, rs.Close)
		// A frozen Redis would add its timeout to every request: after a
		// few failures the breaker counts per instance for a while.
		st = ratelimit.NewBreakerStore(rs, st, ratelimit.BreakerConfig{Cooldown: a.Config.RateLimit.RedisCooldown, Logger: a.Log})
	}
	l := ratelimit.New(st, a.Config.RateLimit.Window)
	l.Logger = a.Log
	return l, nil
}

// rateKey counts a signed-in user under their id and anyone else under
// their address; the operations endpoints are never counted.
func (a *App) rateKey(c *fiber.Ctx) (string, int, bool) {
	if p := c.Path(); p == "/_health" || p == "/_ready" {
		return "", 0, false
	}
	if cl := rest.CallerOf(c); cl.UserID != 0 {
		return ratelimit.UserKey(strconv.FormatInt(cl.UserID, 10)), a.Config.RateLimit.PerUser, true
	}
	return ratelimit.AddressKey(c), a.Config.RateLimit.PerAddress, true
}
