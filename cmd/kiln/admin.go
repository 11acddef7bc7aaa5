package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/app"
	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
)

const adminUsage = `Usage: kiln admin create --email E --password P [--username U] [--fields '{"field": value}']`

func runAdmin(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, adminUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	var email, password, username, fields *string
	cfg, code, stop := setup("admin create", "Create a user with the admin role, or, if the e-mail exists, reset its\n"+
		"password, give it the admin role and unblock it.", args[1:], stderr, func(fs *flag.FlagSet) {
		email = fs.String("email", "", "the admin's e-mail (required)")
		password = fs.String("password", "", "the admin's password (required; at least 6 characters)")
		username = fs.String("username", "", "the username of a new admin (default: the whole e-mail)")
		// Not --data, which every command takes for the data folder.
		fields = fs.String("fields", "", "values of the user's other fields, a JSON object: the required fields\n"+
			"content-types/user.yaml adds, e.g. '{\"job\": \"ops\"}' (checked as POST /api/users checks them)")
	})
	if stop {
		return code
	}
	if *email == "" || *password == "" {
		fmt.Fprintln(stderr, "kiln admin create: --email and --password are required")
		return 2
	}
	extra, err := adminFields(*fields)
	if err != nil {
		fmt.Fprintln(stderr, "kiln admin create:", err)
		return 2
	}
	ctx := context.Background()
	a := quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	created, err := upsertAdmin(ctx, a, auth.NormalizeEmail(*email), *password, *username, extra)
	if err != nil {
		fmt.Fprintln(stderr, "kiln admin create:", describe(err))
		return 1
	}
	verb := "reset"
	if created {
		verb = "created"
	}
	fmt.Fprintf(stdout, "admin %s %s; sign in with POST /api/auth/local\n", *email, verb)
	return 0
}

// setByCommand are the user fields admin create writes itself: --fields may
// not name them, nor the core's private ones.
var setByCommand = []string{"username", "email", "password", "provider", "role", "blocked", "confirmed"}

var errNotAnObject = errors.New(`--fields must be one JSON object of the user's fields, e.g. '{"job": "ops"}'`)

// adminFields reads --fields: a JSON object of the user's other fields, its
// numbers kept as written (json.Number), as a request body's are.
func adminFields(text string) (map[string]any, error) {
	if strings.TrimSpace(text) == "" {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil || out == nil {
		return nil, errNotAnObject
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errNotAnObject
	}
	for _, k := range slices.Sorted(maps.Keys(out)) {
		switch {
		case k == "username" || k == "email" || k == "password":
			return nil, fmt.Errorf("--fields may not set %s: give it with --%s", k, k)
		case slices.Contains(setByCommand, k) || slices.Contains(rest.CoreUserFields, k):
			return nil, fmt.Errorf("--fields may not set %s: the command sets it", k)
		}
	}
	return out, nil
}

// upsertAdmin creates the admin, or resets an existing user of that e-mail
// (given in normal form). Both go through the content service, so the
// password and the other fields obey the user type's rules as they do
// through the API, the password is hashed there, and a reset ends every
// token the user had. extra holds the values of other fields (--fields),
// written on a reset too. A new admin's username is, unless given, the
// whole e-mail: a username may be an e-mail when it is the user's own
// (docs/accounts.md), and no other user can hold it.
func upsertAdmin(ctx context.Context, a *app.App, email, password, username string, extra map[string]any) (bool, error) {
	user := a.Schema.Type("user")
	found, err := a.Content.PrincipalByEmail(ctx, email)
	if err != nil && errs.KindOf(err) != errs.KindNotFound {
		return false, err
	}
	role := json.Number(strconv.FormatInt(a.Security.RoleIDs["admin"], 10))
	body := map[string]any{}
	for k, v := range extra {
		body[k] = v
	}
	body["password"], body["role"], body["blocked"], body["confirmed"] = password, role, false, true
	whole := &query.Query{Type: user}
	if found != nil {
		_, err = a.Content.Update(ctx, whole, strconv.FormatInt(found.ID, 10), body, entry.ReadOptions{})
		return false, err
	}
	if username == "" {
		username = email
	}
	body["username"], body["email"], body["provider"] = username, email, "local"
	if missing := missingRequired(user, body); len(missing) > 0 {
		return false, fmt.Errorf("the user type requires %s, which this command does not set: give the values with --fields '%s'",
			strings.Join(missing, ", "), exampleData(missing))
	}
	_, err = a.Content.Create(ctx, whole, body, entry.ReadOptions{})
	return err == nil, err
}

// missingRequired names the required fields of the user that a create
// with body would leave without a value: no default fills them and no
// target field derives them.
func missingRequired(user *schema.ContentType, body map[string]any) []string {
	var out []string
	for _, a := range user.Attributes {
		if v, given := body[a.Name]; (given && v != nil) || !a.Required || !a.IsScalar() || a.Default != nil || a.TargetField != "" || a.Unavailable() {
			continue
		}
		out = append(out, a.Name)
	}
	return out
}

// exampleData is a --fields object naming each field, for the message.
func exampleData(fields []string) string {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: ...", f)
	}
	b.WriteByte('}')
	return b.String()
}

// describe words an error for the terminal, with each failing field.
func describe(err error) string {
	e, ok := errs.As(err)
	if !ok {
		return err.Error()
	}
	list, _ := e.Details["errors"].([]errs.FieldError)
	if len(list) == 0 {
		return e.Message
	}
	var parts []string
	for _, f := range list {
		parts = append(parts, f.Message)
	}
	return strings.Join(parts, "; ")
}
