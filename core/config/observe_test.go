package config

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCORSMetricsAccessLogSettings: CORS, /metrics and the access log are
// off by default, read from server.yaml (defaults kept for what the file
// leaves out), overridden by their variables, and refused when unsafe or
// malformed.
func TestCORSMetricsAccessLogSettings(t *testing.T) {
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Server; s.CORS.Enabled() || s.Metrics.Enabled || s.AccessLog {
		t.Fatalf("defaults: cors %+v, metrics %+v, access log %v", s.CORS, s.Metrics, s.AccessLog)
	}

	dir := t.TempDir()
	writeFile(t, dir, "server.yaml", "accessLog: true\ncors:\n  origins: [https://app.example.com, 'https://*.example.org']\n"+
		"  credentials: true\n  maxAge: 10m\nmetrics:\n  enabled: true\n  token: 0123456789abcdef\n")
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	cors := c.Server.CORS
	if !slices.Equal(cors.Origins, []string{"https://app.example.com", "https://*.example.org"}) || !cors.Credentials ||
		cors.MaxAge != 10*time.Minute || !slices.Equal(cors.Methods, defaultCORS().Methods) ||
		!slices.Equal(cors.Headers, defaultCORS().Headers) || !c.Server.AccessLog ||
		c.Server.Metrics != (Metrics{Enabled: true, Token: "0123456789abcdef"}) {
		t.Fatalf("from the file: %+v", c.Server)
	}

	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_CORS_ORIGINS": " http://localhost:3000 ,,https://b.test",
		"KILN_CORS_HEADERS": "Authorization", "KILN_CORS_CREDENTIALS": "false", "KILN_CORS_MAX_AGE": "30s",
		"KILN_METRICS_TOKEN": "", "KILN_ACCESS_LOG": "false", "KILN_METRICS": "false"}))
	if err != nil {
		t.Fatal(err)
	}
	cors = c.Server.CORS
	if !slices.Equal(cors.Origins, []string{"http://localhost:3000", "https://b.test"}) || cors.Credentials ||
		cors.MaxAge != 30*time.Second || !slices.Equal(cors.Headers, []string{"Authorization"}) || c.Server.AccessLog || c.Server.Metrics.Enabled {
		t.Fatalf("file then environment: %+v", c.Server)
	}

	for _, tc := range []struct{ env, want string }{
		{"KILN_CORS_ORIGINS=*|KILN_CORS_CREDENTIALS=true", `credentials cannot be combined with origin "*"`},
		{"KILN_CORS_ORIGINS=*,https://a.test", `list it alone`},
		{"KILN_CORS_ORIGINS=app.example.com", `origin "app.example.com" is not scheme://host[:port]`},
		{"KILN_CORS_ORIGINS=https://a.test/app", `has more than scheme://host[:port]`},
		{"KILN_CORS_ORIGINS=https://*", `has "*" where only "*." before the host`},
		{"KILN_CORS_ORIGINS=https://a.test|KILN_CORS_MAX_AGE=1500ms", "maxAge must be 0 or more, in whole seconds"},
		{"KILN_CORS_ORIGINS=https://a.test|KILN_CORS_MAX_AGE=-1s", "maxAge must be 0 or more"},
		{"KILN_CORS_CREDENTIALS=maybe", `KILN_CORS_CREDENTIALS="maybe" is not true or false`},
		{"KILN_METRICS=true", "enabled needs a token (KILN_METRICS_TOKEN) or open: true"},
		{"KILN_METRICS=true|KILN_METRICS_TOKEN=short", "the token must be at least 16 bytes"},
		{"KILN_METRICS=true|KILN_METRICS_TOKEN=0123456789abcdef|KILN_METRICS_OPEN=true", "contradict"},
		{"KILN_PROFILING_ADDRESS=0.0.0.0:6060", "server.profilingAddress: \"0.0.0.0:6060\" is not a loopback address"},
		{"KILN_PROFILING_ADDRESS=6060", "server.profilingAddress: \"6060\" is not host:port"},
	} {
		env := map[string]string{"KILN_CONFIG_DIR": t.TempDir()}
		for _, kv := range strings.Split(tc.env, "|") {
			k, v, _ := strings.Cut(kv, "=")
			env[k] = v
		}
		_, err := Load(envOf(env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.env, err, tc.want)
		}
	}
	for _, ok := range []string{"KILN_METRICS=true|KILN_METRICS_OPEN=true", "KILN_CORS_ORIGINS=*", "KILN_CORS_ORIGINS=http://[::1]:3000",
		"KILN_PROFILING_ADDRESS=127.0.0.1:6060"} {
		env := map[string]string{"KILN_CONFIG_DIR": t.TempDir()}
		for _, kv := range strings.Split(ok, "|") {
			k, v, _ := strings.Cut(kv, "=")
			env[k] = v
		}
		if _, err := Load(envOf(env)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
