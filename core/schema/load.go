package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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
	// component is a component's uid (category.name), from its path.
	component string
	// extension marks Strapi's file of the user's extra fields.
	extension bool
}

// rawAttr is an attribute as written: the keys it set, decoded.
type rawAttr struct {
	name string
	a    Attribute
	// hasDefault distinguishes "default: null"/absent from a zero default.
	hasDefault bool
}

// Load checks the definitions given as path -> source, together with the
// built-in types. A path is a file's place in the content-types folder,
// slash-separated, and says what the file is, as LoadDir finds them
// (layout.go): "program.yaml" a type of Kiln's,
// "api/page/content-types/page/schema.json" a type in Strapi's layout,
// "components/shared/seo.json" a component,
// "extensions/users-permissions/content-types/user/schema.json" the
// user's extra fields. It is LoadDir without the file system.
func Load(srcs map[string][]byte) (*Schema, error) { return LoadWith(srcs, Options{}) }

// LoadWith is Load with options (the custom fields' base types).
func LoadWith(srcs map[string][]byte, o Options) (*Schema, error) {
	files := make([]source, 0, len(srcs))
	for n, b := range srcs {
		files = append(files, source{rel: n, file: n, src: b})
	}
	return load(files, o)
}

// load parses and checks files, with the built-in types.
func load(files []source, o Options) (*Schema, error) {
	var probs Problems
	custom := o.customFields(&probs)
	var raws []*rawType
	builtins, err := fs.Glob(builtinFS, "builtin/*.yaml")
	if err != nil {
		return nil, err
	}
	for _, name := range builtins {
		b, _ := builtinFS.ReadFile(name)
		rt := parseType("(built-in) "+name, b, docType, "", &probs)
		if rt != nil {
			rt.builtin = true
			raws = append(raws, rt)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	var read []string
	for _, f := range files {
		what, uid, msg := classify(f.rel)
		switch {
		case msg != "":
			probs = append(probs, Problem{File: f.file, Message: msg})
			continue
		case what == docIgnored:
			continue
		case f.err != nil:
			probs = append(probs, Problem{File: f.file, Message: "cannot be read: " + f.err.Error()})
			continue
		}
		read = append(read, f.file)
		rt := parseType(f.file, f.src, what, uid, &probs)
		if rt == nil {
			continue
		}
		switch what {
		case docComponent:
			rt.component = uid
		case docUserExtension:
			rt.extension = true
		}
		raws = append(raws, rt)
	}
	for _, rt := range raws {
		for _, ra := range rt.attrs {
			if msg := resolveCustomField(&ra.a, custom, o); msg != "" {
				pr := Problem{File: rt.file, Type: rt.singular, Field: ra.name, Message: msg}
				switch {
				case rt.component != "":
					pr.Type, pr.Component = "", rt.component
				case rt.extension:
					pr.Type = "user"
				}
				probs = append(probs, pr)
			}
		}
	}
	s := build(raws, &probs)
	s.Files = read
	if len(probs) > 0 {
		// Each file's problems together, in the order they were found.
		sort.SliceStable(probs, func(i, j int) bool { return probs[i].File < probs[j].File })
		return nil, probs
	}
	return s, nil
}

// parseType decodes one file (YAML, or JSON for a .json file), recording
// every unknown key and badly typed value as a problem. It returns nil
// when the file is not YAML (or JSON) at all.
func parseType(file string, src []byte, what docKind, uid string, probs *Problems) *rawType {
	root := parseDoc(file, src, what, probs)
	if root == nil {
		return nil
	}
	rt := &rawType{file: file}
	p := &parser{file: file, probs: probs}
	if what == docComponent {
		// A component is named by its path; Strapi writes no kind and no
		// singular or plural name for it.
		p.typ, p.comp = uid, true
	}
	// The type's name is needed in every message, info's own included, so
	// read it before anything else.
	if info := lookup(root, "info"); info != nil {
		if n := lookup(info, "singularName"); n != nil && n.Kind == yaml.ScalarNode && !p.comp {
			p.typ = n.Value
		}
		p.mapping(info, "info", func(k string, v *yaml.Node) {
			switch {
			case k == "singularName" && !p.comp:
				rt.singular = p.str(v, "info."+k)
			case k == "pluralName" && !p.comp:
				rt.plural = p.str(v, "info."+k)
			case k == "displayName":
				rt.display = p.str(v, "info."+k)
			case k == "description":
				rt.description = p.str(v, "info."+k)
			case k == "icon":
				rt.icon = p.str(v, "info."+k)
			case k == "name":
				// Strapi 3's name, which Strapi 5's own user schema (and so
				// every copy of it) and its components still write: read,
				// not used.
				p.str(v, "info."+k)
			default:
				p.unknown("info."+k, v)
			}
		})
	}
	if !p.comp {
		p.typ = rt.singular
	}
	p.mapping(root, "", func(k string, v *yaml.Node) {
		switch k {
		case "kind":
			if p.comp {
				p.unknown(k, v)
				return
			}
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
				switch {
				case p.comp:
					p.unknown("options."+k, v) // Strapi writes options: {}
				case k == "draftAndPublish":
					rt.draftAndPublish = p.boolean(v, "options.draftAndPublish")
				case k == "reviewWorkflows":
					// Strapi's Enterprise review workflows: kept, not served.
					rt.reviewWorkflows = p.boolean(v, "options.reviewWorkflows")
				case k == "timestamps":
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

// parseDoc reads a file's document: a mapping, else one problem and nil.
// A .json file must be JSON (Strapi's files), read through the YAML
// parser, which keeps the lines of keys for the problems.
func parseDoc(file string, src []byte, what docKind, probs *Problems) *yaml.Node {
	add := func(msg string) { *probs = append(*probs, Problem{File: file, Message: msg}) }
	noun := "a content type"
	if what == docComponent {
		noun = "a component"
	}
	if strings.HasSuffix(file, ".json") {
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			msg := "not valid JSON: " + err.Error()
			var se *json.SyntaxError
			if errors.As(err, &se) {
				msg += fmt.Sprintf(" (line %d)", 1+bytes.Count(src[:se.Offset], []byte("\n")))
			}
			add(msg)
			return nil
		}
		if _, ok := v.(map[string]any); !ok {
			add(noun + " must be a JSON object")
			return nil
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(src, &doc); err != nil {
			// Valid JSON the YAML parser refuses (a key given twice).
			add("cannot be read: " + err.Error())
			return nil
		}
		return doc.Content[0]
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		add("not valid YAML: " + err.Error())
		return nil
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		add(noun + " must be a YAML mapping")
		return nil
	}
	return doc.Content[0]
}

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
