package account

import (
	"context"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/internal/auth"
)

// Session is what a sign-in answers: a token at the user's current token
// version, and the user as the user type's generic read shows them.
type Session struct {
	Token string
	User  *entry.Entry
}

var errBadLogin = func() error { return errs.New(errs.KindValidation, "Invalid identifier or password") }

var errBlocked = func() error {
	return errs.New(errs.KindApplication, "Your account has been blocked by an administrator")
}

// Login signs a user in with an identifier (a username, or an e-mail
// address) and a password. An unknown identifier and a wrong password get
// the same answer after the same work (one bcrypt comparison), so neither
// the error nor the timing tells them apart.
func (s *Service) Login(ctx context.Context, identifier, password string) (*Session, error) {
	p, err := s.principalByIdentifier(ctx, identifier)
	if errs.KindOf(err) == errs.KindNotFound {
		auth.DummyCheck(password)
		return nil, errBadLogin()
	}
	if err != nil {
		return nil, err
	}
	if !auth.CheckPassword(p.PasswordHash, password) {
		return nil, errBadLogin()
	}
	if p.Blocked {
		return nil, errBlocked()
	}
	return s.session(ctx, p.ID, p.TokenVersion)
}

// principalByIdentifier finds the user a sign-in identifier names. One
// that contains "@" is an e-mail address: it is put in normal form and
// compared exactly with stored addresses, never with usernames. Anything
// else is a username, compared exactly. See auth.NormalizeEmail for why
// nothing here folds Unicode case.
func (s *Service) principalByIdentifier(ctx context.Context, identifier string) (*Principal, error) {
	if auth.IsEmailIdentifier(identifier) {
		return PrincipalByEmail(ctx, s.Content, auth.NormalizeEmail(identifier))
	}
	return PrincipalByUsername(ctx, s.Content, identifier)
}

// session is a user's Session, with a token at tokenVersion.
func (s *Service) session(ctx context.Context, userID, tokenVersion int64) (*Session, error) {
	token, err := s.Tokens.Issue(userID, tokenVersion)
	if err != nil {
		return nil, err
	}
	e, err := s.Content.Get(ctx, &query.Query{Type: s.UserType()}, userID, entry.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return &Session{Token: token, User: e}, nil
}

// RegistrationOpen refuses registration unless it is open.
func (s *Service) RegistrationOpen() error {
	if !s.Registration {
		return errs.New(errs.KindApplication, "Register action is currently disabled")
	}
	return nil
}

// Register creates a user with the default role and signs them in. Only
// the username, e-mail and password are the caller's: never a role,
// confirmed or blocked (Strapi's CVE-2023-39345). The content service
// stores the e-mail in normal form and the password hashed, with the user
// type's rules (see docs/accounts.md).
func (s *Service) Register(ctx context.Context, username, email, password string) (*Session, error) {
	w := content.NewWrite(s.UserType()).Set("username", username).Set("email", email).Set("password", password).
		SetRelation("role", content.ID(s.RoleIDs[auth.Authenticated])).Set("confirmed", true).Set("blocked", false).Set("provider", "local")
	e, err := s.Content.Create(ctx, &query.Query{Type: s.UserType()}, w, entry.ReadOptions{})
	if err != nil {
		if onlyTaken(err) {
			return nil, errs.New(errs.KindApplication, "Email or Username are already taken")
		}
		return nil, err
	}
	return s.session(ctx, e.ID, 0)
}

// onlyTaken reports whether err refuses a write for unique values alone
// (the username, the e-mail or both): Strapi answers it as one
// "already taken".
func onlyTaken(err error) bool {
	const unique = "This attribute must be unique"
	ee, ok := errs.As(err)
	if !ok || ee.Kind != errs.KindValidation {
		return false
	}
	if ee.Message == unique {
		return true
	}
	list, _ := ee.Details["errors"].([]errs.FieldError)
	for _, fe := range list {
		if fe.Message != unique {
			return false
		}
	}
	return len(list) > 0
}
