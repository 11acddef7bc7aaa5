package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/locales"
)

// Config bounds what one request may ask (config/graphql.yaml).
type Config struct {
	// DefaultLimit is a list's page size when it gives none; MaxLimit the
	// largest it may ask (larger sizes are lowered to it).
	DefaultLimit, MaxLimit int
	// DepthLimit is the deepest nesting of fields a query may have.
	DepthLimit int
	// Introspection answers __schema and __type.
	Introspection bool
	// MaxQueryBytes bounds a query document's size.
	MaxQueryBytes int
	// MaxAnswerRows is the answer budget of a caller whose role sets
	// none (api.yaml's maxAnswerRows).
	MaxAnswerRows int
	// MaxBatch is the most operations one POST may batch as a list; 0
	// refuses batches, as Apollo Server does by default.
	MaxBatch int
}

// Server answers /graphql through the content service, with the same
// guard, query options and status rule as REST's handlers.
type Server struct {
	Schema  *Schema
	Content *content.Service
	Config  Config
	Log     *slog.Logger
	// Guard, Options and AllowStatus are REST's (internal/rest API):
	// whether the caller may take an action on a type and with what read
	// options, what its queries may ask, and whether it may read drafts.
	Guard       func(c *fiber.Ctx, ct *schema.ContentType, action string) (entry.ReadOptions, error)
	Options     func(c *fiber.Ctx) query.Options
	AllowStatus func(c *fiber.Ctx, ct *schema.ContentType, st query.Status) error
	// Accounts answers users-permissions' own fields (me, login, ...);
	// Allow and AllowPublic are REST's checks of their actions
	// (auth.login, users.me, ...). Nil Accounts leaves them unanswered.
	Accounts Accounts
	// Files updates and deletes uploaded files (updateUploadFile,
	// deleteUploadFile); nil leaves them unanswered.
	Files Files
	// SignFile, when set, puts signed urls in a file's entry before it is
	// written (a private bucket: storage.SignerFor), as REST's answers do.
	SignFile func(ctx context.Context, e *entry.Entry) (bool, error)
	// Locales lists the configured locales (i18NLocales); nil leaves the
	// locale queries out.
	Locales     func(ctx context.Context) ([]locales.Locale, error)
	Allow       func(c *fiber.Ctx, action string) error
	AllowPublic func(action string) error

	// docs are the validated documents (doccache.go).
	docs docCache
	// ReadOptions are what a caller may see of users (their scopes).
	ReadOptions func(c *fiber.Ctx) entry.ReadOptions
}

func (s *Server) guard(c *fiber.Ctx, ct *schema.ContentType, action string) (entry.ReadOptions, error) {
	if s.Guard == nil {
		return entry.ReadOptions{}, nil
	}
	return s.Guard(c, ct, action)
}

// request is one GraphQL request as sent.
type request struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
}

// Handle answers one request: POST with a JSON body, or GET with the
// query in the URL (queries only).
func (s *Server) Handle(c *fiber.Ctx) error {
	if blockedAsCSRF(c) {
		return s.reply(c, fiber.StatusBadRequest, nil, []gqlError{{Message: csrfMessage, Code: "BAD_REQUEST"}})
	}
	if !acceptsJSON(c.Get(fiber.HeaderAccept)) {
		return s.reply(c, fiber.StatusNotAcceptable, nil, []gqlError{{Message: "An 'accept' header was provided for this request " +
			"which does not accept application/json or application/graphql-response+json", Code: "BAD_REQUEST"}})
	}
	if batch, ok, err := s.readBatch(c); ok {
		if err != nil {
			return s.reply(c, fiber.StatusBadRequest, nil, []gqlError{{Message: err.Error(), Code: "BAD_REQUEST"}})
		}
		return s.runBatch(c, batch)
	}
	req, err := readRequest(c)
	if err != nil {
		return s.reply(c, fiber.StatusBadRequest, nil, []gqlError{{Message: err.Error(), Code: "BAD_REQUEST"}})
	}
	buf := answerBufs.Get().(*[]byte)
	status, b := s.one(c, req, (*buf)[:0])
	err = s.send(c, status, b) // send copies b
	if cap(b) <= maxPooledAnswer {
		*buf = b[:0]
		answerBufs.Put(buf)
	}
	return err
}

// answerBufs are the buffers answers are written in, kept between
// requests as REST keeps its own; one that grew past maxPooledAnswer is
// dropped rather than kept.
var answerBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

const maxPooledAnswer = 256 << 10

// one runs one request and returns its status and answer, appended to b.
func (s *Server) one(c *fiber.Ctx, req request, b []byte) (int, []byte) {
	if strings.TrimSpace(req.Query) == "" {
		return fiber.StatusBadRequest, appendAnswer(b, nil, []gqlError{{
			Message: "GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.", Code: "BAD_REQUEST"}})
	}
	if s.Config.MaxQueryBytes > 0 && len(req.Query) > s.Config.MaxQueryBytes {
		return fiber.StatusBadRequest, appendAnswer(b, nil, []gqlError{{Message: "The query document is too large", Code: "BAD_REQUEST"}})
	}
	doc, status, errList := s.document(req.Query)
	if doc == nil {
		return status, appendAnswer(b, nil, errList)
	}
	var opts query.Options
	if s.Options != nil {
		opts = s.Options(c)
	}
	if list := append(doc.limits, s.checkLiterals(doc.QueryDocument, opts.Locales)...); len(list) > 0 {
		return fiber.StatusBadRequest, appendAnswer(b, nil, list)
	}
	op, msg := pickOperation(doc.QueryDocument, req.OperationName)
	if op == nil {
		return fiber.StatusBadRequest, appendAnswer(b, nil, []gqlError{{Message: msg, Code: "OPERATION_RESOLUTION_FAILURE"}})
	}
	if op.Operation != ast.Query && c.Method() == fiber.MethodGet {
		return fiber.StatusMethodNotAllowed, appendAnswer(b, nil, []gqlError{{
			Message: "GET requests only support query operations, not " + string(op.Operation) + " operations", Code: "BAD_REQUEST"}})
	}
	if list := append(missingVariables(op, req.Variables), scalarVariableErrors(op, req.Variables)...); len(list) > 0 {
		return fiber.StatusBadRequest, appendAnswer(b, nil, list)
	}
	vars, verr := validator.VariableValues(s.Schema.ast, op, req.Variables)
	if verr != nil {
		return fiber.StatusBadRequest, appendAnswer(b, nil, fromGQLErrors(asList(verr), "BAD_USER_INPUT"))
	}
	x := &exec{s: s, c: c, ctx: c.UserContext(), vars: vars, opts: opts, doc: doc}
	// The data is written in place after the envelope's opening; errors,
	// which graphql-js puts first, move it (they are the rare case).
	start := len(b)
	b = append(b, `{"data":`...)
	b = x.run(b, op)
	if x.nullData || len(x.errors) > 0 {
		data := b[start+len(`{"data":`):]
		if x.nullData {
			data = []byte("null")
		}
		return fiber.StatusOK, appendAnswer(b[:start], slices.Clone(data), x.errors)
	}
	return fiber.StatusOK, append(b, '}')
}

// document parses and validates a query document, or takes it from the
// cache of documents already validated; a refused one comes with its
// status and errors.
func (s *Server) document(text string) (*document, int, []gqlError) {
	if doc := s.docs.get(text); doc != nil {
		return doc, 0, nil
	}
	doc, perr := parser.ParseQuery(&ast.Source{Input: text})
	if perr != nil {
		list := asList(perr)
		graphqlJSWording(list, nil, true)
		return nil, fiber.StatusBadRequest, fromGQLErrors(list, "GRAPHQL_PARSE_FAILED")
	}
	if list := validator.Validate(s.Schema.ast, doc); len(list) > 0 {
		graphqlJSWording(list, doc, false)
		return nil, fiber.StatusBadRequest, fromGQLErrors(list, "GRAPHQL_VALIDATION_FAILED")
	}
	d := &document{QueryDocument: doc, limits: s.checkLimits(doc)}
	s.docs.put(text, d)
	return d, 0, nil
}

// readRequest reads the request's query, operation name and variables.
func readRequest(c *fiber.Ctx) (request, error) {
	var req request
	switch c.Method() {
	case fiber.MethodGet:
		req.Query = c.Query("query")
		req.OperationName = c.Query("operationName")
		if v := c.Query("variables"); v != "" {
			if err := decodeJSON([]byte(v), &req.Variables); err != nil {
				return req, errors.New("Variables are invalid JSON.")
			}
		}
		return req, nil
	case fiber.MethodPost:
		ct := strings.ToLower(c.Get(fiber.HeaderContentType))
		if !strings.HasPrefix(ct, fiber.MIMEApplicationJSON) {
			return req, errors.New("POST body missing, invalid Content-Type, or JSON object has no keys.")
		}
		body := bytes.TrimSpace(c.Body())
		if err := decodeJSON(body, &req); err != nil {
			return req, errors.New("POST body is not a JSON object of query, variables and operationName")
		}
		return req, nil
	}
	return req, errors.New("GraphQL answers GET and POST only")
}

// decodeJSON decodes numbers as json.Number, so that no integer is
// rounded through a float.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

// pickOperation is the operation to run: the one named, or the only one.
func pickOperation(doc *ast.QueryDocument, name string) (*ast.OperationDefinition, string) {
	if name != "" {
		if op := doc.Operations.ForName(name); op != nil {
			return op, ""
		}
		return nil, `Unknown operation named "` + name + `".`
	}
	if len(doc.Operations) != 1 {
		return nil, "Must provide operation name if query contains multiple operations."
	}
	return doc.Operations[0], ""
}

func asList(err error) gqlerror.List {
	var list gqlerror.List
	if errors.As(err, &list) {
		return list
	}
	var one *gqlerror.Error
	if errors.As(err, &one) {
		return gqlerror.List{one}
	}
	return gqlerror.List{gqlerror.Wrap(err)}
}

// csrfMessage is Apollo Server's answer to a request a browser could send
// from another site without a preflight.
const csrfMessage = "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). " +
	"Please either specify a 'content-type' header (with a type that is not one of " +
	"application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value " +
	"for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n"

// blockedAsCSRF is Apollo Server's CSRF prevention, which Strapi's plugin
// keeps on: a request is refused unless it has a content type a form
// cannot send or one of Apollo's headers, so that no page of another site
// can make a browser run a query with its cookies.
func blockedAsCSRF(c *fiber.Ctx) bool {
	if c.Get("X-Apollo-Operation-Name") != "" || c.Get("Apollo-Require-Preflight") != "" {
		return false
	}
	ct := strings.ToLower(strings.TrimSpace(c.Get(fiber.HeaderContentType)))
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = strings.TrimSpace(ct[:i])
	}
	switch ct {
	case "":
		return c.Method() == fiber.MethodGet
	case "application/x-www-form-urlencoded", "multipart/form-data", "text/plain":
		return true
	}
	return false
}

// readBatch reads a POST body that is a list of requests; ok is false for
// any other body. Batches are refused unless MaxBatch allows them (Apollo
// Server's default, which Strapi keeps), and past MaxBatch operations.
func (s *Server) readBatch(c *fiber.Ctx) (batch []request, ok bool, err error) {
	body := bytes.TrimSpace(c.Body())
	if c.Method() != fiber.MethodPost || len(body) == 0 || body[0] != '[' {
		return nil, false, nil
	}
	if s.Config.MaxBatch < 1 {
		return nil, true, errors.New("Operation batching disabled.")
	}
	if err := decodeJSON(body, &batch); err != nil {
		return nil, true, errors.New("POST body is not a JSON list of requests")
	}
	if len(batch) == 0 || len(batch) > s.Config.MaxBatch {
		return nil, true, fmt.Errorf("A batch holds 1 to %d operations; this one holds %d", s.Config.MaxBatch, len(batch))
	}
	return batch, true, nil
}

// runBatch answers each request of a batch in turn: a list of answers,
// 200 as long as the batch itself was read.
func (s *Server) runBatch(c *fiber.Ctx, batch []request) error {
	b := []byte{'['}
	for i, req := range batch {
		if i > 0 {
			b = append(b, ',')
		}
		_, b = s.one(c, req, b) // an empty query's answer is its own 400's
	}
	return s.send(c, fiber.StatusOK, append(b, ']'))
}

// acceptsJSON reports whether an Accept header takes one of GraphQL's
// answer types, as Apollo Server checks it (no header takes all).
func acceptsJSON(accept string) bool {
	if strings.TrimSpace(accept) == "" {
		return true
	}
	for _, part := range strings.Split(accept, ",") {
		mt, _, _ := strings.Cut(part, ";")
		switch strings.ToLower(strings.TrimSpace(mt)) {
		case "application/json", "application/graphql-response+json", "*/*", "application/*":
			return true
		}
	}
	return false
}
