package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/kiln-cms/kiln/core/schema"
)

func runValidate(args []string, stdout, stderr io.Writer) int {
	cfg, code, stop := setup("validate", "Check the content types; print every problem, not only the first.", args, stderr, nil)
	if stop {
		return code
	}
	s, err := schema.LoadDir(cfg.Paths.ContentTypes)
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
	n := 0
	for _, ct := range s.Types {
		if !ct.Builtin {
			n++
		}
	}
	fmt.Fprintf(stdout, "%d content types in %s are valid\n", n, cfg.Paths.ContentTypes)
	return 0
}
