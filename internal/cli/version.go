package cli

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set at build time with
// -ldflags "-X github.com/kiln-cms/kiln/internal/cli.version=v1.2.3".
var version = ""

// module is Kiln's module path, looked up in the build's dependencies.
const module = "github.com/kiln-cms/kiln"

func (k *CLI) runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "Print the version.", stderr)
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	v := version
	if v == "" {
		v = "dev"
		if bi, ok := debug.ReadBuildInfo(); ok {
			v = kilnVersion(bi, v)
		}
	}
	fmt.Fprintf(stdout, "kiln %s\n", v)
	return 0
}

// kilnVersion is the version of Kiln a binary was built with: the main
// module's when it is Kiln (cmd/kiln), else the dependency's (a program
// of one's own, whose own version is not Kiln's); def when the build
// knows none (a work tree, a replace).
func kilnVersion(bi *debug.BuildInfo, def string) string {
	known := func(v string) bool { return v != "" && v != "(devel)" }
	if bi.Main.Path == module {
		if known(bi.Main.Version) {
			return bi.Main.Version
		}
		return def
	}
	for _, d := range bi.Deps {
		if d.Path == module && d.Replace == nil && known(d.Version) {
			return d.Version
		}
	}
	return def
}
