package rest

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/route"
)

// The admin routes of API tokens. Their actions are granted by a role's
// "*", "apiTokens.*" or the action itself; no token kind implies them, so
// a token never makes or revokes tokens.
const pathAPITokens = "/admin/api-tokens"

// apiTokenHandlers are the admin routes' handlers: each checks its action
// with sec, reads the request, calls the service and writes the answer.
type apiTokenHandlers struct {
	sec    *Security
	tokens *apitoken.Service
}

// APITokenRoutes are the admin routes of API tokens over tokens, served
// at /api only; each handler checks the row's action with sec.
func APITokenRoutes(sec *Security, tokens *apitoken.Service) route.Table {
	h := &apiTokenHandlers{sec: sec, tokens: tokens}
	rows := []struct {
		method, path, action string
		handler              fiber.Handler
	}{
		{fiber.MethodGet, pathAPITokens, "apiTokens.find", h.list},
		{fiber.MethodPost, pathAPITokens, "apiTokens.create", h.create},
		{fiber.MethodGet, pathAPITokens + "/:id", "apiTokens.findOne", h.get},
		{fiber.MethodDelete, pathAPITokens + "/:id", "apiTokens.delete", h.delete},
	}
	out := make(route.Table, len(rows))
	for i, r := range rows {
		out[i] = route.Route{Method: r.method, Path: r.path, Prefixes: route.API, Action: r.action,
			Source: route.SourceCore, Handlers: []fiber.Handler{r.handler}}
	}
	return out
}

// APITokenJSON is a token as the admin routes answer it, in Strapi's
// words; AccessKey only in the answer that creates it.
type APITokenJSON struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	ExpiresAt   *string  `json:"expiresAt"`
	LastUsedAt  *string  `json:"lastUsedAt"`
	CreatedAt   string   `json:"createdAt"`
	AccessKey   string   `json:"accessKey,omitempty"`
}

// TokenJSON is row as the admin routes and `kiln token list` show it.
func TokenJSON(row *apitoken.Token) APITokenJSON {
	stamp := func(t *time.Time) *string {
		if t == nil {
			return nil
		}
		s := t.UTC().Format("2006-01-02T15:04:05.000Z")
		return &s
	}
	perms := row.Actions
	if perms == nil {
		perms = []string{}
	}
	return APITokenJSON{ID: row.ID, Name: row.Name, Description: row.Description, Type: row.Kind, Permissions: perms,
		ExpiresAt: stamp(row.ExpiresAt), LastUsedAt: stamp(row.LastUsedAt), CreatedAt: *stamp(&row.CreatedAt)}
}

func (h *apiTokenHandlers) list(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "apiTokens.find"); err != nil {
		return err
	}
	rows, err := h.tokens.List(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]APITokenJSON, len(rows))
	for i, r := range rows {
		out[i] = TokenJSON(r)
	}
	return c.JSON(fiber.Map{"data": out, "meta": fiber.Map{}})
}

// tokenID reads the :id of a token route: a positive integer, else 404,
// as an id that names no token.
func tokenID(c *fiber.Ctx) (int64, error) {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, errs.NotFound()
	}
	return id, nil
}

func (h *apiTokenHandlers) get(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "apiTokens.findOne"); err != nil {
		return err
	}
	id, err := tokenID(c)
	if err != nil {
		return err
	}
	row, err := h.tokens.Get(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": TokenJSON(row), "meta": fiber.Map{}})
}

func (h *apiTokenHandlers) delete(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "apiTokens.delete"); err != nil {
		return err
	}
	id, err := tokenID(c)
	if err != nil {
		return err
	}
	row, err := h.tokens.Revoke(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": TokenJSON(row), "meta": fiber.Map{}})
}

// createBody is POST /api/admin/api-tokens's body, Strapi's admin shape:
// lifespan in milliseconds, null or absent for a token that never expires.
type createBody struct {
	Name        *string  `json:"name"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	Lifespan    *int64   `json:"lifespan"`
}

func (h *apiTokenHandlers) create(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, "apiTokens.create"); err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := DecodeBody(c, &raw); err != nil {
		return err
	}
	for k := range raw {
		switch k {
		case "name", "description", "type", "permissions", "lifespan":
		default:
			return errs.InvalidKey(k, k, "body", "").WithValid(k, []string{"name", "description", "type", "permissions", "lifespan"})
		}
	}
	var in createBody
	for k, v := range raw {
		var dst any
		switch k {
		case "name":
			dst = &in.Name
		case "description":
			dst = &in.Description
		case "type":
			dst = &in.Type
		case "permissions":
			dst = &in.Permissions
		case "lifespan":
			dst = &in.Lifespan
		}
		if string(v) == "null" && k != "lifespan" && k != "permissions" {
			continue
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return fieldError(k, k+" has the wrong type", nil)
		}
	}
	if in.Name == nil {
		return fieldError("name", "name is required", nil)
	}
	if in.Type == "" {
		return fieldError("type", "type is required", nil)
	}
	var lifespan time.Duration
	if in.Lifespan != nil {
		if *in.Lifespan <= 0 || *in.Lifespan > int64(100*365*24*time.Hour/time.Millisecond) {
			return fieldError("lifespan", "lifespan must be a positive number of milliseconds, or null for a token that never expires", *in.Lifespan)
		}
		lifespan = time.Duration(*in.Lifespan) * time.Millisecond
	}
	row, token, err := h.tokens.Create(c.UserContext(), *in.Name, in.Description, in.Type, in.Permissions, lifespan)
	if err != nil {
		return err
	}
	out := TokenJSON(row)
	out.AccessKey = token
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"data": out, "meta": fiber.Map{}})
}

// fieldError is Strapi's 400 ValidationError on one field of the body.
func fieldError(field, msg string, value any) error {
	return errs.Fields([]errs.FieldError{errs.Field(field, msg).WithValue(value)})
}
