package coaching

// JSON Schemas of the routes' bodies and answers (the "data" of the
// success envelope), for the route table and the OpenAPI document.

type js = map[string]any

var (
	ref      = js{"description": "an id or a documentId", "oneOf": []any{js{"type": "integer", "minimum": 1}, js{"type": "string", "minLength": 1}}}
	unit     = js{"type": "number", "minimum": 0, "maximum": 1}
	count    = js{"type": "integer", "minimum": 0}
	ids      = js{"type": "array", "items": js{"type": "integer"}}
	coachRef = js{"$ref": "#/components/schemas/coach"}

	matchRequestSchema = js{
		"type":     "object",
		"required": []any{"learner"},
		"properties": js{
			"learner": ref,
			"program": js{"description": "only this program's coaches are candidates", "oneOf": []any{ref, js{"type": "null"}}},
			"limit":   js{"type": "integer", "minimum": 1, "maximum": maxMatches, "default": defaultMatches},
		},
		"additionalProperties": false,
	}

	matchResponseSchema = js{"type": "array", "description": "best first; ties by coach id", "items": js{
		"type":     "object",
		"required": []any{"coach", "score", "parts", "facts"},
		"properties": js{
			"coach": coachRef,
			"score": unit,
			"parts": js{"type": "object", "required": []any{"expertise", "language", "timezone", "capacity", "availability"},
				"properties": js{"expertise": unit, "language": unit, "timezone": unit, "capacity": unit, "availability": unit}},
			"facts": js{"type": "object", "properties": js{
				"sharedExpertise": js{"type": "array", "items": js{"type": "string"}},
				"sharedLanguages": js{"type": "array", "items": js{"type": "string"}},
				"timezoneHours":   js{"type": []any{"number", "null"}},
				"freeCapacity":    count,
				"freeHours":       js{"type": "number", "minimum": 0},
			}},
		},
	}}

	slotSchema = js{
		"type":     "object",
		"required": []any{"start", "end", "localStart", "localEnd", "minutes"},
		"properties": js{
			"start":      js{"type": "string", "format": "date-time", "description": "UTC"},
			"end":        js{"type": "string", "format": "date-time", "description": "UTC"},
			"localStart": js{"type": "string", "format": "date-time", "description": "the coach's wall clock, with its offset"},
			"localEnd":   js{"type": "string", "format": "date-time"},
			"minutes":    count,
		},
	}

	slotListSchema = js{"type": "array", "items": slotSchema}

	availableResponseSchema = js{"type": "array", "description": "earliest first slot first", "items": js{
		"type":     "object",
		"required": []any{"coach", "slots"},
		"properties": js{
			"coach": coachRef,
			"slots": js{"type": "array", "maxItems": firstSlots, "items": slotSchema},
		},
	}}

	learnerListSchema = js{"type": "array", "items": js{"$ref": "#/components/schemas/learner"}}

	assignRequestSchema = js{
		"type":     "object",
		"required": []any{"learners"},
		"properties": js{
			"learners": js{"type": "array", "minItems": 1, "maxItems": maxMatches, "items": ref},
		},
		"additionalProperties": false,
	}

	assignResponseSchema = js{
		"type":     "object",
		"required": []any{"coach", "assigned", "alreadyAssigned", "learners", "maxLearners"},
		"properties": js{
			"coach": js{"type": "integer"}, "assigned": ids, "alreadyAssigned": ids,
			"learners": count, "maxLearners": count,
		},
	}
)
