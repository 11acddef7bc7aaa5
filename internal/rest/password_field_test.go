package rest_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/openapi"
)

// vaultType is a type of a project's own with a password field: hashing
// is the field type's rule, not the built-in user's.
const vaultType = `kind: collectionType
info:
  singularName: vault
  pluralName: vaults
attributes:
  label:
    type: string
  passphrase:
    type: password
    minLength: 8
`

// seen records what the hooks of a type were given for one field.
type seen struct {
	mu     sync.Mutex
	values []any
}

func (s *seen) hook(field string) hook.Func {
	return func(_ context.Context, ev *hook.Event) error {
		s.mu.Lock()
		defer s.mu.Unlock()
		if v, ok := ev.Data.Values[ev.Type.Attr(field)]; ok {
			s.values = append(s.values, v)
		}
		return nil
	}
}

func (s *seen) take() []any {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.values
	s.values = nil
	return out
}

// TestPasswordFieldsOfAnyTypeAreHashedBeforeHooks: a password field on a
// type of the project's is stored as a bcrypt hash, never answered nor
// documented, and every before hook — the type's own and the catch-all —
// is handed the hash, never the plaintext. Rules run on the plaintext
// first. The same holds for the built-in user.
func TestPasswordFieldsOfAnyTypeAreHashedBeforeHooks(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) { passwordFields(t, d) })
	}
}

func passwordFields(t *testing.T, d database.Dialect) {
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(apptest.Root(t), "content-types", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the shipped content types: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "vault.yaml"), []byte(vaultType), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes = dir
	h := apptest.NewWith(t, cfg)
	var own, catchAll, user seen
	hooks := h.App.Content.Hooks
	hooks.BeforeCreate("vault", own.hook("passphrase"))
	hooks.BeforeUpdate("vault", own.hook("passphrase"))
	hooks.On(hook.Any, hook.Create, hook.Before, catchAll.hook("passphrase"))
	hooks.On(hook.Any, hook.Update, hook.Before, catchAll.hook("passphrase"))
	hooks.BeforeCreate("user", user.hook("password"))
	hooks.BeforeUpdate("user", user.hook("password"))

	stored := func(id int64) string {
		t.Helper()
		var v string
		if err := h.App.DB.QueryRowContext(context.Background(), "SELECT passphrase FROM vaults WHERE id = ?", id).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	isHashOf := func(v any, plain string) bool {
		s, ok := v.(string)
		return ok && s != plain && strings.HasPrefix(s, "$2") && bcrypt.CompareHashAndPassword([]byte(s), []byte(plain)) == nil
	}
	checkSeen := func(what string, got []any, plain string) {
		t.Helper()
		if len(got) != 1 || !isHashOf(got[0], plain) {
			t.Errorf("%s: the hook was given %v, want one bcrypt hash of %q", what, got, plain)
		}
	}
	noSecret := func(what string, r *apptest.Response, plain string) {
		t.Helper()
		for _, s := range []string{plain, "passphrase", "$2a$", "$2b$"} {
			if strings.Contains(string(r.Body), s) {
				t.Errorf("%s answers %q: %s", what, s, r.Body)
			}
		}
	}

	// Create: stored hashed, answered without it, every hook saw the hash.
	r := h.Do("POST", "/api/vaults", map[string]any{"data": map[string]any{"label": "front door", "passphrase": "open-sesame"}})
	if r.Status != 201 {
		t.Fatalf("creating the vault: %d %s", r.Status, r.Body)
	}
	noSecret("create", r, "open-sesame")
	id := h.IDOf(r.JSON(t)["data"])
	if v := stored(id); !isHashOf(v, "open-sesame") {
		t.Errorf("the stored passphrase is %q, want a bcrypt hash of it", v)
	}
	checkSeen("the vault's before-create hook", own.take(), "open-sesame")
	checkSeen("the catch-all before-create hook", catchAll.take(), "open-sesame")

	// Update: the same.
	path := "/api/vaults/" + strconv.FormatInt(id, 10)
	r = h.Do("PUT", path, map[string]any{"data": map[string]any{"passphrase": "new-passphrase"}})
	if r.Status != 200 {
		t.Fatalf("updating the vault: %d %s", r.Status, r.Body)
	}
	noSecret("update", r, "new-passphrase")
	if v := stored(id); !isHashOf(v, "new-passphrase") {
		t.Errorf("the updated passphrase is stored as %q", v)
	}
	checkSeen("the vault's before-update hook", own.take(), "new-passphrase")
	checkSeen("the catch-all before-update hook", catchAll.take(), "new-passphrase")

	// A write that does not give it leaves it alone.
	before := stored(id)
	if r := h.Do("PUT", path, map[string]any{"data": map[string]any{"label": "back door"}}); r.Status != 200 || stored(id) != before {
		t.Errorf("a label change touched the passphrase: %d %s", r.Status, r.Body)
	}
	own.take()
	catchAll.take()

	// The field's rules run on the plaintext; a refused write reaches no hook.
	r = h.Do("POST", "/api/vaults", map[string]any{"data": map[string]any{"label": "shed", "passphrase": "short"}})
	if got := failing(t, r); !slices.Equal(got, []string{"passphrase"}) {
		t.Errorf("a short passphrase: failing fields %v", got)
	}
	if got := own.take(); len(got) != 0 {
		t.Errorf("a refused write reached the hook with %v", got)
	}

	// Never answered, never queried, never documented.
	for _, p := range []string{"/api/vaults", path, "/api/v1/vaults", "/api/v1/" + strings.TrimPrefix(path, "/api/")} {
		r := h.Do("GET", p, nil)
		if r.Status != 200 {
			t.Errorf("%s: %d %s", p, r.Status, r.Body)
		}
		noSecret(p, r, "new-passphrase")
	}
	for _, p := range []string{"/api/vaults?fields=passphrase", "/api/vaults?filters[passphrase][$startsWith]=$2", "/api/vaults?sort=passphrase"} {
		if r := h.Do("GET", p, nil); r.Status != 400 || !strings.Contains(string(r.Body), "ValidationError") {
			t.Errorf("%s: %d %s, want a 400 ValidationError", p, r.Status, r.Body)
		}
	}
	for _, name := range openapi.Names() {
		r := h.Do("GET", openapi.URL(name), nil, anon...)
		if r.Status != 200 || !strings.Contains(string(r.Body), "vaults") || strings.Contains(string(r.Body), "passphrase") {
			t.Errorf("the %s document (%d) names the passphrase, or misses the vaults", name, r.Status)
		}
	}

	// The built-in user's password: the same, whichever route writes it.
	h.App.Accounts.Registration = true
	r = h.Do("POST", "/api/auth/local/register", map[string]any{"username": "kim", "email": "kim@users.test", "password": "Passw0rd!"}, anon...)
	if r.Status != 200 {
		t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	noSecret("register", r, "Passw0rd!")
	checkSeen("the user's before-create hook on register", user.take(), "Passw0rd!")
	token := jwtOf(t, r)
	r = h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!", "password": "Changed-1", "passwordConfirmation": "Changed-1"}, bearer(token)...)
	if r.Status != 200 {
		t.Fatalf("change-password: %d %s", r.Status, r.Body)
	}
	checkSeen("the user's before-update hook on change-password", user.take(), "Changed-1")
	var hash string
	if err := h.App.DB.QueryRowContext(context.Background(), "SELECT password FROM users WHERE username = ?", "kim").Scan(&hash); err != nil || !isHashOf(hash, "Changed-1") {
		t.Errorf("the user's stored password: %q, %v", hash, err)
	}
}
