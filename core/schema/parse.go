package schema

import (
	"encoding/json"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// The YAML parser of a definition: the reading helpers that record a
// problem, with its line, for each value of the wrong shape.

// parser carries the location that every problem it records is given.
type parser struct {
	file  string
	typ   string
	comp  bool // typ is a component's uid
	field string
	probs *Problems
}

func (p *parser) add(field, msg string) {
	pr := Problem{File: p.file, Type: p.typ, Field: field, Message: msg}
	if p.comp {
		pr.Type, pr.Component = "", p.typ
	}
	*p.probs = append(*p.probs, pr)
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
	a.Written = writtenJSON(n)
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
