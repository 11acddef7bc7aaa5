package kiln_test

import (
	"fmt"
	"os"

	"github.com/kiln-cms/kiln"
	"github.com/kiln-cms/kiln/plugins/hello"
)

// A program of one's own module: Kiln's whole command line with a plugin
// added. Build it with go build; config/plugins.yaml switches the plugin
// on by its name.
func ExampleMain() {
	kiln.Main(kiln.WithPlugins(&hello.Plugin{}))
}

// Run is Main without the exit, for a test of a program's command line.
func ExampleRun() {
	code := kiln.Run([]string{"version"}, os.Stdout, os.Stderr, kiln.WithPlugins(&hello.Plugin{}))
	fmt.Println("exit code", code)
	// Output:
	// kiln dev
	// exit code 0
}
