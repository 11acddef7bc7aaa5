// Command kiln runs a Kiln project: serve the API, migrate the database,
// validate the content types. It wires the core and the plugins together
// and does nothing else.
package cli

import (
	"fmt"
	"io"
)

// command is one subcommand: its name, a line of help and its body, which
// returns the process exit code.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func (k *CLI) commands() []command {
	return []command{
		{"serve", "start the HTTP server (the default when no command is given)", k.runServe},
		{"init", "init [DIR]: write a minimal project (one content type, permissions, no plugin) to start from", k.runInit},
		{"migrate", "bring the database to the schema; --dry-run prints the SQL", k.runMigrate},
		{"validate", "check the content types and print every problem", k.runValidate},
		{"seed", k.seedSummary(), k.runSeed},
		{"admin", "admin create --email E --password P: create (or reset) an admin user", k.runAdmin},
		{"token", "token create|list|revoke: manage the API tokens servers call the API with", k.runToken},
		{"import", "import FILE [--key K] [--force] [--dry-run]: load a Strapi export (strapi export's archive) in place of every entry", k.runImport},
		{"export", "export -f NAME [--no-encrypt|--key K] [--no-compress]: write the content and files as strapi export does", k.runExport},
		{"media", "media orphans [--delete]: stored files no row names; media move --to local|s3: move files between providers", k.runMedia},
		{"routes", "print the route table: method, path, action, roles allowed, source", k.runRoutes},
		{"version", "print the version", k.runVersion},
	}
}

// Run runs the command args name (serve when none is named) and returns
// the process's exit code: 0 done, 1 failed, 2 a bad command line.
func (k *CLI) Run(args []string, stdout, stderr io.Writer) int {
	if k.problem != nil {
		fmt.Fprintln(stderr, "kiln:", k.problem)
		return 1
	}
	name := "serve"
	if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-') {
		name, args = args[0], args[1:]
	} else if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		k.usage(stdout)
		return 0
	}
	for _, c := range k.commands() {
		if c.name == name {
			return c.run(args, stdout, stderr)
		}
	}
	if name == "help" {
		k.usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "kiln: unknown command %q\n\n", name)
	k.usage(stderr)
	return 2
}

func (k *CLI) usage(w io.Writer) {
	fmt.Fprintln(w, "Kiln, a headless CMS that speaks Strapi's REST dialect.")
	fmt.Fprintln(w, "\nUsage: kiln [command] [flags]   (kiln <command> --help for its flags)")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range k.commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}
