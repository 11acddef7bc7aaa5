package cli

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

func (k *CLI) runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "Print the version.", stderr)
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	v := version
	if v == "" {
		v = "dev"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
	}
	fmt.Fprintf(stdout, "kiln %s\n", v)
	return 0
}
