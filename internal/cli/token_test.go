package cli

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/auth"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// kilnOn runs the command in-process against the harness's project and
// database, and returns its exit code, stdout and stderr.
func kilnOn(t *testing.T, h *apptest.Harness) func(args ...string) (int, string, string) {
	cfg := h.App.Config
	t.Setenv("KILN_CONTENT_TYPES_DIR", cfg.Paths.ContentTypes)
	t.Setenv("KILN_CONFIG_DIR", cfg.Paths.Config)
	t.Setenv("KILN_DATA_DIR", cfg.Paths.Data)
	t.Setenv("KILN_DATABASE_URL", cfg.DatabaseURL())
	t.Setenv("KILN_JWT_SECRET", cfg.Auth.JWTSecret)
	return func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		return code, out.String(), errb.String()
	}
}

// TestTokenCommands: create prints the token alone on stdout, once; the
// server takes it; list shows it without the token; revoke by name ends
// it; bad input is refused with the rule broken.
func TestTokenCommands(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // kilnOn sets the environment
		kiln := kilnOn(t, h)
		code, out, errOut := kiln("token", "create", "--name", "site build", "--type", "custom", "--actions", "program.find, program.findOne", "--days", "30")
		token := strings.TrimSpace(out)
		if code != 0 || !strings.HasPrefix(token, "kiln_") || strings.Count(out, "\n") != 1 ||
			!strings.Contains(errOut, `API token 1 "site build" (custom) created, expires`) {
			t.Fatalf("create: %d %q %q", code, out, errOut)
		}
		get := func(path string) int {
			return h.Do("GET", path, nil, "Authorization", "Bearer "+token).Status
		}
		if get("/api/programs") != 200 || get("/api/customers") != 403 {
			t.Errorf("the created token: programs %d customers %d", get("/api/programs"), get("/api/customers"))
		}
		code, out, errOut = kiln("token", "list")
		if code != 0 || !strings.Contains(out, "site build") || !strings.Contains(out, "program.find,program.findOne") || strings.Contains(out, token) {
			t.Errorf("list: %d %q %q", code, out, errOut)
		}
		for _, c := range []struct {
			args []string
			code int
			msg  string
		}{
			{[]string{"token", "create", "--name", "site build", "--type", "read-only"}, 1, "This attribute must be unique"},
			{[]string{"token", "create", "--name", "x", "--type", "custom", "--actions", "nope.find"}, 1, `"nope.find" is no action`},
			{[]string{"token", "create", "--name", "x"}, 2, "--name and --type are required"},
			{[]string{"token", "revoke", "nobody"}, 1, `no token "nobody"`},
			{[]string{"token"}, 2, "kiln token create"},
		} {
			if code, _, errOut := kiln(c.args...); code != c.code || !strings.Contains(errOut, c.msg) {
				t.Errorf("%v: %d %q, want %d and %q", c.args, code, errOut, c.code, c.msg)
			}
		}
		if code, out, errOut := kiln("token", "revoke", "site build"); code != 0 || !strings.Contains(out, "revoked") {
			t.Fatalf("revoke: %d %q %q", code, out, errOut)
		}
		refusedAfterCommand(t, h, "the revoked token", func() int { return get("/api/programs") })
	})
}

// TestTokenRevokeRevokesWhatItNames: a token named "7" (made before such
// names were refused) and another whose id is 7. A bare `kiln token
// revoke 7` is refused, naming both, and revokes nothing; --name and --id
// each revoke the one they name, saying which, and leave the other
// working; a bare number that is only one token's id or name revokes that
// one. A name of digits is refused when a token is made.
func TestTokenRevokeRevokesWhatItNames(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // kilnOn sets the environment
		kiln := kilnOn(t, h)
		ctx := context.Background()
		create := func(name string) (int64, string) {
			t.Helper()
			code, out, errOut := kiln("token", "create", "--name", name, "--type", "read-only")
			if code != 0 {
				t.Fatalf("create %s: %d %q", name, code, errOut)
			}
			rows, err := h.App.APITokens.List(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return rows[len(rows)-1].ID, strings.TrimSpace(out)
		}
		// legacy writes a row as an earlier version made it, whose name
		// may be a number: in SQL, past the service's checks.
		legacy := func(name string) (int64, string) {
			t.Helper()
			token, err := auth.NewAPIToken()
			if err != nil {
				t.Fatal(err)
			}
			created := schema.KindOf(schema.DateTime).Encode(h.App.DB.Dialect, time.Now().UTC().Truncate(time.Millisecond))
			table := database.Ident(migrate.APITokenTable)
			if _, err := h.App.DB.ExecContext(ctx, `INSERT INTO `+table+` ("name", "kind", "token_hash", "created_at") VALUES (?, ?, ?, ?)`,
				name, auth.FullAccess, h.App.APITokens.Hasher.Hash(token), created); err != nil {
				t.Fatal(err)
			}
			var id int64
			if err := h.App.DB.QueryRowContext(ctx, `SELECT "id" FROM `+table+` WHERE "name" = ?`, name).Scan(&id); err != nil {
				t.Fatal(err)
			}
			return id, token
		}
		works := func(what, token string) {
			t.Helper()
			if r := h.Do("GET", "/api/programs", nil, "Authorization", "Bearer "+token); r.Status != 200 {
				t.Fatalf("%s: %d %s, want 200", what, r.Status, r.Body)
			}
		}
		revoke := func(args ...string) (int, string, string) {
			return kiln(append([]string{"token", "revoke"}, args...)...)
		}
		itoa := func(n int64) string { return strconv.FormatInt(n, 10) }

		seven, sevenToken := create("seven")
		named, namedToken := legacy(itoa(seven))
		code, out, errOut := revoke(itoa(seven))
		wantErr := "kiln token revoke: \"" + itoa(seven) + "\" could be either of two tokens: id " + itoa(seven) + ` ("seven", read-only) ` +
			"and the token named \"" + itoa(seven) + "\" (id " + itoa(named) + ", full-access); say --id " + itoa(seven) + " or --name " + itoa(seven) + "\n"
		if code != 1 || out != "" || errOut != wantErr {
			t.Fatalf("bare %d with both: %d %q %q, want 1 and %q", seven, code, out, errOut, wantErr)
		}
		works("the token of that id, after the refused revoke", sevenToken)
		works("the token of that name, after the refused revoke", namedToken)

		code, out, errOut = revoke("--name", itoa(seven))
		if want := "API token " + itoa(named) + ` "` + itoa(seven) + `" (full-access) revoked` + "\n"; code != 0 || out != want {
			t.Fatalf("--name: %d %q %q, want %q", code, out, errOut, want)
		}
		refusedAfterCommand(t, h, "the token revoked by --name", func() int {
			return h.Do("GET", "/api/programs", nil, "Authorization", "Bearer "+namedToken).Status
		})
		works("the token whose id is that name", sevenToken)
		// Now only an id: the bare number is the id.
		code, out, errOut = revoke(itoa(seven))
		if want := "API token " + itoa(seven) + ` "seven" (read-only) revoked` + "\n"; code != 0 || out != want {
			t.Fatalf("bare id: %d %q %q, want %q", code, out, errOut, want)
		}
		refusedAfterCommand(t, h, "the token revoked by its bare id", func() int {
			return h.Do("GET", "/api/programs", nil, "Authorization", "Bearer "+sevenToken).Status
		})

		alpha, alphaToken := create("alpha")
		other, otherToken := legacy(itoa(alpha))
		code, out, errOut = revoke("--id", itoa(alpha))
		if want := "API token " + itoa(alpha) + ` "alpha" (read-only) revoked` + "\n"; code != 0 || out != want {
			t.Fatalf("--id: %d %q %q, want %q", code, out, errOut, want)
		}
		refusedAfterCommand(t, h, "the token revoked by --id", func() int {
			return h.Do("GET", "/api/programs", nil, "Authorization", "Bearer "+alphaToken).Status
		})
		works("the token named as that id", otherToken)
		// Now only a name: the bare number is the name.
		code, out, errOut = revoke(itoa(alpha))
		if want := "API token " + itoa(other) + ` "` + itoa(alpha) + `" (full-access) revoked` + "\n"; code != 0 || out != want {
			t.Fatalf("bare name of digits: %d %q %q, want %q", code, out, errOut, want)
		}

		for _, c := range []struct {
			args []string
			code int
			msg  string
		}{
			{[]string{"token", "create", "--name", "12", "--type", "read-only"}, 1, "kiln token create: name must not be only digits: a number names a token by its id\n"},
			{[]string{"token", "create", "--name", " 0012 ", "--type", "full-access"}, 1, "kiln token create: name must not be only digits: a number names a token by its id\n"},
			{[]string{"token", "revoke"}, 2, "kiln token revoke: which token? give one of: its id or name, --id ID, --name NAME\n"},
			{[]string{"token", "revoke", "--id", "3", "--name", "x"}, 2, "kiln token revoke: which token? give one of: its id or name, --id ID, --name NAME\n"},
			{[]string{"token", "revoke", "x", "--name", "x"}, 2, "kiln token revoke: which token? give one of: its id or name, --id ID, --name NAME\n"},
			{[]string{"token", "revoke", "--id", "x"}, 2, "kiln token revoke: --id \"x\" is not a token id (a positive whole number)\n"},
			{[]string{"token", "revoke", "--id", "0"}, 2, "kiln token revoke: --id \"0\" is not a token id (a positive whole number)\n"},
			{[]string{"token", "revoke", "--id", itoa(seven)}, 1, "kiln token revoke: no token has id " + itoa(seven) + "\n"},
			{[]string{"token", "revoke", "--name", "seven"}, 1, "kiln token revoke: no token is named \"seven\"\n"},
			{[]string{"token", "revoke", "99999"}, 1, "kiln token revoke: no token \"99999\"\n"},
		} {
			if code, out, errOut := kiln(c.args...); code != c.code || out != "" || errOut != c.msg {
				t.Errorf("%q: %d %q %q, want %d and %q", c.args, code, out, errOut, c.code, c.msg)
			}
		}
		if rows, err := h.App.APITokens.List(ctx); err != nil || len(rows) != 0 {
			t.Errorf("tokens left: %v %v", rows, err)
		}
	})
}
