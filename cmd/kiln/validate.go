package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kiln-cms/kiln/core/app"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
)

func runValidate(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := setup("validate", "Check the content types; print every problem, not only the first.", args, stderr, nil)
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
	enabled, err := plugins(cfg)
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
	fmt.Fprintf(stdout, "%d content types in %s are valid\n", n, cfg.Paths.ContentTypes)
	return 0
}
