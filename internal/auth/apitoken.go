package auth

import (
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
)

// API tokens are long-lived secrets for servers (a site builder, a sync
// job): no user, no password, a set of actions fixed when the token is
// made. They look nothing like a JWT, so a request's token is checked one
// way only: IsAPIToken says which.

// APITokenPrefix starts every API token: "kiln_" and 43 characters of
// base64url (32 random bytes). A JWT always has two dots, which base64url
// never holds.
const APITokenPrefix = "kiln_"

// apiTokenBytes is the randomness of a token: 256 bits.
const apiTokenBytes = 32

// The kinds of API token, named as Strapi names them.
const (
	ReadOnly   = "read-only"
	FullAccess = "full-access"
	Custom     = "custom"
)

// Kinds are the kinds of API token.
var Kinds = []string{ReadOnly, FullAccess, Custom}

// IsAPIToken reports whether a bearer token is shaped like an API token
// (the prefix and the length of one), so that no JWT is looked up in the
// token table and no API token is parsed as a JWT.
func IsAPIToken(token string) bool {
	return strings.HasPrefix(token, APITokenPrefix) &&
		len(token) == len(APITokenPrefix)+base64.RawURLEncoding.EncodedLen(apiTokenBytes)
}

// NumericTokenName reports whether a token name is made only of the
// digits 0-9, which `kiln token revoke` would read as an id: such names
// are refused when a token is made, so that a bare number names one
// token only.
func NumericTokenName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

// NewAPIToken returns a fresh random token. It is shown once; only its
// hash (APITokenHasher.Hash) is kept.
func NewAPIToken() (string, error) {
	b := make([]byte, apiTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return APITokenPrefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// APITokenHasher turns a token into what the token table stores and looks
// up: HMAC-SHA256 under a server key, hex. A key and not a plain hash, so
// that a copy of the table (a backup, a read replica) is no list of hashes
// one could match against without the server's secret.
type APITokenHasher struct{ key []byte }

// apiTokenKeyInfo binds the derived key to this one use: a key derived
// from the JWT secret for another purpose will never equal it.
const apiTokenKeyInfo = "kiln api-token hash v1"

// NewAPITokenHasher returns the hasher keyed with secret, the configured
// API-token secret, or, when that is empty, a key derived from the JWT
// secret with HKDF-SHA256 (RFC 5869): one secret to keep, two keys that
// reveal nothing of each other. Changing the secret the key comes from
// ends every API token.
func NewAPITokenHasher(apiTokenSecret, jwtSecret string) (*APITokenHasher, error) {
	if apiTokenSecret != "" {
		return &APITokenHasher{key: []byte(apiTokenSecret)}, nil
	}
	if jwtSecret == "" {
		return nil, errNoSecret
	}
	key, err := hkdf.Key(sha256.New, []byte(jwtSecret), nil, apiTokenKeyInfo, sha256.Size)
	if err != nil {
		return nil, err
	}
	return &APITokenHasher{key: key}, nil
}

// Hash is the stored form of token.
func (h *APITokenHasher) Hash(token string) string {
	m := hmac.New(sha256.New, h.key)
	m.Write([]byte(token))
	return hex.EncodeToString(m.Sum(nil))
}

// TokenRoute is what the token rules need of a row of the route table.
type TokenRoute struct{ Method, Action string }

// tokenless are the namespaces of actions no token kind implies: the
// users and roles (a custom token may list them), the sign-in routes
// (they need a user or no token at all) and the admin routes of tokens and
// webhooks (never through a token: a token cannot make tokens).
var (
	listable  = []string{"users", "roles"}
	neverKept = []string{"auth", "apiTokens", "webhooks"}
)

func namespace(action string) string {
	ns, _, _ := strings.Cut(action, ".")
	return ns
}

// TokenRules are the actions each kind of token may take, derived once
// from the route table (TokenRulesFrom):
//
//   - full-access: every action of the table but users.*, roles.*, auth.*
//     and the token and webhook admin routes, and every <type>.readDrafts;
//   - read-only: of those, each action every route of which is a GET (an
//     action shared by a GET and a PUT route is no read), and every
//     <type>.readDrafts, as in Strapi, where a read-only token reads drafts;
//   - custom: the actions listed when the token was made, checked against
//     Valid; users.* and roles.* only there.
type TokenRules struct {
	full, read, valid map[string]bool
}

// TokenRulesFrom derives the rules from the route table's rows and the
// draft & publish types' names.
func TokenRulesFrom(routes []TokenRoute, draftTypes []string) *TokenRules {
	r := &TokenRules{full: map[string]bool{}, read: map[string]bool{}, valid: map[string]bool{}}
	notRead := map[string]bool{}
	for _, rt := range routes {
		a := rt.Action
		if a == "" || slices.Contains(neverKept, namespace(a)) {
			continue
		}
		r.valid[a] = true
		if slices.Contains(listable, namespace(a)) {
			continue
		}
		r.full[a] = true
		if strings.EqualFold(rt.Method, "GET") || strings.EqualFold(rt.Method, "HEAD") {
			r.read[a] = true
		} else {
			notRead[a] = true
		}
	}
	for a := range notRead {
		delete(r.read, a)
	}
	for _, t := range draftTypes {
		a := t + "." + DraftsAction
		r.valid[a], r.full[a], r.read[a] = true, true, true
	}
	return r
}

// Allows reports whether a token of the kind, with the listed actions
// (custom only), may take action.
func (r *TokenRules) Allows(kind string, actions []string, action string) bool {
	switch kind {
	case FullAccess:
		return r.full[action]
	case ReadOnly:
		return r.read[action]
	case Custom:
		return slices.Contains(actions, action)
	}
	return false
}

// Actions lists the actions of a kind, sorted (custom: every action a
// custom token may list).
func (r *TokenRules) Actions(kind string) []string {
	m := r.valid
	switch kind {
	case FullAccess:
		m = r.full
	case ReadOnly:
		m = r.read
	}
	out := make([]string, 0, len(m))
	for a := range m {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// CheckCustom checks the actions of a custom token: at least one, each an
// action of the route table (or a <type>.readDrafts), none twice. It
// returns every problem, each at the action's place in the list
// (["permissions", "2"]), so that a form can mark them all at once; none
// when the list is good.
func (r *TokenRules) CheckCustom(actions []string) []errs.FieldError {
	if len(actions) == 0 {
		return []errs.FieldError{errs.Field("permissions", "a custom token needs at least one action")}
	}
	var problems []errs.FieldError
	seen := map[string]bool{}
	for i, a := range actions {
		at := []string{"permissions", strconv.Itoa(i)}
		switch {
		case !r.valid[a]:
			problems = append(problems, errs.FieldAt(at, fmt.Sprintf("%q is no action a token may take (the actions are those `kiln routes` lists)", a)).WithValue(a))
		case seen[a]:
			problems = append(problems, errs.FieldAt(at, fmt.Sprintf("%q is listed twice", a)).WithValue(a))
		}
		seen[a] = true
	}
	return problems
}
