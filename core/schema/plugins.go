package schema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// A local plugin's content types (src/plugins/<plugin>/server/content-types
// or server/src/content-types) and the extensions of a plugin's types
// (src/extensions/<plugin>/content-types) load as types of their own, with
// Strapi's uid plugin::<plugin>.<singular> (ContentType.Plugin). Strapi
// runs the plugin's JavaScript to find them; Kiln reads the schema.json
// files at the places Strapi's generators write them.

// pluginNameRe is Strapi's rule for a plugin's name (kebab case, its
// validatePluginName).
var pluginNameRe = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// kilnPlugins are the plugins whose types Kiln has built in: an extension
// of one extends the built-in type (the user) or is refused.
var kilnPlugins = map[string]bool{"users-permissions": true, "upload": true}

// pluginUID is the uid of the type folder names in plugin's content-types.
func pluginUID(plugin, folder string) string { return "plugin::" + plugin + "." + folder }

// splitPluginUID returns the plugin and type of a plugin::<plugin>.<type>
// uid.
func splitPluginUID(uid string) (plugin, name string, ok bool) {
	rest, ok := strings.CutPrefix(uid, "plugin::")
	if !ok {
		return "", "", false
	}
	return strings.Cut(rest, ".")
}

// topKeys are the keys a JSON file's object writes, nil when it is not one.
func topKeys(src []byte) map[string]bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(src, &m) != nil {
		return nil
	}
	keys := make(map[string]bool, len(m))
	for k := range m {
		keys[k] = true
	}
	return keys
}

// pluginTypes readies the plugins' types of raws for checking, and
// returns raws without the ones that cannot join the schema:
//
//   - an extension of a local plugin's type is merged into it as Strapi
//     merges them, key by key at the top of the schema, the extension's
//     winning;
//   - the type's folder must be its singular name (Strapi's
//     validateKeySameToSingularName), and the plugin's name kebab case;
//   - a type without collectionName gets Strapi's table, <plugin>_<name>;
//   - a plugin's type may not take a singular or plural name another type
//     has: Strapi tells api::tag.tag from plugin::blog.tag by their uids,
//     Kiln names types by their singular and plural names
//     (docs/strapi-differences.md).
func pluginTypes(raws []*rawType, probs *Problems) []*rawType {
	add := func(rt *rawType, msg string) {
		*probs = append(*probs, Problem{File: rt.file, Type: rt.singular, Message: msg})
	}
	byUID := map[string]*rawType{}
	var out, plugins, exts []*rawType
	for _, rt := range raws {
		switch {
		case rt.plugin == "":
			out = append(out, rt)
		case rt.pluginExt:
			exts = append(exts, rt) // after the plugins' own files
		case byUID[rt.plugin] != nil:
			add(rt, fmt.Sprintf("%s is defined twice (also in %s)", rt.plugin, byUID[rt.plugin].file))
		default:
			byUID[rt.plugin] = rt
			plugins = append(plugins, rt)
		}
	}
	for _, rt := range exts {
		if base := byUID[rt.plugin]; base != nil {
			mergeExtension(base, rt)
			continue
		}
		// The extension of a plugin Kiln does not have: Strapi's schema
		// of it is the extension's, which copies the plugin's.
		byUID[rt.plugin] = rt
		plugins = append(plugins, rt)
	}
	names := map[string]*rawType{}
	for _, rt := range out {
		if rt.component == "" && !rt.extension {
			names[rt.singular], names[rt.plural] = rt, rt
		}
	}
	for _, rt := range plugins {
		plugin, folder, _ := splitPluginUID(rt.plugin)
		switch {
		case !pluginNameRe.MatchString(plugin):
			add(rt, fmt.Sprintf("the plugin's name %q must be kebab case (an-example-of-kebab-case), as Strapi requires", plugin))
			continue
		case rt.singular != "" && rt.singular != folder:
			add(rt, fmt.Sprintf("info.singularName %q must be the name of the type's folder, %q, as Strapi requires", rt.singular, folder))
			continue
		}
		if name, other := takenName(names, rt); other != nil {
			add(rt, fmt.Sprintf("%s takes the name %q of %s: Kiln names types by their singular and plural names, so two types may not share one (Strapi allows it); rename one", rt.plugin, name, rawUID(other)))
			continue
		}
		names[rt.singular], names[rt.plural] = rt, rt
		if rt.table == "" && rt.singular != "" {
			rt.table = strings.ToLower(plugin + "_" + rt.singular)
		}
		out = append(out, rt)
	}
	return out
}

// takenName is rt's singular or plural name that another type of names
// has, with that type; nil when neither is taken.
func takenName(names map[string]*rawType, rt *rawType) (string, *rawType) {
	for _, n := range []string{rt.singular, rt.plural} {
		if other := names[n]; n != "" && other != nil {
			return n, other
		}
	}
	return "", nil
}

// mergeExtension lays ext over base as Strapi's applyUserExtension does:
// each top-level key ext writes replaces base's.
func mergeExtension(base, ext *rawType) {
	for k := range ext.keys {
		switch k {
		case "kind":
			base.kind = ext.kind
		case "collectionName":
			base.table = ext.table
		case "info":
			base.singular, base.plural, base.display = ext.singular, ext.plural, ext.display
			base.description, base.icon = ext.description, ext.icon
		case "options":
			base.draftAndPublish, base.reviewWorkflows = ext.draftAndPublish, ext.reviewWorkflows
		case "pluginOptions":
			base.localized, base.pluginOptions = ext.localized, ext.pluginOptions
		case "attributes":
			base.attrs = ext.attrs
		}
	}
	base.file = ext.file
}

// rawUID names a type in a problem, as Strapi's uid.
func rawUID(rt *rawType) string {
	switch {
	case rt.plugin != "":
		return rt.plugin
	case rt.builtin:
		return (&ContentType{Name: rt.singular, Builtin: true}).UID()
	}
	return "api::" + rt.singular + "." + rt.singular
}

// markPlugins sets the Plugin of the types loaded from a plugin's files,
// then checks the relations whose target is written as a uid against the
// plugin of the type it names: plugin::x.tag must be x's tag, and
// api::tag.tag may not name a plugin's type.
func markPlugins(s *Schema, raws []*rawType, probs *Problems) {
	plugin := map[string]string{}
	for _, rt := range raws {
		if rt.plugin != "" {
			plugin[rt.file], _, _ = splitPluginUID(rt.plugin)
		}
	}
	for _, ct := range s.Types {
		if !ct.Builtin {
			ct.Plugin = plugin[ct.File]
		}
	}
	for _, ct := range append(append([]*ContentType(nil), s.Types...), s.Components...) {
		for _, a := range ct.Attributes {
			if a.Type != Relation || a.TargetType == nil {
				continue
			}
			var w struct{ Target string }
			if json.Unmarshal(a.Written, &w) != nil {
				continue
			}
			if t := a.TargetType; s.ByUID(w.Target) != t {
				*probs = append(*probs, a.problem(fmt.Sprintf("target %q is not a content type (%q is %s)", w.Target, t.Name, t.UID())))
			}
		}
	}
}

// ByUID returns the type a Strapi uid names, or nil: plugin::<plugin>.<name>
// a plugin's or built-in type whose uid it is, api::<api>.<name> a type of
// the project's (the <api> folder is not kept, so any is taken), a bare
// name the type of that singular name.
func (s *Schema) ByUID(uid string) *ContentType {
	name := uid
	if i := strings.LastIndexByte(uid, '.'); i >= 0 && strings.Contains(uid, "::") {
		name = uid[i+1:]
	}
	ct := s.byName[name]
	switch {
	case ct == nil:
		return nil
	case strings.HasPrefix(uid, "plugin::") && ct.UID() != uid,
		strings.HasPrefix(uid, "api::") && ct.Plugin != "":
		return nil
	}
	return ct
}
