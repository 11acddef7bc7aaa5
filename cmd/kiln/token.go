package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kiln-cms/kiln/core/auth"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/store"
)

const tokenUsage = `Usage:
  kiln token create --name N --type read-only|full-access|custom [--actions a,b] [--days D] [--description T]
  kiln token list
  kiln token revoke ID|NAME`

// runToken manages API tokens (docs/api-tokens.md). create prints the
// token on stdout, alone, once (T=$(kiln token create ...)); what was made
// goes to stderr.
func runToken(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "create" && args[0] != "list" && args[0] != "revoke") {
		fmt.Fprintln(stderr, tokenUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	switch args[0] {
	case "create":
		return tokenCreate(args[1:], stdout, stderr)
	case "list":
		return tokenList(args[1:], stdout, stderr)
	}
	return tokenRevoke(args[1:], stdout, stderr)
}

func tokenCreate(args []string, stdout, stderr io.Writer) int {
	var name, kind, actions, description *string
	var days *int
	cfg, code, stop := setup("token create", "Create an API token and print it, once: only a keyed hash of it is kept.", args, stderr, func(fs *flag.FlagSet) {
		name = fs.String("name", "", "the token's name, unique (required)")
		kind = fs.String("type", "", "read-only, full-access or custom (required)")
		actions = fs.String("actions", "", "a custom token's actions, comma-separated (as `kiln routes` lists them, or <type>.readDrafts)")
		days = fs.Int("days", 0, "days until the token expires (default: never)")
		description = fs.String("description", "", "what the token is for")
	})
	if stop {
		return code
	}
	if *name == "" || *kind == "" {
		fmt.Fprintln(stderr, "kiln token create: --name and --type are required")
		return 2
	}
	if *days < 0 {
		fmt.Fprintln(stderr, "kiln token create: --days must be positive")
		return 2
	}
	var list []string
	for _, a := range strings.Split(*actions, ",") {
		if a = strings.TrimSpace(a); a != "" {
			list = append(list, a)
		}
	}
	a := quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	row, token, err := a.Security.APITokens.Create(context.Background(), *name, *description, *kind, list, time.Duration(*days)*24*time.Hour)
	if err != nil {
		fmt.Fprintln(stderr, "kiln token create:", describe(err))
		return 1
	}
	expires := "never expires"
	if row.ExpiresAt != nil {
		expires = "expires " + row.ExpiresAt.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(stderr, "API token %d %q (%s) created, %s. It is shown only this once; send it as Authorization: Bearer <token>\n",
		row.ID, row.Name, row.Kind, expires)
	fmt.Fprintln(stdout, token)
	return 0
}

func tokenList(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := setup("token list", "List the API tokens (never the tokens themselves).", args, stderr, nil)
	if stop {
		return code
	}
	a := quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	rows, err := a.DB.APITokens(context.Background())
	if err != nil {
		fmt.Fprintln(stderr, "kiln token list:", describe(err))
		return 1
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tTYPE\tACTIONS\tEXPIRES\tLAST USED\tCREATED")
	for _, r := range rows {
		j := rest.TokenJSON(r)
		acts := "-"
		if r.Kind == auth.Custom {
			acts = strings.Join(r.Actions, ",")
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Kind, acts, orDash(j.ExpiresAt, "never"), orDash(j.LastUsedAt, "-"), j.CreatedAt)
	}
	w.Flush()
	return 0
}

func orDash(s *string, none string) string {
	if s == nil {
		return none
	}
	return *s
}

func tokenRevoke(args []string, stdout, stderr io.Writer) int {
	var target string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		target, args = args[0], args[1:]
	}
	cfg, code, stop := setup("token revoke", "Revoke an API token, by id or name: it is refused from the next request on.", args, stderr, nil)
	if stop {
		return code
	}
	if target == "" {
		fmt.Fprintln(stderr, "kiln token revoke: which token? give its id or name")
		return 2
	}
	a := quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	ctx := context.Background()
	id, err := tokenByIDOrName(ctx, a.DB, target)
	if err == nil {
		_, err = a.DB.DeleteAPIToken(ctx, id)
	}
	if err != nil {
		if errs.KindOf(err) == errs.KindNotFound {
			fmt.Fprintf(stderr, "kiln token revoke: no token %q\n", target)
		} else {
			fmt.Fprintln(stderr, "kiln token revoke:", describe(err))
		}
		return 1
	}
	fmt.Fprintf(stdout, "API token %s revoked\n", target)
	return 0
}

// tokenByIDOrName finds a token's id: a number is an id, anything else a
// name.
func tokenByIDOrName(ctx context.Context, db *store.DB, target string) (int64, error) {
	if id, err := strconv.ParseInt(target, 10, 64); err == nil {
		return id, nil
	}
	rows, err := db.APITokens(ctx)
	if err != nil {
		return 0, err
	}
	for _, r := range rows {
		if r.Name == target {
			return r.ID, nil
		}
	}
	return 0, errs.NotFound()
}
