package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/app/apptest"
)

// TestTokenCommands: create prints the token alone on stdout, once; the
// server takes it; list shows it without the token; revoke by name ends
// it; bad input is refused with the rule broken.
func TestTokenCommands(t *testing.T) {
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		cfg := h.App.Config
		t.Setenv("KILN_CONTENT_TYPES_DIR", cfg.Paths.ContentTypes)
		t.Setenv("KILN_CONFIG_DIR", cfg.Paths.Config)
		t.Setenv("KILN_DATA_DIR", cfg.Paths.Data)
		t.Setenv("KILN_DATABASE_URL", cfg.DatabaseURL())
		t.Setenv("KILN_JWT_SECRET", cfg.Auth.JWTSecret)
		kiln := func(args ...string) (int, string, string) {
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			return code, out.String(), errb.String()
		}
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
