package graphql

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/kiln-cms/kiln/internal/jsonw"
	"github.com/kiln-cms/kiln/internal/rest"
)

// gqlError is one entry of an answer's errors, as Apollo Server and
// Strapi's formatGraphqlError write it.
type gqlError struct {
	Message   string
	Locations []gqlerror.Location
	Path      []any
	Code      string
	// Name, Detail and Details are Strapi's extensions.error, for errors
	// of the content service (empty for GraphQL's own).
	Name    string
	Details map[string]any
	strapi  bool
}

// fieldError records err against field f of the operation; the field's
// value is null.
func (x *exec) fieldError(f *ast.Field, err error) {
	status, name, msg, details := rest.Describe(err)
	// No locations: Strapi's formatGraphqlError leaves a resolver's error
	// its message, path and extensions.
	path := make([]any, 0, len(x.path)+1)
	for _, el := range x.path {
		if el.name == "" {
			path = append(path, el.index)
		} else {
			path = append(path, el.name)
		}
	}
	path = append(path, responseKey(f))
	e := gqlError{Message: msg, Name: name, Details: details, strapi: true, Path: path}
	if def := f.Definition; def != nil && def.Type.NonNull {
		// A null cannot stand there: it bubbles up to the nearest
		// nullable parent (an entry of a list, a to-one field), or data.
		if len(x.path) == 0 {
			x.nullData = true
		} else {
			x.bubble = true
		}
	}
	switch {
	case status == fiber.StatusForbidden || status == fiber.StatusUnauthorized:
		// Strapi's plugin words every refusal alike, whoever asks.
		e.Code, e.Name, e.Message, e.Details = "FORBIDDEN", "ForbiddenError", "Forbidden access", map[string]any{}
	case name == "ValidationError":
		e.Code = "BAD_USER_INPUT"
	case status == fiber.StatusInternalServerError:
		e.Code, e.Message, e.strapi = "INTERNAL_SERVER_ERROR", "Internal Server Error", false
		if x.s.Log != nil {
			x.s.Log.Error("graphql field failed", "field", f.Name, "err", err)
		}
	default:
		e.Code = "STRAPI_" + strings.ToUpper(snake(name))
	}
	x.errors = append(x.errors, e)
}

// snake is lodash's snakeCase of an error name (NotFoundError:
// not_found_error).
func snake(s string) string {
	ws := words(s)
	for i := range ws {
		ws[i] = strings.ToLower(ws[i])
	}
	return strings.Join(ws, "_")
}

// fromGQLErrors turns gqlparser's errors into the answer's, with code.
func fromGQLErrors(list gqlerror.List, code string) []gqlError {
	out := make([]gqlError, 0, len(list))
	for _, e := range list {
		out = append(out, gqlError{Message: e.Message, Locations: e.Locations, Code: code})
	}
	return out
}

// reply writes an answer (see answer).
func (s *Server) reply(c *fiber.Ctx, status int, data []byte, list []gqlError) error {
	return s.send(c, status, answer(data, list))
}

// answer is {"errors": [...], "data": ...}: data is nil when the request
// never ran (a parse or validation error), and then absent.
func answer(data []byte, list []gqlError) []byte {
	return appendAnswer(make([]byte, 0, len(data)+256), data, list)
}

// appendAnswer appends answer(data, list) to b.
func appendAnswer(b, data []byte, list []gqlError) []byte {
	b = append(b, '{')
	if len(list) > 0 {
		b = append(b, `"errors":[`...)
		for i, e := range list {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.append(b)
		}
		b = append(b, ']')
	}
	if data != nil {
		if len(list) > 0 {
			b = append(b, ',')
		}
		b = append(b, `"data":`...)
		b = append(b, data...)
	}
	return append(b, '}')
}

// send writes an answer with GraphQL's content type: the one the client
// asked for, application/graphql-response+json, or application/json.
func (s *Server) send(c *fiber.Ctx, status int, b []byte) error {
	c.Status(status)
	if strings.Contains(c.Get(fiber.HeaderAccept), "application/graphql-response+json") {
		c.Set(fiber.HeaderContentType, "application/graphql-response+json; charset=utf-8")
	} else {
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	}
	// SetBody copies b into fasthttp's own body buffer (c.Send would keep
	// b itself until the answer is written): Handle's b goes back to its
	// pool as soon as this returns.
	c.Response().SetBody(b)
	return nil
}

// append writes one error.
func (e gqlError) append(b []byte) []byte {
	b = append(b, `{"message":`...)
	b = jsonw.AppendString(b, e.Message)
	if len(e.Locations) > 0 {
		b = append(b, `,"locations":[`...)
		for i, l := range e.Locations {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"line":`...)
			b = appendInt(b, int64(l.Line))
			b = append(b, `,"column":`...)
			b = appendInt(b, int64(l.Column))
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(e.Path) > 0 {
		b = append(b, `,"path":[`...)
		for i, p := range e.Path {
			if i > 0 {
				b = append(b, ',')
			}
			switch p := p.(type) {
			case int:
				b = appendInt(b, int64(p))
			case string:
				b = jsonw.AppendString(b, p)
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"extensions":{`...)
	if e.strapi {
		b = append(b, `"error":{"name":`...)
		b = jsonw.AppendString(b, e.Name)
		b = append(b, `,"message":`...)
		b = jsonw.AppendString(b, e.Message)
		b = append(b, `,"details":`...)
		b = appendAny(b, e.Details)
		b = append(b, "},"...)
	}
	b = append(b, `"code":`...)
	b = jsonw.AppendString(b, e.Code)
	return append(b, "}}"...)
}
