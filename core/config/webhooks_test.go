package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWebhooksSection(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "webhooks.yaml"), []byte(`
timeout: 3s
backoff: 1s
webhooks:
  - name: crm
    url: https://crm.example.com/in
    events: [entry.create]
    secretEnv: CRM_SECRET
  - name: file
    url: https://b.example.com
    events: ["*"]
    secretFile: `+filepath.Join(dir, "secret")+`
    enabled: false
`), 0o600)
	os.WriteFile(filepath.Join(dir, "secret"), []byte("from-a-file\n"), 0o600)
	env := map[string]string{"KILN_CONFIG_DIR": dir, "KILN_WEBHOOKS_ALLOW_PRIVATE": "true", "CRM_SECRET": "from-the-env"}
	c, err := Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	w := c.Webhooks
	if !w.AllowPrivate || w.Timeout != 3*time.Second || w.Backoff != time.Second || w.MaxAttempts != 8 || len(w.Hooks) != 2 {
		t.Fatalf("webhooks %+v", w)
	}
	getenv := func(k string) string { return env[k] }
	if s, err := w.Hooks[0].Secret(getenv); s != "from-the-env" || err != nil || !w.Hooks[0].On() {
		t.Errorf("env secret %q %v", s, err)
	}
	if s, err := w.Hooks[1].Secret(getenv); s != "from-a-file" || err != nil || w.Hooks[1].On() {
		t.Errorf("file secret %q %v", s, err)
	}
	for _, c := range []struct {
		h    Webhook
		want string
	}{
		{Webhook{Name: "a"}, "needs secretEnv or secretFile"},
		{Webhook{Name: "a", SecretEnv: "NOPE"}, "NOPE that secretEnv names is not set"},
		{Webhook{Name: "a", SecretEnv: "X", SecretFile: "y"}, "not both"},
	} {
		if _, err := c.h.Secret(getenv); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.h, err, c.want)
		}
	}

	os.WriteFile(filepath.Join(dir, "webhooks.yaml"), []byte("maxAttempts: 0\nbackoff: 2h\n"), 0o600)
	if _, err := Load(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "maxAttempts") ||
		!strings.Contains(err.Error(), "maxBackoff") {
		t.Errorf("bad settings: %v", err)
	}
}
