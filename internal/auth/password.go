package auth

import (
	"sync"

	"golang.org/x/crypto/bcrypt"

	"github.com/kiln-cms/kiln/core/errs"
)

// DefaultCost is the bcrypt cost in production: about a quarter of a
// second per check on a current core, slow enough to make an offline guess
// at a leaked hash expensive.
const DefaultCost = 12

// BcryptCost is the cost new hashes are made with. It is a variable so that
// test suites can lower it (to bcrypt.MinCost) and not spend minutes
// hashing; set it before the first hash, never while requests run.
var BcryptCost = DefaultCost

// HashPassword hashes a password with bcrypt. bcrypt reads only the first 72
// bytes, so longer passwords are refused rather than silently cut (two
// passwords sharing 72 bytes would otherwise be the same password).
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

// CheckPassword reports whether p is the password of hash. A user without a
// usable hash (none set, or not a bcrypt one) costs a full check all the
// same, so the answer's timing does not tell such accounts apart.
func CheckPassword(hash, p string) bool {
	if _, err := bcrypt.Cost([]byte(hash)); err != nil {
		DummyCheck(p)
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}

// DummyCheck does the work of one failed password check and learns
// nothing. A login for an unknown user calls it, so that it takes as long
// as a wrong password for a known one: timing must not reveal which
// accounts exist.
func DummyCheck(p string) {
	_ = bcrypt.CompareHashAndPassword(dummyHash(BcryptCost), []byte(p))
}

// dummyHash12 is a hash at DefaultCost of a random password nobody kept,
// precomputed so that production never pays for making it.
const dummyHash12 = "$2a$12$zhMeDfWMbMz/l0PIaGhc6u2999uNQVCadrtaSsn1Ul95YJ12IP7A6"

// dummies holds dummy hashes at other costs, made on first use: a check
// costs what the cost says, so the dummy must have the cost real hashes
// have.
var dummies sync.Map // int -> []byte

func dummyHash(cost int) []byte {
	if cost == DefaultCost {
		return []byte(dummyHash12)
	}
	if h, ok := dummies.Load(cost); ok {
		return h.([]byte)
	}
	h, err := bcrypt.GenerateFromPassword([]byte("kiln-dummy-password"), cost)
	if err != nil { // cannot happen for a password of this length
		return []byte(dummyHash12)
	}
	h2, _ := dummies.LoadOrStore(cost, h)
	return h2.([]byte)
}
