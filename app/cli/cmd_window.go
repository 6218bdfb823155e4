package cli

import (
	"minca.dev/desktop/app"
	"minca.dev/desktop/app/window"
)

// runWindow opens the window and blocks until it is closed.
func runWindow(env Env, args []string) error {
	if err := parseFlags(newFlags(env, "window"), args); err != nil {
		return err
	}
	a, closer, err := openApp(env)
	if err != nil {
		return err
	}
	defer closer.Close()
	return window.Run(window.Config{
		App:    a,
		Events: app.NewEvents(app.StatusEvents(a)),
		Assets: env.Assets,
		Title:  "Minca",
	})
}
