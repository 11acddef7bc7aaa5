package rest

import (
	"slices"

	"github.com/kiln-cms/kiln/internal/webhook"
)

// The JSON Schemas of the webhooks' admin routes, for the OpenAPI
// documents.
var (
	webhookProps = map[string]any{
		"id": map[string]any{"type": "integer"}, "name": map[string]any{"type": "string"},
		"url":       map[string]any{"type": "string", "format": "uri"},
		"events":    map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"types":     map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"headers":   map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
		"enabled":   map[string]any{"type": "boolean"},
		"source":    map[string]any{"type": "string", "enum": []any{webhook.SourceConfig, webhook.SourceAPI}},
		"hasSecret": map[string]any{"type": "boolean"},
		"createdAt": map[string]any{"type": "string", "format": "date-time"},
		"updatedAt": map[string]any{"type": "string", "format": "date-time"},
	}
	webhookRequired = []any{"id", "name", "url", "events", "types", "headers", "enabled", "source", "hasSecret", "createdAt", "updatedAt"}
	webhookSchema   = map[string]any{"type": "object", "properties": webhookProps, "required": webhookRequired}
	// webhookSchemaWithSecret is the create's answer: the secret, once.
	webhookSchemaWithSecret = map[string]any{"type": "object", "properties": webhookWithKey(webhookProps, "secret",
		map[string]any{"type": "string", "description": "shown only in this answer"}), "required": append(slices.Clone(webhookRequired), "secret")}
	webhookDeliverySchema = map[string]any{"type": "object", "properties": map[string]any{
		"id": map[string]any{"type": "integer"}, "webhookId": map[string]any{"type": "integer"},
		"event":         map[string]any{"type": "string"},
		"status":        map[string]any{"type": "string", "enum": []any{webhook.DeliveryPending, webhook.DeliveryDelivered, webhook.DeliveryFailed}},
		"attempts":      map[string]any{"type": "integer"},
		"nextAttemptAt": map[string]any{"type": []any{"string", "null"}, "format": "date-time"},
		"lastError":     map[string]any{"type": []any{"string", "null"}},
		"lastStatus":    map[string]any{"type": []any{"integer", "null"}},
		"durationMs":    map[string]any{"type": "integer"},
		"createdAt":     map[string]any{"type": "string", "format": "date-time"},
		"deliveredAt":   map[string]any{"type": []any{"string", "null"}, "format": "date-time"},
		"payload":       map[string]any{"type": "object", "description": "the body sent: {event, createdAt, model, entry}"},
	}, "required": []any{"id", "webhookId", "event", "status", "attempts", "nextAttemptAt", "lastError", "lastStatus",
		"durationMs", "createdAt", "deliveredAt", "payload"}}
)

func webhookWithKey(m map[string]any, k string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for kk, vv := range m {
		out[kk] = vv
	}
	out[k] = v
	return out
}

func webhookListOf(item map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": item}
}

// bodySchema is the write body: {data: {...}}; a create needs name, url
// and events.
func webhookBodySchema(create bool) map[string]any {
	data := map[string]any{"type": "object", "properties": map[string]any{
		"name": webhookProps["name"], "url": webhookProps["url"], "events": webhookProps["events"],
		"types": webhookProps["types"], "headers": webhookProps["headers"], "enabled": webhookProps["enabled"],
		"secret": map[string]any{"type": "string", "minLength": webhook.MinSecret, "description": "signs the deliveries; generated when left out"},
	}}
	if create {
		data["required"] = []any{"name", "url", "events"}
	}
	return map[string]any{"type": "object", "properties": map[string]any{"data": data}, "required": []any{"data"}}
}
