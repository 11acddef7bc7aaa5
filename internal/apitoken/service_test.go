package apitoken_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// each runs fn on a migrated database of each kind, with a service whose
// rules come from a small route table: one read, one write, a users route
// (custom tokens only) and a token admin route (never a token's).
func each(t *testing.T, fn func(t *testing.T, svc *apitoken.Service)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		sc, err := schema.Load(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := migrate.Run(context.Background(), db, sc, migrate.Options{}); err != nil {
			t.Fatal(err)
		}
		hasher, err := auth.NewAPITokenHasher("", strings.Repeat("s", 32))
		if err != nil {
			t.Fatal(err)
		}
		svc := &apitoken.Service{DB: db, Hasher: hasher}
		svc.SetRoutes(route.Table{
			{Method: "GET", Path: "/programs", Action: "program.find"},
			{Method: "POST", Path: "/programs", Action: "program.create"},
			{Method: "GET", Path: "/users", Action: "users.find"},
			{Method: "POST", Path: "/admin/api-tokens", Action: "apiTokens.create"},
		}, sc)
		t.Cleanup(svc.Wait)
		fn(t, svc)
	})
}

// fieldProblem is the one field error of a 400, as "path: message (value)".
func fieldProblem(err error) string {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		return "not a validation error: " + errString(err)
	}
	list, _ := e.Details["errors"].([]errs.FieldError)
	if len(list) != 1 || e.Message != list[0].Message || list[0].Name != "ValidationError" {
		return "not one field error: " + errString(err)
	}
	f := list[0]
	return strings.Join(f.Path, ".") + ": " + f.Message + " (" + fmt.Sprint(f.Value) + ")"
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestCreateChecksItsInput: every refusal of Create is a 400 on the field
// at fault, with Strapi's error name, and writes nothing.
func TestCreateChecksItsInput(t *testing.T) {
	each(t, func(t *testing.T, svc *apitoken.Service) {
		ctx := context.Background()
		if _, _, err := svc.Create(ctx, "taken", "", auth.ReadOnly, nil, 0); err != nil {
			t.Fatal(err)
		}
		long := strings.Repeat("n", 256)
		for _, c := range []struct {
			name, kind string
			actions    []string
			lifespan   time.Duration
			want       string
		}{
			{"", auth.ReadOnly, nil, 0, "name: name must be 1 to 255 characters ()"},
			{"   ", auth.ReadOnly, nil, 0, "name: name must be 1 to 255 characters ()"},
			{long, auth.ReadOnly, nil, 0, "name: name must be 1 to 255 characters (" + long + ")"},
			{"0123", auth.ReadOnly, nil, 0, "name: name must not be only digits: a number names a token by its id (0123)"},
			{"a", auth.ReadOnly, []string{"program.find"}, 0, "permissions: only a custom token lists its actions ([program.find])"},
			{"a", auth.FullAccess, []string{"program.find"}, 0, "permissions: only a custom token lists its actions ([program.find])"},
			{"a", auth.Custom, nil, 0, "permissions: a custom token needs at least one action (<nil>)"},
			{"a", auth.Custom, []string{"apiTokens.create"}, 0, `permissions.0: "apiTokens.create" is no action a token may take (the actions are those ` + "`kiln routes`" + ` lists) (apiTokens.create)`},
			{"a", auth.Custom, []string{"program.find", "program.find"}, 0, `permissions.1: "program.find" is listed twice (program.find)`},
			{"a", "admin", nil, 0, "type: type must be one of read-only, full-access, custom (admin)"},
			{"a", auth.ReadOnly, nil, -time.Millisecond, "lifespan: lifespan must be positive, or null for a token that never expires (-1)"},
			{" taken ", auth.ReadOnly, nil, 0, "name: This attribute must be unique (taken)"},
		} {
			_, token, err := svc.Create(ctx, c.name, "", c.kind, c.actions, c.lifespan)
			if got := fieldProblem(err); got != c.want || token != "" {
				t.Errorf("Create(%.20q, %s, %v, %v):\n got %s (token %q)\nwant %s", c.name, c.kind, c.actions, c.lifespan, got, token, c.want)
			}
		}
		if rows, err := svc.List(ctx); err != nil || len(rows) != 1 {
			t.Errorf("after the refusals: %d tokens (%v), want the one made first", len(rows), err)
		}
	})
}

// TestCreatedTokenIsKeptAsItsHash: the row keeps the keyed hash of the
// token, never the token; List, Get, ByHash and Authenticate all find it
// as Create returned it, and its expiry is the service's clock plus the
// lifespan.
func TestCreatedTokenIsKeptAsItsHash(t *testing.T) {
	each(t, func(t *testing.T, svc *apitoken.Service) {
		ctx := context.Background()
		now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		svc.Now = func() time.Time { return now }
		made, token, err := svc.Create(ctx, " feed ", "the partner's feed", auth.Custom, []string{"users.find", "program.find"}, 48*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if !auth.IsAPIToken(token) || made.Hash != svc.Hasher.Hash(token) || strings.Contains(made.Hash, token) {
			t.Fatalf("token %q, stored hash %q: want a token and its keyed hash", token, made.Hash)
		}
		want := apitoken.Token{ID: made.ID, Name: "feed", Description: "the partner's feed", Kind: auth.Custom,
			Actions: []string{"users.find", "program.find"}, Hash: made.Hash, CreatedAt: made.CreatedAt}
		exp := now.Add(48 * time.Hour)
		want.ExpiresAt = &exp
		same := func(what string, got *apitoken.Token, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if describe(*got) != describe(want) {
				t.Errorf("%s:\n got %s\nwant %s", what, describe(*got), describe(want))
			}
		}
		same("Create", made, nil)
		got, err := svc.Get(ctx, made.ID)
		same("Get", got, err)
		got, err = svc.ByHash(ctx, made.Hash)
		same("ByHash", got, err)
		list, err := svc.List(ctx)
		if len(list) != 1 {
			t.Fatalf("List: %d tokens (%v)", len(list), err)
		}
		same("List", list[0], err)
		got, err = svc.Authenticate(ctx, token)
		same("Authenticate", got, err)
		if since := time.Since(made.CreatedAt); since < 0 || since > time.Minute || made.CreatedAt.Nanosecond()%int(time.Millisecond) != 0 {
			t.Errorf("created at %v: want now, to the millisecond", made.CreatedAt)
		}
	})
}

// describe is a token's fields, times in UTC to the millisecond.
func describe(t apitoken.Token) string {
	stamp := func(tm *time.Time) string {
		if tm == nil {
			return "never"
		}
		return tm.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	return strings.Join([]string{fmt.Sprint(t.ID), t.Name, t.Description, t.Kind, fmt.Sprint(t.Actions), t.Hash,
		stamp(t.ExpiresAt), stamp(t.LastUsedAt), stamp(&t.CreatedAt)}, " | ")
}

// TestAuthenticateRefusesWhatIsNotAWorkingToken: a token never issued and
// a revoked one are the same 401; an expired one is refused from the
// moment it expires, with Strapi's words.
func TestAuthenticateRefusesWhatIsNotAWorkingToken(t *testing.T) {
	each(t, func(t *testing.T, svc *apitoken.Service) {
		ctx := context.Background()
		// To the millisecond, as the table keeps times: the expiry read
		// back is the one given.
		now := time.Now().UTC().Truncate(time.Millisecond)
		svc.Now = func() time.Time { return now }
		unauthorized := func(what, token, msg string) {
			t.Helper()
			row, err := svc.Authenticate(ctx, token)
			if e, ok := errs.As(err); !ok || e.Kind != errs.KindUnauthorized || e.Message != msg || row != nil {
				t.Errorf("%s: %v %v, want a 401 %q", what, row, err, msg)
			}
		}
		other, _ := auth.NewAPIToken()
		unauthorized("never issued", other, "Missing or invalid credentials")

		row, token, err := svc.Create(ctx, "short", "", auth.ReadOnly, nil, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		now = row.ExpiresAt.Add(-time.Millisecond)
		if _, err := svc.Authenticate(ctx, token); err != nil {
			t.Errorf("a millisecond before it expires: %v", err)
		}
		now = *row.ExpiresAt
		unauthorized("expired", token, "Token expired")

		kept, keptToken, err := svc.Create(ctx, "kept", "", auth.FullAccess, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(100 * 365 * 24 * time.Hour)
		if _, err := svc.Authenticate(ctx, keptToken); err != nil {
			t.Errorf("a token without expiry, a century on: %v", err)
		}
		gone, err := svc.Revoke(ctx, kept.ID)
		if err != nil || gone.ID != kept.ID || gone.Name != "kept" {
			t.Fatalf("Revoke: %v %v", gone, err)
		}
		unauthorized("revoked", keptToken, "Missing or invalid credentials")
		if _, err := svc.Revoke(ctx, kept.ID); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("revoked twice: %v, want not found", err)
		}
		if _, err := svc.Get(ctx, kept.ID); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("Get of a revoked token: %v, want not found", err)
		}
	})
}

// TestLastUseWrittenOnceAMinute: a token's use is recorded after the
// lookup, at most once a minute whatever the number of requests.
func TestLastUseWrittenOnceAMinute(t *testing.T) {
	each(t, func(t *testing.T, svc *apitoken.Service) {
		ctx := context.Background()
		row, token, err := svc.Create(ctx, "busy", "", auth.ReadOnly, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now().UTC().Truncate(time.Millisecond)
		lastUsed := func() string {
			t.Helper()
			svc.Wait()
			got, err := svc.Get(ctx, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			return describe(apitoken.Token{LastUsedAt: got.LastUsedAt})
		}
		at := func(d time.Duration) string {
			tm := start.Add(d)
			return describe(apitoken.Token{LastUsedAt: &tm})
		}
		for _, step := range []struct {
			after time.Duration
			want  string
		}{
			{0, at(0)},                                   // the first use is written
			{30 * time.Second, at(0)},                    // within the minute: not again
			{59 * time.Second, at(0)},                    // still within it
			{time.Minute, at(time.Minute)},               // a minute on: written
			{time.Minute + time.Second, at(time.Minute)}, // and not again for a minute
		} {
			now := start.Add(step.after)
			svc.Now = func() time.Time { return now }
			if _, err := svc.Authenticate(ctx, token); err != nil {
				t.Fatal(err)
			}
			if got := lastUsed(); got != step.want {
				t.Errorf("used at +%v: last used %s, want %s", step.after, got, step.want)
			}
		}
	})
}

// TestOneNameOneTokenUnderConcurrentCreates: creates of one name at the
// same moment make one token; every other gets the 400 on "name", also
// on PostgreSQL, where both may pass the check before either commits and
// the unique index refuses the second.
func TestOneNameOneTokenUnderConcurrentCreates(t *testing.T) {
	each(t, func(t *testing.T, svc *apitoken.Service) {
		const n = 8
		problems := make([]string, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, _, err := svc.Create(context.Background(), "twin", "", auth.ReadOnly, nil, 0)
				problems[i] = "made"
				if err != nil {
					problems[i] = fieldProblem(err)
				}
			}()
		}
		close(start)
		wg.Wait()
		made := 0
		for _, p := range problems {
			switch p {
			case "made":
				made++
			case "name: This attribute must be unique (twin)":
			default:
				t.Errorf("a create answered %s", p)
			}
		}
		if rows, err := svc.List(context.Background()); made != 1 || err != nil || len(rows) != 1 {
			t.Errorf("%d creates succeeded, %d tokens (%v): want one of each", made, len(rows), err)
		}
	})
}
