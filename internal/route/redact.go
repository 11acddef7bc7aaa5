package route

import "strings"

// Masked is what a log writes in place of a secret path parameter.
const Masked = "***"

// Redactor writes request paths for logs with the values of the table's
// secret path parameters (Route.Secret) masked. It matches a path by the
// shape of each route's patterns, whatever the method and whichever
// handler answered, so a request refused before its route ran (a bad
// token, a rate limit, a wrong method) is masked too.
type Redactor struct {
	secret []pattern // the patterns of routes with secrets
	plain  []pattern // every pattern, for the literals that win
}

// pattern is a route's path split at its slashes; params marks its
// parameters, secret the ones masked.
type pattern struct {
	segs           []string
	params, secret []bool
}

// Redactor is the table's redactor: nil when no route has a secret, which
// leaves every path as it is.
func (t Table) Redactor() *Redactor {
	r := &Redactor{}
	for _, row := range t {
		for _, p := range row.Paths() {
			pat := newPattern(p, row.Secret)
			r.plain = append(r.plain, pat)
			if len(row.Secret) > 0 {
				r.secret = append(r.secret, pat)
			}
		}
	}
	if len(r.secret) == 0 {
		return nil
	}
	return r
}

func newPattern(path string, secret []string) pattern {
	segs := strings.Split(path, "/")
	p := pattern{segs: segs, params: make([]bool, len(segs)), secret: make([]bool, len(segs))}
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			p.params[i] = true
			for _, n := range secret {
				p.secret[i] = p.secret[i] || n == name
			}
		}
	}
	return p
}

// matches reports whether the path's segments fit the pattern as fiber
// matches them: literals in any case, a parameter any non-empty segment.
func (p pattern) matches(segs []string) bool {
	if len(segs) != len(p.segs) {
		return false
	}
	for i, s := range segs {
		if p.params[i] && s == "" || !p.params[i] && !strings.EqualFold(s, p.segs[i]) {
			return false
		}
	}
	return true
}

// Path is path with every segment a secret parameter of a matching route
// takes replaced by Masked — but for a segment that another matching
// route has as a literal (POST /api/calendar/token beside GET
// /api/calendar/:file): a name every client knows is no one's secret.
func (r *Redactor) Path(path string) string {
	if r == nil {
		return path
	}
	segs := strings.Split(strings.TrimSuffix(path, "/"), "/")
	if len(segs) == 1 {
		return path
	}
	var mask []bool
	for _, p := range r.secret {
		if !p.matches(segs) {
			continue
		}
		if mask == nil {
			mask = make([]bool, len(segs))
		}
		for i := range segs {
			mask[i] = mask[i] || p.secret[i]
		}
	}
	if mask == nil {
		return path
	}
	for _, p := range r.plain {
		if p.matches(segs) {
			for i := range segs {
				mask[i] = mask[i] && p.params[i]
			}
		}
	}
	masked := false
	for i := range segs {
		if mask[i] {
			segs[i], masked = Masked, true
		}
	}
	if !masked {
		return path
	}
	return strings.Join(segs, "/")
}
