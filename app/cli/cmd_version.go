package cli

import (
	"fmt"

	"minca.dev/desktop/app"
)

// runVersion prints "minca <version>".
func runVersion(env Env, c command, args []string) error {
	if err := parseFlags(newFlags(env, c), args); err != nil {
		return err
	}
	_, err := fmt.Fprintf(env.Stdout, "minca %s\n", app.Version)
	return err
}
