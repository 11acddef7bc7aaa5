// Package config reads Kiln's settings: config/*.yaml, one file per
// section, each value overridable by an environment variable. Paths are
// relative to the working directory, as in a Strapi project.
package config

import (
	"runtime"
	"time"
)

// Config is every setting, by section. Each section is read from
// config/<section>.yaml; a missing file keeps the defaults.
type Config struct {
	Server    Server    `yaml:"server"`
	Database  Database  `yaml:"database"`
	Auth      Auth      `yaml:"auth"`
	API       API       `yaml:"api"`
	RateLimit RateLimit `yaml:"ratelimit"`
	Mail      Mail      `yaml:"mail"`
	// Plugins is config/plugins.yaml: which plugins run (see plugins.go).
	Plugins Plugins `yaml:"plugins"`
	// Webhooks is config/webhooks.yaml (webhooks.go).
	Webhooks Webhooks `yaml:"webhooks"`
	// Upload is config/upload.yaml (upload.go).
	Upload Upload `yaml:"upload"`
	// I18n is config/i18n.yaml: the locales (i18n.go).
	I18n I18n `yaml:"i18n"`
	// Admin is config/admin.yaml: the admin panel (admin.go).
	Admin Admin `yaml:"admin"`
	// GraphQL is config/graphql.yaml: the /graphql endpoint (graphql.go).
	GraphQL GraphQL `yaml:"graphql"`
	Paths   Paths   `yaml:"-"`
	// Clock is the time the plugins read (plugin.API.Now) and the s3
	// provider signs URLs by; nil, as loaded, is the wall clock. A test
	// sets it to answer at a known instant.
	Clock func() time.Time `yaml:"-"`
}

// Mail is config/mail.yaml. With no SMTP host, mail is written to the log.
type Mail struct {
	// SMTPHost and SMTPPort of the mail server. Env: KILN_SMTP_HOST,
	// KILN_SMTP_PORT (default 587).
	SMTPHost string `yaml:"smtpHost"`
	SMTPPort int    `yaml:"smtpPort"`
	// Username and Password for SMTP auth. Env: KILN_SMTP_USERNAME,
	// KILN_SMTP_PASSWORD.
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	// From is the sender address. Env: KILN_MAIL_FROM. Default: no-reply@localhost.
	From string `yaml:"from"`
	// ResetURL is the page of your front end that takes ?code=... to reset a
	// password. Env: KILN_RESET_URL. Default: http://localhost:1337/reset-password.
	ResetURL string `yaml:"resetUrl"`
}

// Server is config/server.yaml.
type Server struct {
	// Host to listen on. Default: 0.0.0.0. Env: KILN_HOST, HOST.
	Host string `yaml:"host"`
	// Port to listen on. Default: 1337. Env: KILN_PORT, PORT.
	Port int `yaml:"port"`
	// ShutdownTimeout bounds how long in-flight requests may take to finish
	// on SIGINT/SIGTERM. Default: 15s. Env: KILN_SHUTDOWN_TIMEOUT.
	ShutdownTimeout time.Duration `yaml:"shutdownTimeout"`
	// RequestTimeout is the deadline of one API request: past it the
	// database stops its statement (PostgreSQL within a second, SQLite at
	// once) and the answer is a 503. It also bounds the wait for a
	// connection when the pool is exhausted. Default: 10s.
	// Env: KILN_REQUEST_TIMEOUT.
	RequestTimeout time.Duration `yaml:"requestTimeout"`
	// LogLevel is debug, info, warn or error. Default: info. Env: KILN_LOG_LEVEL.
	LogLevel string `yaml:"logLevel"`
	// LogFormat is text or json. Default: text. Env: KILN_LOG_FORMAT.
	LogFormat string `yaml:"logFormat"`
	// Demo seeds the small demo data set when kiln serve starts on an empty
	// default (SQLite) database, so a newcomer can call the API at once.
	// Default: true. Env: KILN_DEMO; flag: kiln serve --no-demo.
	Demo bool `yaml:"demo"`
	// TrustProxy lists the proxies in front of Kiln (addresses or CIDR
	// ranges, like [10.0.0.0/8, 127.0.0.1]). X-Forwarded-For is believed
	// only on a connection from one of them, and then the client is the
	// rightmost address in it that is not one of them (internal/clientip);
	// X-Forwarded-Proto and -Host likewise. Default: none, every header
	// ignored. Env: KILN_TRUST_PROXY, comma-separated.
	TrustProxy Proxies `yaml:"trustProxy"`
	// ReadHeaderTimeout bounds how long a request head may take to arrive,
	// from the connection's accept (its first request) or from the
	// request's first byte (a kept-alive connection); past it the
	// connection is closed (408 if part of a head came). Default: 10s.
	// Env: KILN_READ_HEADER_TIMEOUT.
	ReadHeaderTimeout time.Duration `yaml:"readHeaderTimeout"`
	// ReadTimeout bounds how long the body may take to arrive once the
	// head is in (408 past it). Default: 30s. Env: KILN_READ_TIMEOUT.
	ReadTimeout time.Duration `yaml:"readTimeout"`
	// WriteTimeout bounds how long writing an answer may take once the
	// handler is done; past it the connection is closed. Default: 60s.
	// Env: KILN_WRITE_TIMEOUT.
	WriteTimeout time.Duration `yaml:"writeTimeout"`
	// NewConnectionGrace is how long after its accept a connection that
	// has not begun its first request is kept open by a shutdown, for the
	// request on its way to arrive and be answered; 0 closes it at once.
	// Default: 5s, as Go's http.Server.Shutdown.
	// Env: KILN_NEW_CONNECTION_GRACE.
	NewConnectionGrace time.Duration `yaml:"newConnectionGrace"`
	// IdleTimeout is how long a kept-alive connection may wait for its
	// next request before it is closed. Keep it above the idle timeout of
	// a load balancer in front (60s on most). Default: 75s.
	// Env: KILN_IDLE_TIMEOUT.
	IdleTimeout time.Duration `yaml:"idleTimeout"`
	// MaxConnections caps the connections open at once; one past it is
	// answered 503 with Retry-After and closed. 0 means no cap.
	// Default: 10000. Env: KILN_MAX_CONNECTIONS.
	MaxConnections int `yaml:"maxConnections"`
	// MaxConnectionsPerAddress caps the connections open at once from one
	// client address (an IPv6 client counts as its /64); one past it is
	// answered 429 with Retry-After and closed. trustProxy entries are not
	// capped. 0 means no cap. Default: 0, since without trustProxy every
	// client behind a proxy has the proxy's address.
	// Env: KILN_MAX_CONNECTIONS_PER_ADDRESS.
	MaxConnectionsPerAddress int `yaml:"maxConnectionsPerAddress"`
	// MaxHeaderBytes is the largest request head (request line and
	// headers); a larger one is a 431. At least 4096. Default: 16384, as
	// Node's, so every Strapi client's request fits.
	// Env: KILN_MAX_HEADER_BYTES.
	MaxHeaderBytes int `yaml:"maxHeaderBytes"`
	// MaxActiveRequests is how many API requests are worked on at once;
	// more wait their turn until their requestTimeout (then 503). It
	// bounds memory, which grows with the requests in progress, not with
	// the connections open. 0 means no bound. Default: 8 per CPU core
	// (GOMAXPROCS), at least 16. Env: KILN_MAX_ACTIVE_REQUESTS.
	MaxActiveRequests int `yaml:"maxActiveRequests"`
	// MemoryLimit is the Go runtime's soft memory limit, in bytes
	// (debug.SetMemoryLimit): the garbage collector works harder as the
	// heap nears it, so peak memory stays near it under load instead of
	// at twice the live heap. Soft: past it Kiln slows, it does not fail.
	// 0 leaves Go's own (GOMEMLIMIT, else none). Default: 0.
	// Env: KILN_MEMORY_LIMIT.
	MemoryLimit int `yaml:"memoryLimit"`
	// CORS lets browser pages of other origins call the API (cors.go).
	// Default: off.
	CORS CORS `yaml:"cors"`
	// Metrics serves GET /metrics (metrics.go). Default: off.
	Metrics Metrics `yaml:"metrics"`
	// AccessLog writes one log line per request (method, route, path
	// without the query, status, duration, bytes, client, request id).
	// Default: false. Env: KILN_ACCESS_LOG.
	AccessLog bool `yaml:"accessLog"`
	// ProfilingAddress serves Go's runtime profiles (/debug/pprof/) on an
	// address of their own, for finding where time and memory go. It
	// must be a loopback address (127.0.0.1:6060). Default: empty, off.
	// Env: KILN_PROFILING_ADDRESS.
	ProfilingAddress string `yaml:"profilingAddress"`
}

// Database is config/database.yaml.
type Database struct {
	// URL is postgres://... or sqlite:PATH. Default: sqlite:data/kiln.db
	// (in the data folder). Env: KILN_DATABASE_URL, DATABASE_URL.
	URL string `yaml:"url"`
	// PreparedStatements has each connection prepare a statement shape
	// once and run it again with new values, so the database plans it
	// once. Turn it off behind a pooler in transaction mode that cannot
	// keep prepared statements (PgBouncer before 1.21, or without
	// max_prepared_statements). Default: true. Env: KILN_DATABASE_PREPARED.
	PreparedStatements *bool `yaml:"preparedStatements"`
}

// Prepared reports whether statements are prepared (PreparedStatements).
func (d Database) Prepared() bool { return d.PreparedStatements == nil || *d.PreparedStatements }

// Auth is config/auth.yaml.
type Auth struct {
	// JWTSecret signs tokens (HS256); it must be at least 32 bytes
	// (MinSecretBytes), or start-up stops. Default: generated on first
	// start (64 hex characters) and kept in the data folder. Env:
	// KILN_JWT_SECRET, JWT_SECRET.
	JWTSecret string `yaml:"jwtSecret"`
	// APITokenSecret keys the hash API tokens are stored as (HMAC-SHA256).
	// Default: none, and the key is derived from JWTSecret with HKDF, so
	// that there is one secret to keep; changing the one the key comes
	// from ends every API token. Env: KILN_API_TOKEN_SECRET.
	APITokenSecret string `yaml:"apiTokenSecret"`
	// TokenLifetime is how long a token is valid. Default: 720h (30 days).
	// Env: KILN_TOKEN_LIFETIME.
	TokenLifetime time.Duration `yaml:"tokenLifetime"`
	// Registration opens POST /api/auth/local/register. Default: false.
	// Env: KILN_REGISTRATION.
	Registration bool `yaml:"registration"`
	// ResetCodeLifetime is how long a mailed password-reset code works.
	// Default: 1h. Env: KILN_RESET_CODE_LIFETIME.
	ResetCodeLifetime time.Duration `yaml:"resetCodeLifetime"`
}

// API is config/api.yaml.
type API struct {
	// DefaultPageSize when a request names none. Default: 25.
	// Env: KILN_DEFAULT_PAGE_SIZE.
	DefaultPageSize int `yaml:"defaultPageSize"`
	// MaxPageSize caps pageSize and limit. Default: 100. Env: KILN_MAX_PAGE_SIZE.
	MaxPageSize int `yaml:"maxPageSize"`
	// MaxBodyBytes is the largest request body; larger ones are a 413.
	// Default: 1048576 (1 MiB). Env: KILN_MAX_BODY_BYTES.
	MaxBodyBytes int `yaml:"maxBodyBytes"`
	// MaxQueryDepth bounds the nesting of filters and populate. Default: 6.
	// Env: KILN_MAX_QUERY_DEPTH.
	MaxQueryDepth int `yaml:"maxQueryDepth"`
	// MaxInList bounds $in/$notIn lists. Default: 100. Env: KILN_MAX_IN_LIST.
	MaxInList int `yaml:"maxInList"`
	// MaxDeepPopulate caps the depth of Kiln's deep populate (populate=deep,N
	// and pLevel=N, docs/api.md); a larger depth is lowered to it. Default: 5.
	// Env: KILN_MAX_DEEP_POPULATE.
	MaxDeepPopulate int `yaml:"maxDeepPopulate"`
	// MaxAnswerRows bounds the entries one read may answer, populated ones
	// included and counted each time they appear; a query that would pass
	// it is a 400 naming the limit. Default: 20000. Env: KILN_MAX_ANSWER_ROWS.
	MaxAnswerRows int `yaml:"maxAnswerRows"`
	// MaxAnswerBytes bounds one answer's body; a larger one is a 400
	// naming the limit. Default: 16777216 (16 MiB). Env: KILN_MAX_ANSWER_BYTES.
	MaxAnswerBytes int `yaml:"maxAnswerBytes"`
	// StrictParams refuses a top-level query parameter the route does not
	// take (400 Invalid key), as Strapi 5's api.rest.strictParams does;
	// by default such a parameter is ignored, as Strapi ignores it, so
	// that a frontend's publicationState or populateDynamicZone from
	// Strapi 4 days still reads. Default: false. Env: KILN_STRICT_PARAMS.
	StrictParams bool `yaml:"strictParams"`
}

// RateLimit is config/ratelimit.yaml.
type RateLimit struct {
	// PerUser is requests per Window for a signed-in user. Default: 1000.
	// Env: KILN_RATE_LIMIT_USER.
	PerUser int `yaml:"perUser"`
	// PerAddress is requests per Window for a caller without a token.
	// Default: 100. Env: KILN_RATE_LIMIT_ADDRESS.
	PerAddress int `yaml:"perAddress"`
	// PerToken is requests per Window for one API token (docs/api-tokens.md):
	// each token has its own budget, a server's being larger than a
	// person's. Default: 10000. Env: KILN_RATE_LIMIT_TOKEN.
	PerToken int `yaml:"perToken"`
	// Window is the counting period. Default: 1h. Env: KILN_RATE_LIMIT_WINDOW.
	Window time.Duration `yaml:"window"`
	// RedisURL shares counters between instances (redis://host:port/db);
	// empty keeps them in memory. Env: KILN_REDIS_URL, REDIS_URL.
	RedisURL string `yaml:"redisUrl"`
	// RedisCooldown is how long the limiter stops asking Redis after
	// three failures in a row (a frozen or lost Redis), counting per
	// instance meanwhile, before it probes again. Default: 30s.
	// Env: KILN_REDIS_COOLDOWN.
	RedisCooldown time.Duration `yaml:"redisCooldown"`
}

// Paths are where a project's folders are. Env: KILN_CONTENT_TYPES_DIR,
// KILN_CONFIG_DIR, KILN_DATA_DIR; defaults content-types, config, data.
type Paths struct {
	ContentTypes string
	Config       string
	Data         string
}

// DefaultMaxActiveRequests is 8 requests per core the Go runtime uses, at
// least 16: enough to keep the cores busy while others wait on the
// database, few enough that their rows fit in tens of MiB.
func DefaultMaxActiveRequests() int { return max(16, 8*runtime.GOMAXPROCS(0)) }

// Default returns the settings used when nothing is configured.
func Default() Config {
	return Config{
		Server: Server{Host: "0.0.0.0", Port: 1337, ShutdownTimeout: 15 * time.Second, RequestTimeout: 10 * time.Second,
			LogLevel: "info", LogFormat: "text", Demo: true,
			ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second,
			IdleTimeout: 75 * time.Second, NewConnectionGrace: 5 * time.Second, MaxConnections: 10000, MaxHeaderBytes: 16 << 10,
			MaxActiveRequests: DefaultMaxActiveRequests(), CORS: defaultCORS()},
		Auth: Auth{TokenLifetime: 30 * 24 * time.Hour, ResetCodeLifetime: time.Hour},
		API: API{DefaultPageSize: 25, MaxPageSize: 100, MaxBodyBytes: 1 << 20, MaxQueryDepth: 6, MaxInList: 100,
			MaxDeepPopulate: 5, MaxAnswerRows: 20000, MaxAnswerBytes: 16 << 20},
		RateLimit: RateLimit{PerUser: 1000, PerAddress: 100, PerToken: 10000, Window: time.Hour, RedisCooldown: 30 * time.Second},
		Mail:      Mail{SMTPPort: 587, From: "no-reply@localhost", ResetURL: "http://localhost:1337/reset-password"},
		Paths:     Paths{ContentTypes: "content-types", Config: "config", Data: "data"},
		Webhooks:  defaultWebhooks(),
		Upload:    defaultUpload(),
		I18n:      defaultI18n(),
		GraphQL:   defaultGraphQL(),
	}
}
