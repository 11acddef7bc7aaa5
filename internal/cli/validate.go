package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/app"
	"github.com/kiln-cms/kiln/internal/views"
)

func (k *CLI) runValidate(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := k.setup("validate", "Check the content types; print every problem, not only the first.", args, stderr, nil)
	if stop {
		return code
	}
	s, err := app.LoadSchema(cfg)
	var probs schema.Problems
	if errors.As(err, &probs) {
		for _, p := range probs {
			fmt.Fprintln(stderr, p.String())
		}
		fmt.Fprintf(stderr, "%d problem(s) found\n", len(probs))
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	// The enabled plugins' models are checked too: the types and fields
	// they need are part of what start-up would refuse.
	enabled, err := k.enabled(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	var needs []string
	for _, p := range enabled {
		if m, ok := p.(plugin.Modeler); ok {
			if err := plugin.Bind(p.Name(), m.Model(), s); err != nil {
				needs = append(needs, strings.Split(err.Error(), "\n")...)
			}
		}
	}
	if len(needs) > 0 {
		for _, line := range needs {
			fmt.Fprintf(stderr, "%s: %s\n", filepath.Join(cfg.Paths.Config, "plugins.yaml"), line)
		}
		fmt.Fprintf(stderr, "%d problem(s) found\n", len(needs))
		return 1
	}
	// The panel's views (config/views.yaml), as start-up checks them.
	if _, err := views.Open(filepath.Join(cfg.Paths.Config, "views.yaml"), s, false); err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return 1
	}
	// Defects Strapi starts with: loaded, each saying what Kiln made of it.
	for _, w := range s.Warnings {
		fmt.Fprintln(stderr, "warning: "+w.String())
	}
	n := 0
	for _, ct := range s.Types {
		if !ct.Builtin {
			n++
		}
	}
	if n == 0 {
		// A folder of no type serves nothing: the wrong folder, most
		// likely (a Strapi project's root rather than its src/).
		fmt.Fprintln(stderr, noTypes(cfg.Paths.ContentTypes, s))
		return 1
	}
	what := fmt.Sprintf("%d content types", n)
	if len(s.Components) > 0 {
		what += fmt.Sprintf(" and %d components", len(s.Components))
	}
	fmt.Fprintf(stdout, "%s in %s are valid\n", what, cfg.Paths.ContentTypes)
	return 0
}

// noTypes says that dir holds no content type, what Kiln looks for, what
// it found instead, and where a Strapi project's types are when dir is
// the project rather than its src/.
func noTypes(dir string, s *schema.Schema) string {
	var found []string
	if n := len(s.Components); n > 0 {
		found = append(found, plural(n, "component"))
	}
	if len(s.Files) > len(s.Components) {
		found = append(found, "the user's extra fields")
	}
	what := "nothing it reads"
	if len(found) > 0 {
		what = strings.Join(found, " and ")
	}
	if entries, err := os.ReadDir(dir); err == nil {
		what += fmt.Sprintf(" (%s at its top)", plural(len(entries), "file or folder", "files and folders"))
	}
	msg := fmt.Sprintf("kiln validate: no content type in %s: Kiln reads the *.yaml and *.yml files there, "+
		"and a Strapi project's api/<api>/content-types/<name>/schema.json below it; it found %s", dir, what)
	// The project's src/, or a monorepo's app's (apps/strapi/src).
	for _, pattern := range []string{"src", filepath.Join("*", "src"), filepath.Join("*", "*", "src")} {
		srcs, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, src := range srcs {
			if m, _ := filepath.Glob(filepath.Join(src, "api", "*", "content-types")); len(m) > 0 {
				return msg + fmt.Sprintf("; %s holds a Strapi project's types: give --content-types %s", src, src)
			}
		}
	}
	return msg
}

// plural is "1 component", "2 components", or the plural form given.
func plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}
