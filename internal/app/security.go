package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/mail"
	"github.com/kiln-cms/kiln/internal/principal"
	"github.com/kiln-cms/kiln/internal/ratelimit"
	"github.com/kiln-cms/kiln/internal/rest"
)

// newSecurity loads config/permissions.yaml, makes sure every role it
// names exists, puts the content service's account rules in place
// (password hashing, e-mail normal form, token revocation:
// account.InstallRules) and makes the account and API-token services and
// the request-side security over them.
func (a *App) newSecurity(ctx context.Context) error {
	file := filepath.Join(a.Config.Paths.Config, "permissions.yaml")
	policy, missing, err := auth.LoadPolicy(file)
	if err != nil {
		return err
	}
	if missing {
		a.Log.Warn("no permissions file: only the admin role may use the content API (write the file to open it)", "file", file)
	}
	var roles []account.Role
	for _, r := range policy.Roles() {
		roles = append(roles, account.Role{Type: r.Type, Name: r.Name, Description: r.Description})
	}
	ids, err := account.EnsureRoles(ctx, a.Content, roles)
	if err != nil {
		return fmt.Errorf("creating the roles: %w", err)
	}
	if err := a.normalizeEmails(ctx); err != nil {
		return err
	}
	var mailer mail.Mailer = mail.LogMailer{Log: a.Log}
	if m := a.Config.Mail; m.SMTPHost != "" {
		mailer = mail.SMTPMailer{Host: m.SMTPHost, Port: m.SMTPPort, Username: m.Username, Password: m.Password, From: m.From}
	}
	hasher, err := auth.NewAPITokenHasher(a.Config.Auth.APITokenSecret, a.Config.Auth.JWTSecret)
	if err != nil {
		return err
	}
	tokens := auth.NewTokens(a.Config.Auth.JWTSecret, a.Config.Auth.TokenLifetime, nil)
	a.Accounts = &account.Service{Tokens: tokens, Content: a.Content, Mailer: mailer, Registration: a.Config.Auth.Registration,
		ResetURL: a.Config.Mail.ResetURL, Reset: account.ResetCodes{Lifetime: a.Config.Auth.ResetCodeLifetime},
		Log: a.Log, RoleIDs: ids}
	a.APITokens = &apitoken.Service{DB: a.DB, Hasher: hasher, Log: a.Log}
	sec := &rest.Security{
		Tokens: tokens, APITokens: a.APITokens, Policy: policy, Content: a.Content, Query: a.QueryOptions(),
		Limits: auth.Limits{MaxAnswerRows: a.Config.API.MaxAnswerRows, MaxAnswerBytes: a.Config.API.MaxAnswerBytes},
	}
	// Every scope compiled once, so a mistake in permissions.yaml stops
	// start-up instead of failing requests.
	if err := policy.Compile(a.Schema, a.QueryOptions()); err != nil {
		return err
	}
	if a.DB.Dialect == database.Postgres {
		// Untrusted (every request reads its user) until watchIdentity's
		// listener hears the database; SQLite keeps the read per request
		// (docs/identity-cache.md).
		sec.Principals = principal.New(func(ctx context.Context, id int64) (*account.Principal, error) {
			return account.PrincipalByID(ctx, a.Content, id)
		}, 0)
		sec.Principals.LoadToken = a.APITokens.ByHash
		a.APITokens.Cache = sec.Principals
		a.Content.Principals = sec.Principals
	}
	account.InstallRules(a.Content)
	a.Security = sec
	return nil
}

// normalizeEmails puts user e-mails stored before they were normalised on
// every write into normal form, so that their owners still sign in and
// get reset codes: sign-in compares the normal form of what is typed with
// what is stored, exactly. An address that would become another user's is
// left alone and logged for an admin to resolve.
func (a *App) normalizeEmails(ctx context.Context) error {
	fixed, clashes, err := account.NormalizeUserEmails(ctx, a.Content, auth.NormalizeEmail)
	if err != nil {
		return fmt.Errorf("normalising user e-mails: %w", err)
	}
	if len(fixed) > 0 {
		a.Log.Info("user e-mails put in lower case", "users", fixed)
	}
	if len(clashes) > 0 {
		a.Log.Warn("user e-mails that differ from another user's only in case were left as they are; "+
			"they cannot be used to sign in until an admin changes one of them", "users", clashes)
	}
	return nil
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

// rateKey counts a signed-in user under their id, an API token under its
// own ("token:<id>", with its own, larger budget) and anyone else under
// their address; the operations endpoints are never counted.
func (a *App) rateKey(c *fiber.Ctx) (string, int, bool) {
	if p := c.Path(); p == "/_health" || p == "/_ready" {
		return "", 0, false
	}
	cl := caller.Of(c)
	if cl.Token != nil {
		return TokenKey(cl.Token.ID), a.Config.RateLimit.PerToken, true
	}
	if cl.UserID != 0 {
		return ratelimit.UserKey(strconv.FormatInt(cl.UserID, 10)), a.Config.RateLimit.PerUser, true
	}
	return ratelimit.AddressKey(c), a.Config.RateLimit.PerAddress, true
}

// TokenKey is the rate-limit key of an API token.
func TokenKey(id int64) string { return "token:" + strconv.FormatInt(id, 10) }

// watchIdentity starts the listener that keeps the principal cache
// trusted (PostgreSQL only); it stops with the app.
func (a *App) watchIdentity() {
	if a.Security.Principals == nil {
		return
	}
	a.Identity = principal.Watch(a.DB, a.Security.Principals, a.Log, principal.DefaultTiming)
	a.closers = append(a.closers, a.Identity.Close)
}
