// Command kiln runs a Kiln project: serve the API, migrate the database,
// validate the content types. It wires the core and the plugins together
// and does nothing else.
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one subcommand: its name, a line of help and its body, which
// returns the process exit code.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"serve", "start the HTTP server (the default when no command is given)", runServe},
		{"init", "init [DIR]: write a minimal project (one content type, permissions, no plugin) to start from", runInit},
		{"migrate", "bring the database to the schema; --dry-run prints the SQL", runMigrate},
		{"validate", "check the content types and print every problem", runValidate},
		{"seed", "load the deterministic demo data (--scale small|large, --seed N) into an empty database", runSeed},
		{"admin", "admin create --email E --password P: create (or reset) an admin user", runAdmin},
		{"token", "token create|list|revoke: manage the API tokens servers call the API with", runToken},
		{"media", "media orphans [--delete]: list (or remove) stored files no file row names", runMedia},
		{"routes", "print the route table: method, path, action, roles allowed, source", runRoutes},
		{"version", "print the version", runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-') {
		name, args = args[0], args[1:]
	} else if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args, stdout, stderr)
		}
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "kiln: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Kiln, a headless CMS that speaks Strapi's REST dialect.")
	fmt.Fprintln(w, "\nUsage: kiln [command] [flags]   (kiln <command> --help for its flags)")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}
