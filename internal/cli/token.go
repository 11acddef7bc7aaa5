package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/internal/apitoken"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/rest"
)

const tokenUsage = `Usage:
  kiln token create --name N --type read-only|full-access|custom [--actions a,b] [--days D] [--description T]
  kiln token list
  kiln token revoke ID|NAME|--id ID|--name NAME`

// runToken manages API tokens (docs/api-tokens.md). create prints the
// token on stdout, alone, once (T=$(kiln token create ...)); what was made
// goes to stderr.
func (k *CLI) runToken(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "create" && args[0] != "list" && args[0] != "revoke") {
		fmt.Fprintln(stderr, tokenUsage)
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return 0
		}
		return 2
	}
	switch args[0] {
	case "create":
		return k.tokenCreate(args[1:], stdout, stderr)
	case "list":
		return k.tokenList(args[1:], stdout, stderr)
	}
	return k.tokenRevoke(args[1:], stdout, stderr)
}

func (k *CLI) tokenCreate(args []string, stdout, stderr io.Writer) int {
	var name, kind, actions, description *string
	var days *int
	cfg, code, stop := k.setup("token create", "Create an API token and print it, once: only a keyed hash of it is kept.", args, stderr, func(fs *flag.FlagSet) {
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
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	row, token, err := a.APITokens.Create(context.Background(), *name, *description, *kind, list, time.Duration(*days)*24*time.Hour)
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

func (k *CLI) tokenList(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := k.setup("token list", "List the API tokens (never the tokens themselves).", args, stderr, nil)
	if stop {
		return code
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	rows, err := a.APITokens.List(context.Background())
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

func (k *CLI) tokenRevoke(args []string, stdout, stderr io.Writer) int {
	var target string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		target, args = args[0], args[1:]
	}
	var byID, byName *string
	cfg, code, stop := k.setup("token revoke", "Revoke an API token: it is refused from the next request on. Name it by its\n"+
		"id or name: a bare number is the id, unless a token is also named so (made before names of digits\n"+
		"were refused); then say --id or --name.", args, stderr, func(fs *flag.FlagSet) {
		byID = fs.String("id", "", "the token's id")
		byName = fs.String("name", "", "the token's name")
	})
	if stop {
		return code
	}
	given := 0
	for _, s := range []string{target, *byID, *byName} {
		if s != "" {
			given++
		}
	}
	if given != 1 {
		fmt.Fprintln(stderr, "kiln token revoke: which token? give one of: its id or name, --id ID, --name NAME")
		return 2
	}
	var id int64
	if *byID != "" {
		n, err := strconv.ParseInt(*byID, 10, 64)
		if err != nil || n < 1 {
			fmt.Fprintf(stderr, "kiln token revoke: --id %q is not a token id (a positive whole number)\n", *byID)
			return 2
		}
		id = n
	}
	a := k.quietApp(cfg, stderr)
	if a == nil {
		return 1
	}
	defer a.Close()
	ctx := context.Background()
	found, err := findToken(ctx, a.APITokens, target, id, *byName)
	var revoked *apitoken.Token
	if err == nil {
		revoked, err = a.APITokens.Revoke(ctx, found.ID)
		if errs.KindOf(err) == errs.KindNotFound {
			err = fmt.Errorf("token %d was revoked meanwhile", found.ID)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "kiln token revoke:", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "API token %d %q (%s) revoked\n", revoked.ID, revoked.Name, revoked.Kind)
	return 0
}

// findToken is the one token revoke was told of: by id, by name, or by a
// bare argument, which is a name, or an id when it is made of digits, and
// is refused when it is both a token's id and another's name.
func findToken(ctx context.Context, tokens *apitoken.Service, bare string, id int64, name string) (*apitoken.Token, error) {
	rows, err := tokens.List(ctx)
	if err != nil {
		return nil, err
	}
	find := func(match func(*apitoken.Token) bool) *apitoken.Token {
		for _, r := range rows {
			if match(r) {
				return r
			}
		}
		return nil
	}
	switch {
	case id != 0:
		if r := find(func(r *apitoken.Token) bool { return r.ID == id }); r != nil {
			return r, nil
		}
		return nil, fmt.Errorf("no token has id %d", id)
	case name != "":
		if r := find(func(r *apitoken.Token) bool { return r.Name == name }); r != nil {
			return r, nil
		}
		return nil, fmt.Errorf("no token is named %q", name)
	}
	named := find(func(r *apitoken.Token) bool { return r.Name == bare })
	var numbered *apitoken.Token
	if n, err := strconv.ParseInt(bare, 10, 64); err == nil && auth.NumericTokenName(bare) {
		numbered = find(func(r *apitoken.Token) bool { return r.ID == n })
	}
	switch {
	case named != nil && numbered != nil && named != numbered:
		return nil, fmt.Errorf("%q could be either of two tokens: id %d (%q, %s) and the token named %q (id %d, %s); "+
			"say --id %s or --name %s", bare, numbered.ID, numbered.Name, numbered.Kind, named.Name, named.ID, named.Kind, bare, bare)
	case named != nil:
		return named, nil
	case numbered != nil:
		return numbered, nil
	}
	return nil, fmt.Errorf("no token %q", bare)
}
