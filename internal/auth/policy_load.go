package auth

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// LoadPolicy reads and checks a policy file. Every error names the file
// and, where there is one, the line. A project without the file gets
// DefaultPolicy, and missing reports it, so the caller can say so: a
// project holding only its content types still starts, closed.
func LoadPolicy(path string) (p *Policy, missing bool, err error) {
	src, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		p, err := ParsePolicy([]byte(DefaultPolicy))
		return p, true, err
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading the permissions: %w", err)
	}
	p, err = parsePolicy(path, src)
	return p, false, err
}

// DefaultPolicy is the policy of a project without config/permissions.yaml:
// deny by default, as always. Callers without a token may do nothing;
// signed-in users may sign in, manage their password and read themselves;
// the admin role may do everything. Users reach the admin role through
// `kiln admin create`.
const DefaultPolicy = `roles:
  public:
    description: Callers without a token.
    actions: [auth.login, auth.forgotPassword, auth.resetPassword]
  authenticated:
    description: Signed-in users with no other role.
    actions: [auth.changePassword, users.me]
  admin:
    description: Everything.
    actions: ["*"]
`

// ParsePolicy reads a policy from YAML; its errors name the file
// "permissions". The format:
//
//	roles:
//	  <type>:                 # the role's key: public, authenticated, learner...
//	    name: <text>          # for people; the type when left out
//	    description: <text>
//	    actions: [<name>.<action> | <name>.* | *, ...]
//	    scopes:
//	      <content type>: <Strapi filter object, "$user" for the caller's id>
//	    limits:               # one answer's bounds for the role (Policy.Limits)
//	      maxAnswerRows: <entries, at least 1>
//	      maxAnswerBytes: <bytes, at least 1024>
//
// The check is strict, since a typo in a policy silently grants or denies:
// unknown keys, malformed actions, wildcards inside a name and scopes on
// types the role has no action on are all errors.
func ParsePolicy(src []byte) (*Policy, error) { return parsePolicy("permissions", src) }

func parsePolicy(file string, src []byte) (*Policy, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf(`%s: the file is empty; it must have a "roles" mapping`, file)
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: only one YAML document is allowed", file)
	}
	l := loader{file: file}
	p, err := l.policy(doc.Content[0])
	if err != nil {
		return nil, err
	}
	for _, must := range []struct{ typ, who string }{
		{Public, "callers without a token"},
		{Authenticated, "signed-in users with no other role"},
	} {
		if p.by[must.typ] == nil {
			return nil, fmt.Errorf("%s: the %q role is missing; it is the role of %s", file, must.typ, must.who)
		}
	}
	return p, nil
}

// loader keeps the file name so every error can say where it is.
type loader struct{ file string }

func (l loader) errorf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", l.file, n.Line, fmt.Sprintf(format, args...))
}

func (l loader) policy(n *yaml.Node) (*Policy, error) {
	top, err := l.mapping(n, "top level", "roles")
	if err != nil {
		return nil, err
	}
	roles := top["roles"]
	if roles == nil {
		return nil, fmt.Errorf(`%s: the file must have a "roles" mapping`, l.file)
	}
	roles = deref(roles)
	if roles.Kind != yaml.MappingNode {
		return nil, l.errorf(roles, `"roles" must be a mapping of role type to role, as in "public: {actions: [...]}"`)
	}
	p := &Policy{by: map[string]*Role{}}
	for i := 0; i+1 < len(roles.Content); i += 2 {
		key, val := roles.Content[i], roles.Content[i+1]
		typ := key.Value
		if key.Kind != yaml.ScalarNode || !namePattern.MatchString(typ) {
			return nil, l.errorf(key, "role type %q must be a name of letters, digits, '-' and '_'", typ)
		}
		if p.by[typ] != nil {
			return nil, l.errorf(key, "role %q is defined twice", typ)
		}
		r, err := l.role(typ, val)
		if err != nil {
			return nil, err
		}
		p.roles = append(p.roles, r)
		p.by[typ] = r
	}
	return p, nil
}

func (l loader) role(typ string, n *yaml.Node) (*Role, error) {
	r := &Role{Type: typ, Name: typ, actions: map[string]bool{}, scopes: map[string]map[string]any{}}
	what := fmt.Sprintf("role %q", typ)
	f, err := l.mapping(n, what, "name", "description", "actions", "scopes", "limits")
	if err != nil {
		return nil, err
	}
	for _, t := range []struct {
		key string
		dst *string
	}{{"name", &r.Name}, {"description", &r.Description}} {
		if v := f[t.key]; v != nil && !isNull(v) {
			if v = deref(v); v.Kind != yaml.ScalarNode {
				return nil, l.errorf(v, "%s: %s must be text", what, t.key)
			}
			*t.dst = v.Value
		}
	}
	if err := l.actions(r, f["actions"]); err != nil {
		return nil, err
	}
	if err := l.scopes(r, f["scopes"]); err != nil {
		return nil, err
	}
	if err := l.limits(r, f["limits"]); err != nil {
		return nil, err
	}
	return r, nil
}

// limits reads a role's answer limits: maxAnswerRows and maxAnswerBytes,
// each optional, each a whole number no smaller than api.yaml allows.
func (l loader) limits(r *Role, n *yaml.Node) error {
	what := fmt.Sprintf("role %q: limits", r.Type)
	f, err := l.mapping(n, what, "maxAnswerRows", "maxAnswerBytes")
	if err != nil {
		return err
	}
	for _, t := range []struct {
		key   string
		least int
		dst   *int
	}{{"maxAnswerRows", minAnswerRows, &r.limits.MaxAnswerRows}, {"maxAnswerBytes", minAnswerBytes, &r.limits.MaxAnswerBytes}} {
		v := f[t.key]
		if v == nil {
			continue
		}
		v = deref(v)
		var x int
		if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Decode(&x) != nil || x < t.least {
			return l.errorf(v, "%s: %s must be a whole number of at least %d, not %q", what, t.key, t.least, v.Value)
		}
		*t.dst = x
	}
	return nil
}

var (
	namePattern   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)
	actionPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*\.([A-Za-z][A-Za-z0-9_-]*|\*)$`)
)

func (l loader) actions(r *Role, n *yaml.Node) error {
	if n == nil || isNull(n) {
		return nil
	}
	n = deref(n)
	if n.Kind != yaml.SequenceNode {
		return l.errorf(n, "role %q: actions must be a list", r.Type)
	}
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
			return l.errorf(item, `role %q: every action must be a string like "program.find"`, r.Type)
		}
		a := item.Value
		switch {
		case a == "*" || actionPattern.MatchString(a):
		case strings.Contains(a, "*"):
			return l.errorf(item, `role %q: action %q: a wildcard stands alone ("*") or for every action of a name ("program.*"), never inside a name`, r.Type, a)
		default:
			return l.errorf(item, `role %q: action %q is not "<name>.<action>", "<name>.*" or "*"`, r.Type, a)
		}
		if !r.actions[a] {
			r.actions[a] = true
			r.list = append(r.list, a)
		}
	}
	return nil
}

func (l loader) scopes(r *Role, n *yaml.Node) error {
	if n == nil || isNull(n) {
		return nil
	}
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		return l.errorf(n, "role %q: scopes must be a mapping of content type to filter", r.Type)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], deref(n.Content[i+1])
		ct := key.Value
		what := fmt.Sprintf("role %q: scope on %q", r.Type, ct)
		switch {
		case key.Kind != yaml.ScalarNode || !namePattern.MatchString(ct):
			return l.errorf(key, "role %q: scope key %q must be a content type name", r.Type, ct)
		case r.scopes[ct] != nil:
			return l.errorf(key, "%s is defined twice", what)
		case !r.touches(ct):
			// A scope on a type the role cannot reach does nothing; most
			// likely the name is misspelt, and the real type is unscoped.
			return l.errorf(key, "%s, but the role has no %q action; is the type misspelt?", what, ct+".*")
		case val.Kind != yaml.MappingNode || len(val.Content) == 0:
			return l.errorf(val, "%s must be a non-empty filter object", what)
		}
		if err := l.checkFilter(what, val); err != nil {
			return err
		}
		var f map[string]any
		if err := val.Decode(&f); err != nil {
			return l.errorf(val, "%s: %v", what, err)
		}
		r.scopes[ct] = f
	}
	return nil
}

// touches reports whether any of the role's actions concerns the type.
func (r *Role) touches(ct string) bool {
	if r.actions["*"] {
		return true
	}
	for a := range r.actions {
		if strings.HasPrefix(a, ct+".") {
			return true
		}
	}
	return false
}

// placeholderPattern finds "$usr"-like values: a value that looks like a
// placeholder but is not "$user" is a typo that would match nothing.
var placeholderPattern = regexp.MustCompile(`^\$[A-Za-z]+$`)

// checkFilter walks a scope: keys must be strings (the filter is a Strapi
// object), and the only placeholder is "$user".
func (l loader) checkFilter(what string, n *yaml.Node) error {
	n = deref(n)
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				return l.errorf(k, "%s: key %q must be a string", what, k.Value)
			}
			if err := l.checkFilter(what, n.Content[i+1]); err != nil {
				return err
			}
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if err := l.checkFilter(what, c); err != nil {
				return err
			}
		}
	case yaml.ScalarNode:
		if n.Tag == "!!str" && n.Value != UserPlaceholder && placeholderPattern.MatchString(n.Value) {
			return l.errorf(n, "%s: unknown placeholder %q; only %q is replaced", what, n.Value, UserPlaceholder)
		}
	}
	return nil
}

// mapping returns the values of a mapping node by key, refusing keys not in
// known and keys given twice.
func (l loader) mapping(n *yaml.Node, what string, known ...string) (map[string]*yaml.Node, error) {
	out := map[string]*yaml.Node{}
	if n == nil || isNull(n) {
		return out, nil
	}
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, l.errorf(n, "%s must be a mapping with the keys %s", what, strings.Join(known, ", "))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		switch {
		case !slices.Contains(known, k.Value):
			return nil, l.errorf(k, "%s: unknown key %q; the keys are %s", what, k.Value, strings.Join(known, ", "))
		case out[k.Value] != nil:
			return nil, l.errorf(k, "%s: key %q is given twice", what, k.Value)
		}
		out[k.Value] = n.Content[i+1]
	}
	return out, nil
}

// deref follows YAML aliases (*name) to the anchored node.
func deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	n = deref(n)
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}
