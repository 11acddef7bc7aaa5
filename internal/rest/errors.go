// Package rest is Kiln's HTTP face: the generated routes of every content
// type, the success and error envelopes, the two response versions, and the
// one error handler that turns error kinds into statuses. It is the only
// package that knows HTTP.
package rest

import (
	"errors"
	"log/slog"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/clientip"
)

// kindStatus maps each error kind to its status and Strapi error name.
var kindStatus = map[errs.Kind]struct {
	status int
	name   string
}{
	errs.KindValidation:      {400, "ValidationError"},
	errs.KindPagination:      {400, "PaginationError"},
	errs.KindApplication:     {400, "ApplicationError"},
	errs.KindUnauthorized:    {401, "UnauthorizedError"},
	errs.KindForbidden:       {403, "ForbiddenError"},
	errs.KindNotFound:        {404, "NotFoundError"},
	errs.KindConflict:        {409, "ConflictError"},
	errs.KindPayloadTooLarge: {413, "PayloadTooLargeError"},
	errs.KindRateLimit:       {429, "RateLimitError"},
	errs.KindUnavailable:     {503, "ServiceUnavailableError"},
}

// fiberErrors maps fiber's own errors (no route, body too large, ...) to
// the envelope's names.
var fiberErrors = map[int]struct {
	name, message string
}{
	fiber.StatusNotFound:                    {"NotFoundError", "Not Found"},
	fiber.StatusMethodNotAllowed:            {"MethodNotAllowedError", "Method Not Allowed"},
	fiber.StatusRequestEntityTooLarge:       {"PayloadTooLargeError", "Entity too large"},
	fiber.StatusBadRequest:                  {"BadRequestError", "Bad Request"},
	fiber.StatusRequestTimeout:              {"RequestTimeoutError", "Request Timeout"},
	fiber.StatusRequestHeaderFieldsTooLarge: {"BadRequestError", "Request header fields too large"},
}

// ErrorHandler writes every error as Strapi's error envelope. Kinds the
// core defines keep their message and details; fiber's errors get their
// status; anything else is a 500 whose only detail is the request id, and
// whose cause is logged under that id — never sent.
//
// A database that is away, a request past its deadline or a client gone is
// a 503 ServiceUnavailableError with Retry-After, logged once per interval
// with a count rather than once per request.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return ErrorHandlerLogging(log, func(c *fiber.Ctx) string { return c.Path() })
}

// ErrorHandlerLogging is ErrorHandler logging a failed request's path as
// pathOf writes it: the app's masks the secrets a path may hold (a
// calendar feed's token).
func ErrorHandlerLogging(log *slog.Logger, pathOf func(*fiber.Ctx) string) fiber.ErrorHandler {
	outages := newOutageLog(log)
	return func(c *fiber.Ctx, err error) error {
		reason, err := unavailable(c.UserContext(), err)
		outages.note(reason, err)
		status, name, msg, details := describe(err)
		if status == fiber.StatusServiceUnavailable {
			c.Set(fiber.HeaderRetryAfter, itoa(RetryAfterSeconds))
		}
		if status == fiber.StatusInternalServerError {
			id := requestID(c)
			log.Error("request failed", "request_id", id, "method", c.Method(), "path", pathOf(c),
				"client", clientip.Of(c).String(), "err", err)
			details = map[string]any{"requestId": id}
		}
		if status == fiber.StatusTooManyRequests {
			if e, ok := errs.As(err); ok {
				if ra, ok := e.Details["retryAfter"]; ok {
					c.Set(fiber.HeaderRetryAfter, toString(ra))
				}
			}
		}
		setVersionHeader(c)
		setNoSniff(c)
		return writeError(c, status, name, msg, details)
	}
}

func describe(err error) (status int, name, msg string, details map[string]any) {
	if e, ok := errs.As(err); ok {
		if ks, ok := kindStatus[e.Kind]; ok {
			d := e.Details
			if d == nil {
				d = map[string]any{}
			}
			return ks.status, ks.name, e.Message, d
		}
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		if known, ok := fiberErrors[fe.Code]; ok {
			return fe.Code, known.name, known.message, map[string]any{}
		}
		if fe.Code >= 400 && fe.Code < 500 {
			return fe.Code, "ApplicationError", fe.Message, map[string]any{}
		}
	}
	return fiber.StatusInternalServerError, "InternalServerError", "Internal Server Error", nil
}

func writeError(c *fiber.Ctx, status int, name, msg string, details map[string]any) error {
	body := map[string]any{"status": status, "name": name, "message": msg}
	if details != nil {
		body["details"] = details
	}
	c.Status(status)
	return c.JSON(fiber.Map{"data": nil, "error": body})
}

func requestID(c *fiber.Ctx) string {
	if id, ok := c.Locals("requestid").(string); ok {
		return id
	}
	return string(c.Response().Header.Peek(fiber.HeaderXRequestID))
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return itoa(int64(x))
	case int64:
		return itoa(x)
	}
	return ""
}

// Describe is what an error is answered with: its status, Strapi's error
// name, the message and the details (a 500 has none). GraphQL's errors
// carry the same in their extensions.
func Describe(err error) (status int, name, msg string, details map[string]any) {
	return describe(err)
}
