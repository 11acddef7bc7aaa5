package pluginroutes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-cms/kiln/internal/route"
)

// Plugin routes are mounted before the generated ones (so that
// /api/categories/tree is not taken for /api/categories/:id), and fiber
// serves the first route that matches. A plugin route could therefore
// take every request of a generated route, and the generated one would
// never answer. checkShadows refuses such a route at start-up.
//
// The rule: a plugin route shadows a generated route when, served under
// any of /api, /api/v1 and /api/v2, its pattern matches every request the
// generated route (under any prefix) would get. Fiber matches paths
// segment by segment, case-insensitively, ignoring a trailing slash, so
// with the same method (HEAD aside), segment by segment:
//
//   - a literal segment covers only the same literal (any case): a literal
//     where the generated route has its :id (GET /categories/tree, GET
//     /coaches/available, GET /events/me) is a more specific route, which
//     takes one path out of the generated route's, and is allowed;
//   - a parameter (":x", with or without a constraint like ":x<int>",
//     which only narrows which ids it takes) covers any one segment, and
//     an optional one (":x?") also covers no segment;
//   - a segment mixing a parameter with literal text (":file.ics") is
//     compared as literal text: it needs that text in the path;
//   - a segment ending in a wildcard ("*", "+", "programs*") covers any
//     number of segments ("+" at least one; after literal text, the first
//     must start with it).
//
// So GET /programs/:id, GET /programs/:slug, PUT /:type/:id, GET
// /programs/* and POST /v1/programs (served as /api/v1/programs) are
// refused, and GET /programs/featured, GET /programs/:id/stats (another
// number of segments) and PATCH /programs/:id (a method the generated
// routes do not use) are allowed. Core routes (/api/auth/..., /api/users)
// are mounted before the plugins' and are not part of this check.

// The generated routes come from the route table's own generator
// (internal/rest's GeneratedRoutes), so this check compares against what is mounted
// and cannot miss a kind of generated route.

// checkShadows returns an error naming the first plugin row that would
// shadow a generated row.
func checkShadows(plugins, generated route.Table) error {
	var genPrefixes []string
	for _, g := range generated {
		for _, p := range g.Prefixes {
			if !slices.Contains(genPrefixes, p) {
				genPrefixes = append(genPrefixes, p)
			}
		}
	}
	for _, r := range plugins {
		for _, pp := range prefixPairs(r.Prefixes, genPrefixes) {
			for _, g := range generated {
				if !slices.Contains(g.Prefixes, pp.generated) || !strings.EqualFold(r.Method, g.Method) ||
					!covers(segments(pp.plugin+r.Path), segments(pp.generated+g.Path)) {
					continue
				}
				served := ""
				if pp.plugin != pp.generated {
					served = " (served as " + pp.plugin + r.Path + ")"
				}
				name, _ := route.PluginOf(r.Source)
				return fmt.Errorf("plugin %q: route %s %s%s would shadow the generated route %s %s (%s): "+
					"plugin routes are matched first, so the generated route would never answer; "+
					"give the route a literal segment where the generated one has :id, "+
					"or another number of segments (see docs/plugins.md)",
					name, r.Method, r.Path, served, g.Method, pp.generated+g.Path, g.Action)
			}
		}
	}
	return nil
}

// prefixPair is a plugin route's prefix and a generated route's.
type prefixPair struct{ plugin, generated string }

// prefixPairs are the pairs of prefixes to compare, the same prefix on
// both sides first, the listed one (plain /api) first: the message then
// names the paths as the plugin author wrote them. Then every other pair.
func prefixPairs(plugin, generated []string) []prefixPair {
	var out []prefixPair
	listedFirst := append([]string{plugin[len(plugin)-1]}, plugin[:len(plugin)-1]...)
	for _, p := range listedFirst {
		if slices.Contains(generated, p) {
			out = append(out, prefixPair{p, p})
		}
	}
	for _, p := range plugin {
		for _, g := range generated {
			if p != g {
				out = append(out, prefixPair{p, g})
			}
		}
	}
	return out
}

// segments splits a path on "/", without the leading and trailing slash.
func segments(path string) []string {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// covers reports whether the plugin pattern p matches every path the
// generated pattern g matches (g's segments are literals or ":id").
func covers(p, g []string) bool {
	if len(p) == 0 {
		return len(g) == 0
	}
	seg := p[0]
	if i := strings.IndexAny(seg, "*+"); i >= 0 && i == len(seg)-1 {
		lit, min := seg[:i], 0
		if seg[i] == '+' || lit != "" {
			min = 1
		}
		if lit != "" && (len(g) == 0 || isParam(g[0]) || !strings.HasPrefix(strings.ToLower(g[0]), strings.ToLower(lit))) {
			return false
		}
		// The wildcard takes k whole segments, the rest of p the others.
		for k := min; k <= len(g); k++ {
			if covers(p[1:], g[k:]) {
				return true
			}
		}
		return false
	}
	if isParam(seg) {
		if strings.HasSuffix(seg, "?") && covers(p[1:], g) {
			return true
		}
		return len(g) > 0 && covers(p[1:], g[1:])
	}
	return len(g) > 0 && !isParam(g[0]) && strings.EqualFold(seg, g[0]) && covers(p[1:], g[1:])
}

// isParam reports whether a segment is a parameter and nothing else:
// ":name", ":name?", ":name<constraint>", ":name<constraint>?".
func isParam(seg string) bool {
	if !strings.HasPrefix(seg, ":") {
		return false
	}
	rest := strings.TrimSuffix(seg[1:], "?")
	if i := strings.IndexByte(rest, '<'); i >= 0 && strings.HasSuffix(rest, ">") {
		rest = rest[:i]
	}
	if rest == "" {
		return false
	}
	for _, c := range rest {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
