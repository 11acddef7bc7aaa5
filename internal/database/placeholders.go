package database

import (
	"fmt"
	"strconv"
	"strings"
)

// numbered rewrites a statement written with "?" per value (Kiln's way on
// both databases) into PostgreSQL's "$1, $2, …", so that its values travel
// as parameters beside one text per statement shape instead of inside the
// text. A "?" inside a quoted string, a quoted identifier, a dollar-quoted
// body or a comment is text and stays. n is the number of values given: a
// statement whose placeholders do not match them is a bug of its writer,
// refused rather than sent with a value missing or misplaced.
func numbered(query string, n int) (string, error) {
	if n == 0 {
		if strings.IndexByte(query, '?') < 0 {
			return query, nil
		}
	}
	var sb strings.Builder
	sb.Grow(len(query) + 2*n)
	i, count, last := 0, 0, 0
	for i < len(query) {
		switch c := query[i]; c {
		case '\'', '"':
			i = skipQuoted(query, i, c)
		case '-':
			if strings.HasPrefix(query[i:], "--") {
				i = skipLine(query, i)
			} else {
				i++
			}
		case '/':
			if strings.HasPrefix(query[i:], "/*") {
				i = skipBlockComment(query, i)
			} else {
				i++
			}
		case '$':
			i = skipDollarQuoted(query, i)
		case '?':
			count++
			sb.WriteString(query[last:i])
			sb.WriteByte('$')
			sb.WriteString(strconv.Itoa(count))
			i++
			last = i
		default:
			i++
		}
	}
	if count != n {
		return "", fmt.Errorf("database: the statement has %d placeholders for %d values", count, n)
	}
	if count == 0 {
		return query, nil
	}
	sb.WriteString(query[last:])
	return sb.String(), nil
}

// skipQuoted is the index after the quoted string or identifier that
// starts at i with q; a doubled quote is one quote inside it.
func skipQuoted(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// skipLine is the index after the line comment that starts at i.
func skipLine(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(s)
}

// skipBlockComment is the index after the comment that starts at i.
func skipBlockComment(s string, i int) int {
	if j := strings.Index(s[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(s)
}

// skipDollarQuoted is the index after the dollar-quoted body that starts
// at i ($$…$$ or $tag$…$tag$), or i+1 when the "$" opens none (a
// parameter such as $1 written by hand).
func skipDollarQuoted(s string, i int) int {
	j := i + 1
	for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || j > i+1 && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j >= len(s) || s[j] != '$' {
		return i + 1
	}
	tag := s[i : j+1]
	if k := strings.Index(s[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag)
	}
	return len(s)
}
