package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

var instantiateRequestSchema = map[string]any{
	"type":     "object",
	"required": []any{"customer"},
	"properties": map[string]any{
		"customer":  map[string]any{"description": "id or documentId of the customer", "oneOf": []any{map[string]any{"type": "integer"}, map[string]any{"type": "string"}}},
		"title":     map[string]any{"type": "string", "maxLength": 200, "description": "defaults to the blueprint's title"},
		"startDate": map[string]any{"type": "string", "format": "date"},
	},
	"additionalProperties": false,
}

// outline is a blueprint's outline, as content-types/blueprint.yaml describes it.
type outline struct {
	Modules []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Sessions    []struct {
			Title           string `json:"title"`
			Kind            string `json:"kind"`
			DurationMinutes *int   `json:"durationMinutes"`
			Content         string `json:"content"`
		} `json:"sessions"`
	} `json:"modules"`
}

type instantiate struct {
	api *plugin.API
	m   *model
}

// handle creates the program, its modules and their sessions in one
// transaction: any failure (a broken outline, an unknown customer, a
// session that breaks a rule) writes nothing.
func (in *instantiate) handle(c *fiber.Ctx) error {
	var body map[string]any
	if err := reply.DecodeBody(c, &body); err != nil {
		return err
	}
	for k := range body {
		if k != "customer" && k != "title" && k != "startDate" {
			return errs.InvalidKey(k, k, "body", "")
		}
	}
	if body["customer"] == nil {
		return fieldErr("customer", "customer must be defined.")
	}
	m := in.m
	ctx, ro := c.UserContext(), in.api.ReadOptions(c)
	// Status draft: the latest version, for a caller who may read drafts;
	// for one who may not, only a published blueprint exists.
	bp, err := in.api.Content.FindOne(ctx, &query.Query{Type: m.Blueprint, Status: query.Draft}, content.ParseRef(c.Params("id")), ro)
	if err != nil {
		return err
	}
	ol, err := parseOutline(bp, m.BpOutline)
	if err != nil {
		return err
	}
	var e *content.Entry
	err = in.api.Content.InTx(ctx, func(ctx context.Context, tx content.TxDoor) error {
		id, err := in.build(ctx, tx, bp, ol, body, ro)
		if err != nil {
			return err
		}
		e, err = tx.Get(ctx, in.answer(), id, ro)
		return err
	})
	if err != nil {
		return err
	}
	return reply.Entry(c, fiber.StatusCreated, e)
}

// answer is how the new program is read back: with its customer, and its
// modules and their sessions in outline order.
func (in *instantiate) answer() *query.Query {
	m := in.m
	byOrder := func(a *schema.Attribute) []query.SortKey { return []query.SortKey{{Path: []*schema.Attribute{a}}} }
	sessions := &query.Populate{Relation: m.ModSessions, Query: &query.Query{Type: m.Session, Sort: byOrder(m.SesOrder)}}
	return &query.Query{Type: m.Program, Populate: []*query.Populate{
		{Relation: m.PrCustomer, Query: &query.Query{Type: m.Customer}},
		{Relation: m.PrModules, Query: &query.Query{Type: m.Module, Sort: byOrder(m.ModOrder), Populate: []*query.Populate{sessions}}},
	}}
}

// build writes the program and its outline inside tx, each entry as the
// caller (ro) writes: a customer they may not see is refused like one that
// does not exist, and an entry their scope would not show them is refused
// as any write of theirs is.
func (in *instantiate) build(ctx context.Context, tx content.TxDoor, bp *content.Entry, ol *outline, body map[string]any, ro content.ReadOptions) (int64, error) {
	m := in.m
	title := body["title"]
	if title == nil {
		title, _ = bp.Get(m.BpTitle)
	}
	desc, _ := bp.Get(m.BpDesc)
	customer, err := customerRef(body["customer"])
	if err != nil {
		return 0, err
	}
	// The blueprint by documentId: bp is its draft row, and a link names
	// the document (the service links its published row once there is one).
	prog := content.NewWrite(m.Program).Set(m.PrTitle.Name, title).Set(m.PrDesc.Name, desc).Set(m.PrStatus.Name, "draft").
		SetRelation(m.PrBlueprint.Name, content.DocumentID(bp.DocumentID)).SetRelation(m.PrCustomer.Name, customer)
	if sd, ok := body["startDate"].(string); ok {
		prog.Set(m.PrStart.Name, sd)
		if weeks, ok := bp.Values[m.Blueprint.Index(m.BpWeeks)].(int64); ok {
			if start, err := time.Parse(schema.DateLayout, sd); err == nil {
				prog.Set(m.PrEnd.Name, start.AddDate(0, 0, int(weeks)*7))
			}
		}
	} else if body["startDate"] != nil {
		return 0, fieldErr("startDate", "startDate must be a date (YYYY-MM-DD)")
	}
	p, err := tx.Create(ctx, &query.Query{Type: m.Program, Fields: query.IDsOnly()}, prog, ro)
	if err != nil {
		return 0, err
	}
	for i, om := range ol.Modules {
		mod, err := tx.Create(ctx, &query.Query{Type: m.Module, Fields: query.IDsOnly()}, content.NewWrite(m.Module).
			Set(m.ModTitle.Name, om.Title).Set(m.ModDesc.Name, nilIfEmpty(om.Description)).Set(m.ModOrder.Name, i).
			SetRelation(m.ModProgram.Name, content.ID(p.ID)), ro)
		if err != nil {
			return 0, outlineErr(err, fmt.Sprintf("modules[%d]", i))
		}
		for j, se := range om.Sessions {
			w := content.NewWrite(m.Session).Set(m.SesTitle.Name, se.Title).Set(m.SesKind.Name, nilIfEmpty(se.Kind)).
				Set(m.SesOrder.Name, j).SetRelation(m.SesModule.Name, content.ID(mod.ID)).SetRelation(m.SesProgram.Name, content.ID(p.ID)).
				Set(m.SesContent.Name, nilIfEmpty(se.Content))
			if se.DurationMinutes != nil {
				w.Set(m.SesDuration.Name, *se.DurationMinutes)
			}
			if _, err := tx.Create(ctx, &query.Query{Type: m.Session, Fields: query.IDsOnly()}, w, ro); err != nil {
				return 0, outlineErr(err, fmt.Sprintf("modules[%d].sessions[%d]", i, j))
			}
		}
	}
	return p.ID, nil
}

// parseOutline reads and checks the blueprint's outline: a modules list,
// each with a title, each session with a title.
func parseOutline(bp *content.Entry, a *schema.Attribute) (*outline, error) {
	raw, _ := bp.Get(a)
	msg, _ := raw.(json.RawMessage)
	if len(msg) == 0 || string(msg) == "null" {
		return nil, fieldErr("outline", "the blueprint has no outline")
	}
	dec := json.NewDecoder(strings.NewReader(string(msg)))
	dec.DisallowUnknownFields()
	var ol outline
	if err := dec.Decode(&ol); err != nil {
		return nil, fieldErr("outline", "the blueprint's outline is not {modules: [{title, sessions: [{title, kind, durationMinutes}]}]}: "+err.Error())
	}
	if len(ol.Modules) == 0 {
		return nil, fieldErr("outline", "the blueprint's outline has no modules")
	}
	for i, m := range ol.Modules {
		if strings.TrimSpace(m.Title) == "" {
			return nil, fieldErr("outline", fmt.Sprintf("outline modules[%d] has no title", i))
		}
		for j, s := range m.Sessions {
			if strings.TrimSpace(s.Title) == "" {
				return nil, fieldErr("outline", fmt.Sprintf("outline modules[%d].sessions[%d] has no title", i, j))
			}
		}
	}
	return &ol, nil
}

// outlineErr says where in the outline a rule broke (a session's kind not
// in the list, a duration out of range).
func outlineErr(err error, where string) error {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation {
		return err
	}
	return &errs.Error{Kind: errs.KindValidation, Message: "outline " + where + ": " + e.Message, Details: e.Details, Err: err}
}

// customerRef is the customer a request names, by id or documentId (the
// request's schema); any other value is refused as a body's would be.
func customerRef(v any) (content.Ref, error) {
	switch x := v.(type) {
	case json.Number:
		return content.ParseRef(x.String()), nil
	case string:
		if x == "" {
			return content.Ref{}, fieldErr("customer", "customer has an empty reference")
		}
		return content.ParseRef(x), nil
	}
	return content.Ref{}, fieldErr("customer", "customer must hold ids or documentIds")
}

func fieldErr(field, msg string) error {
	return errs.Fields([]errs.FieldError{errs.Field(field, msg)})
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
