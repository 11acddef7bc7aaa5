package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/mail"
)

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

// ForgotPassword starts, in the background with a deadline of its own,
// the mail of a reset code to the user of email, and returns at once:
// only a known, unblocked user gets a mail, sent to the address stored on
// the account, never to the one typed. The typed address is matched as
// sign-in matches an e-mail identifier (normal form, exact comparison); a
// username matches nothing here. Nothing the caller sees depends on the
// address — neither an error nor the time taken tells whether an account
// exists — so failures are logged. WaitMail waits for the mails started.
func (s *Service) ForgotPassword(email string) {
	mailer, codes := s.Mailer, s.Reset
	s.mailing.Add(1)
	go func() {
		defer s.mailing.Done()
		ctx, cancel := context.WithTimeout(context.Background(), ResetMailTimeout)
		defer cancel()
		if err := s.sendReset(ctx, mailer, codes, email); err != nil {
			s.Log.Error("password reset", "err", err)
		}
	}()
}

// sendReset stores a fresh reset code for the user of the address, valid
// for the codes' lifetime, and mails it to the address stored on the
// account; an unknown or blocked address is no error, and gets nothing.
func (s *Service) sendReset(ctx context.Context, mailer mail.Mailer, codes ResetCodes, email string) error {
	if !auth.IsEmailIdentifier(email) {
		return nil
	}
	p, err := PrincipalByEmail(ctx, s.Content, auth.NormalizeEmail(email))
	if errs.KindOf(err) == errs.KindNotFound || (err == nil && p.Blocked) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("finding the user: %w", err)
	}
	code := randomCode()
	expires := codes.now().Add(codes.lifetime())
	if err := SetResetCode(ctx, s.Content, p.ID, hashCode(code), expires); err != nil {
		return fmt.Errorf("storing the reset code: %w", err)
	}
	msg := mail.Message{To: p.Email, Subject: "Reset your password",
		Text: fmt.Sprintf("Someone asked to reset the password of this account.\nTo choose a new one, open:\n%s?code=%s\n", s.ResetURL, code)}
	if err := mailer.Send(ctx, msg); err != nil {
		return fmt.Errorf("sending the reset mail: %w", err)
	}
	return nil
}

// WaitMail blocks until every reset mail ForgotPassword has started is
// sent or given up: tests call it before looking at what was sent, and a
// shutdown does, so as not to close the database under one.
func (s *Service) WaitMail() { s.mailing.Wait() }

// ResetPassword sets a new password with the mailed code, once, before
// the code expires, and never for a blocked user; it answers a session.
func (s *Service) ResetPassword(ctx context.Context, code, password, confirmation string) (*Session, error) {
	if password != confirmation {
		return nil, mismatch(confirmation)
	}
	p, err := PrincipalByResetCode(ctx, s.Content, hashCode(code))
	switch {
	case errs.KindOf(err) == errs.KindNotFound:
		return nil, errs.New(errs.KindValidation, "Incorrect code provided")
	case err != nil:
		return nil, err
	// A code without an expiry was stored before codes expired: it is as
	// dead as an expired one.
	case p.ResetExpiresAt.IsZero() || !s.Reset.now().Before(p.ResetExpiresAt):
		return nil, errs.New(errs.KindValidation, "Incorrect code provided")
	case p.Blocked:
		return nil, errBlocked()
	}
	// The password write drops the code (InstallRules' hook).
	return s.setPasswordAndSignIn(ctx, p.ID, password)
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
