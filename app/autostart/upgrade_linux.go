package autostart

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// olderLoginArgs are the LoginArgs older versions of Minca wrote into the
// login entry: the tray, hidden, without --background (before the window
// started its tray that way), which on a desktop with no tray icons starts
// GTK and an icon nobody sees.
var olderLoginArgs = [][]string{{"tray", "--hidden"}}

// upgrade rewrites the login entry's Exec line when an older Minca wrote
// it (a program path and one of olderLoginArgs): the same program, started
// with LoginArgs. Only that line changes, so whatever else the desktop
// keeps in the entry (X-GNOME-Autostart-enabled=false, from a session
// manager's own switch) stays. Any other entry, or none, is left alone.
func upgrade() error {
	path := Path()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("start at login: read the login entry: %w", err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for i, line := range lines {
		value, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "Exec=")
		if !ok {
			continue
		}
		args, ok := unquoteExec(value)
		if !ok || len(args) < 1 || !isOlder(args[1:]) || checkExec(args[0]) != nil {
			return nil
		}
		lines[i] = "Exec=" + quoteExec(append([]string{args[0]}, LoginArgs...)) + line[len("Exec=")+len(value):]
		return replaceFile(path, []byte(strings.Join(lines, "")))
	}
	return nil
}

// isOlder reports whether args are one of olderLoginArgs.
func isOlder(args []string) bool {
	return slices.ContainsFunc(olderLoginArgs, func(old []string) bool { return slices.Equal(old, args) })
}

// quoteExec writes args as go-autostart does on an Exec line: each one
// quoted with strconv.Quote, joined by spaces.
func quoteExec(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = strconv.Quote(a)
	}
	return strings.Join(quoted, " ")
}

// unquoteExec reads an Exec line's value quoteExec wrote; ok is false for
// any other.
func unquoteExec(value string) (args []string, ok bool) {
	for rest := value; rest != ""; {
		q, err := strconv.QuotedPrefix(rest)
		if err != nil || q[0] != '"' {
			return nil, false
		}
		a, err := strconv.Unquote(q)
		if err != nil {
			return nil, false
		}
		args = append(args, a)
		rest = rest[len(q):]
		if rest != "" {
			if rest, ok = strings.CutPrefix(rest, " "); !ok || rest == "" {
				return nil, false
			}
		}
	}
	return args, true
}

// replaceFile puts data at path through a file beside it renamed over it,
// so a session starting meanwhile reads the old entry or the new one,
// never half of one; the new file keeps the old one's permissions.
func replaceFile(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("start at login: rewrite the login entry: %w", err)
	}
	// Not named *.desktop: a session manager never reads it as an entry.
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+Name+".upgrade-*")
	if err != nil {
		return fmt.Errorf("start at login: rewrite the login entry: %w", err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(info.Mode().Perm())
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("start at login: rewrite the login entry: %w", err)
	}
	return nil
}
