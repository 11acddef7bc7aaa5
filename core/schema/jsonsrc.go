package schema

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// yamlReadable rewrites a JSON document so that the YAML parser, which
// reads a .json schema to keep its lines, takes every string JSON takes:
// YAML refuses the UTF-16 surrogate escapes JSON writes characters beyond
// the Basic Multilingual Plane with ("\ud83d\ude4d", an emoji in a
// displayName), so each pair becomes its character, written as UTF-8,
// and a lone surrogate U+FFFD, as encoding/json reads it. Nothing else
// changes, newlines included, so the lines of problems stay the file's.
func yamlReadable(src []byte) []byte {
	if !bytes.Contains(src, []byte(`\u`)) {
		return src
	}
	out := make([]byte, 0, len(src))
	inString := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\' && i+1 < len(src):
			r, n := surrogate(src[i:])
			if n == 0 {
				out = append(out, c, src[i+1]) // any other escape, kept whole
				i++
				continue
			}
			out = utf8.AppendRune(out, r)
			i += n - 1
			continue
		}
		out = append(out, c)
	}
	return out
}

// surrogate reads a \uXXXX escape at the start of b that holds a UTF-16
// surrogate, with its partner when one follows: the character they make
// and the bytes read, or n 0 when b starts with another escape.
func surrogate(b []byte) (r rune, n int) {
	hi, ok := hex4(b)
	if !ok || !utf16.IsSurrogate(hi) {
		return 0, 0
	}
	if lo, ok := hex4(b[6:]); ok {
		if r := utf16.DecodeRune(hi, lo); r != utf8.RuneError {
			return r, 12
		}
	}
	return utf8.RuneError, 6
}

// hex4 reads \uXXXX at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[2:6]), 16, 32)
	return rune(v), err == nil
}
