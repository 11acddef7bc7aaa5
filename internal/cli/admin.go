package cli

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
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/account"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/auth"
)

const adminUsage = `Usage: kiln admin create --email E --password P [--username U] [--fields '{"field": value}']`

func (k *CLI) runAdmin(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, adminUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	var email, password, username, fields *string
	cfg, code, stop := k.setup("admin create", "Create a user with the admin role, or, if the e-mail exists, reset its\n"+
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
	a := k.quietApp(cfg, stderr)
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
		case slices.Contains(setByCommand, k) || slices.Contains(account.CoreUserFields, k):
			return nil, fmt.Errorf("--fields may not set %s: the command sets it", k)
		}
	}
	return out, nil
}

// upsertAdmin creates the admin, or resets an existing user of that e-mail
// (given in normal form), through the account service (SetAdmin), and
// words its refusal of a user type with required fields of its own for
// this command.
func upsertAdmin(ctx context.Context, a *app.App, email, password, username string, extra map[string]any) (bool, error) {
	created, err := a.Accounts.SetAdmin(ctx, email, password, username, extra)
	var missing *account.MissingFields
	if errors.As(err, &missing) {
		return false, fmt.Errorf("the user type requires %s, which this command does not set: give the values with --fields '%s'",
			strings.Join(missing.Fields, ", "), exampleData(missing.Fields))
	}
	return created, err
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
