package rest

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
)

// A NUL byte is in no legitimate name, id or text, and neither database
// takes it: PostgreSQL refuses it in text and jsonb, and the SQL formatter
// refuses it in a bound value, so it used to reach them and answer 500.
// RejectNUL stops it at the edge of every route, with one check for the
// three ways in: the query string, the path parameters and the JSON body.

// The ends of the refusals' messages: a NUL in a value, or in a name.
const (
	nulMessage = "it contains a NUL character"
	nulInName  = "its name contains a NUL character"
)

// RejectNUL answers 400 (ValidationError) when a query-string key or value,
// a path parameter or a JSON body string or key, at any depth, holds a NUL
// byte; the message names the parameter or field, the details say where
// ("source": "query", "path" or "body"). It must run as the route's first
// handler, where the route's parameters are known: GuardNUL puts it there.
func RejectNUL(c *fiber.Ctx) error {
	if err := nulInQuery(c); err != nil {
		return err
	}
	if err := nulInParams(c); err != nil {
		return err
	}
	if isMultipart(c) {
		// An upload's form: its fields are checked, never its body —
		// fasthttp has spooled large files to disk, and c.Body() would
		// read the whole form back into memory.
		if err := nulInForm(c); err != nil {
			return err
		}
		return c.Next()
	}
	if err := nulInBody(c.Body()); err != nil {
		return err
	}
	return c.Next()
}

// isMultipart reports whether the request's body is a multipart form.
func isMultipart(c *fiber.Ctx) bool {
	return bytes.HasPrefix(bytes.ToLower(bytes.TrimSpace(c.Request().Header.ContentType())), []byte("multipart/form-data"))
}

// nulInForm refuses a NUL byte in a multipart form's fields' names and
// values (fileInfo, ref, ...): the files' names are made safe where they
// are stored, and their bytes are the files'. A form that cannot be read
// is left to the route, which says why.
func nulInForm(c *fiber.Ctx) error {
	form, err := c.MultipartForm()
	if err != nil {
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(form.Value)) {
		if strings.IndexByte(name, 0) >= 0 {
			return nulError("Invalid form field "+strconv.Quote(name)+": "+nulInName, map[string]any{"source": "body", "path": name})
		}
		for _, v := range form.Value[name] {
			if strings.IndexByte(v, 0) >= 0 {
				return nulError("Invalid form field "+strconv.Quote(name)+": "+nulMessage, map[string]any{"source": "body", "path": name})
			}
		}
	}
	return nil
}

var percentNUL = []byte("%00")

func nulInQuery(c *fiber.Ctx) error {
	raw := c.Request().URI().QueryString()
	if !bytes.Contains(raw, percentNUL) && bytes.IndexByte(raw, 0) < 0 {
		return nil
	}
	var bad error
	c.Request().URI().QueryArgs().VisitAll(func(k, v []byte) {
		if bad != nil {
			return
		}
		key := string(k)
		switch {
		case bytes.IndexByte(k, 0) >= 0:
			bad = nulError("Invalid query parameter "+display(key)+": "+nulInName,
				map[string]any{"source": "query", "param": key})
		case bytes.IndexByte(v, 0) >= 0:
			bad = nulError("Invalid query parameter "+display(key)+": "+nulMessage,
				map[string]any{"source": "query", "param": key})
		}
	})
	return bad
}

// nulInParams checks the route's parameters, which fiber hands over as
// written in the path (still percent-encoded).
func nulInParams(c *fiber.Ctx) error {
	path := c.Path()
	if !strings.Contains(path, "%00") && strings.IndexByte(path, 0) < 0 {
		return nil
	}
	for _, name := range c.Route().Params {
		v := c.Params(name)
		if dec, err := url.PathUnescape(v); err == nil {
			v = dec
		}
		if strings.IndexByte(v, 0) >= 0 {
			return nulError("Invalid path parameter "+name+": "+nulMessage,
				map[string]any{"source": "path", "param": name})
		}
	}
	return nil
}

// nulInBody looks into a JSON body only when it could hold a NUL (the
// escape \u0000, or a raw byte, which makes the JSON invalid and is left
// to the decoder's error); a body that does not parse is left to the
// handler's decoder too.
func nulInBody(body []byte) error {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	if where, inKey, ok := findNUL(v, ""); ok {
		msg := "Invalid body field " + where + ": " + nulMessage
		if inKey {
			msg = "Invalid body field " + where + ": " + nulInName
		}
		return nulError(msg, map[string]any{"source": "body", "path": where})
	}
	return nil
}

// findNUL returns the path (data.tags[2].name) of the first string or key
// holding a NUL, visiting object keys in sorted order so that the answer
// does not change between requests.
func findNUL(v any, at string) (where string, inKey bool, ok bool) {
	switch x := v.(type) {
	case string:
		if strings.IndexByte(x, 0) >= 0 {
			return orBody(at), false, true
		}
	case []any:
		for i, item := range x {
			if w, k, ok := findNUL(item, at+"["+strconv.Itoa(i)+"]"); ok {
				return w, k, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			child := display(k)
			if at != "" {
				child = at + "." + child
			}
			if strings.IndexByte(k, 0) >= 0 {
				return child, true, true
			}
			if w, inKey, ok := findNUL(x[k], child); ok {
				return w, inKey, true
			}
		}
	}
	return "", false, false
}

// orBody names the body itself when the NUL is in a top-level string.
func orBody(at string) string {
	if at == "" {
		return "(the body)"
	}
	return at
}

// display writes a name as it is, or quoted with its NUL escaped.
func display(name string) string {
	if strings.IndexByte(name, 0) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

func nulError(msg string, details map[string]any) error {
	return errs.New(errs.KindValidation, msg).WithDetails(details)
}

// GuardNUL returns r with every route registered through it (and through
// its groups) running RejectNUL first. Middleware (Use) and mounted apps
// pass through unchanged.
func GuardNUL(r fiber.Router) fiber.Router { return nulGuard{r} }

type nulGuard struct{ fiber.Router }

func guarded(h []fiber.Handler) []fiber.Handler {
	return append([]fiber.Handler{RejectNUL}, h...)
}

func (g nulGuard) Get(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Get(path, guarded(h)...)}
}

func (g nulGuard) Head(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Head(path, guarded(h)...)}
}

func (g nulGuard) Post(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Post(path, guarded(h)...)}
}

func (g nulGuard) Put(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Put(path, guarded(h)...)}
}

func (g nulGuard) Delete(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Delete(path, guarded(h)...)}
}

func (g nulGuard) Connect(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Connect(path, guarded(h)...)}
}

func (g nulGuard) Options(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Options(path, guarded(h)...)}
}

func (g nulGuard) Trace(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Trace(path, guarded(h)...)}
}

func (g nulGuard) Patch(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Patch(path, guarded(h)...)}
}

func (g nulGuard) Add(method, path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Add(method, path, guarded(h)...)}
}

func (g nulGuard) All(path string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.All(path, guarded(h)...)}
}

func (g nulGuard) Group(prefix string, h ...fiber.Handler) fiber.Router {
	return nulGuard{g.Router.Group(prefix, h...)}
}

func (g nulGuard) Route(prefix string, fn func(fiber.Router), name ...string) fiber.Router {
	return nulGuard{g.Router.Route(prefix, func(r fiber.Router) { fn(nulGuard{r}) }, name...)}
}
