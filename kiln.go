// Package kiln is Kiln as a Go framework: a program of one's own module
// runs Kiln's whole command line — serve, migrate, seed, validate, token,
// admin, media, routes, init, version, with every flag — with the plugins
// it adds:
//
//	func main() {
//		kiln.Main(kiln.WithPlugins(reviews.New()))
//	}
//
// config/plugins.yaml switches each plugin on and off by its Name (see
// plugin.ConfigName), as it does the built-in ones. docs/plugins.md is the
// guide; cmd/kiln is such a program, holding the platform's plugins.
package kiln

import (
	"io"
	"os"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/cli"
)

// Option changes what Main runs.
type Option func(*options)

type options struct {
	plugins []plugin.Plugin
}

// WithPlugins adds plugins, in the order they register: a plugin may read
// the services of those before it (plugin.API.Service). Each is loaded
// only when config/plugins.yaml enables it; two of one name stop every
// command.
func WithPlugins(p ...plugin.Plugin) Option {
	return func(o *options) { o.plugins = append(o.plugins, p...) }
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
	return cli.New(o.plugins...).Run(args, stdout, stderr)
}
