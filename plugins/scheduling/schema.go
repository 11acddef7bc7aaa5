package scheduling

// JSON Schemas of the routes' bodies and answers (the "data" of the
// success envelope), for the route table and the OpenAPI document.

type js = map[string]any

var (
	count = js{"type": "integer", "minimum": 0}
	ref   = js{"description": "an id or a documentId", "oneOf": []any{js{"type": "integer"}, js{"type": "string"}}}

	eventListSchema = js{"type": "array", "items": js{"$ref": "#/components/schemas/event"}}

	emptyRequestSchema = js{"type": "object", "additionalProperties": false, "description": "no body, or {}"}

	syncRequestSchema = js{
		"type":        "object",
		"description": "optional; without learners, the event's program's active enrollments are used",
		"properties": js{
			"learners": js{"type": "array", "items": ref, "description": "exactly these learners instead"},
		},
		"additionalProperties": false,
	}

	syncProperties = js{"created": count, "removed": count, "unchanged": count}

	syncResultSchema = js{"type": "object", "required": []any{"created", "removed", "unchanged"},
		"properties": syncProperties, "additionalProperties": false}

	programSyncResultSchema = js{"type": "object", "required": []any{"created", "removed", "unchanged", "events"},
		"properties":           js{"created": count, "removed": count, "unchanged": count, "events": count},
		"additionalProperties": false}

	attendanceRequestSchema = js{
		"type":     "object",
		"required": []any{"status"},
		"properties": js{
			"status": js{"type": "string", "enum": []any{"invited", "accepted", "declined", "attended", "absent"},
				"description": "coach or admin: attended, absent; learner (own attendance): accepted, declined"},
		},
		"additionalProperties": false,
	}

	icsSchema = js{"type": "string", "contentMediaType": "text/calendar",
		"description": "an iCalendar (RFC 5545) VCALENDAR with one VEVENT per event"}

	tokenSchema = js{
		"type":     "object",
		"required": []any{"url", "webcal", "path"},
		"properties": js{
			"url":    js{"type": "string", "format": "uri", "description": "the feed, https://…/api/calendar/<token>.ics; shown once"},
			"webcal": js{"type": "string", "description": "the same as webcal://, which opens a calendar app"},
			"path":   js{"type": "string", "description": "the feed's path, for a client that knows its own base URL"},
		},
		"additionalProperties": false,
	}
)
