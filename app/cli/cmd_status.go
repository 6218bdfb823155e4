package cli

import (
	"fmt"
	"io"

	"minca.dev/desktop/app"
)

// runStatus prints the status line the window and the tray show, or with
// --json every field of app.Status.
func runStatus(env Env, c command, args []string) error {
	var o output
	fs := newFlags(env, c)
	o.flag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	a, at, err := openOnce(env)
	if err != nil {
		return err
	}
	defer at.Close()
	st, err := a.Status()
	if err != nil {
		return err
	}
	return o.print(env, st, func(w io.Writer) { fmt.Fprintln(w, app.StatusLine(st)) })
}
