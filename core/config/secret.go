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

// MinSecretBytes is the shortest JWT secret Kiln accepts. Tokens are
// signed with HS256, whose key should be at least as long as its hash
// (RFC 7518, section 3.2): 32 bytes. The generated secret is 64.
const MinSecretBytes = 32

// checkSecret refuses a configured secret that is too short, naming where
// it came from (from: "auth.yaml jwtSecret", "KILN_JWT_SECRET", ...).
func checkSecret(secret, from string) error {
	if len(secret) >= MinSecretBytes {
		return nil
	}
	return fmt.Errorf("auth: the JWT secret (%s) is %d bytes long; HS256 needs at least %d: "+
		"set auth.yaml jwtSecret, KILN_JWT_SECRET or JWT_SECRET to a longer random value "+
		"(openssl rand -hex 32), or set none of them to have one generated in the data folder",
		from, len(secret), MinSecretBytes)
}

// CheckSecret reports whether the secret can sign tokens: an empty secret
// means EnsureSecret was not called, a short one is refused like a
// configured one. app.New calls it, so that no path starts a server that
// signs with a weak key.
func (a Auth) CheckSecret() error {
	if a.JWTSecret == "" {
		return errors.New("config: no JWT secret: set auth.yaml jwtSecret, KILN_JWT_SECRET or JWT_SECRET, or call EnsureSecret to generate one")
	}
	if err := checkSecret(a.JWTSecret, "auth.yaml jwtSecret, KILN_JWT_SECRET or JWT_SECRET"); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	return nil
}

// EnsureSecret fills Auth.JWTSecret when none is configured: from the data
// folder if an earlier start generated one, otherwise by generating 32
// random bytes and keeping them there, hex-encoded (mode 0600, in a folder
// created 0700 if missing). It reports whether it generated a new one, so
// the caller can say so in the log. A configured secret shorter than
// MinSecretBytes is an error.
func (c *Config) EnsureSecret() (generated bool, err error) {
	if c.Auth.JWTSecret != "" {
		return false, c.Auth.CheckSecret()
	}
	path := filepath.Join(c.Paths.Data, secretFile)
	b, err := os.ReadFile(path)
	if err == nil && len(strings.TrimSpace(string(b))) >= MinSecretBytes {
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
	// Readable by this account only when it is created here; an existing
	// folder keeps its mode (the secret file is 0600 whatever the folder).
	if err := os.MkdirAll(c.Paths.Data, 0o700); err != nil {
		return false, fmt.Errorf("creating the data folder: %w", err)
	}
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return false, fmt.Errorf("keeping the JWT secret: %w", err)
	}
	c.Auth.JWTSecret = secret
	return true, nil
}
