package auth

import (
	"sync"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/errs"
)

// BcryptCost is the hashing cost; tests lower it to keep the suite fast.
var BcryptCost = 12

// HashPassword hashes a password with bcrypt. bcrypt reads at most 72
// bytes, so longer passwords are refused rather than silently cut.
func HashPassword(p string) (string, error) {
	if p == "" {
		return "", errs.New(errs.KindValidation, "password must be defined.")
	}
	if len(p) > 72 {
		return "", errs.New(errs.KindValidation, "Password must be less than 73 bytes")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(p), BcryptCost)
	return string(h), err
}

// CheckPassword reports whether p matches the hash.
func CheckPassword(hash, p string) bool {
	return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}

// dummyHash is compared against when there is no user, so that a login
// for an unknown identifier costs what a wrong password costs.
// It is made once, at the cost in force then.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("kiln-dummy-password"), BcryptCost)
	return h
})

// DummyCheck spends the time of one password check and learns nothing.
func DummyCheck(p string) {
	bcrypt.CompareHashAndPassword(dummyHash(), []byte(p))
}
