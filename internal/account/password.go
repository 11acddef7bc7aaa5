package account

import (
	"context"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/auth"
)

// ChangePassword sets a signed-in user's new password, given their
// current one, and answers a fresh session: every earlier token is ended.
func (s *Service) ChangePassword(ctx context.Context, userID int64, current, password, confirmation string) (*Session, error) {
	p, err := PrincipalByID(ctx, s.Content, userID)
	if err != nil {
		return nil, err
	}
	switch {
	case !auth.CheckPassword(p.PasswordHash, current):
		return nil, errs.New(errs.KindValidation, "The provided current password is invalid")
	case password != confirmation:
		return nil, mismatch(confirmation)
	case password == current:
		return nil, errs.New(errs.KindValidation, "Your new password must be different than your current password")
	}
	return s.setPasswordAndSignIn(ctx, userID, password)
}

// setPasswordAndSignIn sets a user's password through the content service
// — the user type's rules, hashing, and the hooks that end every earlier
// token and drop a pending reset code, as any other password write — and
// answers a session at the new token version.
func (s *Service) setPasswordAndSignIn(ctx context.Context, id int64, password string) (*Session, error) {
	q := &query.Query{Type: s.UserType(), Fields: []*schema.Attribute{schema.SysID}}
	if _, err := s.Content.Update(ctx, q, content.ID(id), content.NewWrite(q.Type).Set("password", password), entry.ReadOptions{}); err != nil {
		return nil, err
	}
	p, err := PrincipalByID(ctx, s.Content, id)
	if err != nil {
		return nil, err
	}
	return s.session(ctx, id, p.TokenVersion)
}

// mismatch is Strapi's refusal of a confirmation that is not the
// password: a validation error on passwordConfirmation, with its value.
func mismatch(confirmation string) error {
	return errs.Fields([]errs.FieldError{errs.Field("passwordConfirmation", "Passwords do not match").WithValue(confirmation)})
}
