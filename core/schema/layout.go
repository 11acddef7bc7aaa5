package schema

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The content-types folder holds Kiln's own layout, Strapi's (a Strapi
// project's src/), or both:
//
//	program.yaml                                          a type (Kiln)
//	api/<api>/content-types/<name>/schema.json            a type (Strapi)
//	components/<category>/<name>.json (.yaml, .yml)       a component
//	extensions/users-permissions/content-types/user/schema.json
//	                                                      the user's extra fields
//	plugins/<plugin>/server/content-types/<name>/schema.json
//	plugins/<plugin>/server/src/content-types/<name>/schema.json
//	                                                      a local plugin's type
//	extensions/<plugin>/content-types/<name>/schema.json  a plugin's type, as
//	                                                      the project extends it
//
// Nothing else is read: a Strapi project's code, its admin panel and its
// other folders are not content types.

// docKind is what a file of the folder holds.
type docKind int

const (
	docIgnored         docKind = iota // not a schema file
	docType                           // a content type
	docComponent                      // a component, uid category.name
	docUserExtension                  // extra fields of the built-in user
	docPluginType                     // a local plugin's type, uid plugin::<plugin>.<name>
	docPluginExtension                // a plugin's type as extended, laid over the plugin's own (plugins.go)
)

// source is one file: its slash-separated place in the folder, the name
// problems give it, its bytes, or why it could not be read.
type source struct {
	rel, file string
	src       []byte
	err       error
}

// componentPartRe is Strapi's rule for a component's category (its
// builder's CATEGORY_NAME_REGEX), which Kiln applies to the name too.
var componentPartRe = regexp.MustCompile(`^[A-Za-z][-_0-9A-Za-z]*$`)

// classify says what the file at rel is, with a component's uid, or why
// Kiln cannot read it (msg).
func classify(rel string) (what docKind, uid, msg string) {
	parts := strings.Split(rel, "/")
	ext := path.Ext(rel)
	yamlExt := ext == ".yaml" || ext == ".yml"
	switch {
	case len(parts) == 1 && yamlExt:
		return docType, "", ""
	case len(parts) == 5 && parts[0] == "api" && parts[2] == "content-types":
		return schemaFile(parts[4], docType, "")
	case len(parts) == 6 && parts[0] == "plugins" && parts[2] == "server" && parts[3] == "content-types",
		len(parts) == 7 && parts[0] == "plugins" && parts[2] == "server" && parts[3] == "src" && parts[4] == "content-types":
		return schemaFile(parts[len(parts)-1], docPluginType, pluginUID(parts[1], parts[len(parts)-2]))
	case len(parts) == 3 && parts[0] == "components" && (ext == ".json" || yamlExt):
		category, name := parts[1], strings.TrimSuffix(parts[2], ext)
		if !componentPartRe.MatchString(category) || !componentPartRe.MatchString(name) {
			return docIgnored, "", "a component's category and name must be letters, digits, dashes and underscores, starting with a letter"
		}
		return docComponent, category + "." + name, ""
	case len(parts) == 5 && parts[0] == "extensions" && parts[2] == "content-types" &&
		(parts[4] == "schema.json" || parts[4] == "schema.js" || parts[4] == "schema.ts"):
		switch {
		case parts[1] == "users-permissions" && parts[3] == "user" && parts[4] == "schema.json":
			return docUserExtension, "", ""
		case kilnPlugins[parts[1]]:
			return docIgnored, "", fmt.Sprintf("Kiln extends plugin::users-permissions.user only (from its schema.json), not plugin::%s.%s", parts[1], parts[3])
		}
		return schemaFile(parts[4], docPluginExtension, pluginUID(parts[1], parts[3]))
	}
	return docIgnored, "", ""
}

// schemaFile says what a file called name in a type's folder is: the
// type (what, uid) when it is schema.json.
func schemaFile(name string, what docKind, uid string) (docKind, string, string) {
	switch name {
	case "schema.json":
		return what, uid, ""
	case "schema.js", "schema.ts":
		return docIgnored, "", "a schema written in JavaScript or TypeScript cannot be read: Kiln reads schema.json"
	}
	return docIgnored, "", ""
}

// layoutGlobs find every file classify may want, without walking the
// folder (a Strapi project's src/ may hold much else).
var layoutGlobs = []string{"*.yaml", "*.yml", "api/*/content-types/*/*", "components/*/*", "extensions/*/content-types/*/*",
	"plugins/*/server/content-types/*/*", "plugins/*/server/src/content-types/*/*"}

// LoadDir loads the content types of dir, in Kiln's layout or Strapi's
// (above), adds the built-in types and checks the whole set. Every
// problem found is returned at once, as Problems; a file that cannot be
// read is one of them.
func LoadDir(dir string) (*Schema, error) { return LoadDirWith(dir, Options{}) }

// LoadDirWith is LoadDir with options (the custom fields' base types).
func LoadDirWith(dir string, o Options) (*Schema, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("reading content types: %w", err)
	}
	var files []source
	for _, g := range layoutGlobs {
		matches, err := filepath.Glob(filepath.Join(dir, g))
		if err != nil {
			return nil, err
		}
		for _, f := range matches {
			rel, err := filepath.Rel(dir, f)
			if err != nil {
				return nil, err
			}
			rel = filepath.ToSlash(rel)
			if what, _, msg := classify(rel); what == docIgnored && msg == "" {
				continue
			}
			if st, err := os.Stat(f); err == nil && st.IsDir() {
				continue
			}
			b, err := os.ReadFile(f)
			files = append(files, source{rel: rel, file: f, src: b, err: err})
		}
	}
	return load(files, o)
}
