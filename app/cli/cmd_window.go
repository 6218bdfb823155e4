package cli

import (
	"minca.dev/desktop/app"
	"minca.dev/desktop/app/window"
)

// runWindow opens the window and blocks until it is closed. The node keeps
// running in this process while the window is open if nobody else had it.
func runWindow(env Env, c command, args []string) error {
	if err := parseFlags(newFlags(env, c), args); err != nil {
		return err
	}
	a, at, err := openApp(env)
	if err != nil {
		return err
	}
	defer at.Close()
	return window.Run(window.Config{
		App:    a,
		Events: app.NodeEvents(env.Ctx, a),
		Assets: env.Assets,
		Title:  "Minca",
	})
}
