package schema

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed builtin/*.yaml
var builtinFS embed.FS

// rawType is a content type as written, before checking.
type rawType struct {
	file            string
	kind            string
	table           string
	singular        string
	plural          string
	display         string
	description     string
	icon            string
	draftAndPublish bool
	reviewWorkflows bool
	localized       bool
	attrs           []*rawAttr
	builtin         bool
}

// rawAttr is an attribute as written: the keys it set, decoded.
type rawAttr struct {
	name string
	a    Attribute
	// hasDefault distinguishes "default: null"/absent from a zero default.
	hasDefault bool
}

// LoadDir loads every *.yaml and *.yml file in dir, adds the built-in types
// and checks the whole set. Every problem found is returned at once, as
// Problems.
func LoadDir(dir string) (*Schema, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.y*ml"))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("reading content types: %w", err)
	}
	sort.Strings(files)
	srcs := make(map[string][]byte, len(files))
	for _, f := range files {
		if ext := filepath.Ext(f); ext != ".yaml" && ext != ".yml" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("reading content type: %w", err)
		}
		srcs[f] = b
	}
	return Load(srcs)
}

// Load checks the definitions given as file name -> YAML source, together
// with the built-in types. It is LoadDir without the file system.
func Load(srcs map[string][]byte) (*Schema, error) {
	var probs Problems
	var raws []*rawType
	builtins, err := fs.Glob(builtinFS, "builtin/*.yaml")
	if err != nil {
		return nil, err
	}
	for _, name := range builtins {
		b, _ := builtinFS.ReadFile(name)
		rt := parseType("(built-in) "+name, b, &probs)
		if rt != nil {
			rt.builtin = true
			raws = append(raws, rt)
		}
	}
	names := make([]string, 0, len(srcs))
	for n := range srcs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if rt := parseType(n, srcs[n], &probs); rt != nil {
			raws = append(raws, rt)
		}
	}
	s := build(raws, &probs)
	if len(probs) > 0 {
		// Each file's problems together, in the order they were found.
		sort.SliceStable(probs, func(i, j int) bool { return probs[i].File < probs[j].File })
		return nil, probs
	}
	return s, nil
}

// parseType decodes one file, recording every unknown key and badly typed
// value as a problem. It returns nil when the file is not YAML at all.
func parseType(file string, src []byte, probs *Problems) *rawType {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		*probs = append(*probs, Problem{File: file, Message: "not valid YAML: " + err.Error()})
		return nil
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		*probs = append(*probs, Problem{File: file, Message: "a content type must be a YAML mapping"})
		return nil
	}
	rt := &rawType{file: file}
	p := &parser{file: file, probs: probs}
	root := doc.Content[0]
	// The type's name is needed in every message, info's own included, so
	// read it before anything else.
	if info := lookup(root, "info"); info != nil {
		if n := lookup(info, "singularName"); n != nil && n.Kind == yaml.ScalarNode {
			p.typ = n.Value
		}
		p.mapping(info, "info", func(k string, v *yaml.Node) {
			switch k {
			case "singularName":
				rt.singular = p.str(v, "info."+k)
			case "pluralName":
				rt.plural = p.str(v, "info."+k)
			case "displayName":
				rt.display = p.str(v, "info."+k)
			case "description":
				rt.description = p.str(v, "info."+k)
			case "icon":
				rt.icon = p.str(v, "info."+k)
			case "name":
				// Strapi 3's name, which Strapi 5's own user schema (and so
				// every copy of it) still writes: read, not used.
				p.str(v, "info."+k)
			default:
				p.unknown("info."+k, v)
			}
		})
	}
	p.typ = rt.singular
	p.mapping(root, "", func(k string, v *yaml.Node) {
		switch k {
		case "kind":
			rt.kind = p.str(v, k)
		case "collectionName":
			rt.table = p.str(v, k)
		case "info":
		case "pluginOptions":
			if l := p.pluginOptions(v); l != nil {
				rt.localized = *l
			}
		case "config":
			// The admin panel's own settings (Strapi 5 writes "config": {}).
			p.mapping(v, "config", func(string, *yaml.Node) {})
		case "connection":
			// Strapi 3's database connection, which Strapi 5's loader still
			// reads and ignores, as Kiln does.
			p.str(v, k)
		case "options":
			p.mapping(v, "options", func(k string, v *yaml.Node) {
				switch k {
				case "draftAndPublish":
					rt.draftAndPublish = p.boolean(v, "options.draftAndPublish")
				case "reviewWorkflows":
					// Strapi's Enterprise review workflows: kept, not served.
					rt.reviewWorkflows = p.boolean(v, "options.reviewWorkflows")
				case "timestamps":
					// In Strapi 5's own user schema: every entry has its
					// timestamps anyway.
					p.boolean(v, "options.timestamps")
				default:
					p.unknown("options."+k, v)
				}
			})
		case "attributes":
			if v.Kind != yaml.MappingNode {
				p.add("", "attributes must be a mapping of field name to definition")
				return
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				if ra := p.attr(v.Content[i].Value, v.Content[i+1]); ra != nil {
					rt.attrs = append(rt.attrs, ra)
				}
			}
		default:
			p.unknown(k, v)
		}
	})
	return rt
}

// parser carries the location that every problem it records is given.
type parser struct {
	file  string
	typ   string
	field string
	probs *Problems
}

func (p *parser) add(field, msg string) {
	*p.probs = append(*p.probs, Problem{File: p.file, Type: p.typ, Field: field, Message: msg})
}

func (p *parser) unknown(key string, v *yaml.Node) {
	p.add(p.field, fmt.Sprintf("unknown key %q (line %d)", key, v.Line))
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
	a := &ra.a
	a.Name = name
	p.mapping(n, "the field definition", func(k string, v *yaml.Node) {
		switch k {
		case "type":
			a.Type = FieldType(p.str(v, k))
		case "required":
			a.Required = p.boolean(v, k)
		case "unique":
			a.Unique = p.boolean(v, k)
		case "private":
			a.Private = p.boolean(v, k)
		case "index":
			a.Index = p.boolean(v, k)
		case "default":
			if v.Tag != "!!null" {
				var d any
				if err := v.Decode(&d); err != nil {
					p.add(name, "default: "+err.Error())
				}
				a.Default, ra.hasDefault = d, true
			}
		case "min":
			a.Min = p.number(v, k)
		case "max":
			a.Max = p.number(v, k)
		case "minLength":
			a.MinLength = p.count(v, k)
		case "maxLength":
			a.MaxLength = p.count(v, k)
		case "regex":
			a.Regex = p.str(v, k)
		case "enum":
			if v.Kind != yaml.SequenceNode {
				p.add(name, "enum must be a list of strings")
				return
			}
			for _, e := range v.Content {
				a.Enum = append(a.Enum, p.str(e, "each enum value"))
			}
		case "targetField":
			a.TargetField = p.str(v, k)
		case "relation":
			a.RelationKind = RelationKind(p.str(v, k))
		case "target":
			a.Target = normaliseTarget(p.str(v, k))
		case "inversedBy":
			a.InversedBy = p.str(v, k)
		case "mappedBy":
			a.MappedBy = p.str(v, k)
		case "pluginOptions":
			a.Localized = p.pluginOptions(v)
		case "conditions":
			a.Conditions = p.document(v, k)
		case "customField":
			a.CustomField = p.str(v, k)
		case "options":
			// A uid's slug options or a custom field's own (an editor's
			// preset): the admin panel's, not the API's.
			p.mapping(v, k, func(string, *yaml.Node) {})
		case "configurable", "repeatable", "multiple":
			b := p.boolean(v, k)
			switch k {
			case "repeatable":
				a.Repeatable = b
			case "multiple":
				a.Multiple = b
			}
		case "displayName", "enumName":
			// The admin panel's label of a field, and an enumeration's
			// GraphQL name: read, not used.
			p.str(v, k)
		case "component":
			a.Component = p.str(v, k)
		case "components", "allowedTypes":
			if v.Kind != yaml.SequenceNode {
				p.add(name, k+" must be a list of strings")
				return
			}
			var list []string
			for _, e := range v.Content {
				list = append(list, p.str(e, "each of "+k))
			}
			if k == "components" {
				a.Components = list
			} else {
				a.AllowedTypes = list
			}
		default:
			p.unknown(k, v)
		}
	})
	return ra
}

// pluginOptions reads a type's or a field's pluginOptions: any plugin's
// settings are taken, and i18n's localized is kept (nil when absent).
func (p *parser) pluginOptions(v *yaml.Node) *bool {
	var localized *bool
	p.mapping(v, "pluginOptions", func(k string, v *yaml.Node) {
		if k != "i18n" {
			return
		}
		p.mapping(v, "pluginOptions.i18n", func(k string, v *yaml.Node) {
			if k == "localized" {
				b := p.boolean(v, "pluginOptions.i18n.localized")
				localized = &b
			}
		})
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
