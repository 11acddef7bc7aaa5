package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/app"
	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/store"
)

func runAdmin(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "Usage: kiln admin create --email E --password P [--username U]")
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	var email, password, username *string
	cfg, code, stop := setup("admin create", "Create a user with the admin role, or, if the e-mail exists, reset its\n"+
		"password, give it the admin role and unblock it.", args[1:], stderr, func(fs *flag.FlagSet) {
		email = fs.String("email", "", "the admin's e-mail (required)")
		password = fs.String("password", "", "the admin's password (required; at least 6 characters)")
		username = fs.String("username", "", "the username of a new admin (default: the e-mail's local part)")
	})
	if stop {
		return code
	}
	if *email == "" || *password == "" {
		fmt.Fprintln(stderr, "kiln admin create: --email and --password are required")
		return 2
	}
	ctx := context.Background()
	a := quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	created, err := upsertAdmin(ctx, a, auth.NormalizeEmail(*email), *password, *username)
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

// upsertAdmin creates the admin, or resets an existing user of that e-mail
// (given in normal form). Both go through the content service, so the
// password obeys the user type's rules and is hashed there, and a reset
// ends every token the user had.
func upsertAdmin(ctx context.Context, a *app.App, email, password, username string) (bool, error) {
	user := a.Schema.Type("user")
	found, err := a.Content.PrincipalByEmail(ctx, email)
	if err != nil && errs.KindOf(err) != errs.KindNotFound {
		return false, err
	}
	role := json.Number(strconv.FormatInt(a.Security.RoleIDs["admin"], 10))
	body := map[string]any{"password": password, "role": role, "blocked": false, "confirmed": true}
	whole := &query.Query{Type: user}
	if found != nil {
		_, err = a.Content.Update(ctx, whole, strconv.FormatInt(found.ID, 10), body, store.ReadOptions{})
		return false, err
	}
	if username == "" {
		username, _, _ = strings.Cut(email, "@")
	}
	body["username"], body["email"], body["provider"] = username, email, "local"
	_, err = a.Content.Create(ctx, whole, body, store.ReadOptions{})
	return err == nil, err
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
