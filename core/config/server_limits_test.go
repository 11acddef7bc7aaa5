package config

import (
	"strings"
	"testing"
	"time"
)

// TestConnectionSettings: the connection timeouts and caps have their
// documented defaults, are read from server.yaml, are overridden by their
// variables, and out-of-range values stop start-up.
func TestConnectionSettings(t *testing.T) {
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	s := c.Server
	if s.ReadHeaderTimeout != 10*time.Second || s.ReadTimeout != 30*time.Second || s.WriteTimeout != 60*time.Second ||
		s.IdleTimeout != 75*time.Second || s.MaxConnections != 10000 || s.MaxConnectionsPerAddress != 0 || s.MaxHeaderBytes != 16384 ||
		s.NewConnectionGrace != 5*time.Second {
		t.Fatalf("defaults: %+v", s)
	}

	dir := t.TempDir()
	writeFile(t, dir, "server.yaml", "readHeaderTimeout: 5s\nreadTimeout: 20s\nwriteTimeout: 40s\nidleTimeout: 90s\n"+
		"maxConnections: 500\nmaxConnectionsPerAddress: 50\nmaxHeaderBytes: 32768\nnewConnectionGrace: 2s\n")
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_IDLE_TIMEOUT": "2m", "KILN_MAX_CONNECTIONS_PER_ADDRESS": "7"}))
	if err != nil {
		t.Fatal(err)
	}
	s = c.Server
	if s.ReadHeaderTimeout != 5*time.Second || s.ReadTimeout != 20*time.Second || s.WriteTimeout != 40*time.Second ||
		s.IdleTimeout != 2*time.Minute || s.MaxConnections != 500 || s.MaxConnectionsPerAddress != 7 || s.MaxHeaderBytes != 32768 ||
		s.NewConnectionGrace != 2*time.Second {
		t.Fatalf("file then environment: %+v", s)
	}

	for env, want := range map[string]string{
		"KILN_READ_HEADER_TIMEOUT=0s":         "readHeaderTimeout, readTimeout, writeTimeout and idleTimeout must be positive",
		"KILN_READ_TIMEOUT=-1s":               "readTimeout",
		"KILN_WRITE_TIMEOUT=0s":               "writeTimeout",
		"KILN_IDLE_TIMEOUT=soon":              `KILN_IDLE_TIMEOUT="soon" is not a duration`,
		"KILN_MAX_CONNECTIONS=-1":             "maxConnections and maxConnectionsPerAddress must be 0 (no cap) or more",
		"KILN_MAX_CONNECTIONS_PER_ADDRESS=-3": "maxConnections and maxConnectionsPerAddress must be 0 (no cap) or more",
		"KILN_MAX_HEADER_BYTES=4095":          "maxHeaderBytes must be at least 4096",
		"KILN_MAX_HEADER_BYTES=16k":           `KILN_MAX_HEADER_BYTES="16k" is not a whole number`,
		"KILN_NEW_CONNECTION_GRACE=-1s":       "newConnectionGrace must be 0 (none) or more",
	} {
		k, v, _ := strings.Cut(env, "=")
		_, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir(), k: v}))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", env, err, want)
		}
	}
	// 0 turns a cap off, and the grace.
	if _, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir(), "KILN_MAX_CONNECTIONS": "0"})); err != nil {
		t.Errorf("KILN_MAX_CONNECTIONS=0: %v", err)
	}
	if c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir(), "KILN_NEW_CONNECTION_GRACE": "0s"})); err != nil ||
		c.Server.NewConnectionGrace != 0 {
		t.Errorf("KILN_NEW_CONNECTION_GRACE=0s: %v", err)
	}
}
