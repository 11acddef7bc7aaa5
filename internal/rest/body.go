package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
)

// DecodeBody reads a JSON request body into v (numbers as json.Number),
// rejecting a wrong content type, malformed JSON and trailing data with a
// 400 that says which.
func DecodeBody(c *fiber.Ctx, v any) error {
	ct := c.Get(fiber.HeaderContentType)
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != fiber.MIMEApplicationJSON {
		return errs.Newf(errs.KindValidation, "Content-Type must be application/json, not %q", ct).
			WithDetails(map[string]any{"source": "body"})
	}
	dec := json.NewDecoder(bytes.NewReader(c.Body()))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return badJSON(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errs.New(KindBody, "Invalid JSON body: unexpected data after the JSON value").
			WithDetails(map[string]any{"source": "body"})
	}
	return nil
}

// KindBody is the kind of every body error: a ValidationError.
const KindBody = errs.KindValidation

func badJSON(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	msg := "Invalid JSON body"
	switch {
	case errors.As(err, &se):
		msg = fmt.Sprintf("Invalid JSON body: %s at byte %d", se.Error(), se.Offset)
	case errors.As(err, &te):
		msg = fmt.Sprintf("Invalid JSON body: expected an object, got %s", te.Value)
	case errors.Is(err, io.EOF):
		msg = "Invalid JSON body: the body is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		msg = "Invalid JSON body: the body ends too soon"
	}
	return errs.New(KindBody, msg).WithDetails(map[string]any{"source": "body"})
}

// dataBody reads Strapi's {"data": {...}} write body and returns the inner
// object.
func dataBody(c *fiber.Ctx) (map[string]any, error) {
	var body map[string]any
	if err := DecodeBody(c, &body); err != nil {
		return nil, err
	}
	if body == nil {
		return nil, errs.New(errs.KindValidation, `Missing "data" payload in the request body`)
	}
	for k := range body {
		if k != "data" {
			return nil, errs.InvalidKey(k, k, "body", "").WithValid(k, []string{"data"})
		}
	}
	data, ok := body["data"].(map[string]any)
	if !ok {
		return nil, errs.New(errs.KindValidation, `Missing "data" payload in the request body`)
	}
	return data, nil
}
