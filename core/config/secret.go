package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// secretFile keeps the generated JWT secret between starts.
const secretFile = "jwt-secret"

// EnsureSecret fills Auth.JWTSecret when none is configured: from the data
// folder if an earlier start generated one, otherwise by generating 32
// random bytes and keeping them there (mode 0600). It reports whether it
// generated a new one, so the caller can say so in the log.
func (c *Config) EnsureSecret() (generated bool, err error) {
	if c.Auth.JWTSecret != "" {
		return false, nil
	}
	path := filepath.Join(c.Paths.Data, secretFile)
	b, err := os.ReadFile(path)
	if err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		c.Auth.JWTSecret = strings.TrimSpace(string(b))
		return false, nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, fmt.Errorf("reading the JWT secret: %w", err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return false, fmt.Errorf("generating a JWT secret: %w", err)
	}
	secret := hex.EncodeToString(raw)
	if err := os.MkdirAll(c.Paths.Data, 0o755); err != nil {
		return false, fmt.Errorf("creating the data folder: %w", err)
	}
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return false, fmt.Errorf("keeping the JWT secret: %w", err)
	}
	c.Auth.JWTSecret = secret
	return true, nil
}
