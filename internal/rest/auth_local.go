package rest

import (
	"sort"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/caller"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/account"
)

// accountHandlers are the users-and-auth routes' handlers (AccountRoutes):
// each checks its action with sec, reads the request, calls the account
// service (reads of users: the content service, as for any entry) and
// writes the answer.
type accountHandlers struct {
	sec *Security
	acc *account.Service
}

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
			problems = append(problems, errs.Field(n, n+" is a required field"))
		}
		out[n] = v
	}
	if len(problems) > 0 {
		return nil, errs.Fields(problems)
	}
	return out, nil
}

// login answers {jwt, user} (account.Service.Login).
func (h *accountHandlers) login(c *fiber.Ctx) error {
	if err := h.sec.AllowPublic("auth.login"); err != nil {
		return err
	}
	in, err := stringFields(c, "identifier", "password")
	if err != nil {
		return err
	}
	session, err := h.acc.Login(c.UserContext(), in["identifier"], in["password"])
	return sendSession(c, session, err)
}

// sendSession answers a session, {jwt, user}, or the error that came
// instead.
func sendSession(c *fiber.Ctx, s *account.Session, err error) error {
	if err != nil {
		return err
	}
	b := append(make([]byte, 0, 768), `{"jwt":`...)
	b = appendString(b, s.Token)
	b = append(b, `,"user":`...)
	b = appendEntry(b, s.User, V2)
	return send(c, fiber.StatusOK, append(b, '}'))
}

// register creates a user with the default role (account.Service
// .Register). Only username, email and password may be given: the caller
// never picks a role, confirmed or blocked (Strapi's CVE-2023-39345).
func (h *accountHandlers) register(c *fiber.Ctx) error {
	if err := h.acc.RegistrationOpen(); err != nil {
		return err
	}
	if err := h.sec.AllowPublic("auth.register"); err != nil {
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
	in := map[string]string{}
	for _, k := range []string{"username", "email", "password"} {
		v, _ := body[k].(string)
		if v == "" {
			return errs.Fields([]errs.FieldError{errs.Field(k, k+" is a required field")})
		}
		in[k] = v
	}
	session, err := h.acc.Register(c.UserContext(), in["username"], in["email"], in["password"])
	return sendSession(c, session, err)
}

// changePassword needs the current password and answers a fresh session.
func (h *accountHandlers) changePassword(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "auth.changePassword"); err != nil {
		return err
	}
	cl := caller.Of(c)
	if cl.UserID == 0 {
		return needsUser("auth.changePassword")
	}
	in, err := stringFields(c, "currentPassword", "password", "passwordConfirmation")
	if err != nil {
		return err
	}
	session, err := h.acc.ChangePassword(c.UserContext(), cl.UserID, in["currentPassword"], in["password"], in["passwordConfirmation"])
	return sendSession(c, session, err)
}

// forgotPassword always answers {"ok": true}, for known, unknown and
// blocked addresses alike, at once: the mail, if any, is sent after it
// (account.Service.ForgotPassword).
func (h *accountHandlers) forgotPassword(c *fiber.Ctx) error {
	if err := h.sec.AllowPublic("auth.forgotPassword"); err != nil {
		return err
	}
	in, err := stringFields(c, "email")
	if err != nil {
		return err
	}
	h.acc.ForgotPassword(in["email"])
	return c.JSON(fiber.Map{"ok": true})
}

// resetPassword sets a new password with the mailed code and answers a
// session (account.Service.ResetPassword).
func (h *accountHandlers) resetPassword(c *fiber.Ctx) error {
	if err := h.sec.AllowPublic("auth.resetPassword"); err != nil {
		return err
	}
	in, err := stringFields(c, "code", "password", "passwordConfirmation")
	if err != nil {
		return err
	}
	session, err := h.acc.ResetPassword(c.UserContext(), in["code"], in["password"], in["passwordConfirmation"])
	return sendSession(c, session, err)
}
