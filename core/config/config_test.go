package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeFile(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDefaultsWithNothingConfigured(t *testing.T) {
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr() != "0.0.0.0:1337" || c.API.MaxPageSize != 100 || c.API.DefaultPageSize != 25 ||
		c.Auth.TokenLifetime != 720*time.Hour || c.Auth.ResetCodeLifetime != time.Hour ||
		c.RateLimit.PerUser != 1000 || c.RateLimit.PerAddress != 100 {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if got := c.DatabaseURL(); got != "sqlite:data/kiln.db" {
		t.Fatalf("DatabaseURL = %q", got)
	}
}

func TestFilesThenEnvironment(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "server.yaml", "port: 8080\nhost: 127.0.0.1\n")
	writeFile(t, dir, "api.yaml", "maxPageSize: 50\n")
	writeFile(t, dir, "auth.yaml", "resetCodeLifetime: 30m\n")
	c, err := Load(envOf(map[string]string{
		"KILN_CONFIG_DIR": dir, "PORT": "9000", "DATABASE_URL": "postgres://x", "KILN_REGISTRATION": "true",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Server.Port != 9000 || c.Server.Host != "127.0.0.1" || c.API.MaxPageSize != 50 ||
		c.DatabaseURL() != "postgres://x" || !c.Auth.Registration || c.Auth.ResetCodeLifetime != 30*time.Minute {
		t.Fatalf("unexpected config: %+v", c)
	}
	// The variable wins over the file.
	c, _ = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_RESET_CODE_LIFETIME": "15m"}))
	if c.Auth.ResetCodeLifetime != 15*time.Minute {
		t.Fatalf("KILN_RESET_CODE_LIFETIME: got %v", c.Auth.ResetCodeLifetime)
	}
	// KILN_PORT wins over the conventional PORT.
	c, _ = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "PORT": "9000", "KILN_PORT": "9100"}))
	if c.Server.Port != 9100 {
		t.Fatalf("KILN_PORT should win, got %d", c.Server.Port)
	}
}

func TestRejectsUnknownKeysAndBadValues(t *testing.T) {
	cases := []struct {
		file, body string
		env        map[string]string
		want       string
	}{
		{"server.yaml", "prot: 1\n", nil, "field prot not found"},
		{"api.yaml", "maxPageSize: 10\ndefaultPageSize: 20\n", nil, "defaultPageSize must be at least 1 and at most maxPageSize"},
		{"", "", map[string]string{"KILN_PORT": "abc"}, `KILN_PORT="abc" is not a whole number`},
		{"", "", map[string]string{"KILN_TOKEN_LIFETIME": "soon"}, `KILN_TOKEN_LIFETIME="soon" is not a duration`},
		{"", "", map[string]string{"KILN_RESET_CODE_LIFETIME": "later"}, `KILN_RESET_CODE_LIFETIME="later" is not a duration`},
		{"auth.yaml", "resetCodeLifetime: 0s\n", nil, "auth: resetCodeLifetime must be positive"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		if tc.file != "" {
			writeFile(t, dir, tc.file, tc.body)
		}
		env := map[string]string{"KILN_CONFIG_DIR": dir}
		for k, v := range tc.env {
			env[k] = v
		}
		_, err := Load(envOf(env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: got %v, want error containing %q", tc.file, tc.env, err, tc.want)
		}
	}
}

func TestSecretIsGeneratedOnceAndKept(t *testing.T) {
	c := Default()
	c.Paths.Data = t.TempDir()
	gen, err := c.EnsureSecret()
	if err != nil || !gen || len(c.Auth.JWTSecret) != 64 {
		t.Fatalf("first start: generated=%v err=%v secret=%q", gen, err, c.Auth.JWTSecret)
	}
	first := c.Auth.JWTSecret
	fi, _ := os.Stat(filepath.Join(c.Paths.Data, secretFile))
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("secret file mode %v, want 0600", fi.Mode().Perm())
	}
	c2 := Default()
	c2.Paths.Data = c.Paths.Data
	gen, err = c2.EnsureSecret()
	if err != nil || gen || c2.Auth.JWTSecret != first {
		t.Fatalf("second start: generated=%v err=%v, secret changed=%v", gen, err, c2.Auth.JWTSecret != first)
	}
	c3 := Default()
	c3.Auth.JWTSecret = "configured-configured-configured"
	if gen, err := c3.EnsureSecret(); gen || err != nil || c3.Auth.JWTSecret != "configured-configured-configured" {
		t.Fatalf("a configured secret must be kept: generated=%v err=%v", gen, err)
	}
	if err := c.Auth.CheckSecret(); err != nil {
		t.Errorf("the generated secret is refused: %v", err)
	}
}

// TestShortSecretIsRefused: a JWT secret under 32 bytes stops start-up,
// wherever it is set, with a message naming where it came from and the
// settings to fix; 32 bytes pass. EnsureSecret and CheckSecret (app.New)
// refuse one set in code, and CheckSecret an empty one.
func TestShortSecretIsRefused(t *testing.T) {
	short, ok := strings.Repeat("s", 31), strings.Repeat("s", 32)
	cases := []struct {
		file string
		env  map[string]string
		from string // "" when the secret is long enough
	}{
		{"jwtSecret: " + short + "\n", nil, "(jwtSecret in "},
		{"", map[string]string{"KILN_JWT_SECRET": "changeme"}, "(KILN_JWT_SECRET) is 8 bytes long"},
		{"", map[string]string{"JWT_SECRET": short}, "(JWT_SECRET) is 31 bytes long"},
		{"jwtSecret: " + ok + "\n", map[string]string{"KILN_JWT_SECRET": "x"}, "(KILN_JWT_SECRET) is 1 bytes long"},
		{"jwtSecret: " + short + "\n", map[string]string{"KILN_JWT_SECRET": ok}, ""},
		{"jwtSecret: " + ok + "\n", nil, ""},
		{"", nil, ""},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		writeFile(t, dir, "auth.yaml", tc.file)
		env := map[string]string{"KILN_CONFIG_DIR": dir}
		for k, v := range tc.env {
			env[k] = v
		}
		_, err := Load(envOf(env))
		switch {
		case tc.from == "" && err != nil:
			t.Errorf("%q %v: %v", tc.file, tc.env, err)
		case tc.from != "" && (err == nil || !strings.Contains(err.Error(), tc.from) ||
			!strings.Contains(err.Error(), "HS256 needs at least 32") ||
			!strings.Contains(err.Error(), "auth.yaml jwtSecret, KILN_JWT_SECRET or JWT_SECRET")):
			t.Errorf("%q %v: got %v, want an error naming %q", tc.file, tc.env, err, tc.from)
		}
	}
	c := Default()
	c.Paths.Data = t.TempDir()
	c.Auth.JWTSecret = short
	if _, err := c.EnsureSecret(); err == nil || !strings.Contains(err.Error(), "31 bytes long") {
		t.Errorf("EnsureSecret kept a short secret: %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.Paths.Data, secretFile)); err == nil {
		t.Error("EnsureSecret replaced a configured secret by a generated one")
	}
	if err := (Auth{}).CheckSecret(); err == nil || !strings.Contains(err.Error(), "no JWT secret") {
		t.Errorf("CheckSecret of no secret: %v", err)
	}
	if err := (Auth{JWTSecret: ok}).CheckSecret(); err != nil {
		t.Errorf("CheckSecret of 32 bytes: %v", err)
	}
}

// TestAPITokenSettings: perToken defaults to 10000, is read from
// ratelimit.yaml and KILN_RATE_LIMIT_TOKEN (which wins), and must be
// positive; the API-token secret comes from auth.yaml or its variable.
func TestAPITokenSettings(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || c.RateLimit.PerToken != 10000 || c.Auth.APITokenSecret != "" {
		t.Fatalf("defaults: %v %d %q", err, c.RateLimit.PerToken, c.Auth.APITokenSecret)
	}
	writeFile(t, dir, "ratelimit.yaml", "perToken: 500\n")
	writeFile(t, dir, "auth.yaml", "apiTokenSecret: from-the-file\n")
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err != nil || c.RateLimit.PerToken != 500 || c.Auth.APITokenSecret != "from-the-file" {
		t.Fatalf("files: %v %d %q", err, c.RateLimit.PerToken, c.Auth.APITokenSecret)
	}
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_RATE_LIMIT_TOKEN": "700", "KILN_API_TOKEN_SECRET": "from-env"}))
	if err != nil || c.RateLimit.PerToken != 700 || c.Auth.APITokenSecret != "from-env" {
		t.Fatalf("environment: %v %d %q", err, c.RateLimit.PerToken, c.Auth.APITokenSecret)
	}
	if _, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_RATE_LIMIT_TOKEN": "0"})); err == nil || !strings.Contains(err.Error(), "perToken") {
		t.Fatalf("perToken 0: %v", err)
	}
}

// TestPreparedStatements: on by default, off in database.yaml, and the
// variable wins over the file either way; a value that is not a boolean
// stops the start.
func TestPreparedStatements(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || !c.Database.Prepared() {
		t.Fatalf("default: prepared %v, %v", c.Database.Prepared(), err)
	}
	writeFile(t, dir, "database.yaml", "preparedStatements: false\n")
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err != nil || c.Database.Prepared() {
		t.Fatalf("database.yaml false: prepared %v, %v", c.Database.Prepared(), err)
	}
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_DATABASE_PREPARED": "true"})); err != nil || !c.Database.Prepared() {
		t.Fatalf("KILN_DATABASE_PREPARED=true over the file: prepared %v, %v", c.Database.Prepared(), err)
	}
	writeFile(t, dir, "database.yaml", "")
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_DATABASE_PREPARED": "false"})); err != nil || c.Database.Prepared() {
		t.Fatalf("KILN_DATABASE_PREPARED=false: prepared %v, %v", c.Database.Prepared(), err)
	}
	if _, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_DATABASE_PREPARED": "sometimes"})); err == nil || !strings.Contains(err.Error(), "KILN_DATABASE_PREPARED") {
		t.Fatalf("KILN_DATABASE_PREPARED=sometimes: %v", err)
	}
}

// TestAdminSettings: the panel is on for the admin role by default;
// admin.yaml and the variables change both, the variables winning; an
// unknown key or a bad boolean stops the start.
func TestAdminSettings(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || !c.Admin.On() || !slices.Equal(c.Admin.SignInRoles(), []string{"admin"}) {
		t.Fatalf("default: on %v, roles %v, %v", c.Admin.On(), c.Admin.SignInRoles(), err)
	}
	writeFile(t, dir, "admin.yaml", "enabled: false\nroles: [admin, editor]\n")
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err != nil || c.Admin.On() || !slices.Equal(c.Admin.SignInRoles(), []string{"admin", "editor"}) {
		t.Fatalf("admin.yaml: on %v, roles %v, %v", c.Admin.On(), c.Admin.SignInRoles(), err)
	}
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_ADMIN_ENABLED": "true", "KILN_ADMIN_ROLES": " coach , ,admin"}))
	if err != nil || !c.Admin.On() || !slices.Equal(c.Admin.SignInRoles(), []string{"coach", "admin"}) {
		t.Fatalf("variables: on %v, roles %v, %v", c.Admin.On(), c.Admin.SignInRoles(), err)
	}
	if _, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_ADMIN_ENABLED": "maybe"})); err == nil || !strings.Contains(err.Error(), "KILN_ADMIN_ENABLED") {
		t.Fatalf("KILN_ADMIN_ENABLED=maybe: %v", err)
	}
	writeFile(t, dir, "admin.yaml", "enabeld: false\n")
	if _, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err == nil || !strings.Contains(err.Error(), "enabeld") {
		t.Fatalf("a misspelt key: %v", err)
	}
}
