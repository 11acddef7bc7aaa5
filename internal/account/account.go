// Package account is the users' side of Kiln that is no HTTP: sign-in
// with an identifier and a password, registration, changing a password,
// password reset by mailed code, the administration of users and the
// roles' listing, and the rules every write of a user obeys (InstallRules).
// internal/rest's handlers read requests and write answers around it; `kiln
// admin create` calls it too. It takes and returns plain Go values and
// error kinds (core/errs); users are entries of the built-in user type,
// read and written through the content service.
package account

import (
	"log/slog"
	"sync"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/mail"
)

// Service signs users in and administers their accounts.
type Service struct {
	// Tokens issues the session token a sign-in answers.
	Tokens  *auth.Tokens
	Content *content.Service
	Mailer  mail.Mailer
	// Registration opens registration (Register).
	Registration bool
	// ResetURL is the front-end page a reset link points at.
	ResetURL string
	// Reset is the lifetime and clock of reset codes.
	Reset ResetCodes
	Log   *slog.Logger
	// RoleIDs maps role types to their ids (filled at start-up).
	RoleIDs map[string]int64

	// mailing counts the reset mails still being sent in the background.
	mailing sync.WaitGroup
}

// UserType is the built-in user type.
func (s *Service) UserType() *schema.ContentType { return s.Content.Schema.Type("user") }
