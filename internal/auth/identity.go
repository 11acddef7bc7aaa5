package auth

import "strings"

// NormalizeEmail is the one normal form of an e-mail address: ASCII
// letters lower-cased, every other byte kept as it is. User e-mails are
// stored in this form and sign-in identifiers are put in it before they
// are compared, byte for byte, with what is stored.
//
// It deliberately does not fold Unicode case. Unicode lower-casing maps
// look-alikes onto ASCII letters — the Kelvin sign U+212A becomes "k",
// U+0130 "İ" becomes "i̇" — so an address an attacker registers or types
// could match a victim's, and a reset code would go where the attacker
// reads it. With ASCII lower-casing, "K@x" and "k@x" are one address and
// "\u212A@x" is another, on SQLite and PostgreSQL alike (the databases'
// own LOWER() disagree: PostgreSQL's folds Unicode, SQLite's does not).
func NormalizeEmail(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			return asciiLower(s)
		}
	}
	return s
}

func asciiLower(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// IsEmailIdentifier reports whether a sign-in identifier names an e-mail
// address: one that contains "@" is matched against e-mail addresses only,
// never against usernames, so a username shaped like someone's address can
// never stand in for it.
func IsEmailIdentifier(identifier string) bool { return strings.Contains(identifier, "@") }

// UsernameProblem says why username may not belong to the user whose
// (normalised) e-mail is email, or "" when it may: a username that is an
// e-mail address (contains "@") must be the user's own address, so that
// nobody can take a name that reads as somebody else's address.
func UsernameProblem(username, email string) string {
	if !IsEmailIdentifier(username) || NormalizeEmail(username) == email {
		return ""
	}
	return "username must not be an e-mail address other than the user's own"
}
