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
	pluginOptions   json.RawMessage
	// options are the type's options as written (nil when none), which
	// the content-type-builder routes echo.
	options json.RawMessage
	attrs   []*rawAttr
	builtin bool
	// component is a component's uid (category.name), from its path.
	component string
	// extension marks Strapi's file of the user's extra fields.
	extension bool
	// plugin is a plugin's type's uid (plugin::<plugin>.<name>);
	// pluginExt marks the project's extension of it, whose top-level keys
	// (keys) replace the plugin's (plugins.go).
	plugin    string
	pluginExt bool
	keys      map[string]bool
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
// user's extra fields, "plugins/kitchen/server/content-types/badge/schema.json"
// a plugin's type (plugins.go). It is LoadDir without the file system.
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
	var probs, warns Problems
	custom := o.customFields(&probs)
	var raws []*rawType
	builtins, err := fs.Glob(builtinFS, "builtin/*.yaml")
	if err != nil {
		return nil, err
	}
	for _, name := range builtins {
		b, _ := builtinFS.ReadFile(name)
		rt := parseType("(built-in) "+name, b, docType, "", &probs, &warns)
		if rt != nil {
			rt.builtin = true
			raws = append(raws, rt)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	var read []string
	compFile := map[string]string{} // a component's uid -> its file
	for _, f := range files {
		what, uid, msg := classify(f.rel)
		if what == docComponent && compFile[uid] == "" {
			compFile[uid] = f.file
		}
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
		rt := parseType(f.file, f.src, what, uid, &probs, &warns)
		if rt == nil {
			continue
		}
		switch what {
		case docComponent:
			rt.component = uid
		case docUserExtension:
			rt.extension = true
		case docPluginType, docPluginExtension:
			rt.plugin, rt.pluginExt, rt.keys = uid, what == docPluginExtension, topKeys(f.src)
		}
		raws = append(raws, rt)
	}
	resolveCustomFields(raws, custom, o, &probs, &warns)
	raws = pluginTypes(raws, &probs)
	s := build(raws, &probs)
	markPlugins(s, raws, &probs)
	explainMissing(s, compFile, probs)
	s.Files = read
	s.Warnings = append(warns, s.Warnings...)
	keepOptions(s, raws)
	if len(probs) > 0 {
		// Each file's problems together, in the order they were found.
		sort.SliceStable(probs, func(i, j int) bool { return probs[i].File < probs[j].File })
		return nil, probs
	}
	return s, nil
}

// keepOptions gives each type its options as written, for the
// content-type-builder routes (Strapi echoes every key of them).
func keepOptions(s *Schema, raws []*rawType) {
	byFile := map[string]*rawType{}
	for _, rt := range raws {
		if rt.component == "" && !rt.extension {
			byFile[rt.file] = rt
		}
	}
	for _, ct := range s.Types {
		if rt := byFile[ct.File]; rt != nil {
			ct.Options = rt.options
		}
	}
}

// parseType decodes one file (YAML, or JSON for a .json file), recording
// every badly typed value and misspelt key as a problem, and every key
// Kiln does not act on as a warning. It returns nil when the file is not
// YAML (or JSON) at all.
func parseType(file string, src []byte, what docKind, uid string, probs, warns *Problems) *rawType {
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
		p.section(info, "info", infoKeys, rt)
	}
	if !p.comp {
		p.typ = rt.singular
	}
	p.mapping(root, "", func(k string, v *yaml.Node) {
		if read := typeKeys[k]; read != nil {
			read(p, rt, k, v)
			return
		}
		p.other("", k, v, typeKeyNames)
	})
	*warns = append(*warns, p.warnings()...)
	return rt
}

// typeReader reads one key of a type's or component's file into rt.
type typeReader func(p *parser, rt *rawType, k string, v *yaml.Node)

// typeKeys are the keys of a type's file Kiln reads (see attrKeys).
var typeKeys = map[string]typeReader{
	"kind": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		if p.comp {
			p.ignore(k, v, " on a component")
			return
		}
		rt.kind = p.str(v, k)
	},
	"collectionName": func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.table = p.str(v, k) },
	"info":           func(*parser, *rawType, string, *yaml.Node) {}, // read first, for the type's name
	"pluginOptions": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		if l := p.pluginOptions(v); l != nil {
			rt.localized = *l
		}
		rt.pluginOptions = writtenJSON(v)
	},
	// The admin panel's own settings (Strapi 5 writes "config": {}).
	"config": func(p *parser, rt *rawType, k string, v *yaml.Node) { p.mapping(v, k, func(string, *yaml.Node) {}) },
	// Strapi 3's database connection, which Strapi 5's loader still reads
	// and ignores, as Kiln does.
	"connection": func(p *parser, rt *rawType, k string, v *yaml.Node) { p.str(v, k) },
	"options": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		p.section(v, "options", optionKeys, rt)
		if v.Kind == yaml.MappingNode {
			rt.options = writtenJSON(v)
		}
	},
	"attributes": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		if v.Kind != yaml.MappingNode {
			p.add("", "attributes must be a mapping of field name to definition")
			return
		}
		for i := 0; i+1 < len(v.Content); i += 2 {
			if ra := p.attr(v.Content[i].Value, v.Content[i+1]); ra != nil {
				rt.attrs = append(rt.attrs, ra)
			}
		}
	},
}

// infoKeys are the keys of a type's info Kiln reads; componentIgnores
// those of them a component does not have.
var infoKeys = map[string]typeReader{
	"singularName": func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.singular = p.str(v, "info."+k) },
	"pluralName":   func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.plural = p.str(v, "info."+k) },
	"displayName":  func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.display = p.str(v, "info."+k) },
	"description":  func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.description = p.str(v, "info."+k) },
	"icon":         func(p *parser, rt *rawType, k string, v *yaml.Node) { rt.icon = p.str(v, "info."+k) },
	// Strapi 3's name, which Strapi 5's own user schema (and so every
	// copy of it) and its components still write: read, not used.
	"name": func(p *parser, rt *rawType, k string, v *yaml.Node) { p.str(v, "info."+k) },
}

// optionKeys are the keys of a type's options Kiln reads.
var optionKeys = map[string]typeReader{
	"draftAndPublish": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		rt.draftAndPublish = p.boolean(v, "options."+k)
	},
	// Strapi's Enterprise review workflows: kept, not served.
	"reviewWorkflows": func(p *parser, rt *rawType, k string, v *yaml.Node) {
		rt.reviewWorkflows = p.boolean(v, "options."+k)
	},
	// In Strapi 5's own user schema: every entry has its timestamps anyway.
	"timestamps": func(p *parser, rt *rawType, k string, v *yaml.Node) { p.boolean(v, "options."+k) },
}

// componentIgnores are the keys of a type's file a component does not
// have: Strapi ignores them there, and so does Kiln (with a warning).
var componentIgnores = map[string]bool{"info.singularName": true, "info.pluralName": true,
	"options.draftAndPublish": true, "options.reviewWorkflows": true, "options.timestamps": true}

var (
	typeKeyNames   = keysOf(typeKeys)
	infoKeyNames   = keysOf(infoKeys)
	optionKeyNames = keysOf(optionKeys)
)

// section reads info or options, a mapping of keys read by table.
func (p *parser) section(n *yaml.Node, name string, table map[string]typeReader, rt *rawType) {
	known := infoKeyNames
	if name == "options" {
		known = optionKeyNames
	}
	p.mapping(n, name, func(k string, v *yaml.Node) {
		read := table[k]
		switch {
		case p.comp && componentIgnores[name+"."+k]:
			p.ignore(name+"."+k, v, " on a component")
		case read != nil:
			read(p, rt, k, v)
		default:
			p.other(name+".", k, v, known)
		}
	})
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
		if err := yaml.Unmarshal(yamlReadable(src), &doc); err != nil {
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
