package schema

import (
	"crypto/sha3"
	"encoding/hex"
	"strings"
)

// Database identifiers as Strapi 5 makes them (@strapi/database's
// identifiers): a name longer than IdentMax is shortened by cutting its
// parts and ending each cut part with a hash of the whole part, so that
// two long names never become one, and a Strapi database's tables and
// columns are the ones Kiln names for the same schema.

// IdentMax is Strapi 5's longest identifier (IDENTIFIER_MAX_LENGTH), under
// PostgreSQL's 63 bytes so that nothing is ever cut by the database.
const IdentMax = 55

const (
	hashLen     = 5 // hex characters of a part's hash
	minTokenLen = 3 // characters of a cut part kept before its hash
)

// token is one part of an identifier. A compressible part may be cut; a
// fixed one (a suffix such as "links") is written whole, or as its short
// form (short) when the name is too long written whole.
type token struct {
	name, short  string
	compressible bool
}

// part is a compressible token, fixed a suffix or prefix with its short
// form (the same when it has none).
func part(name string) token         { return token{name: name, compressible: true} }
func fixed(name, short string) token { return token{name: name, short: short} }

// identHash is the first n hex characters of name's SHAKE256, as Strapi's
// createHash.
func identHash(name string, n int) string {
	return hex.EncodeToString(sha3.SumSHAKE256([]byte(name), (n+1)/2))[:n]
}

// shortened cuts name to n characters ending in its hash.
func shortened(name string, n int) string {
	if len(name) <= n {
		return name
	}
	return name[:n-hashLen] + identHash(name, hashLen)
}

// nameOf joins the tokens with "_" into a name of at most max characters,
// as Strapi's getNameFromTokens: fixed tokens take their short form
// first; if that is still too long, the room left is shared among the
// compressible ones, the shorter giving what they do not need to the
// longer, which are cut and hashed.
func nameOf(max int, tokens ...token) string {
	joined := func(short bool, alloc []int) string {
		parts := make([]string, len(tokens))
		for i, t := range tokens {
			switch {
			case t.compressible && alloc != nil:
				parts[i] = shortened(t.name, alloc[i])
			case !t.compressible && short && t.short != "":
				parts[i] = t.short
			default:
				parts[i] = t.name
			}
		}
		return strings.Join(parts, "_")
	}
	if full := joined(true, nil); len(full) <= max {
		return full
	}
	fixedLen, n := len(tokens)-1, 0 // the separators, then each fixed token
	for _, t := range tokens {
		switch {
		case t.compressible:
			n++
		case t.short != "":
			fixedLen += len(t.short)
		default:
			fixedLen += len(t.name)
		}
	}
	avail := max - fixedLen
	if n == 0 || avail/n < minTokenLen+hashLen {
		// Strapi refuses such a name; no schema here makes one, but a
		// name must still fit and stay distinct.
		return shortened(joined(true, nil), max)
	}
	per, surplus := avail/n, avail%n
	alloc := make([]int, len(tokens))
	var short []int // compressible tokens that want more than per
	for i, t := range tokens {
		if !t.compressible {
			continue
		}
		if len(t.name) < per {
			alloc[i] = len(t.name)
			surplus += per - len(t.name)
		} else {
			alloc[i] = per
			short = append(short, i)
		}
	}
	// The surplus goes one character at a time to each token still short,
	// in order, as Strapi hands it out.
	for surplus > 0 && len(short) > 0 {
		var still []int
		for _, i := range short {
			if surplus > 0 && alloc[i] < len(tokens[i].name) {
				alloc[i]++
				surplus--
				if alloc[i] < len(tokens[i].name) {
					still = append(still, i)
				}
			}
		}
		short = still
	}
	return joined(true, alloc)
}

// Identifier is a name of at most IdentMax characters for parts joined by
// "_": name itself when it fits, otherwise shortened as Strapi 5 shortens
// it. Kiln's own index and constraint names go through it too.
func Identifier(parts ...string) string {
	tokens := make([]token, len(parts))
	for i, p := range parts {
		tokens[i] = part(p)
	}
	return nameOf(IdentMax, tokens...)
}

// StrapiSnake is lodash's snakeCase, which Strapi 5 applies to the parts
// of its join tables' and columns' names: words split at case changes and
// between letters and digits ("title2" is "title_2", "myURLField"
// "my_url_field"), joined by "_" in lower case; ordinals stay one word
// ("top1st" is "top_1st"). Characters outside ASCII letters and digits
// separate words.
func StrapiSnake(s string) string {
	words := snakeWords(s)
	for i, w := range words {
		words[i] = strings.ToLower(w)
	}
	return strings.Join(words, "_")
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// snakeWords splits s into lodash's words, for ASCII input.
func snakeWords(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		if !isUpper(c) && !isLower(c) && !isDigit(c) {
			i++
			continue
		}
		n := wordLen(s, i)
		out = append(out, s[i:i+n])
		i += n
	}
	return out
}

// wordLen is the length of the word starting at s[i], a letter or digit.
func wordLen(s string, i int) int {
	run := func(j int, f func(byte) bool) int {
		for j < len(s) && f(s[j]) {
			j++
		}
		return j
	}
	switch c := s[i]; {
	case isLower(c) || isUpper(c) && i+1 < len(s) && isLower(s[i+1]):
		// An optional capital and lower-case letters: "Field", "title".
		return run(i+1, isLower) - i
	case isUpper(c):
		// A run of capitals, less the last when it starts a capitalised
		// word: "URL" of "URLField".
		end := run(i, isUpper)
		if end < len(s) && isLower(s[end]) {
			end--
		}
		return end - i
	}
	if n := ordinalLen(s, i); n > 0 {
		return n
	}
	return run(i, isDigit) - i
}

// ordinalLen is the length of an ordinal at s[i] ("1st", "22nd", "4TH")
// that ends a word, or 0.
func ordinalLen(s string, i int) int {
	digits := i
	for digits < len(s) && isDigit(s[digits]) {
		digits++
	}
	for p := digits - 1; p >= i; p-- { // the ordinal's last digit, as \d* backs off
		if p+3 > len(s) {
			continue
		}
		suf := s[p+1 : p+3]
		var want string
		switch s[p] {
		case '1':
			want = "st"
		case '2':
			want = "nd"
		case '3':
			want = "rd"
		default:
			want = "th"
		}
		end := p + 3
		switch {
		case suf == want:
			if end == len(s) || !isWord(s[end]) || isUpper(s[end]) || s[end] == '_' {
				return end - i
			}
		case suf == strings.ToUpper(want):
			if end == len(s) || !isWord(s[end]) || isLower(s[end]) || s[end] == '_' {
				return end - i
			}
		}
	}
	return 0
}

func isWord(c byte) bool { return isUpper(c) || isLower(c) || isDigit(c) || c == '_' }
