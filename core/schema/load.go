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
	attrs           []*rawAttr
	builtin         bool
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
		case docPluginType, docPluginExtension:
			rt.plugin, rt.pluginExt, rt.keys = uid, what == docPluginExtension, topKeys(f.src)
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
	raws = pluginTypes(raws, &probs)
	s := build(raws, &probs)
	markPlugins(s, raws, &probs)
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
			rt.pluginOptions = writtenJSON(v)
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
