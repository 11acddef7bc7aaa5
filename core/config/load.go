package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/kiln-cms/kiln/internal/profiling"
)

// Load reads the settings: defaults, then config/<section>.yaml, then the
// environment (getenv, os.Getenv in production). The folders themselves
// come from the environment or the defaults.
func Load(getenv func(string) string) (Config, error) {
	c := Default()
	env := envReader{getenv: getenv}
	env.str(&c.Paths.ContentTypes, "KILN_CONTENT_TYPES_DIR")
	env.str(&c.Paths.Config, "KILN_CONFIG_DIR")
	env.str(&c.Paths.Data, "KILN_DATA_DIR")
	sections := map[string]any{
		"server": &c.Server, "database": &c.Database, "auth": &c.Auth,
		"api": &c.API, "ratelimit": &c.RateLimit, "mail": &c.Mail, "plugins": &c.Plugins,
		"webhooks": &c.Webhooks, "upload": &c.Upload, "i18n": &c.I18n, "admin": &c.Admin, "graphql": &c.GraphQL,
	}
	for name, dst := range sections {
		if err := readSection(filepath.Join(c.Paths.Config, name+".yaml"), dst); err != nil {
			return c, err
		}
	}
	env.apply(&c)
	if env.err != nil {
		return c, env.err
	}
	c.I18n.finish()
	// Where the secret came from, for the message if it is too short.
	secretFrom := "jwtSecret in " + filepath.Join(c.Paths.Config, "auth.yaml")
	if n, _ := env.first("KILN_JWT_SECRET", "JWT_SECRET"); n != "" {
		secretFrom = n
	}
	return c, c.check(secretFrom)
}

// readSection decodes one file strictly: an unknown key is an error, so a
// typo does not silently keep a default.
func readSection(path string, dst any) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	// An empty file decodes to io.EOF: it keeps the defaults.
	if err := dec.Decode(dst); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// check reports every out-of-range setting at once; secretFrom names where
// the JWT secret was set.
func (c *Config) check(secretFrom string) error {
	var probs []string
	if c.Server.Port < 0 || c.Server.Port > 65535 {
		probs = append(probs, fmt.Sprintf("server port %d is out of range", c.Server.Port))
	}
	if c.Server.ShutdownTimeout <= 0 || c.Server.ReadHeaderTimeout <= 0 || c.Server.ReadTimeout <= 0 ||
		c.Server.WriteTimeout <= 0 || c.Server.IdleTimeout <= 0 {
		probs = append(probs, "server: shutdownTimeout, readHeaderTimeout, readTimeout, writeTimeout and idleTimeout must be positive")
	}
	if c.Server.NewConnectionGrace < 0 {
		probs = append(probs, "server: newConnectionGrace must be 0 (none) or more")
	}
	if c.Server.MaxConnections < 0 || c.Server.MaxConnectionsPerAddress < 0 {
		probs = append(probs, "server: maxConnections and maxConnectionsPerAddress must be 0 (no cap) or more")
	}
	if c.Server.MaxActiveRequests < 0 {
		probs = append(probs, "server: maxActiveRequests must be 0 (no bound) or more")
	}
	if c.Server.MaxHeaderBytes < 4096 {
		probs = append(probs, "server: maxHeaderBytes must be at least 4096")
	}
	probs = append(probs, c.Server.CORS.problems()...)
	probs = append(probs, c.Server.Metrics.problems()...)
	if c.Server.ProfilingAddress != "" {
		if err := profiling.CheckAddress(c.Server.ProfilingAddress); err != nil {
			probs = append(probs, "server.profilingAddress: "+err.Error())
		}
	}
	if c.API.DefaultPageSize < 1 || c.API.MaxPageSize < c.API.DefaultPageSize {
		probs = append(probs, "api: defaultPageSize must be at least 1 and at most maxPageSize")
	}
	if c.Server.RequestTimeout <= 0 {
		probs = append(probs, "server: requestTimeout must be positive")
	}
	if c.API.MaxDeepPopulate < 1 {
		probs = append(probs, "api: maxDeepPopulate must be at least 1")
	}
	if c.API.MaxAnswerRows < 1 || c.API.MaxAnswerBytes < 1024 {
		probs = append(probs, "api: maxAnswerRows must be at least 1 and maxAnswerBytes at least 1024")
	}
	if c.Server.MemoryLimit < 0 {
		probs = append(probs, "server: memoryLimit must be 0 (none) or a number of bytes")
	}
	if c.API.MaxBodyBytes < 1024 {
		probs = append(probs, "api: maxBodyBytes must be at least 1024")
	}
	if c.RateLimit.PerUser < 1 || c.RateLimit.PerAddress < 1 || c.RateLimit.PerToken < 1 || c.RateLimit.Window <= 0 {
		probs = append(probs, "ratelimit: perUser, perAddress, perToken and window must be positive")
	}
	probs = append(probs, c.Webhooks.check()...)
	probs = append(probs, c.Upload.check()...)
	probs = append(probs, c.I18n.check()...)
	probs = append(probs, c.Admin.check()...)
	probs = append(probs, c.GraphQL.check()...)
	if c.Auth.TokenLifetime <= 0 {
		probs = append(probs, "auth: tokenLifetime must be positive")
	}
	if c.Auth.ResetCodeLifetime <= 0 {
		probs = append(probs, "auth: resetCodeLifetime must be positive")
	}
	// An empty secret is generated later (EnsureSecret); a short one is
	// refused here, before anything starts.
	if c.Auth.JWTSecret != "" {
		if err := checkSecret(c.Auth.JWTSecret, secretFrom); err != nil {
			probs = append(probs, err.Error())
		}
	}
	if len(probs) > 0 {
		return errors.New("config: " + strings.Join(probs, "; "))
	}
	return nil
}

// Addr is host:port to listen on.
func (c Config) Addr() string { return fmt.Sprintf("%s:%d", c.Server.Host, c.Server.Port) }

// DatabaseURL is the configured database, or the SQLite file in the data
// folder.
func (c Config) DatabaseURL() string {
	if c.Database.URL != "" {
		return c.Database.URL
	}
	return "sqlite:" + filepath.Join(c.Paths.Data, "kiln.db")
}

// envReader applies KILN_* (and conventional) variables, remembering the
// first malformed one.
type envReader struct {
	getenv func(string) string
	err    error
}

// first returns the value of the first variable set among names.
func (e *envReader) first(names ...string) (string, string) {
	for _, n := range names {
		if v := e.getenv(n); v != "" {
			return n, v
		}
	}
	return "", ""
}

func (e *envReader) str(dst *string, names ...string) {
	if _, v := e.first(names...); v != "" {
		*dst = v
	}
}

func (e *envReader) integer(dst *int, names ...string) {
	if n, v := e.first(names...); v != "" {
		i, err := strconv.Atoi(v)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("config: %s=%q is not a whole number", n, v)
		}
		if err == nil {
			*dst = i
		}
	}
}

func (e *envReader) integer64(dst *int64, names ...string) {
	if n, v := e.first(names...); v != "" {
		i, err := strconv.ParseInt(v, 10, 64)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("config: %s=%q is not a whole number", n, v)
		}
		if err == nil {
			*dst = i
		}
	}
}

// upload reads the KILN_UPLOAD_* variables, one per key of upload.yaml.
func (e *envReader) upload(u *Upload) {
	e.integer64(&u.SizeLimit, "KILN_UPLOAD_SIZE_LIMIT")
	e.integer64(&u.MaxPixels, "KILN_UPLOAD_MAX_PIXELS")
	if n, v := e.first("KILN_UPLOAD_BREAKPOINTS"); v != "" {
		u.Breakpoints = map[string]int{}
		for _, item := range strings.Split(v, ",") {
			name, px, ok := strings.Cut(strings.TrimSpace(item), ":")
			size, err := strconv.Atoi(px)
			if (!ok || err != nil) && e.err == nil {
				e.err = fmt.Errorf("config: %s=%q: write name:pixels, comma-separated (large:1000,small:500)", n, v)
			}
			u.Breakpoints[name] = size
		}
	}
	if _, v := e.first("KILN_UPLOAD_THUMBNAIL"); v != "" {
		b := true
		e.boolean(&b, "KILN_UPLOAD_THUMBNAIL")
		u.Thumbnail = &b
	}
	e.duration(&u.ReadTimeout, "KILN_UPLOAD_READ_TIMEOUT")
	e.integer(&u.ImageWorkers, "KILN_UPLOAD_IMAGE_WORKERS")
	e.str(&u.Provider, "KILN_UPLOAD_PROVIDER")
	e.str(&u.S3.Bucket, "KILN_UPLOAD_S3_BUCKET")
	e.str(&u.S3.Region, "KILN_UPLOAD_S3_REGION")
	e.str(&u.S3.Endpoint, "KILN_UPLOAD_S3_ENDPOINT")
	e.str(&u.S3.AccessKeyID, "KILN_UPLOAD_S3_ACCESS_KEY_ID")
	e.str(&u.S3.SecretAccessKey, "KILN_UPLOAD_S3_SECRET_ACCESS_KEY")
	e.str(&u.S3.BaseURL, "KILN_UPLOAD_S3_BASE_URL")
	e.str(&u.S3.Prefix, "KILN_UPLOAD_S3_PREFIX")
	e.boolean(&u.S3.ForcePathStyle, "KILN_UPLOAD_S3_FORCE_PATH_STYLE")
	e.boolean(&u.S3.SignedURLs, "KILN_UPLOAD_S3_SIGNED_URLS")
	e.duration(&u.S3.SignedURLTTL, "KILN_UPLOAD_S3_SIGNED_URL_TTL")
}

func (e *envReader) boolean(dst *bool, names ...string) {
	if n, v := e.first(names...); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("config: %s=%q is not true or false", n, v)
		}
		if err == nil {
			*dst = b
		}
	}
}

func (e *envReader) duration(dst *time.Duration, names ...string) {
	if n, v := e.first(names...); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("config: %s=%q is not a duration (like 30s, 1h, 720h)", n, v)
		}
		if err == nil {
			*dst = d
		}
	}
}

// apply reads every variable the README lists.
func (e *envReader) apply(c *Config) {
	e.str(&c.Server.Host, "KILN_HOST", "HOST")
	e.integer(&c.Server.Port, "KILN_PORT", "PORT")
	e.duration(&c.Server.ShutdownTimeout, "KILN_SHUTDOWN_TIMEOUT")
	e.duration(&c.Server.RequestTimeout, "KILN_REQUEST_TIMEOUT")
	e.str(&c.Server.LogLevel, "KILN_LOG_LEVEL")
	e.str(&c.Server.LogFormat, "KILN_LOG_FORMAT")
	e.proxies(&c.Server.TrustProxy, "KILN_TRUST_PROXY")
	e.boolean(&c.Server.Demo, "KILN_DEMO")
	e.boolean(&c.Webhooks.AllowPrivate, "KILN_WEBHOOKS_ALLOW_PRIVATE")
	e.upload(&c.Upload)
	e.i18n(&c.I18n)
	e.admin(&c.Admin)
	e.graphql(&c.GraphQL)
	e.duration(&c.Server.ReadHeaderTimeout, "KILN_READ_HEADER_TIMEOUT")
	e.duration(&c.Server.ReadTimeout, "KILN_READ_TIMEOUT")
	e.duration(&c.Server.WriteTimeout, "KILN_WRITE_TIMEOUT")
	e.duration(&c.Server.IdleTimeout, "KILN_IDLE_TIMEOUT")
	e.duration(&c.Server.NewConnectionGrace, "KILN_NEW_CONNECTION_GRACE")
	e.integer(&c.Server.MaxConnections, "KILN_MAX_CONNECTIONS")
	e.integer(&c.Server.MaxConnectionsPerAddress, "KILN_MAX_CONNECTIONS_PER_ADDRESS")
	e.integer(&c.Server.MaxHeaderBytes, "KILN_MAX_HEADER_BYTES")
	e.integer(&c.Server.MaxActiveRequests, "KILN_MAX_ACTIVE_REQUESTS")
	e.integer(&c.Server.MemoryLimit, "KILN_MEMORY_LIMIT")
	e.list(&c.Server.CORS.Origins, "KILN_CORS_ORIGINS")
	e.list(&c.Server.CORS.Methods, "KILN_CORS_METHODS")
	e.list(&c.Server.CORS.Headers, "KILN_CORS_HEADERS")
	e.list(&c.Server.CORS.ExposedHeaders, "KILN_CORS_EXPOSED_HEADERS")
	e.boolean(&c.Server.CORS.Credentials, "KILN_CORS_CREDENTIALS")
	e.duration(&c.Server.CORS.MaxAge, "KILN_CORS_MAX_AGE")
	e.boolean(&c.Server.Metrics.Enabled, "KILN_METRICS")
	e.str(&c.Server.Metrics.Token, "KILN_METRICS_TOKEN")
	e.boolean(&c.Server.Metrics.Open, "KILN_METRICS_OPEN")
	e.boolean(&c.Server.AccessLog, "KILN_ACCESS_LOG")
	e.str(&c.Server.ProfilingAddress, "KILN_PROFILING_ADDRESS")
	e.str(&c.Database.URL, "KILN_DATABASE_URL", "DATABASE_URL")
	if _, v := e.first("KILN_DATABASE_PREPARED"); v != "" {
		var b bool
		e.boolean(&b, "KILN_DATABASE_PREPARED")
		c.Database.PreparedStatements = &b
	}
	e.str(&c.Auth.JWTSecret, "KILN_JWT_SECRET", "JWT_SECRET")
	e.str(&c.Auth.APITokenSecret, "KILN_API_TOKEN_SECRET")
	e.duration(&c.Auth.TokenLifetime, "KILN_TOKEN_LIFETIME")
	e.boolean(&c.Auth.Registration, "KILN_REGISTRATION")
	e.duration(&c.Auth.ResetCodeLifetime, "KILN_RESET_CODE_LIFETIME")
	e.integer(&c.API.DefaultPageSize, "KILN_DEFAULT_PAGE_SIZE")
	e.integer(&c.API.MaxPageSize, "KILN_MAX_PAGE_SIZE")
	e.integer(&c.API.MaxBodyBytes, "KILN_MAX_BODY_BYTES")
	e.integer(&c.API.MaxQueryDepth, "KILN_MAX_QUERY_DEPTH")
	e.integer(&c.API.MaxInList, "KILN_MAX_IN_LIST")
	e.integer(&c.API.MaxDeepPopulate, "KILN_MAX_DEEP_POPULATE")
	e.boolean(&c.API.StrictParams, "KILN_STRICT_PARAMS")
	e.integer(&c.API.MaxAnswerRows, "KILN_MAX_ANSWER_ROWS")
	e.integer(&c.API.MaxAnswerBytes, "KILN_MAX_ANSWER_BYTES")
	e.integer(&c.RateLimit.PerUser, "KILN_RATE_LIMIT_USER")
	e.integer(&c.RateLimit.PerAddress, "KILN_RATE_LIMIT_ADDRESS")
	e.integer(&c.RateLimit.PerToken, "KILN_RATE_LIMIT_TOKEN")
	e.duration(&c.RateLimit.Window, "KILN_RATE_LIMIT_WINDOW")
	e.str(&c.RateLimit.RedisURL, "KILN_REDIS_URL", "REDIS_URL")
	e.duration(&c.RateLimit.RedisCooldown, "KILN_REDIS_COOLDOWN")
	e.str(&c.Mail.SMTPHost, "KILN_SMTP_HOST")
	e.integer(&c.Mail.SMTPPort, "KILN_SMTP_PORT")
	e.str(&c.Mail.Username, "KILN_SMTP_USERNAME")
	e.str(&c.Mail.Password, "KILN_SMTP_PASSWORD")
	e.str(&c.Mail.From, "KILN_MAIL_FROM")
	e.str(&c.Mail.ResetURL, "KILN_RESET_URL")
}
