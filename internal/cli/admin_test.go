package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// signInTo signs in to the harness app with the identifier and password and returns the user's
// token; the test fails unless sign-in answers 200.
func signInTo(t *testing.T, h *apptest.Harness, identifier, password string) string {
	t.Helper()
	r := h.Do("POST", "/api/auth/local", map[string]any{"identifier": identifier, "password": password}, "Authorization", apptest.Anonymous)
	token, _ := r.JSON(t)["jwt"].(string)
	if r.Status != 200 || token == "" {
		t.Fatalf("signing in as %s: %d %s", identifier, r.Status, r.Body)
	}
	return token
}

// TestAdminCreateUsesTheWholeEmail: without --username a new admin's
// username is the whole e-mail (in its normal form), so an address whose
// local part is shorter than a username may be (pg@...) makes an admin,
// on both databases, who signs in and is called by that address.
func TestAdminCreateUsesTheWholeEmail(t *testing.T) {
	apptest.EachInTurn(t, func(t *testing.T, h *apptest.Harness) { // kilnOn sets the environment
		kiln := kilnOn(t, h)
		for _, c := range []struct{ email, username string }{
			{"pg@example.com", "pg@example.com"},
			{"Al@Example.COM", "al@example.com"},
			{"admin@kiln.example", "admin@kiln.example"}, // the harness's admin is "admin": no clash
		} {
			code, out, errOut := kiln("admin", "create", "--email", c.email, "--password", "long-enough")
			if want := "admin " + c.email + " created; sign in with POST /api/auth/local\n"; code != 0 || out != want || errOut != "" {
				t.Fatalf("admin create --email %s: %d %q %q, want 0 and %q", c.email, code, out, errOut, want)
			}
			token := signInTo(t, h, c.email, "long-enough")
			me := h.Do("GET", "/api/users/me?populate=role", nil, "Authorization", "Bearer "+token).JSON(t)
			role, _ := me["role"].(map[string]any)
			if me["username"] != c.username || me["email"] != c.username || role["type"] != "admin" {
				t.Errorf("%s: username %v, email %v, role %v; want %s, admin", c.email, me["username"], me["email"], role["type"], c.username)
			}
		}
		// --username still chooses it.
		if code, _, errOut := kiln("admin", "create", "--email", "boss@example.com", "--password", "long-enough", "--username", "boss"); code != 0 {
			t.Fatalf("--username: %d %q", code, errOut)
		}
		if me := h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+signInTo(t, h, "boss@example.com", "long-enough")).JSON(t); me["username"] != "boss" {
			t.Errorf("--username boss: %v", me["username"])
		}
	})
}

// jobUser adds two required fields to the built-in user.
const jobUser = `info: {singularName: user}
attributes:
  job: {type: string, required: true, maxLength: 10}
  level: {type: integer, required: true, min: 1}
  nickname: {type: string}
`

// TestAdminCreateTakesRequiredUserFields: on a project whose user type has
// required fields of its own, admin create without them fails naming them
// and saying how to give them; --fields gives them, and its values are
// refused with the very messages POST /api/users answers for them (the
// reference), on both databases.
func TestAdminCreateTakesRequiredUserFields(t *testing.T) {
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			dir := writeProject(t, map[string]string{
				"content-types/note.yaml": noteType, "content-types/user.yaml": jobUser, "config/permissions.yaml": notePermissions,
			})
			url := storetest.URL(t, d)
			t.Setenv("KILN_CONTENT_TYPES_DIR", filepath.Join(dir, "content-types"))
			t.Setenv("KILN_CONFIG_DIR", filepath.Join(dir, "config"))
			t.Setenv("KILN_DATA_DIR", filepath.Join(dir, "data"))
			t.Setenv("KILN_DATABASE_URL", url)
			t.Setenv("KILN_JWT_SECRET", "test-secret-test-secret-test-secret!")
			kiln := func(args ...string) (int, string, string) {
				var out, errb bytes.Buffer
				code := run(args, &out, &errb)
				return code, out.String(), errb.String()
			}
			admin := func(email string, more ...string) (int, string, string) {
				return kiln(append([]string{"admin", "create", "--email", email, "--password", "long-enough"}, more...)...)
			}

			code, out, errOut := admin("pg@example.com")
			want := "kiln admin create: the user type requires job, level, which this command does not set: " +
				`give the values with --fields '{"job": ..., "level": ...}'` + "\n"
			if code != 1 || out != "" || errOut != want {
				t.Fatalf("without --fields: %d %q %q, want 1 and %q", code, out, errOut, want)
			}
			code, out, errOut = admin("pg@example.com", "--fields", `{"job": "ops", "nickname": null}`)
			want = "kiln admin create: the user type requires level, which this command does not set: " +
				`give the values with --fields '{"level": ...}'` + "\n"
			if code != 1 || errOut != want {
				t.Fatalf("without level: %d %q %q, want 1 and %q", code, out, errOut, want)
			}
			code, out, errOut = admin("pg@example.com", "--fields", `{"job": "ops", "level": 2, "nickname": "P"}`)
			if code != 0 || out != "admin pg@example.com created; sign in with POST /api/auth/local\n" {
				t.Fatalf("with --fields: %d %q %q", code, out, errOut)
			}

			cfg, err := config.Load(func(k string) string {
				return map[string]string{"KILN_CONTENT_TYPES_DIR": filepath.Join(dir, "content-types"), "KILN_CONFIG_DIR": filepath.Join(dir, "config"),
					"KILN_DATA_DIR": filepath.Join(dir, "data"), "KILN_DATABASE_URL": url, "KILN_JWT_SECRET": "test-secret-test-secret-test-secret!"}[k]
			})
			if err != nil {
				t.Fatal(err)
			}
			a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { a.Close() })
			h := &apptest.Harness{T: t, App: a}
			h.AdminToken = signInTo(t, h, "pg@example.com", "long-enough")
			me := h.Do("GET", "/api/users/me?populate=role", nil).JSON(t)
			if role, _ := me["role"].(map[string]any); me["username"] != "pg@example.com" || me["job"] != "ops" ||
				fmt.Sprint(me["level"]) != "2" || me["nickname"] != "P" || role["type"] != "admin" {
				t.Errorf("the admin made: %v", me)
			}

			// Bad values: the command's message is the API's, field by field.
			for i, fields := range []string{
				`{"job": 5, "level": 2}`,
				`{"job": "a very long job", "level": 0}`,
				`{"job": "ops", "level": "high"}`,
				`{"job": "ops", "level": 1.5}`,
				`{"job": "ops", "level": 2, "hobby": "chess"}`,
			} {
				email := fmt.Sprintf("user%d@example.com", i)
				var body map[string]any
				dec := json.NewDecoder(strings.NewReader(fields))
				dec.UseNumber()
				if err := dec.Decode(&body); err != nil {
					t.Fatal(err)
				}
				body["username"], body["email"], body["password"] = email, email, "long-enough"
				r := h.Do("POST", "/api/users", body)
				st, _, msg, details := h.ErrorOf(r)
				var parts []string
				list, _ := details["errors"].([]any)
				for _, e := range list {
					parts = append(parts, e.(map[string]any)["message"].(string))
				}
				if len(parts) > 0 {
					msg = strings.Join(parts, "; ")
				}
				if st != 400 {
					t.Fatalf("the reference, POST /api/users %s: %d %s", fields, r.Status, r.Body)
				}
				code, out, errOut := admin(email, "--fields", fields)
				if want := "kiln admin create: " + msg + "\n"; code != 1 || out != "" || errOut != want {
					t.Errorf("--fields %s: %d %q %q, want 1 and %q (the API's)", fields, code, out, errOut, want)
				}
			}
			for _, c := range []struct{ fields, msg string }{
				{`[1]`, `--fields must be one JSON object of the user's fields, e.g. '{"job": "ops"}'`},
				{`{"job": "ops"} {}`, `--fields must be one JSON object of the user's fields, e.g. '{"job": "ops"}'`},
				{`null`, `--fields must be one JSON object of the user's fields, e.g. '{"job": "ops"}'`},
				{`{"email": "x@example.com"}`, "--fields may not set email: give it with --email"},
				{`{"role": 1}`, "--fields may not set role: the command sets it"},
				{`{"tokenVersion": 9}`, "--fields may not set tokenVersion: the command sets it"},
			} {
				if code, out, errOut := admin("other@example.com", "--fields", c.fields); code != 2 || out != "" || errOut != "kiln admin create: "+c.msg+"\n" {
					t.Errorf("--fields %s: %d %q %q, want 2 and %q", c.fields, code, out, errOut, c.msg)
				}
			}
			// A reset writes --fields too, and needs none.
			if code, _, errOut := admin("pg@example.com", "--fields", `{"job": "lead"}`); code != 0 {
				t.Fatalf("reset with --fields: %d %q", code, errOut)
			}
			if code, _, errOut := admin("pg@example.com"); code != 0 {
				t.Fatalf("reset without --fields: %d %q", code, errOut)
			}
			me = h.Do("GET", "/api/users/me", nil, "Authorization", "Bearer "+signInTo(t, h, "pg@example.com", "long-enough")).JSON(t)
			if me["job"] != "lead" {
				t.Errorf("after the resets: %v", me)
			}
		})
	}
}
