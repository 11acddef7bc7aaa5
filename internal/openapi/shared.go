package openapi

// The components every document shares: the relation inputs, pagination,
// the error envelope with one response per status, the headers and the
// security scheme. Operations point at them instead of repeating them.

// sharedSchemas are the schemas no content type owns.
func sharedSchemas() obj {
	relationRef := obj{
		"description": "an entry, by id or documentId",
		"anyOf": []any{
			obj{"type": "integer", "description": "the entry's id"},
			obj{"type": "string", "minLength": 1, "description": "the entry's documentId (or its id as a string)"},
			obj{"type": "object", "properties": obj{"documentId": obj{"type": "string", "minLength": 1}, "id": obj{"type": "integer"},
				"position": obj{"type": "object", "description": "in connect, where a manyToMany puts the entry in its order: {before: ref}, {after: ref} (an id or documentId already linked), {start: true} or {end: true}; the end by default; ignored elsewhere"}, "locale": obj{"description": "accepted and ignored"}, "status": obj{"description": "accepted and ignored"}},
				"minProperties": 1, "additionalProperties": false},
		},
	}
	refs := obj{"anyOf": []any{ref("RelationRef"), arrayOf(ref("RelationRef"))}}
	change := object(obj{
		"connect":    withDesc(refs, "entries to add, in this order at the end unless a position says where"),
		"disconnect": withDesc(refs, "entries to remove"),
		"set":        withDesc(refs, "the whole new list, in this order, replacing the old one"),
		"options":    obj{"description": "accepted and ignored"},
	})
	change["additionalProperties"] = false
	change["description"] = "a change to a relation: connect and disconnect entries, or set the whole list"
	pageStyle := object(obj{
		"page": obj{"type": "integer", "minimum": 1}, "pageSize": obj{"type": "integer", "minimum": 1},
		"pageCount": obj{"type": "integer", "minimum": 0, "description": "absent when pagination[withCount]=false"},
		"total":     obj{"type": "integer", "minimum": 0, "description": "absent when pagination[withCount]=false"},
	}, "page", "pageSize")
	offsetStyle := object(obj{
		"start": obj{"type": "integer", "minimum": 0}, "limit": obj{"type": "integer"},
		"total": obj{"type": "integer", "minimum": 0, "description": "absent when pagination[withCount]=false"},
	}, "start", "limit")
	return obj{
		"RelationRef":    relationRef,
		"RelationChange": change,
		"ToOneInput": obj{"description": "a to-one relation: an entry by id or documentId, null to clear it, or a change",
			"anyOf": []any{ref("RelationRef"), obj{"type": "null"}, ref("RelationChange")}},
		"ToManyInput": obj{"description": "a to-many relation: the whole list of entries by id or documentId (or one), null to clear it, or a change",
			"anyOf": []any{arrayOf(ref("RelationRef")), ref("RelationRef"), obj{"type": "null"}, ref("RelationChange")}},
		"Pagination": obj{"description": "the page the list holds: page style by default, offset style when the request paginated by start and limit",
			"anyOf": []any{pageStyle, offsetStyle}},
		"Meta":  obj{"type": "object", "description": "the list's meta; single entries carry an empty object"},
		"Error": errorSchema(nil, "any error"),
	}
}

// errorSchema is the error envelope, {"data": null, "error": {...}}, with
// the names a status may carry.
func errorSchema(names []string, desc string) obj {
	name := obj{"type": "string"}
	if len(names) > 0 {
		name["enum"] = strs(names)
	}
	body := object(obj{
		"status":  obj{"type": "integer"},
		"name":    name,
		"message": obj{"type": "string"},
		"details": obj{"type": "object", "description": "what went wrong, by kind: errors[] for failing fields, key/path/source/param for an invalid key, requestId for a 500"},
	}, "status", "name", "message")
	return withDesc(object(obj{"data": obj{"type": "null"}, "error": body}, "data", "error"), desc)
}

// validationDetails is the details of a 400: the failing fields, or the
// key a query or body named wrongly.
var validationDetails = obj{"type": "object", "properties": obj{
	"errors": arrayOf(object(obj{
		"path":    arrayOf(obj{"type": "string"}),
		"message": obj{"type": "string"},
		"name":    obj{"type": "string"},
		"value":   obj{"description": "the value given"},
	}, "path", "message", "name")),
	"key": obj{"type": "string"}, "path": obj{"type": []any{"string", "null"}},
	"source": obj{"type": "string"}, "param": obj{"type": "string"},
}}

// errorResponses are components.responses: one per error status, each
// with the names internal/rest gives it.
func errorResponses() obj {
	resp := func(desc string, names []string, extra func(s obj), headers obj) obj {
		s := errorSchema(names, desc)
		if extra != nil {
			extra(s)
		}
		h := obj{"API-Version": refTo("headers", "API-Version")}
		for k, v := range headers {
			h[k] = v
		}
		return obj{"description": desc, "headers": h, "content": obj{"application/json": obj{"schema": s}}}
	}
	details := func(d obj) func(obj) {
		return func(s obj) {
			s["properties"].(obj)["error"].(obj)["properties"].(obj)["details"] = d
		}
	}
	limit := obj{
		"X-RateLimit-Limit": refTo("headers", "X-RateLimit-Limit"), "X-RateLimit-Remaining": refTo("headers", "X-RateLimit-Remaining"),
		"X-RateLimit-Reset": refTo("headers", "X-RateLimit-Reset"),
	}
	tooMany := obj{"Retry-After": refTo("headers", "Retry-After")}
	for k, v := range limit {
		tooMany[k] = v
	}
	return obj{
		"BadRequest": resp("Bad request: a body or query that does not pass validation (ValidationError, with details.errors[] for failing fields), a pagination error, or an error a handler raises",
			[]string{"ValidationError", "PaginationError", "ApplicationError", "BadRequestError"}, details(validationDetails), nil),
		"Unauthorized":    resp("No token on a protected route, or a bad, expired or revoked one", []string{"UnauthorizedError"}, nil, nil),
		"Forbidden":       resp("The caller's role may not take this action", []string{"ForbiddenError"}, nil, nil),
		"NotFound":        resp("No such entry, or one outside the caller's scope", []string{"NotFoundError"}, nil, nil),
		"Conflict":        resp("A plugin's hook refused the write as a conflict", []string{"ConflictError"}, nil, nil),
		"PayloadTooLarge": resp("The body is larger than the configured limit", []string{"PayloadTooLargeError"}, nil, nil),
		"TooManyRequests": resp("Past the rate limit: retry after Retry-After seconds", []string{"RateLimitError"}, nil, tooMany),
		"InternalServerError": resp("An unexpected error; its cause is logged under the request id, never sent",
			[]string{"InternalServerError"}, details(object(obj{"requestId": obj{"type": "string"}}, "requestId")), nil),
	}
}

// headers are components.headers.
func headers() obj {
	h := func(desc string, s obj) obj { return obj{"description": desc, "schema": s} }
	return obj{
		"API-Version":           h("The version that answered: 1 or 2", obj{"type": "string", "enum": []any{"1", "2"}}),
		"X-RateLimit-Limit":     h("Requests allowed in the window", obj{"type": "integer"}),
		"X-RateLimit-Remaining": h("Requests left in the window", obj{"type": "integer"}),
		"X-RateLimit-Reset":     h("When the window resets, Unix time in seconds", obj{"type": "integer"}),
		"Retry-After":           h("Seconds to wait before retrying", obj{"type": "integer"}),
	}
}

// limitedHeaders are the headers of an answer that passed the rate limit.
func limitedHeaders() obj {
	return obj{
		"API-Version":           refTo("headers", "API-Version"),
		"X-RateLimit-Limit":     refTo("headers", "X-RateLimit-Limit"),
		"X-RateLimit-Remaining": refTo("headers", "X-RateLimit-Remaining"),
		"X-RateLimit-Reset":     refTo("headers", "X-RateLimit-Reset"),
	}
}

// securitySchemes is the one scheme: a JWT from POST /api/auth/local.
func securitySchemes() obj {
	return obj{"bearerAuth": obj{"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
		"description": "The jwt that POST /api/auth/local answers, as Authorization: Bearer <jwt>. HS256; it names the user, whose role decides what they may do."}}
}

// Security requirements: a protected route needs the token; a route the
// public role may call takes it optionally (it decides the caller's role
// and ownership scope when given); the documentation routes ignore it.
var (
	bearer     = []any{obj{"bearerAuth": []any{}}}
	optional   = []any{obj{}, obj{"bearerAuth": []any{}}}
	noSecurity = []any{}
)

// errorsFor lists an operation's error responses: every route may answer
// 400 (its query), 401, 403, 429 and 500; a route with an {id} also 404,
// one with a body also 413, a write also 409.
func errorsFor(hasID, hasBody, write bool) obj {
	r := obj{
		"400": refTo("responses", "BadRequest"),
		"401": refTo("responses", "Unauthorized"),
		"403": refTo("responses", "Forbidden"),
		"429": refTo("responses", "TooManyRequests"),
		"500": refTo("responses", "InternalServerError"),
	}
	if hasID {
		r["404"] = refTo("responses", "NotFound")
	}
	if hasBody {
		r["413"] = refTo("responses", "PayloadTooLarge")
	}
	if write {
		r["409"] = refTo("responses", "Conflict")
	}
	return r
}

// jsonResponse is a success answer with a JSON body.
func jsonResponse(desc string, s obj) obj {
	return obj{"description": desc, "headers": limitedHeaders(), "content": obj{"application/json": obj{"schema": s}}}
}

// jsonBody is a required JSON request body.
func jsonBody(s obj, required bool) obj {
	return obj{"required": required, "content": obj{"application/json": obj{"schema": s}}}
}
