package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/internal/app"
)

// projectFlags are the folder flags every command that reads the project
// takes; they override KILN_CONTENT_TYPES_DIR, KILN_CONFIG_DIR and
// KILN_DATA_DIR.
type projectFlags struct {
	contentTypes, config, data string
}

func newFlagSet(name, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("kiln "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: kiln %s [flags]\n\n%s\n\nFlags:\n", name, summary)
		fs.PrintDefaults()
	}
	return fs
}

func (p *projectFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.contentTypes, "content-types", "", "folder of the content types: YAML files, or a Strapi project's src/ (default content-types, or KILN_CONTENT_TYPES_DIR)")
	fs.StringVar(&p.config, "config", "", "folder of the config YAML files (default config, or KILN_CONFIG_DIR)")
	fs.StringVar(&p.data, "data", "", "data folder: SQLite file, generated secret (default data, or KILN_DATA_DIR)")
}

// load reads the config with the flags taking precedence over the
// environment.
func (p *projectFlags) load() (config.Config, error) {
	over := map[string]string{
		"KILN_CONTENT_TYPES_DIR": p.contentTypes, "KILN_CONFIG_DIR": p.config, "KILN_DATA_DIR": p.data,
	}
	return config.Load(func(k string) string {
		if v := over[k]; v != "" {
			return v
		}
		return os.Getenv(k)
	})
}

// parseFlags parses args; it returns an exit code when the command should
// stop (help asked: 0, bad flags: 2).
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0, true
		}
		return 2, true
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2, true
	}
	return 0, false
}

// setup is the start of every command that reads the project: its flags
// (the folder flags plus those more adds), then the config. When stop is
// true the command ends with code (help shown, bad flags, bad config).
func (k *CLI) setup(name, summary string, args []string, stderr io.Writer, more func(*flag.FlagSet)) (cfg config.Config, code int, stop bool) {
	var pf projectFlags
	fs := newFlagSet(name, summary, stderr)
	pf.register(fs)
	if more != nil {
		more(fs)
	}
	if code, stop := parseFlags(fs, args); stop {
		return cfg, code, true
	}
	cfg, err := pf.load()
	if err == nil {
		// Before anything is written (the data folder, the JWT secret,
		// the SQLite file): a folder that is no project stops here.
		err = checkProject(cfg)
	}
	if err == nil {
		// A misspelt plugin name stops every command, not only those that
		// load the plugins: it would otherwise silently leave one out.
		err = cfg.CheckPlugins(k.names())
	}
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return cfg, 1, true
	}
	return cfg, 0, false
}

// checkProject refuses a project without its content-types folder: kiln
// run from the wrong folder (or given the wrong one) must say so, not make
// a data folder there. The config folder may be missing: every setting has
// a default, and a project of only content types starts, closed.
func checkProject(cfg config.Config) error {
	dir := cfg.Paths.ContentTypes
	shown := dir
	if abs, err := filepath.Abs(dir); err == nil && abs != dir {
		shown = dir + " (" + abs + ")"
	}
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no content-types folder: %s does not exist. Run kiln in a project's folder, give the folder "+
			"with --content-types DIR or KILN_CONTENT_TYPES_DIR, or make a project with kiln init", shown)
	case err != nil:
		return fmt.Errorf("reading the content-types folder %s: %w", shown, err)
	case !info.IsDir():
		return fmt.Errorf("the content-types folder %s is a file, not a folder", shown)
	}
	return nil
}

// newLogger builds the structured logger the config asks for.
func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.Server.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if strings.EqualFold(cfg.Server.LogFormat, "json") {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// quietApp builds the app for a one-shot command (seed, routes, admin):
// the secret ensured, the plugins loaded, the logs discarded. On failure it
// has printed the reason and returns nil.
func (k *CLI) quietApp(cfg config.Config, stderr io.Writer) *app.App {
	if _, err := cfg.EnsureSecret(); err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return nil
	}
	enabled, err := k.enabled(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return nil
	}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), enabled...)
	if err != nil {
		fmt.Fprintln(stderr, "kiln:", err)
		return nil
	}
	return a
}
