package cli

import (
	"encoding/json"
	"fmt"

	"minca.dev/desktop/app"
)

// runStatus prints the status line the window and the tray show, or with
// --json every field of app.Status.
func runStatus(env Env, args []string) error {
	fs := newFlags(env, "status")
	asJSON := fs.Bool("json", false, "print every field as JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	a, closer, err := openApp(env)
	if err != nil {
		return err
	}
	defer closer.Close()
	st, err := a.Status()
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	_, err = fmt.Fprintln(env.Stdout, app.StatusLine(st))
	return err
}
