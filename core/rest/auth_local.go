package rest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/mail"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// stringFields reads a JSON object of string fields, reporting every
// missing one as Strapi's yup does.
func stringFields(c *fiber.Ctx, names ...string) (map[string]string, error) {
	var body map[string]any
	if err := DecodeBody(c, &body); err != nil {
		return nil, err
	}
	out := map[string]string{}
	var problems []errs.FieldError
	for _, n := range names {
		v, ok := body[n].(string)
		if !ok || v == "" {
			problems = append(problems, errs.FieldError{Path: []string{n}, Message: n + " is a required field", Name: "ValidationError"})
		}
		out[n] = v
	}
	if len(problems) > 0 {
		return nil, errs.Fields(problems)
	}
	return out, nil
}

var errBadLogin = func() error { return errs.New(errs.KindValidation, "Invalid identifier or password") }

// login answers {jwt, user}. An unknown identifier and a wrong password get
// the same answer after the same work (one bcrypt comparison), so neither
// the body nor the timing tells them apart.
func (s *Security) login(c *fiber.Ctx) error {
	if err := s.AllowPublic("auth.login"); err != nil {
		return err
	}
	in, err := stringFields(c, "identifier", "password")
	if err != nil {
		return err
	}
	p, err := s.principalByIdentifier(c.UserContext(), in["identifier"])
	if errs.KindOf(err) == errs.KindNotFound {
		auth.DummyCheck(in["password"])
		return errBadLogin()
	}
	if err != nil {
		return err
	}
	if !auth.CheckPassword(p.PasswordHash, in["password"]) {
		return errBadLogin()
	}
	if p.Blocked {
		return errBlocked()
	}
	return s.sendSession(c, fiber.StatusOK, p.ID, p.TokenVersion)
}

var errBlocked = func() error {
	return errs.New(errs.KindApplication, "Your account has been blocked by an administrator")
}

// principalByIdentifier finds the user a sign-in identifier names. One
// that contains "@" is an e-mail address: it is put in normal form and
// compared exactly with stored addresses, never with usernames. Anything
// else is a username, compared exactly. See auth.NormalizeEmail for why
// nothing here folds Unicode case.
func (s *Security) principalByIdentifier(ctx context.Context, identifier string) (*store.Principal, error) {
	if auth.IsEmailIdentifier(identifier) {
		return s.Content.PrincipalByEmail(ctx, auth.NormalizeEmail(identifier))
	}
	return s.Content.PrincipalByUsername(ctx, identifier)
}

// sendSession answers {jwt, user} for a user, with a token at the user's
// current token version.
func (s *Security) sendSession(c *fiber.Ctx, status int, userID, tokenVersion int64) error {
	token, err := s.Tokens.Issue(userID, tokenVersion)
	if err != nil {
		return err
	}
	e, err := s.Content.Get(c.UserContext(), &query.Query{Type: s.userType()}, userID, entry.ReadOptions{})
	if err != nil {
		return err
	}
	b := append(make([]byte, 0, 768), `{"jwt":`...)
	b = appendString(b, token)
	b = append(b, `,"user":`...)
	b = appendEntry(b, e, V2)
	return send(c, status, append(b, '}'))
}

// register creates a user with the default role. Only username, email and
// password may be given: the caller never picks a role, confirmed or
// blocked (Strapi's CVE-2023-39345).
func (s *Security) register(c *fiber.Ctx) error {
	if !s.Registration {
		return errs.New(errs.KindApplication, "Register action is currently disabled")
	}
	if err := s.AllowPublic("auth.register"); err != nil {
		return err
	}
	var body map[string]any
	if err := DecodeBody(c, &body); err != nil {
		return err
	}
	var extra []string
	for k := range body {
		if k != "username" && k != "email" && k != "password" {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return errs.New(errs.KindValidation, "Invalid parameters: "+strings.Join(extra, ", "))
	}
	for _, k := range []string{"username", "email", "password"} {
		if s, _ := body[k].(string); s == "" {
			return errs.Fields([]errs.FieldError{{Path: []string{k}, Message: k + " is a required field", Name: "ValidationError"}})
		}
	}
	// The content service stores the e-mail in normal form and the password
	// hashed, with the user type's rules (see docs/accounts.md).
	body["role"] = s.RoleIDs[auth.Authenticated]
	body["confirmed"], body["blocked"], body["provider"] = true, false, "local"
	e, err := s.Content.Create(c.UserContext(), &query.Query{Type: s.userType()}, body, entry.ReadOptions{})
	if err != nil {
		if ee, ok := errs.As(err); ok && ee.Message == "This attribute must be unique" {
			return errs.New(errs.KindApplication, "Email or Username are already taken")
		}
		return err
	}
	return s.sendSession(c, fiber.StatusOK, e.ID, 0)
}

// changePassword needs the current password and answers a fresh session.
func (s *Security) changePassword(c *fiber.Ctx) error {
	if err := s.Allow(c, "auth.changePassword"); err != nil {
		return err
	}
	cl := CallerOf(c)
	if cl.UserID == 0 {
		return needsUser("auth.changePassword")
	}
	in, err := stringFields(c, "currentPassword", "password", "passwordConfirmation")
	if err != nil {
		return err
	}
	p, err := s.Content.PrincipalByID(c.UserContext(), cl.UserID)
	if err != nil {
		return err
	}
	switch {
	case !auth.CheckPassword(p.PasswordHash, in["currentPassword"]):
		return errs.New(errs.KindValidation, "The provided current password is invalid")
	case in["password"] != in["passwordConfirmation"]:
		return errs.New(errs.KindValidation, "Passwords do not match")
	case in["password"] == in["currentPassword"]:
		return errs.New(errs.KindValidation, "Your new password must be different than your current password")
	}
	return s.setPasswordAndSignIn(c, cl.UserID, in["password"])
}

// setPasswordAndSignIn sets a user's password through the content service
// — the user type's rules, hashing, and the hooks that end every earlier
// token and drop a pending reset code, as any other password write — and
// answers a session at the new token version.
func (s *Security) setPasswordAndSignIn(c *fiber.Ctx, id int64, password string) error {
	q := &query.Query{Type: s.userType(), Fields: []*schema.Attribute{schema.SysID}}
	if _, err := s.Content.Update(c.UserContext(), q, strconv.FormatInt(id, 10), map[string]any{"password": password}, entry.ReadOptions{}); err != nil {
		return err
	}
	p, err := s.Content.PrincipalByID(c.UserContext(), id)
	if err != nil {
		return err
	}
	return s.sendSession(c, fiber.StatusOK, id, p.TokenVersion)
}

// ResetCodes are the settings of password-reset codes.
type ResetCodes struct {
	// Lifetime is how long a mailed code works (DefaultResetCodeLifetime
	// when zero).
	Lifetime time.Duration
	// Now is the clock codes are dated and checked by (time.Now when nil);
	// tests move it to age a code.
	Now func() time.Time
}

// DefaultResetCodeLifetime is how long a reset code works unless
// configured (config's auth.resetCodeLifetime).
const DefaultResetCodeLifetime = time.Hour

func (r ResetCodes) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r ResetCodes) lifetime() time.Duration {
	if r.Lifetime > 0 {
		return r.Lifetime
	}
	return DefaultResetCodeLifetime
}

// ResetMailTimeout bounds the background work of one forgot-password
// request: finding the user, storing the code and sending the mail.
const ResetMailTimeout = mail.SMTPTimeout

// forgotPassword always answers {"ok": true}, for known, unknown and
// blocked addresses alike; only a known, unblocked user gets a mail, sent
// to the address stored on the account, never to the one typed. The
// typed address is matched as sign-in matches an e-mail identifier (normal
// form, exact comparison); a username matches nothing here. The
// answer goes out at once and everything that depends on the address —
// finding the user, storing the code, sending the mail — happens after it,
// in the background with a deadline of its own, so that neither the body
// nor the time taken tells whether an account exists. Failures are logged.
func (s *Security) forgotPassword(c *fiber.Ctx) error {
	if err := s.AllowPublic("auth.forgotPassword"); err != nil {
		return err
	}
	in, err := stringFields(c, "email")
	if err != nil {
		return err
	}
	email, mailer, codes := in["email"], s.Mailer, s.Reset
	s.mailing.Add(1)
	go func() {
		defer s.mailing.Done()
		ctx, cancel := context.WithTimeout(context.Background(), ResetMailTimeout)
		defer cancel()
		if err := s.sendReset(ctx, mailer, codes, email); err != nil {
			s.Log.Error("password reset", "err", err)
		}
	}()
	return c.JSON(fiber.Map{"ok": true})
}

// sendReset stores a fresh reset code for the user of the address, valid
// for the codes' lifetime, and mails it to the address stored on the
// account; an unknown or blocked address is no error, and gets nothing.
func (s *Security) sendReset(ctx context.Context, mailer mail.Mailer, codes ResetCodes, email string) error {
	if !auth.IsEmailIdentifier(email) {
		return nil
	}
	p, err := s.Content.PrincipalByEmail(ctx, auth.NormalizeEmail(email))
	if errs.KindOf(err) == errs.KindNotFound || (err == nil && p.Blocked) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("finding the user: %w", err)
	}
	code := randomCode()
	expires := codes.now().Add(codes.lifetime())
	if err := s.Content.SetResetCode(ctx, p.ID, hashCode(code), expires); err != nil {
		return fmt.Errorf("storing the reset code: %w", err)
	}
	msg := mail.Message{To: p.Email, Subject: "Reset your password",
		Text: fmt.Sprintf("Someone asked to reset the password of this account.\nTo choose a new one, open:\n%s?code=%s\n", s.ResetURL, code)}
	if err := mailer.Send(ctx, msg); err != nil {
		return fmt.Errorf("sending the reset mail: %w", err)
	}
	return nil
}

// WaitMail blocks until every reset mail forgot-password has started is
// sent or given up, and every API token's last-used write is done: tests
// call it before looking at what was sent, and a shutdown does, so as not
// to close the database under one.
func (s *Security) WaitMail() {
	s.mailing.Wait()
	if s.APITokens != nil {
		s.APITokens.Wait()
	}
}

// resetPassword sets a new password with the mailed code, once, before
// the code expires, and never for a blocked user.
func (s *Security) resetPassword(c *fiber.Ctx) error {
	if err := s.AllowPublic("auth.resetPassword"); err != nil {
		return err
	}
	in, err := stringFields(c, "code", "password", "passwordConfirmation")
	if err != nil {
		return err
	}
	if in["password"] != in["passwordConfirmation"] {
		return errs.New(errs.KindValidation, "Passwords do not match")
	}
	p, err := s.Content.PrincipalByResetCode(c.UserContext(), hashCode(in["code"]))
	switch {
	case errs.KindOf(err) == errs.KindNotFound:
		return errs.New(errs.KindValidation, "Incorrect code provided")
	case err != nil:
		return err
	// A code without an expiry was stored before codes expired: it is as
	// dead as an expired one.
	case p.ResetExpiresAt.IsZero() || !s.Reset.now().Before(p.ResetExpiresAt):
		return errs.New(errs.KindValidation, "Incorrect code provided")
	case p.Blocked:
		return errBlocked()
	}
	// The password write drops the code (accountHooks in core/app).
	return s.setPasswordAndSignIn(c, p.ID, in["password"])
}

// randomCode is a reset code: 32 random bytes, hex.
func randomCode() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// hashCode is what the database keeps of a reset code, so a leaked table
// does not hand out working codes.
func hashCode(code string) string {
	sum := sha256.Sum256([]byte(code))
	return hex.EncodeToString(sum[:])
}
