package cli

import (
	"errors"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/app/window"
	"minca.dev/desktop/node/paths"
)

// runWindow opens the window and blocks until it is closed. The node keeps
// running in this process while the window is open if nobody else had it.
func runWindow(env Env, c command, args []string) error {
	if err := parseFlags(newFlags(env, c), args); err != nil {
		return err
	}
	return openWindowWith(env, "")
}

// openWindowWith opens the window, launched with a minca: link or "". One
// window per profile (app/instance): if one is open already, it gets the
// link (or is asked to show itself) and this process exits 0.
func openWindowWith(env Env, link string) error {
	links := make(chan string, 4)
	show := make(chan struct{}, 1)
	in, err := instance.Open(instance.Config{
		Profile: paths.DefaultProfile,
		OnLink: func(invite string) {
			select {
			case links <- invite:
			default: // a burst of launches: the window has enough to show
			}
		},
		OnActivate: func() {
			select {
			case show <- struct{}{}:
			default:
			}
		},
		Log: logger(env),
	}, link)
	if errors.Is(err, instance.ErrHandedOff) {
		return nil
	}
	if err != nil {
		if link != "" {
			return usageErr("%v", err)
		}
		return err
	}
	defer in.Close()
	dialogs := &window.Dialogs{}
	a, at, err := openAppWith(env, app.Desktop{ChooseFolder: dialogs.ChooseFolder, TrayAvailable: trayAvailable(env)})
	if err != nil {
		return err
	}
	defer at.Close()
	events := app.NodeEvents(env.Ctx, a)
	go func() {
		for {
			select {
			case <-env.Ctx.Done():
				return
			case invite := <-links:
				// The page shows the invite's preview (PreviewInvite).
				events.Keep("invite", app.Event{Name: "invite", Data: map[string]string{"link": invite}})
			}
		}
	}()
	return window.Run(window.Config{App: a, Events: events, Assets: env.Assets, Title: "Minca", Show: show, Dialogs: dialogs})
}

// trayAvailable is whether a StatusNotifierWatcher is on the session bus;
// a bus that cannot be asked counts as "yes" (the page then says nothing).
func trayAvailable(env Env) func() bool {
	return func() bool {
		ok, err := app.TrayOnBus("")
		if err != nil {
			logger(env).Debug("tray probe", "err", err)
			return true
		}
		return ok
	}
}
