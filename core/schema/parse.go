package schema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
	"gopkg.in/yaml.v3"
)

// The YAML parser of a definition: the reading helpers that record a
// problem, with its line, for each value of the wrong shape.

// parser carries the location that every problem it records is given,
// and the keys of the file Kiln does not act on (one warning each).
type parser struct {
	file  string
	typ   string
	comp  bool // typ is a component's uid
	field string
	probs *Problems
	// ignored are the keys met that Kiln does not act on, by where they
	// stand ("searchable" on a field, "info.comment"), in the order met.
	ignored map[string]*ignoredKey
	order   []string
}

// ignoredKey is a key Kiln keeps as written and does not act on: where it
// was first met, and the other fields that write it too.
type ignoredKey struct {
	field  string
	line   int
	note   string
	others []string
}

func (p *parser) add(field, msg string) {
	*p.probs = append(*p.probs, p.at(field, msg))
}

// at locates msg in the parser's file and type or component.
func (p *parser) at(field, msg string) Problem {
	pr := Problem{File: p.file, Type: p.typ, Field: field, Message: msg}
	if p.comp {
		pr.Type, pr.Component = "", p.typ
	}
	return pr
}

// other handles a key Kiln does not act on where it stands (prefix is
// "info.", "options." or "" for the type's own keys and a field's): a
// near miss of one of known is a problem naming the key meant; any other
// key is kept as written and ignored, as Strapi ignores it, with a
// warning (ignore).
func (p *parser) other(prefix, key string, v *yaml.Node, known []string) {
	if near := closeKey(key, known); near != "" {
		p.add(p.field, fmt.Sprintf("unknown key %q (line %d): did you mean %q?", prefix+key, v.Line, prefix+near))
		return
	}
	p.ignore(prefix+key, v, "")
}

// closeKey is the key of known that key most likely misspells, or "":
// the same key in another case, two neighbouring letters swapped, or an
// edit distance of at most one for every four letters of the known key
// (at least one) when key has four letters or more. It is stricter than
// core/query's suggestions: a key found close is refused, and any other
// is kept, as Strapi keeps every key it does not know, so a short key
// such as "uid" must not pass for a misspelt "kind".
func closeKey(key string, known []string) string {
	lower := strings.ToLower(key)
	best, bestD := "", len(key)+1
	for _, k := range known {
		kl := strings.ToLower(k)
		d := levenshtein.ComputeDistance(lower, kl)
		switch {
		case lower == kl:
			return k
		case swapped(lower, kl):
			d = 1
		case len(key) < 4 || d > max(1, len(k)/4):
			continue
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// swapped reports whether a is b with two neighbouring letters swapped.
func swapped(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// ignore records a key Kiln does not act on, for one warning per key and
// file; note says why when it is a key Kiln reads elsewhere.
func (p *parser) ignore(key string, v *yaml.Node, note string) {
	where := key
	if p.field != "" {
		where = "field " + key
	}
	if k := p.ignored[where]; k != nil {
		if p.field != "" && p.field != k.field {
			k.others = append(k.others, p.field)
		}
		return
	}
	if p.ignored == nil {
		p.ignored = map[string]*ignoredKey{}
	}
	p.ignored[where] = &ignoredKey{field: p.field, line: v.Line, note: note}
	p.order = append(p.order, where)
}

// warnings are the ignored keys' warnings, in the order they were met.
func (p *parser) warnings() []Problem {
	var out []Problem
	for _, where := range p.order {
		k := p.ignored[where]
		key := strings.TrimPrefix(where, "field ")
		msg := fmt.Sprintf("key %q (line %d) is ignored%s, as Strapi ignores it; it is kept as written", key, k.line, k.note)
		if len(k.others) > 0 {
			msg += fmt.Sprintf(" (also on %s)", strings.Join(k.others, ", "))
		}
		out = append(out, p.at(k.field, msg))
	}
	return out
}

// keysOf lists a table's keys, sorted.
func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (p *parser) mapping(n *yaml.Node, what string, each func(k string, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		if what == "" {
			what = "the document"
		}
		p.add(p.field, what+" must be a mapping")
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		each(n.Content[i].Value, n.Content[i+1])
	}
}

func (p *parser) str(v *yaml.Node, key string) string {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		p.add(p.field, key+" must be a string")
		return ""
	}
	return v.Value
}

func (p *parser) boolean(v *yaml.Node, key string) bool {
	var b bool
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" || v.Decode(&b) != nil {
		p.add(p.field, key+" must be true or false")
	}
	return b
}

func (p *parser) number(v *yaml.Node, key string) *float64 {
	var f float64
	if v.Kind != yaml.ScalarNode || (v.Tag != "!!int" && v.Tag != "!!float") || v.Decode(&f) != nil {
		p.add(p.field, key+" must be a number")
		return nil
	}
	return &f
}

func (p *parser) count(v *yaml.Node, key string) *int {
	var n int
	if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Decode(&n) != nil || n < 0 {
		p.add(p.field, key+" must be a whole number, zero or more")
		return nil
	}
	return &n
}

// attr decodes one attribute definition, or returns nil when it is not a
// mapping (one problem for it, not a second for its missing type).
func (p *parser) attr(name string, n *yaml.Node) *rawAttr {
	p.field = name
	defer func() { p.field = "" }()
	if n.Kind != yaml.MappingNode {
		p.add(name, "the field definition must be a mapping")
		return nil
	}
	ra := &rawAttr{name: name}
	ra.a.Name, ra.a.line = name, n.Line
	ra.a.Written = writtenJSON(n)
	p.mapping(n, "the field definition", func(k string, v *yaml.Node) {
		if read := attrKeys[k]; read != nil {
			read(p, ra, k, v)
			return
		}
		p.other("", k, v, attrKeyNames)
	})
	return ra
}

// attrKeys are the keys of a field's definition Kiln reads, each with how
// it reads it. A key not here is ignored with a warning, unless it is
// close to one of these (a misspelling): the table is the list of keys
// misspellings are compared with, so a key read is a key checked.
var attrKeys = map[string]func(p *parser, ra *rawAttr, k string, v *yaml.Node){
	"type":     func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Type = FieldType(p.str(v, k)) },
	"required": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Required = p.boolean(v, k) },
	"unique":   func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Unique = p.boolean(v, k) },
	"private":  func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Private = p.boolean(v, k) },
	"index":    func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Index = p.boolean(v, k) },
	"searchable": func(p *parser, ra *rawAttr, k string, v *yaml.Node) {
		ra.a.Unsearchable = v.Tag == "!!bool" && !p.boolean(v, k) // Strapi: anything but false searches
	},
	"default": func(p *parser, ra *rawAttr, k string, v *yaml.Node) {
		if v.Tag == "!!null" {
			return
		}
		var d any
		if err := v.Decode(&d); err != nil {
			p.add(p.field, "default: "+err.Error())
		}
		ra.a.Default, ra.hasDefault = d, true
	},
	"min":       func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Min = p.number(v, k) },
	"max":       func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Max = p.number(v, k) },
	"minLength": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.MinLength = p.count(v, k) },
	"maxLength": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.MaxLength = p.count(v, k) },
	"regex":     func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Regex = p.str(v, k) },
	"enum": func(p *parser, ra *rawAttr, k string, v *yaml.Node) {
		ra.a.Enum = p.strings(v, "enum", "each enum value")
	},
	"targetField": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.TargetField = p.str(v, k) },
	"relation":    func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.RelationKind = RelationKind(p.str(v, k)) },
	"target":      func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Target = normaliseTarget(p.str(v, k)) },
	"inversedBy":  func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.InversedBy = p.str(v, k) },
	"mappedBy":    func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.MappedBy = p.str(v, k) },
	"pluginOptions": func(p *parser, ra *rawAttr, k string, v *yaml.Node) {
		ra.a.Localized = p.pluginOptions(v)
	},
	"conditions":  func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Conditions = p.document(v, k) },
	"customField": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.CustomField = p.str(v, k) },
	// A uid's slug options or a custom field's own, in whatever shape its
	// plugin writes them (an editor's preset, multi-select's list of
	// choices): the admin panel's, not the API's.
	"options":      func(p *parser, ra *rawAttr, k string, v *yaml.Node) {},
	"configurable": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { p.boolean(v, k) },
	"repeatable":   func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Repeatable = p.boolean(v, k) },
	"multiple":     func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Multiple = p.boolean(v, k) },
	// The admin panel's label of a field, and an enumeration's GraphQL
	// name: read, not used.
	"displayName": func(p *parser, ra *rawAttr, k string, v *yaml.Node) { p.str(v, k) },
	"enumName":    func(p *parser, ra *rawAttr, k string, v *yaml.Node) { p.str(v, k) },
	"component":   func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Component = p.str(v, k) },
	"components":  func(p *parser, ra *rawAttr, k string, v *yaml.Node) { ra.a.Components = p.strings(v, k, "each of "+k) },
	"allowedTypes": func(p *parser, ra *rawAttr, k string, v *yaml.Node) {
		ra.a.AllowedTypes = p.strings(v, k, "each of "+k)
	},
}

var attrKeyNames = keysOf(attrKeys)

// strings reads a list of strings; nil, with a problem, when v is not a list.
func (p *parser) strings(v *yaml.Node, key, each string) []string {
	if v.Kind != yaml.SequenceNode {
		p.add(p.field, key+" must be a list of strings")
		return nil
	}
	var list []string
	for _, e := range v.Content {
		list = append(list, p.str(e, each))
	}
	return list
}

// adminPlugins are the plugins of Strapi's admin panel whose
// pluginOptions (visible) say where the panel shows a type or field:
// read, not acted on, and not worth a warning.
var adminPlugins = map[string]bool{"content-manager": true, "content-type-builder": true}

// pluginOptions reads a type's or a field's pluginOptions: i18n's
// localized is kept (nil when absent); another plugin's settings are kept
// as written, with a warning, as Kiln does not run it.
func (p *parser) pluginOptions(v *yaml.Node) *bool {
	var localized *bool
	p.mapping(v, "pluginOptions", func(k string, v *yaml.Node) {
		switch {
		case k == "i18n":
			p.mapping(v, "pluginOptions.i18n", func(k string, v *yaml.Node) {
				if k != "localized" {
					p.other("pluginOptions.i18n.", k, v, []string{"localized"})
					return
				}
				b := p.boolean(v, "pluginOptions.i18n.localized")
				localized = &b
			})
		case adminPlugins[k]:
		default:
			p.other("pluginOptions.", k, v, []string{"i18n"})
		}
	})
	return localized
}

// document reads a mapping as the JSON document it is, keys sorted.
func (p *parser) document(v *yaml.Node, key string) json.RawMessage {
	var m map[string]any
	if v.Kind != yaml.MappingNode || v.Decode(&m) != nil {
		p.add(p.field, key+" must be a mapping")
		return nil
	}
	raw, err := json.Marshal(m)
	if err != nil {
		p.add(p.field, key+": "+err.Error())
		return nil
	}
	return raw
}

// normaliseTarget accepts Strapi's uids ("api::customer.customer",
// "plugin::users-permissions.user") as well as a bare singular name.
func normaliseTarget(t string) string {
	if i := strings.LastIndexByte(t, '.'); i >= 0 && strings.Contains(t, "::") {
		return t[i+1:]
	}
	return t
}

// lookup returns the value of key in a mapping node, or nil.
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
