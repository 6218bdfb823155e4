// Package cli is the `minca` command: it parses the verb before anything
// else sees the arguments (Wails parses none in production builds, but its
// dev build has flags of its own), reaches the profile's node through
// node/attach (owning it in process when nobody else does, else as a client
// of the owner's local socket), and hands the node's api.Node to the
// window, the tray, the browser bridge or a one-shot verb.
//
// One file per command: cmd_<verb>.go, each with its options struct.
// Arguments are checked before the node is reached, and a space or member
// given by name is resolved (resolve.go) before anything is asked of it: a
// bad one exits 2 and changes nothing. Errors print with a "hint:" line
// where one helps; every verb that prints takes --json; every command and
// group answers -h with its usage. What is printed for people says what the
// window says, in its words (node/api statewords.go).
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/vault"
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
	Stdin  io.Reader           // where "-" files are read from; nil = os.Stdin
	Stdout io.Writer           // where a verb's output goes
	Stderr io.Writer           // where errors and logs go
	Assets fs.FS               // the built frontend (frontend/dist)
	Paths  paths.Env           // where the node's state lives
	Getenv func(string) string // environment lookup (MINCA_LOG, MINCA_KEYCHAIN, MINCA_PASSPHRASE, ...)
}

func (env Env) getenv(key string) string {
	if env.Getenv == nil {
		return ""
	}
	return env.Getenv(key)
}

// errUsage marks an error in how the command was called.
var errUsage = errors.New("usage")

// usageErr is an error in how the command was called.
func usageErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// Run runs the command and returns its exit code.
func Run(env Env) int {
	args := env.Args
	if len(args) == 0 {
		args = []string{"window"}
	}
	if len(args) == 1 && isHelp(args[0]) {
		usage(env.Stdout)
		return exitOK
	}
	if instance.IsLinkArg(args[0]) { // the desktop opening a minca: link
		if len(args) > 1 {
			fmt.Fprintf(env.Stderr, "minca: unexpected argument %q after a link\n", args[1])
			return exitUsage
		}
		return report(env, "window", openWindowWith(env, args[0]))
	}
	if g, ok := groupHelp(args); ok {
		groupUsage(env.Stdout, g)
		return exitOK
	}
	if args[0] == "help" {
		return runHelp(env, args[1:])
	}
	cmd, rest, err := find(args)
	if err != nil {
		fmt.Fprintf(env.Stderr, "minca: %v\n\n", err)
		if slices.Contains(groups(), args[0]) {
			groupUsage(env.Stderr, args[0])
		} else {
			usage(env.Stderr)
		}
		return exitUsage
	}
	return report(env, cmd.name, cmd.run(env, cmd, rest))
}

// isHelp says whether arg asks for help: -h, --help, -help or help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help" || arg == "help"
}

// groupHelp says whether args ask a group for its usage ("folder --help").
func groupHelp(args []string) (string, bool) {
	if len(args) != 2 || !isHelp(args[1]) || !slices.Contains(groups(), args[0]) {
		return "", false
	}
	return args[0], true
}

// runHelp is `minca help [COMMAND...]`: the usage of everything, of a
// group, or of one command (as its -h prints it).
func runHelp(env Env, args []string) int {
	switch {
	case len(args) == 0:
		usage(env.Stdout)
		return exitOK
	case len(args) == 1 && slices.Contains(groups(), args[0]):
		groupUsage(env.Stdout, args[0])
		return exitOK
	}
	cmd, rest, err := find(args)
	if err != nil || len(rest) > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected argument %q", rest[0])
		}
		fmt.Fprintf(env.Stderr, "minca help: %v\nhint: minca help lists every command\n", err)
		return exitUsage
	}
	return report(env, cmd.name, cmd.run(env, cmd, []string{"-h"}))
}

// find picks the command args name: one word, or a group and a word.
func find(args []string) (command, []string, error) {
	for _, c := range commands() {
		words := strings.Fields(c.name)
		if len(args) >= len(words) && strings.Join(args[:len(words)], " ") == c.name {
			return c, args[len(words):], nil
		}
	}
	for _, g := range groups() {
		if args[0] == g {
			if len(args) == 1 {
				return command{}, nil, fmt.Errorf("%s needs a subcommand: %s", g, strings.Join(subcommands(g), ", "))
			}
			if strings.HasPrefix(args[1], "-") {
				return command{}, nil, fmt.Errorf("unknown option %s: %s needs a subcommand first: %s", args[1], g, strings.Join(subcommands(g), ", "))
			}
			return command{}, nil, fmt.Errorf("unknown command %q; %s has: %s", g+" "+args[1], g, strings.Join(subcommands(g), ", "))
		}
	}
	if strings.HasPrefix(args[0], "-") {
		return command{}, nil, fmt.Errorf("unknown option %s", args[0])
	}
	if h := instance.WebLinkHint(args[0]); h != "" {
		return command{}, nil, fmt.Errorf("unknown command %q: %s", args[0], h)
	}
	return command{}, nil, fmt.Errorf("unknown command %q", args[0])
}

func report(env Env, name string, err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errUsage):
		fmt.Fprintf(env.Stderr, "minca %s: %s\n", name, strings.TrimPrefix(err.Error(), errUsage.Error()+": "))
		fmt.Fprintf(env.Stderr, "hint: minca %s -h shows its usage\n", name)
		return exitUsage
	}
	fmt.Fprintf(env.Stderr, "minca %s: %v\n", name, err)
	var ae *api.Error
	if errors.As(err, &ae) && api.InviteWhy(ae.Reason) != "" {
		fmt.Fprintf(env.Stderr, "  %s\n", api.InviteWhy(ae.Reason)) // what is wrong with the link, in plain words
	}
	if h := hint(err); h != "" {
		fmt.Fprintf(env.Stderr, "hint: %s\n", h)
	}
	if api.CodeOf(err) == api.CodeInvalid {
		return exitUsage // the node refused the input; nothing changed
	}
	return exitError
}

// Hints that name how to do on the command line what the node's own hints
// say for any UI.
const (
	hintNoAccount = "create one with `minca account create --name NAME`, or restore one with `minca account restore`"
	hintLocked    = "give its passphrase: MINCA_PASSPHRASE=… with each command, or once to a running `minca host` " +
		"or tray with `minca account restore --passphrase-file FILE` (- reads stdin); lost it? --recovery-code-file FILE"
)

// hintPassphrase: no keychain, so the account needs a new passphrase, as
// long as the node asks (vault.MinPassphraseLen).
var hintPassphrase = "give a passphrase to lock the account's keys: MINCA_PASSPHRASE=… or --passphrase-file FILE (- reads stdin); " +
	"at least " + strconv.Itoa(vault.MinPassphraseLen) + " characters"

// hint says what the user can do about an error: ours where the command
// line has its own way to unlock, else the node's, else ours.
func hint(err error) string {
	if api.CodeOf(err) == api.CodeLocked {
		return hintLocked
	}
	var ae *api.Error
	if errors.As(err, &ae) && ae.Hint != "" {
		return ae.Hint
	}
	switch {
	case errors.Is(err, paths.ErrNoHome):
		return "set HOME to your home directory (on Linux, XDG_DATA_HOME also works)"
	case api.CodeOf(err) == api.CodeNoAccount:
		return hintNoAccount
	}
	return ""
}

// withHint is err with another hint, when it is an *api.Error.
func withHint(err error, hint string) error {
	var ae *api.Error
	if !errors.As(err, &ae) {
		return err
	}
	return &api.Error{Code: ae.Code, Message: ae.Message, Hint: hint, Detail: ae.Detail, Reason: ae.Reason, Err: ae.Err}
}

// newFlags returns a flag set for a command: -h prints the command's usage
// to env.Stdout, and then each of more as a paragraph; a flag error is left to parseArgs, which returns it as a
// usage error (report prints it once, with a hint).
func newFlags(env Env, c command, more ...string) *flag.FlagSet {
	fs := flag.NewFlagSet("minca "+c.name, flag.ContinueOnError)
	failed := &flagFailure{}
	fs.SetOutput(failed)
	fs.Usage = func() {
		if failed.said {
			return // a flag error, not -h
		}
		fmt.Fprintf(env.Stdout, "Usage: minca %s %s\n\n%s\n", c.name, c.args, c.summary)
		if about := argsAbout(c.args); about != "" {
			fmt.Fprintf(env.Stdout, "\nArguments:\n%s", about)
		}
		if hasFlags(fs) {
			fmt.Fprintln(env.Stdout, "\nOptions:")
			fs.SetOutput(env.Stdout)
			fs.PrintDefaults()
			fs.SetOutput(failed)
		}
		for _, m := range more {
			fmt.Fprintf(env.Stdout, "\n%s\n", m)
		}
	}
	return fs
}

// flagFailure is a flag set's output: the flag package writes there only
// to say what was wrong, which parseArgs says instead.
type flagFailure struct{ said bool }

func (f *flagFailure) Write(p []byte) (int, error) {
	f.said = true
	return len(p), nil
}

// argWords say what the arguments of the usage lines are.
var argWords = []struct{ arg, about string }{
	{"SPACE", "a space's name (any case; give its id when two share the name) or its id, as `minca space list` prints them"},
	{"ACCOUNT", "a member's name (any case) or account id (did:key:…), as `minca member list` prints them; an account that is no member yet by its id"},
	{"INVITE-KEY", "an invite's key (did:key:…), as `minca invite list` prints it"},
}

// argsAbout says what the arguments of a usage line mean, one a line.
func argsAbout(args string) string {
	var b strings.Builder
	for _, a := range argWords {
		if slices.Contains(strings.Fields(args), a.arg) || slices.Contains(strings.Fields(args), "["+a.arg+"]") {
			fmt.Fprintf(&b, "  %-10s %s\n", a.arg, a.about)
		}
	}
	return b.String()
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// flagProblems reword the flag package's errors.
var flagProblems = []struct{ prefix, say string }{
	{"flag provided but not defined: ", "unknown option %s"},
	{"flag needs an argument: ", "option %s needs a value"},
}

// flagErr is a flag error as a usage error, in the command line's words.
func flagErr(err error) error {
	msg := err.Error()
	for _, p := range flagProblems {
		if rest, ok := strings.CutPrefix(msg, p.prefix); ok {
			return usageErr(p.say, rest)
		}
	}
	return usageErr("%s", msg)
}

// parseFlags parses args and refuses positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	_, err := parseArgs(fs, args, 0, 0)
	return err
}

// parseArgs parses flags anywhere among args and returns the positional
// arguments, refusing fewer than least or more than most.
func parseArgs(fs *flag.FlagSet, args []string, least, most int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagErr(err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(pos) > most:
		return nil, usageErr("unexpected argument %q", pos[most])
	case len(pos) < least:
		return nil, usageErr("missing arguments: %s", strings.TrimPrefix(fs.Name(), "minca ")+" wants "+argsOf(fs.Name()))
	}
	return pos, nil
}

func argsOf(name string) string {
	for _, c := range commands() {
		if "minca "+c.name == name {
			return c.args
		}
	}
	return "more arguments"
}

// logger logs to env.Stderr at the level MINCA_LOG names (default: warn).
func logger(env Env) *slog.Logger {
	level := slog.LevelWarn
	switch strings.ToLower(env.getenv("MINCA_LOG")) {
	case "debug":
		level = slog.LevelDebug
	case "info":
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: level}))
}
