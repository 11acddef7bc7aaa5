// Package kiln is Kiln as a Go framework: a program of one's own module
// runs Kiln's whole command line — serve, migrate, seed, validate, token,
// admin, import, export, media, routes, init, version, with every flag —
// with the plugins it adds:
//
//	func main() {
//		kiln.Main(kiln.WithPlugins(reviews.New()))
//	}
//
// config/plugins.yaml switches each plugin on and off by its Name (see
// plugin.ConfigName), as it does the built-in ones. A program may give
// demo data too (WithDemo), which kiln seed and a first start load.
// docs/plugins.md is the guide; cmd/kiln is such a program, holding the
// platform's plugins and demo data.
package kiln

import (
	"io"
	"os"

	"github.com/kiln-cms/kiln/core/demo"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/cli"
)

// Option changes what Main runs.
type Option func(*options)

type options struct {
	plugins []plugin.Plugin
	demo    demo.Data
}

// WithPlugins adds plugins, in the order they register: a plugin may read
// the services of those before it (plugin.API.Service). Each is loaded
// only when config/plugins.yaml enables it; two of one name stop every
// command.
func WithPlugins(p ...plugin.Plugin) Option {
	return func(o *options) { o.plugins = append(o.plugins, p...) }
}

// WithDemo gives the program's demo data: kiln seed loads it at a scale
// into an empty database, and the first start of kiln serve on the
// default SQLite database loads its default scale when the project's
// content types and roles have what it needs (--no-demo or KILN_DEMO=false
// skip it). Without it kiln seed answers that the program has no demo
// data set, and a first start loads nothing. The last one given counts.
func WithDemo(d demo.Data) Option {
	return func(o *options) { o.demo = d }
}

// Main runs the command line of os.Args and exits with its code: 0 done,
// 1 failed, 2 a bad command line.
func Main(opts ...Option) {
	os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr, opts...))
}

// Run runs the command args name ("serve" when none is named), writing
// to stdout and stderr, and returns the exit code Main would exit with.
// A test of a program's command line calls it directly.
func Run(args []string, stdout, stderr io.Writer, opts ...Option) int {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return cli.New(o.plugins...).WithDemo(o.demo).Run(args, stdout, stderr)
}
