package analytics

import "sort"

// The routes' response schemas (JSON Schema of the envelope's data), for
// the OpenAPI document. They say each figure's unit: counts are integers,
// rates fractions 0..1 (4 decimals), progress a percentage 0..100 and
// hours hours (2 decimals).

type js = map[string]any

func obj(props js) js {
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys) // a stable document
	req := make([]any, len(keys))
	for i, k := range keys {
		req[i] = k
	}
	return js{"type": "object", "required": req, "properties": props}
}

func arr(items js) js { return js{"type": "array", "items": items} }

var (
	count    = js{"type": "integer", "minimum": 0}
	fraction = js{"type": "number", "minimum": 0, "description": "a fraction, rounded to 4 decimals"}
	rateOf   = js{"type": "number", "minimum": 0, "maximum": 1, "description": "a fraction 0..1, rounded to 4 decimals"}
	percent  = js{"type": "number", "minimum": 0, "maximum": 100, "description": "a percentage 0..100, rounded to 2 decimals"}
	hoursNum = js{"type": "number", "minimum": 0, "description": "hours, rounded to 2 decimals"}
	intID    = js{"type": "integer"}
	str      = js{"type": "string"}

	enrollmentsSchema = obj(js{"total": count, "byStatus": obj(js{"invited": count, "active": count, "completed": count, "dropped": count})})
	learnersSchema    = obj(js{"total": count, "active": count})
	eventsSchema      = obj(js{"held": count, "scheduled": count, "cancelled": count})

	dashboardSchema = obj(js{
		"programs":    obj(js{"total": count, "byStatus": obj(js{"draft": count, "published": count, "archived": count})}),
		"customers":   obj(js{"total": count, "active": count}),
		"learners":    learnersSchema,
		"coaches":     obj(js{"total": count, "active": count, "utilization": fraction}),
		"enrollments": obj(js{"total": count, "byStatus": enrollmentsSchema["properties"].(js)["byStatus"], "completionRate": rateOf, "meanProgress": percent}),
		"events":      obj(js{"next7Days": count}),
		"attendance":  obj(js{"rate30Days": rateOf}),
	})

	programSchema = obj(js{
		"id": intID, "documentId": str, "title": str,
		"status":            js{"type": []any{"string", "null"}, "enum": []any{"draft", "published", "archived", nil}},
		"enrollments":       enrollmentsSchema,
		"completionRate":    rateOf,
		"meanProgress":      percent,
		"progressHistogram": js{"type": "array", "minItems": 10, "maxItems": 10, "items": obj(js{"from": count, "to": count, "count": count})},
		"modules":           arr(obj(js{"id": intID, "documentId": str, "title": str, "order": js{"type": []any{"integer", "null"}}, "sessions": count})),
		"events":            eventsSchema,
		"attendanceRate":    rateOf,
		"hoursDelivered":    hoursNum,
		"coaches":           arr(obj(js{"id": intID, "documentId": str, "name": str, "eventsHeld": count, "hoursDelivered": hoursNum})),
	})

	customerSchema = obj(js{
		"id": intID, "documentId": str, "name": str,
		"programs":       arr(programSchema),
		"learners":       learnersSchema,
		"enrollments":    enrollmentsSchema,
		"completionRate": rateOf,
		"meanProgress":   percent,
		"events":         eventsSchema,
		"attendanceRate": rateOf,
		"hoursDelivered": hoursNum,
	})

	coachSchema = obj(js{
		"id": intID, "documentId": str, "name": str,
		"learners":       obj(js{"assigned": count, "capacity": count, "utilization": fraction}),
		"events":         obj(js{"delivered": count, "upcoming": count, "cancelled": count}),
		"attendanceRate": rateOf,
		"hoursDelivered": hoursNum,
	})
)
