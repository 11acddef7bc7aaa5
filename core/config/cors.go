package config

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// CORS is server.yaml's cors: which browser origins may call the API from
// their pages. Off while Origins is empty (the default): no
// Access-Control-* header is written and OPTIONS is routed like any
// other method.
type CORS struct {
	// Origins allowed, like [https://app.example.com]; "*" is any origin,
	// https://*.example.com any subdomain. Env: KILN_CORS_ORIGINS,
	// comma-separated.
	Origins []string `yaml:"origins"`
	// Methods a page may use. Default: GET, POST, PUT, PATCH, DELETE,
	// HEAD, OPTIONS (Strapi's). Env: KILN_CORS_METHODS.
	Methods []string `yaml:"methods"`
	// Headers a page may send. Default: Content-Type, Authorization,
	// Origin, Accept (Strapi's) and Strapi-Response-Format.
	// Env: KILN_CORS_HEADERS.
	Headers []string `yaml:"headers"`
	// ExposedHeaders a page may read from an answer. Default: the rate
	// limit's, Retry-After, API-Version and X-Request-Id.
	// Env: KILN_CORS_EXPOSED_HEADERS.
	ExposedHeaders []string `yaml:"exposedHeaders"`
	// Credentials lets a page send cookies and HTTP auth
	// (Access-Control-Allow-Credentials); only with listed origins, never
	// with "*". Default: false. Env: KILN_CORS_CREDENTIALS.
	Credentials bool `yaml:"credentials"`
	// MaxAge is how long a browser may cache a preflight's answer, in
	// whole seconds; 0 sends no Access-Control-Max-Age (the browser's own
	// default, 5s in most). Default: 0. Env: KILN_CORS_MAX_AGE.
	MaxAge time.Duration `yaml:"maxAge"`
}

// Enabled reports whether CORS is on: some origin is allowed.
func (c CORS) Enabled() bool { return len(c.Origins) > 0 }

// defaultCORS is what a CORS section that lists origins only gets.
func defaultCORS() CORS {
	return CORS{
		Methods: []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"},
		Headers: []string{"Content-Type", "Authorization", "Origin", "Accept", "Strapi-Response-Format"},
		ExposedHeaders: []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
			"Retry-After", "API-Version", "X-Request-Id"},
	}
}

// problems lists what is wrong with the CORS settings. fiber's middleware
// would panic on a malformed origin or on credentials with "*"; this says
// so at start-up, naming the setting.
func (c CORS) problems() []string {
	var probs []string
	wildcard := false
	for _, o := range c.Origins {
		if o == "*" {
			wildcard = true
			continue
		}
		if why := originProblem(o); why != "" {
			probs = append(probs, fmt.Sprintf("server.cors: origin %q %s", o, why))
		}
	}
	if wildcard && len(c.Origins) > 1 {
		probs = append(probs, `server.cors: origin "*" allows every origin; list it alone or not at all`)
	}
	// A credentialed request from any site would carry the user's cookies
	// and HTTP auth, and the answer would be readable by that site: every
	// page on the web could act as the signed-in user. Browsers refuse
	// "*" with credentials anyway; the origins must be listed.
	if wildcard && c.Credentials {
		probs = append(probs, `server.cors: credentials cannot be combined with origin "*": any web site could then `+
			"read answers with its visitors' cookies; list the allowed origins instead")
	}
	if c.MaxAge < 0 || c.MaxAge%time.Second != 0 {
		probs = append(probs, "server.cors: maxAge must be 0 or more, in whole seconds (like 600s or 10m)")
	}
	for _, list := range [][]string{c.Methods, c.Headers, c.ExposedHeaders} {
		for _, v := range list {
			if v = strings.TrimSpace(v); v == "" || strings.ContainsAny(v, ", \t") {
				probs = append(probs, fmt.Sprintf("server.cors: %q is not a method or header name", v))
			}
		}
	}
	return probs
}

// originProblem says why o is not an origin fiber's middleware takes
// (scheme://host[:port], optionally with "*." before the host), or "".
func originProblem(o string) string {
	plain := strings.Replace(o, "://*.", "://", 1)
	u, err := url.Parse(plain)
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https"):
		return "is not scheme://host[:port], like https://app.example.com"
	case strings.Contains(u.Host, "*"):
		return `has "*" where only "*." before the host is allowed`
	case (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return "has more than scheme://host[:port]"
	}
	return ""
}

// list reads a comma-separated variable into dst, skipping blanks.
func (e *envReader) list(dst *[]string, name string) {
	if _, v := e.first(name); v != "" {
		var out []string
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		*dst = out
	}
}
