package auth

import (
	"strings"
	"sync"
	"time"
)

// verifiedCap bounds how many tokens Tokens remembers as verified: about
// a megabyte at most, for as many clients signed in at once.
const verifiedCap = 4096

// verifiedTokens remembers the tokens Verify has checked and what they
// said. A client sends the same token on every request, and the same
// string carries the same signature under the same secret, so its HMAC
// and its JSON are worked out once. Only the expiry is checked again on
// later requests: the other time checks (iat not in the future, nbf) can
// only have become truer since. What the token's user may still do (a
// block, a new token version) is the caller's question on every request,
// as before. When full, it forgets everything and starts over.
type verifiedTokens struct {
	mu sync.RWMutex
	m  map[string]verifiedToken
}

type verifiedToken struct {
	claims  Claims
	expires time.Time
}

func (v *verifiedTokens) get(token string) (verifiedToken, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	e, ok := v.m[token]
	return e, ok
}

// put remembers token. The string is copied: the server hands out header
// values that point into buffers it reuses after the request.
func (v *verifiedTokens) put(token string, e verifiedToken) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.m == nil || len(v.m) >= verifiedCap {
		v.m = make(map[string]verifiedToken)
	}
	v.m[strings.Clone(token)] = e
}

func (v *verifiedTokens) len() int {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return len(v.m)
}
