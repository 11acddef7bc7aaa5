package account_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/contentwire"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/mail"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

func init() { auth.BcryptCost = bcrypt.MinCost } // tests need not pay for real hashing

// mailbox is a mailer that keeps what it was given to send.
type mailbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, msg)
	return nil
}

// take returns what was sent since the last take.
func (m *mailbox) take() []mail.Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.sent
	m.sent = nil
	return out
}

// fixture is an account service on a migrated database of its own.
type fixture struct {
	t    *testing.T
	acc  *account.Service
	mail *mailbox
}

// each runs fn on SQLite and, when configured, PostgreSQL, with the
// built-in user and role types and users (user.yaml: a type that adds
// fields to the user, "" for none).
func each(t *testing.T, userYAML string, fn func(t *testing.T, f *fixture)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		src := map[string][]byte{}
		if userYAML != "" {
			src["user.yaml"] = []byte(userYAML)
		}
		sc, err := schema.Load(src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := migrate.Run(ctx, db, sc, migrate.Options{}); err != nil {
			t.Fatal(err)
		}
		svc := contentwire.New(sc, db, contentwire.Options{}).(*content.Service)
		account.InstallRules(svc)
		ids, err := account.EnsureRoles(ctx, svc, []account.Role{{Type: auth.Authenticated, Name: "Authenticated"}, {Type: "admin", Name: "Admin"}})
		if err != nil {
			t.Fatal(err)
		}
		box := &mailbox{}
		acc := &account.Service{Tokens: auth.NewTokens(strings.Repeat("j", 32), time.Hour, nil), Content: svc, Mailer: box,
			Registration: true, ResetURL: "https://app.test/reset", Log: slog.New(slog.NewTextHandler(io.Discard, nil)), RoleIDs: ids}
		t.Cleanup(acc.WaitMail)
		fn(t, &fixture{t: t, acc: acc, mail: box})
	})
}

// user creates a user as an admin would, and returns its id.
func (f *fixture) user(username, email, password string, blocked bool) int64 {
	f.t.Helper()
	e, err := f.acc.CreateUser(context.Background(), content.NewWrite(f.acc.UserType()).Set("username", username).Set("email", email).Set("password", password).Set("blocked", blocked))
	if err != nil {
		f.t.Fatalf("creating %s: %v", username, err)
	}
	return e.ID
}

// principal reads a user's sign-in data.
func (f *fixture) principal(id int64) *account.Principal {
	f.t.Helper()
	p, err := account.PrincipalByID(context.Background(), f.acc.Content, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

// signedIn checks that s is a session of user id at the token version.
func (f *fixture) signedIn(what string, s *account.Session, err error, id, version int64) {
	f.t.Helper()
	if err != nil {
		f.t.Fatalf("%s: %v", what, err)
	}
	claims, verr := f.acc.Tokens.Verify(s.Token)
	if verr != nil || claims.UserID != id || claims.Version != version || s.User == nil || s.User.ID != id {
		f.t.Fatalf("%s: a session of user %d at version %d (%v), want user %d at version %d", what, claims.UserID, claims.Version, verr, id, version)
	}
	if _, shown := s.User.Get(f.acc.UserType().Attr("password")); shown {
		f.t.Errorf("%s: the session's user shows the password", what)
	}
}

// refused checks that err is the error kind with the message.
func refused(t *testing.T, what string, err error, kind errs.Kind, msg string) {
	t.Helper()
	if e, ok := errs.As(err); !ok || e.Kind != kind || e.Message != msg {
		t.Errorf("%s: %v, want %v %q", what, err, kind, msg)
	}
}

// TestLoginTellsNothingOfWhichPartIsWrong: an unknown username, an unknown
// address and a wrong password get one answer; an address is found in
// normal form, a username exactly; a blocked user's right password is
// refused as blocked.
func TestLoginTellsNothingOfWhichPartIsWrong(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx := context.Background()
		li := f.user("lia", "li@example.test", "secret-li", false)
		f.user("bob", "bo@example.test", "secret-bo", true)
		for _, c := range []struct{ identifier, password string }{
			{"nobody", "secret-li"}, {"nobody@example.test", "secret-li"}, {"lia", "wrong"},
			{"li@example.test", "wrong"}, {"LIA", "secret-li"}, {"bob", "wrong"},
		} {
			s, err := f.acc.Login(ctx, c.identifier, c.password)
			refused(t, c.identifier+" / "+c.password, err, errs.KindValidation, "Invalid identifier or password")
			if s != nil {
				t.Errorf("%s: a session with the refusal", c.identifier)
			}
		}
		for _, id := range []string{"lia", "li@example.test", "LI@Example.TEST"} {
			s, err := f.acc.Login(ctx, id, "secret-li")
			f.signedIn(id, s, err, li, 0)
		}
		_, err := f.acc.Login(ctx, "bob", "secret-bo")
		refused(t, "blocked", err, errs.KindApplication, "Your account has been blocked by an administrator")
	})
}

// TestRegisterMakesAnAuthenticatedUser: registration, once open, makes a
// confirmed, unblocked local user of the default role, signed in at
// version 0; a taken username or address is one answer.
func TestRegisterMakesAnAuthenticatedUser(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.acc.Registration = false
		refused(t, "closed", f.acc.RegistrationOpen(), errs.KindApplication, "Register action is currently disabled")
		f.acc.Registration = true
		if err := f.acc.RegistrationOpen(); err != nil {
			t.Fatalf("open: %v", err)
		}
		s, err := f.acc.Register(ctx, "lia", "Li@Example.TEST", "secret-li")
		if err != nil {
			t.Fatal(err)
		}
		f.signedIn("register", s, err, s.User.ID, 0)
		p := f.principal(s.User.ID)
		if p.RoleType != auth.Authenticated || !p.Confirmed || p.Blocked || p.Email != "li@example.test" || !auth.CheckPassword(p.PasswordHash, "secret-li") {
			t.Errorf("registered user: %+v", p)
		}
		if v, _ := s.User.Get(f.acc.UserType().Attr("provider")); v != "local" {
			t.Errorf("provider %v, want local", v)
		}
		// Either taken, or both at once: one "already taken", as Strapi.
		for _, c := range [][2]string{{"lia", "other@example.test"}, {"other", "li@example.test"}, {"lia", "li@example.test"}} {
			_, err := f.acc.Register(ctx, c[0], c[1], "secret-xx")
			refused(t, "taken "+c[0]+" "+c[1], err, errs.KindApplication, "Email or Username are already taken")
		}
	})
}

// TestChangePasswordEndsEveryEarlierToken: each refusal in turn, then a
// change that raises the token version, so the session answered is at the
// new version and the old password no longer signs in.
func TestChangePasswordEndsEveryEarlierToken(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx := context.Background()
		li := f.user("lia", "li@example.test", "secret-li", false)
		for _, c := range []struct{ current, password, confirmation, msg string }{
			{"wrong", "secret-new", "secret-new", "The provided current password is invalid"},
			{"secret-li", "secret-new", "secret-other", "Passwords do not match"},
			{"secret-li", "secret-li", "secret-li", "Your new password must be different than your current password"},
		} {
			_, err := f.acc.ChangePassword(ctx, li, c.current, c.password, c.confirmation)
			refused(t, c.msg, err, errs.KindValidation, c.msg)
		}
		if v := f.principal(li).TokenVersion; v != 0 {
			t.Fatalf("the refusals moved the token version to %d", v)
		}
		s, err := f.acc.ChangePassword(ctx, li, "secret-li", "secret-new", "secret-new")
		f.signedIn("change", s, err, li, 1)
		_, err = f.acc.Login(ctx, "lia", "secret-li")
		refused(t, "the old password", err, errs.KindValidation, "Invalid identifier or password")
		s, err = f.acc.Login(ctx, "lia", "secret-new")
		f.signedIn("the new password", s, err, li, 1)
	})
}

var codeInMail = regexp.MustCompile(`^Someone asked to reset the password of this account\.\nTo choose a new one, open:\nhttps://app\.test/reset\?code=([0-9a-f]{64})\n$`)

// TestResetByMailedCode: only a known, unblocked address gets a mail, at
// the stored address; its code works once, with matching passwords,
// before it expires.
func TestResetByMailedCode(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx := context.Background()
		li := f.user("lia", "li@example.test", "secret-li", false)
		f.user("bob", "bo@example.test", "secret-bo", true)
		for _, addr := range []string{"nobody@example.test", "bo@example.test", "lia"} {
			f.acc.ForgotPassword(addr)
			f.acc.WaitMail()
			if sent := f.mail.take(); len(sent) != 0 {
				t.Errorf("%s got %d mails, want none", addr, len(sent))
			}
		}
		now := time.Now()
		f.acc.Reset.Now = func() time.Time { return now }
		code := func() string {
			t.Helper()
			f.acc.ForgotPassword("LI@example.TEST")
			f.acc.WaitMail()
			sent := f.mail.take()
			if len(sent) != 1 || sent[0].To != "li@example.test" || sent[0].Subject != "Reset your password" {
				t.Fatalf("mails: %+v, want one to li@example.test", sent)
			}
			m := codeInMail.FindStringSubmatch(sent[0].Text)
			if m == nil {
				t.Fatalf("mail text %q", sent[0].Text)
			}
			return m[1]
		}
		first := code()
		_, err := f.acc.ResetPassword(ctx, first, "secret-new", "secret-other")
		refused(t, "mismatch", err, errs.KindValidation, "Passwords do not match")
		// Strapi names the field, with the value sent.
		if ee, _ := errs.As(err); ee == nil || fmt.Sprint(ee.Details["errors"]) != "[{[passwordConfirmation] Passwords do not match ValidationError secret-other}]" {
			t.Errorf("mismatch details: %v", err)
		}
		_, err = f.acc.ResetPassword(ctx, strings.Repeat("0", 64), "secret-new", "secret-new")
		refused(t, "unknown code", err, errs.KindValidation, "Incorrect code provided")
		s, err := f.acc.ResetPassword(ctx, first, "secret-new", "secret-new")
		f.signedIn("reset", s, err, li, 1)
		_, err = f.acc.ResetPassword(ctx, first, "secret-again", "secret-again")
		refused(t, "used twice", err, errs.KindValidation, "Incorrect code provided")

		late := code()
		now = now.Add(account.DefaultResetCodeLifetime)
		_, err = f.acc.ResetPassword(ctx, late, "secret-late", "secret-late")
		refused(t, "expired", err, errs.KindValidation, "Incorrect code provided")
		s, err = f.acc.Login(ctx, "lia", "secret-new")
		f.signedIn("after the refusals", s, err, li, 1)
	})
}

// TestAdminBodiesKeepTheCoreFields: an admin's create or update may not
// name the fields the core keeps for itself, nor be no object; a create
// defaults to a local user of the default role and answers the role.
func TestAdminBodiesKeepTheCoreFields(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		ctx := context.Background()
		li := f.user("lia", "li@example.test", "secret-li", false)
		for _, k := range account.CoreUserFields {
			body := func() *content.Write {
				return content.NewWrite(f.acc.UserType()).Set("username", "x-"+k).Set("email", k+"@example.test").Set("password", "secret-xx").Set(k, nil)
			}
			_, err := f.acc.CreateUser(ctx, body())
			refused(t, "create with "+k, err, errs.KindValidation, "Invalid key "+k)
			_, err = f.acc.UpdateUser(ctx, content.ID(1), body(), entry.ReadOptions{})
			refused(t, "update with "+k, err, errs.KindValidation, "Invalid key "+k)
		}
		_, err := f.acc.CreateUser(ctx, nil)
		refused(t, "no object", err, errs.KindValidation, "the body must be a user object")
		_, err = f.acc.UpdateUser(ctx, content.ID(1), nil, entry.ReadOptions{})
		refused(t, "no object", err, errs.KindValidation, "the body must be a user object")

		p := f.principal(li)
		e, err := f.acc.Content.Get(ctx, &query.Query{Type: f.acc.UserType()}, li, entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := e.Get(f.acc.UserType().Attr("provider")); v != "local" || p.RoleType != auth.Authenticated {
			t.Errorf("an admin's user: provider %v, role %q; want local, authenticated", v, p.RoleType)
		}
		up, err := f.acc.UpdateUser(ctx, content.ID(1), content.NewWrite(f.acc.UserType()).Set("blocked", true), entry.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		role, _ := up.Get(f.acc.UserType().Attr("role"))
		if r, ok := role.(*entry.Entry); !ok || r.ID != f.acc.RoleIDs[auth.Authenticated] {
			t.Errorf("the update's answer has role %#v, want the authenticated role", role)
		}
		if p := f.principal(li); !p.Blocked || p.TokenVersion != 1 {
			t.Errorf("blocked by an admin: %+v, want blocked at token version 1", p)
		}
		if _, err := f.acc.DeleteUser(ctx, content.ID(1), entry.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := account.PrincipalByID(ctx, f.acc.Content, li); errs.KindOf(err) != errs.KindNotFound {
			t.Errorf("deleted user: %v", err)
		}
	})
}

// TestRolesCountTheirUsers: every role, with how many users hold it.
func TestRolesCountTheirUsers(t *testing.T) {
	each(t, "", func(t *testing.T, f *fixture) {
		f.user("lia", "li@example.test", "secret-li", false)
		f.user("bob", "bo@example.test", "secret-bo", false)
		if _, err := f.acc.SetAdmin(context.Background(), "ad@example.test", "secret-ad", "", nil); err != nil {
			t.Fatal(err)
		}
		list, err := f.acc.Roles(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int64{}
		for _, r := range list {
			typ, _ := r.Role.Get(f.acc.Content.Schema.Type("role").Attr("type"))
			got[typ.(string)] = r.Users
		}
		if want := map[string]int64{auth.Authenticated: 2, "admin": 1}; len(got) != 2 || got[auth.Authenticated] != 2 || got["admin"] != 1 {
			t.Errorf("roles %v, want %v", got, want)
		}
	})
}

// TestSetAdminCreatesOrResets: a new address is a new admin named after
// it; an address a user has resets that user's password, role and block;
// a user type with a required field of its own needs its value.
func TestSetAdminCreatesOrResets(t *testing.T) {
	const withJob = `kind: collectionType
info: {singularName: user, pluralName: users}
attributes:
  job: {type: string, required: true}
`
	each(t, withJob, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		_, err := f.acc.SetAdmin(ctx, "ad@example.test", "secret-ad", "", nil)
		if mf, ok := err.(*account.MissingFields); !ok || strings.Join(mf.Fields, ",") != "job" {
			t.Fatalf("an admin without a job: %v, want the missing field job", err)
		}
		created, err := f.acc.SetAdmin(ctx, "ad@example.test", "secret-ad", "", map[string]any{"job": "ops"})
		if err != nil || !created {
			t.Fatalf("create: %v %v", created, err)
		}
		s, err := f.acc.Login(ctx, "ad@example.test", "secret-ad")
		f.signedIn("the new admin", s, err, s.User.ID, 0)
		if name, _ := s.User.Get(f.acc.UserType().Attr("username")); name != "ad@example.test" {
			t.Errorf("username %v, want the address", name)
		}
		id := s.User.ID
		if _, err := f.acc.UpdateUser(ctx, content.ID(1), content.NewWrite(f.acc.UserType()).Set("blocked", true).SetRelation("role", content.ID(1)), entry.ReadOptions{}); err != nil {
			t.Fatal(err)
		}
		created, err = f.acc.SetAdmin(ctx, "ad@example.test", "secret-new", "ignored", nil)
		if err != nil || created {
			t.Fatalf("reset: %v %v", created, err)
		}
		p := f.principal(id)
		if p.Blocked || p.RoleType != "admin" || !auth.CheckPassword(p.PasswordHash, "secret-new") || p.TokenVersion != 2 {
			t.Errorf("reset admin: %+v", p)
		}
	})
}
