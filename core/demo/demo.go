// Package demo is what a program's demo data hands Kiln's command line.
// A program gives its data with kiln.WithDemo, as it gives its plugins
// with kiln.WithPlugins: `kiln seed` loads it at a chosen scale into an
// empty database, and the first start of `kiln serve` on the default
// SQLite database loads its default scale, printing the demo accounts
// once. cmd/kiln gives the platform's (package dataset). A program without
// one has no demo data: `kiln seed` says so, and a first start loads
// nothing.
package demo

import (
	"context"

	"github.com/kiln-cms/kiln/core/content"
)

// Data is a demo data set, at the scales it comes in.
type Data interface {
	// Scales names the scales Generate makes, the default first: the
	// values of `kiln seed --scale`, the first of them the one a first
	// start loads.
	Scales() []string
	// About is what `kiln seed --help` says of the data and its scales.
	About() string
	// Generate makes the set of a scale from a random seed: the same
	// scale and seed make the same rows. Kiln calls it with one of
	// Scales only (`kiln seed` refuses any other name, exiting with 2).
	Generate(scale string, seed uint64) (Set, error)
}

// Set is the data of one scale and seed, ready to load.
type Set interface {
	// Missing lists what the set needs that the app lacks (a content
	// type, a field, a role), in words. A project of its own content
	// types lacks it, and its first start then loads nothing.
	Missing(a App) []string
	// Empty reports whether the app holds none of the set's entries: a
	// first start loads the set only then.
	Empty(ctx context.Context, a App) (bool, error)
	// Seed writes the set into an empty database, with its demo
	// accounts, and returns the accounts with their passwords.
	Seed(ctx context.Context, a App, o Options) ([]Account, error)
}

// App is what a set is loaded into.
type App struct {
	// Content is the content service every entry is written through.
	Content *content.Service
	// RoleIDs are the roles' ids by type ("admin", "authenticated", ...).
	RoleIDs map[string]int64
}

// Options are the choices of one Seed.
type Options struct {
	// Password is every demo account's password; empty gives each a
	// random one.
	Password string
	// Progress, when set, is told as each table is written: done of
	// total rows.
	Progress func(table string, done, total int)
}

// Account is a demo account as made: the only place its password is kept
// in clear, to be shown once.
type Account struct {
	Role, Email, Password string
	// Linked is the entry the account is linked to ("coach 1"), if any.
	Linked string
}
