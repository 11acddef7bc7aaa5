package openapi

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/rest"
)

// coreOp describes one of the core's users-and-auth routes, whose handlers
// live in internal/rest and declare nothing themselves. They answer as
// Strapi's users-permissions plugin does: bare user objects in the flat
// shape, whatever the version.
type coreOp struct {
	summary, desc string
	status        string                 // the success status
	request       func(b *builder) obj   // the body's schema, nil for none
	response      func(b *builder) obj   // the success body's schema
	params        func(b *builder) []any // query parameters
	multipart     bool                   // the body is the upload route's multipart form
	tag           string                 // the operation's tag; tagCore when empty
}

// coreOps are keyed by permission action; a core route in the route table
// without one here is a gap Build reports.
var coreOps = map[string]coreOp{
	"auth.login": {summary: "Sign in with an e-mail or username and a password",
		desc:    "Answers the same 400 for an unknown identifier and a wrong password.",
		request: credentials(false, "identifier", "password"), response: session},
	"auth.register": {summary: "Register a user with the default role",
		desc:    "Only when registration is enabled in the config (a 400 otherwise). The caller never chooses a role.",
		request: registration, response: session},
	"auth.changePassword": {summary: "Change the signed-in user's password",
		desc:    "Every token the user had stops working; the answer carries a new one.",
		request: credentials(true, "currentPassword", "password", "passwordConfirmation"), response: session},
	"auth.forgotPassword": {summary: "Mail a reset link",
		desc: "Answers {ok: true} for known and unknown addresses alike. The link goes to the address stored on the account " +
			"the e-mail names (ASCII letters lower-cased, then compared exactly), never to the address given; a blocked user gets none.",
		request: forgotPassword,
		response: func(*builder) obj {
			return object(obj{"ok": obj{"type": "boolean", "const": true}}, "ok")
		}},
	"auth.resetPassword": {summary: "Set a new password with the mailed code",
		desc: "The code works once, until it expires (resetCodeLifetime, 1 hour by default), and not for a blocked user. " +
			"Every token the user had stops working; the answer carries a new one.",
		request: credentials(true, "code", "password", "passwordConfirmation"), response: session},
	"users.me": {summary: "The signed-in user, role included on request",
		response: user, params: userEntryParams},
	"users.find": {summary: "List users (admin)", response: func(b *builder) obj { return arrayOf(user(b)) },
		params: func(b *builder) []any { return listParams(b.schema.Type("user")) }},
	"users.findOne": {summary: "Get a user by documentId or id (admin)", response: user, params: userEntryParams},
	"users.create":  {summary: "Create a user (admin)", status: "201", request: userBody(true), response: user},
	"users.update":  {summary: "Update a user, its role included (admin)", request: userBody(false), response: user},
	"users.delete":  {summary: "Delete a user (admin)", response: user},
	"roles.find": {summary: "List the roles with their user counts (admin)", response: func(*builder) obj {
		date := obj{"type": []any{"string", "null"}, "format": "date-time"}
		role := object(obj{"id": obj{"type": "integer"}, "documentId": obj{"type": "string"}, "name": obj{"type": []any{"string", "null"}},
			"description": obj{"type": []any{"string", "null"}}, "type": obj{"type": []any{"string", "null"}},
			"createdAt": date, "updatedAt": date, "publishedAt": date,
			"nb_users": obj{"type": "integer", "minimum": 0}}, "id", "documentId", "name", "description", "type", "createdAt", "updatedAt", "publishedAt", "nb_users")
		return object(obj{"roles": arrayOf(role)}, "roles")
	}},
	"apiTokens.find": {summary: "List the API tokens (admin)",
		desc:     "The tokens themselves are never shown again after their creation: only their names, kinds and times.",
		response: func(*builder) obj { return tokenEnvelope(arrayOf(apiToken(false))) }},
	"apiTokens.findOne": {summary: "Get an API token by id (admin)",
		response: func(*builder) obj { return tokenEnvelope(apiToken(false)) }},
	"apiTokens.create": {summary: "Create an API token (admin)", status: "201",
		desc: "The answer's accessKey is the token, shown this once: only a keyed hash of it is stored. " +
			"Send it as Authorization: Bearer <accessKey>. See docs/api-tokens.md for what each type may do.",
		request:  func(*builder) obj { return apiTokenBody() },
		response: func(*builder) obj { return tokenEnvelope(apiToken(true)) }},
	"apiTokens.delete": {summary: "Revoke an API token (admin)",
		desc:     "The token is refused with a 401 from the next request on.",
		response: func(*builder) obj { return tokenEnvelope(apiToken(false)) }},
}

// apiToken is a token as the admin routes show it; accessKey only when
// it was just created.
func apiToken(created bool) obj {
	nullableTime := obj{"type": []any{"string", "null"}, "format": "date-time"}
	props := obj{"id": obj{"type": "integer"}, "name": obj{"type": "string"}, "description": obj{"type": "string"},
		"type":        obj{"type": "string", "enum": []any{"read-only", "full-access", "custom"}},
		"permissions": arrayOf(obj{"type": "string"}), "expiresAt": nullableTime, "lastUsedAt": nullableTime,
		"createdAt": obj{"type": "string", "format": "date-time"}}
	req := []string{"id", "name", "description", "type", "permissions", "expiresAt", "lastUsedAt", "createdAt"}
	if created {
		props["accessKey"] = obj{"type": "string", "pattern": "^kiln_[A-Za-z0-9_-]{43}$"}
		req = append(req, "accessKey")
	}
	return object(props, req...)
}

func tokenEnvelope(data obj) obj {
	return object(obj{"data": data, "meta": obj{"type": "object"}}, "data", "meta")
}

// apiTokenBody is what creates a token, in Strapi's admin shape.
func apiTokenBody() obj {
	s := object(obj{"name": obj{"type": "string", "minLength": 1, "maxLength": 255, "pattern": `[^0-9\s]`,
		"description": "Unique; not only digits, as a number names a token by its id."},
		"description": obj{"type": "string"},
		"type":        obj{"type": "string", "enum": []any{"read-only", "full-access", "custom"}},
		"permissions": obj{"type": "array", "items": obj{"type": "string"},
			"description": "The actions of a custom token (as `kiln routes` lists them, or <type>.readDrafts); only for type custom."},
		"lifespan": obj{"type": []any{"integer", "null"}, "minimum": 1,
			"description": "Milliseconds until the token expires; null or absent for a token that never expires."},
	}, "name", "type")
	s["additionalProperties"] = false
	return s
}

// user is the flat user entry the users routes answer.
func user(b *builder) obj { return ref(b.entries.need(b.schema.Type("user"), rest.V2)) }

// session is what signing in answers.
func session(b *builder) obj {
	return object(obj{"jwt": obj{"type": "string", "description": "the token for Authorization: Bearer"}, "user": user(b)}, "jwt", "user")
}

func userEntryParams(b *builder) []any { return entryParams(b.schema.Type("user"), false) }

// credentials is a body of required, non-empty strings; other keys are
// ignored. A new password carries the user type's length rule.
func credentials(newPassword bool, names ...string) func(b *builder) obj {
	return func(b *builder) obj {
		props := obj{}
		for _, n := range names {
			props[n] = obj{"type": "string", "minLength": 1}
		}
		if newPassword {
			b.passwordRule(props)
		}
		return object(props, names...)
	}
}

// registration takes exactly username, e-mail and password.
func registration(b *builder) obj {
	ut := b.schema.Type("user")
	props := obj{"username": inputSchema(ut.Attr("username")), "email": inputSchema(ut.Attr("email")),
		"password": obj{"type": "string", "minLength": 1}}
	b.passwordRule(props)
	s := object(props, "username", "email", "password")
	s["additionalProperties"] = false
	return s
}

func forgotPassword(*builder) obj {
	return object(obj{"email": obj{"type": "string", "format": "email"}}, "email")
}

// passwordRule gives the new-password inputs the user type's minimum length.
func (b *builder) passwordRule(props obj) {
	ut := b.schema.Type("user")
	for _, a := range ut.Attributes {
		if a.Type != schema.Password || a.MinLength == nil {
			continue
		}
		for _, n := range []string{"password", "passwordConfirmation"} {
			if p, ok := props[n].(obj); ok {
				p["minLength"] = *a.MinLength
			}
		}
	}
}

// userBody is an admin's user body: the user's own fields, bare (no
// "data" wrapper). Write-only fields are not listed.
func userBody(create bool) func(b *builder) obj {
	return func(b *builder) obj {
		s := b.dataSchema(b.schema.Type("user"), create)
		delete(s, "additionalProperties")
		delete(s["properties"].(obj), "publishedAt")
		s["description"] = "The user's fields. A role is set by id; without one a new user gets the authenticated role."
		return s
	}
}

// core is the operation of a core route, or nil when coreOps lacks it.
func (b *builder) core(action string, hasID bool) obj {
	c, ok := coreOps[action]
	if !ok {
		return nil
	}
	status := c.status
	if status == "" {
		status = "200"
	}
	op := obj{"summary": c.summary}
	if c.desc != "" {
		op["description"] = c.desc
	}
	if c.params != nil {
		op["parameters"] = c.params(b)
	}
	if c.request != nil {
		op["requestBody"] = jsonBody(c.request(b), true)
	}
	if c.multipart {
		op["requestBody"] = multipartBody()
	}
	hasBody := c.request != nil || c.multipart
	op["responses"] = merge(obj{status: jsonResponse(c.summary, c.response(b))}, errorsFor(hasID, hasBody, false))
	return op
}
