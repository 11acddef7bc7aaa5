package rest

import (
	"encoding/json"
	"errors"
	"net/url"
	"path/filepath"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/views"
)

// The actions of the views: reading them (every role that signs in to
// the panel needs it; without it the panel names entries by their first
// text field) and changing one (Strapi's configure-view).
const (
	ActionViews         = "contentManager.views"
	ActionConfigureView = "contentManager.configureView"
)

// ViewRoutes are GET /api/content-manager/views (every type's view, by
// uid, and whether this server writes them) and PUT
// /api/content-manager/views/:uid (one type's, written to the project's
// config/views.yaml where the deployment allows it). docs/admin.md,
// "Configure the view".
func ViewRoutes(sec *Security, s *schema.Schema, st *views.Store) route.Table {
	file := "config/" + filepath.Base(st.File()) // the project's name for it, not the server's path
	get := func(c *fiber.Ctx) error {
		if err := sec.Allow(c, ActionViews); err != nil {
			return err
		}
		return c.JSON(fiber.Map{"data": st.All(), "meta": fiber.Map{"editable": st.Editable(), "file": file}})
	}
	put := func(c *fiber.Ctx) error {
		if err := sec.Allow(c, ActionConfigureView); err != nil {
			return err
		}
		uid, err := url.PathUnescape(c.Params("uid")) // a client escapes the "::"
		ct := s.ByUID(uid)
		if err != nil || ct == nil {
			return errs.NotFound()
		}
		if !st.Editable() {
			return errs.Newf(errs.KindForbidden, "this server does not write %s: change it in the project, or serve with development: true in config/admin.yaml (KILN_ADMIN_DEVELOPMENT=true) on a development machine", file)
		}
		v, err := decodeView(c)
		if err != nil {
			return err
		}
		saved, err := st.Set(ct.Name, v)
		if errors.Is(err, views.ErrReadOnly) {
			return errs.New(errs.KindForbidden, err.Error())
		}
		if err != nil {
			var problem views.Problem
			if errors.As(err, &problem) {
				return errs.New(errs.KindValidation, err.Error())
			}
			return err
		}
		return c.JSON(fiber.Map{"data": saved, "meta": fiber.Map{}})
	}
	return route.Table{
		{Method: fiber.MethodGet, Path: "/content-manager/views", Prefixes: route.API, Action: ActionViews,
			Source: route.SourceCore, Handlers: []fiber.Handler{get}},
		{Method: fiber.MethodPut, Path: "/content-manager/views/:uid", Prefixes: route.API, Action: ActionConfigureView,
			Source: route.SourceCore, Handlers: []fiber.Handler{put}},
	}
}

// decodeView reads {"data": {mainField, columns, pageSize, sort}},
// refusing another key or a value of the wrong kind, naming it.
func decodeView(c *fiber.Ctx) (views.View, error) {
	var body map[string]json.RawMessage
	if err := DecodeBody(c, &body); err != nil {
		return views.View{}, err
	}
	data, ok := body["data"]
	if !ok || string(data) == "null" {
		return views.View{}, errs.New(errs.KindValidation, `Missing "data" payload in the request body`)
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil {
		return views.View{}, errs.New(errs.KindValidation, "data must be an object of mainField, columns, pageSize and sort")
	}
	var v views.View
	targets := map[string]struct {
		dst  any
		kind string
	}{
		"mainField": {&v.MainField, "a field's name"}, "columns": {&v.Columns, "a list of fields' names"},
		"pageSize": {&v.PageSize, "a whole number"}, "sort": {&v.Sort, `"<field>:asc" or "<field>:desc"`},
	}
	for k, raw := range fields {
		t, known := targets[k]
		if !known {
			return views.View{}, errs.Newf(errs.KindValidation, "data.%s is not a key of a view: mainField, columns, pageSize, sort", k)
		}
		if json.Unmarshal(raw, t.dst) != nil {
			return views.View{}, errs.Newf(errs.KindValidation, "data.%s must be %s", k, t.kind)
		}
	}
	return v, nil
}
