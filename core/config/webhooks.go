package config

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// Webhooks is config/webhooks.yaml: how webhooks are delivered, and the
// webhooks the project defines (more are added through the admin routes;
// docs/webhooks.md).
type Webhooks struct {
	// AllowPrivate lets deliveries go to loopback, private, link-local and
	// other non-public addresses (a receiver on the same network). Default:
	// false. Env: KILN_WEBHOOKS_ALLOW_PRIVATE.
	AllowPrivate bool `yaml:"allowPrivate"`
	// ConnectTimeout bounds the connection (TCP and TLS); Timeout the
	// whole delivery, answer included. Defaults: 5s and 15s.
	ConnectTimeout time.Duration `yaml:"connectTimeout"`
	Timeout        time.Duration `yaml:"timeout"`
	// MaxAttempts is how often a delivery is tried before it is marked
	// failed. Default: 8.
	MaxAttempts int `yaml:"maxAttempts"`
	// Backoff is the wait before the first retry, doubled after each
	// failed attempt up to MaxBackoff, with jitter. Defaults: 10s and 1h.
	Backoff    time.Duration `yaml:"backoff"`
	MaxBackoff time.Duration `yaml:"maxBackoff"`
	// PollInterval is how often the worker looks for due deliveries
	// besides being woken by a commit. Default: 5s.
	PollInterval time.Duration `yaml:"pollInterval"`
	// Workers is how many deliveries one process sends at once. Default: 4.
	Workers int `yaml:"workers"`
	// Hooks are the project's webhooks.
	Hooks []Webhook `yaml:"webhooks"`
}

// Webhook is one webhook of config/webhooks.yaml. Its secret is never in
// the file: SecretEnv names a variable holding it, or SecretFile a file.
type Webhook struct {
	Name   string   `yaml:"name"`
	URL    string   `yaml:"url"`
	Events []string `yaml:"events"`
	// Types narrows the entry events (and the plugins' events) to these
	// content types; empty is every type.
	Types      []string          `yaml:"types"`
	Headers    map[string]string `yaml:"headers"`
	SecretEnv  string            `yaml:"secretEnv"`
	SecretFile string            `yaml:"secretFile"`
	// Enabled defaults to true.
	Enabled *bool `yaml:"enabled"`
}

// On reports whether the webhook is enabled (the default).
func (w Webhook) On() bool { return w.Enabled == nil || *w.Enabled }

// Secret reads the webhook's secret from its variable (getenv) or file.
func (w Webhook) Secret(getenv func(string) string) (string, error) {
	switch {
	case w.SecretEnv != "" && w.SecretFile != "":
		return "", fmt.Errorf("webhook %q: give secretEnv or secretFile, not both", w.Name)
	case w.SecretEnv != "":
		if s := getenv(w.SecretEnv); s != "" {
			return s, nil
		}
		return "", fmt.Errorf("webhook %q: the variable %s that secretEnv names is not set", w.Name, w.SecretEnv)
	case w.SecretFile != "":
		b, err := os.ReadFile(w.SecretFile)
		if err != nil {
			return "", fmt.Errorf("webhook %q: reading secretFile: %w", w.Name, err)
		}
		if s := strings.TrimSpace(string(b)); s != "" {
			return s, nil
		}
		return "", fmt.Errorf("webhook %q: secretFile %s is empty", w.Name, w.SecretFile)
	}
	return "", fmt.Errorf("webhook %q: needs secretEnv or secretFile (a secret is never written in the file)", w.Name)
}

func defaultWebhooks() Webhooks {
	return Webhooks{ConnectTimeout: 5 * time.Second, Timeout: 15 * time.Second, MaxAttempts: 8,
		Backoff: 10 * time.Second, MaxBackoff: time.Hour, PollInterval: 5 * time.Second, Workers: 4}
}

// checkWebhooks lists what is out of range in the delivery settings.
func (w Webhooks) check() []string {
	var probs []string
	if w.ConnectTimeout <= 0 || w.Timeout <= 0 || w.Backoff <= 0 || w.MaxBackoff < w.Backoff || w.PollInterval <= 0 {
		probs = append(probs, "webhooks: connectTimeout, timeout, backoff and pollInterval must be positive, maxBackoff at least backoff")
	}
	if w.MaxAttempts < 1 || w.Workers < 1 {
		probs = append(probs, "webhooks: maxAttempts and workers must be at least 1")
	}
	return probs
}
