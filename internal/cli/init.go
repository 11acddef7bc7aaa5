package cli

import (
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// skeleton is the project kiln init writes: one content type, a policy,
// no plugin, a README. all: keeps its .gitignore.
//
//go:embed all:skeleton
var skeleton embed.FS

func (k *CLI) runInit(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("kiln init", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.Usage = func() {
		fmt.Fprintln(fset.Output(), "Usage: kiln init [DIR]\n\nWrite a minimal project into DIR (default: the current folder): one content type,\n"+
			"config/permissions.yaml, config/plugins.yaml and a README. DIR must be new or empty:\n"+
			"kiln init never overwrites a file. Then `kiln serve` from DIR runs it.")
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fset.NArg() > 1 {
		fmt.Fprintf(stderr, "kiln init: one folder at most, not %d\n", fset.NArg())
		return 2
	}
	dir := "."
	if fset.NArg() == 1 {
		dir = fset.Arg(0)
	}
	files, err := initProject(dir)
	if err != nil {
		fmt.Fprintln(stderr, "kiln init:", err)
		return 1
	}
	for _, f := range files {
		fmt.Fprintln(stdout, "created", filepath.Join(dir, f))
	}
	fmt.Fprintf(stdout, "\nStart it:\n  cd %s && kiln serve\nthen read %s.\n", dir, filepath.Join(dir, "README.md"))
	return 0
}

// initProject writes the skeleton into dir, which must not exist or be
// empty, and returns the files written.
func initProject(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil && len(entries) > 0:
		return nil, fmt.Errorf("%s is not empty: kiln init writes only into a new or empty folder", dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	var written []string
	err = fs.WalkDir(skeleton, "skeleton", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("skeleton", path)
		target := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := skeleton.ReadFile(path)
		if err != nil {
			return err
		}
		// O_EXCL: a file that appeared meanwhile is never overwritten.
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if _, err := f.Write(b); err != nil {
			f.Close()
			return err
		}
		written = append(written, rel)
		return f.Close()
	})
	return written, err
}
