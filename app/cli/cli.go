// Package cli is the `minca` command: it parses the verb before anything
// else sees the arguments (Wails parses none in production builds, but its
// dev build has flags of its own), opens the node of the profile, and hands
// it to the window, the tray, the browser bridge or a one-shot verb.
//
// One file per verb: cmd_<verb>.go.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"strings"

	"minca.dev/desktop/app"
	"minca.dev/desktop/node"
	"minca.dev/desktop/node/paths"
)

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// Env is everything a run of the command gets from outside.
type Env struct {
	Ctx    context.Context     // cancelled to stop a long-running verb
	Args   []string            // the arguments, without the program name
	Stdout io.Writer           // where a verb's output goes
	Stderr io.Writer           // where errors and logs go
	Assets fs.FS               // the built frontend (frontend/dist)
	Paths  paths.Env           // where the node's state lives
	Getenv func(string) string // environment lookup (MINCA_LOG)
}

// verb is one subcommand.
type verb struct {
	name    string
	summary string
	run     func(env Env, args []string) error
}

func verbs() []verb {
	return []verb{
		{"window", "open the window (the default with no arguments)", runWindow},
		{"tray", "run the tray process, which keeps sync running", runTray},
		{"ui", "serve the window's UI to a browser on loopback: ui --listen 127.0.0.1:PORT", runUI},
		{"status", "print the status line (--json for all fields)", runStatus},
		{"version", "print the version", runVersion},
	}
}

// errUsage marks an error in how the command was called.
var errUsage = errors.New("usage")

// Run runs the command and returns its exit code.
func Run(env Env) int {
	name, args := "window", env.Args
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(env.Stdout)
		return exitOK
	}
	for _, v := range verbs() {
		if v.name == name {
			return report(env, name, v.run(env, args))
		}
	}
	fmt.Fprintf(env.Stderr, "minca: unknown command %q\n\n", name)
	usage(env.Stderr)
	return exitUsage
}

func report(env Env, name string, err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errUsage):
		fmt.Fprintf(env.Stderr, "minca %s: %v\n", name, err)
		return exitUsage
	default:
		fmt.Fprintf(env.Stderr, "minca %s: %v\n", name, err)
		if h := hint(err); h != "" {
			fmt.Fprintf(env.Stderr, "hint: %s\n", h)
		}
		return exitError
	}
}

// hint says what the user can do about an error, where we know.
func hint(err error) string {
	switch {
	case errors.Is(err, paths.ErrNoHome):
		return "set HOME to your home directory (on Linux, XDG_DATA_HOME also works)"
	case errors.Is(err, node.ErrNewerStore):
		return "a newer Minca wrote this store: update Minca to open it"
	}
	return ""
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Minca Desktop: your spaces, kept in sync.")
	fmt.Fprintln(w, "\nUsage: minca [command]\n\nCommands:")
	for _, v := range verbs() {
		fmt.Fprintf(w, "  %-8s %s\n", v.name, v.summary)
	}
}

// newFlags returns a flag set for a verb that reports to env.Stderr.
func newFlags(env Env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("minca "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	return fs
}

// parseFlags parses args and refuses positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	return nil
}

// logger logs to env.Stderr at the level MINCA_LOG names (default: warn).
func logger(env Env) *slog.Logger {
	level := slog.LevelWarn
	if env.Getenv != nil {
		switch strings.ToLower(env.Getenv("MINCA_LOG")) {
		case "debug":
			level = slog.LevelDebug
		case "info":
			level = slog.LevelInfo
		}
	}
	return slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: level}))
}

// openApp opens the default profile's node and the App over it. The caller
// closes the returned closer when done.
func openApp(env Env) (*app.App, io.Closer, error) {
	cfg, err := node.ConfigFor(env.Paths, paths.DefaultProfile)
	if err != nil {
		return nil, nil, err
	}
	n, err := node.Open(env.Ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	a, err := app.New(app.Config{Node: n, Log: logger(env)})
	if err != nil {
		n.Close()
		return nil, nil, err
	}
	return a, n, nil
}
