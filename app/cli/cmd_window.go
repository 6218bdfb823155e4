package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/app/window"
	"minca.dev/desktop/node/paths"
)

// runWindow opens the window and blocks until it is closed. The node keeps
// running in this process while the window is open if nobody else had it;
// a tray of the profile, which the window starts (keepSyncing), takes it
// over when the window closes: with its icon where the desktop shows tray
// icons, else without one. The page says what happens once the window
// closes (background.afterClose, watchAfterClose).
func runWindow(env Env, c command, args []string) error {
	if err := parseFlags(newFlags(env, c), args); err != nil {
		return err
	}
	return openWindowWith(env, "")
}

// openWindowWith opens the window, launched with a minca: link or "". One
// window per profile (app/instance): if one is open already, it gets the
// link (or is asked to show itself) and this process exits 0. A `minca
// ui` holding the profile's instance makes way for it instead (unless it
// takes the link, with a page open): this window then opens as a client
// of the node the UI owns.
func openWindowWith(env Env, link string) error {
	links := make(chan string, 4)
	show := make(chan struct{}, 1)
	in, err := instance.Open(instance.Config{
		Profile:    paths.DefaultProfile,
		OnLink:     offerLink(links),
		OnActivate: func() { raiseWindow(show) },
		Log:        logger(env),
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
	// A link went to an open window above; this one needs a display.
	if err := checkDisplay(env); err != nil {
		return err
	}
	win := &window.Handle{}
	var bg *background
	var events *app.Events
	afterClose := func() string { return bg.afterClose() }
	a, at, err := openAppWith(env, app.Desktop{ChooseFolder: win.ChooseFolder, AfterClose: afterClose,
		Quit: func() error { return quitAll(env, win) }, CopyText: win.CopyText,
		Links: func() []any { return events.Kept("invite") }})
	if err != nil {
		return err
	}
	defer at.Close()
	bg = newBackground(at)
	keepSyncing(env, bg)
	go notifyJoins(env, at.Node())
	events = app.NodeEvents(env.Ctx, a)
	go linkEvents(env.Ctx, events, links, show)
	go watchAfterClose(env.Ctx, events, afterClose, afterCloseRecheck)
	return window.Run(window.Config{App: a, Events: events, Assets: env.Assets, Title: "Minca", Show: show, Handle: win,
		OnURL: openedLink(env, links)})
}

// openedLink is the window's OnURL: a link macOS opened with Minca (an
// Apple Event) goes to the page as one handed over by a later launch does
// (app/instance: ParseLink, then Pasted); one that is no invite link is
// logged and dropped.
func openedLink(env Env, links chan<- string) func(string) {
	offer := offerLink(links)
	return func(url string) {
		l, err := instance.ParseLink(url)
		if err != nil {
			logger(env).Warn("window: opened link refused", "err", err)
			return
		}
		offer(l.Pasted())
	}
}

// offerLink is an instance.Config.OnLink that queues links for linkEvents.
func offerLink(links chan<- string) func(string) {
	return func(invite string) {
		select {
		case links <- invite:
		default: // a burst of launches: the page has enough to show
		}
	}
}

// raiseWindow asks the window to show itself, once however often asked.
func raiseWindow(show chan<- struct{}) {
	select {
	case show <- struct{}{}:
	default:
	}
}

// linkEvents sends each link handed over (app/instance) to the page as an
// "invite" event {link, id}: the page fills in the Join screen and shows
// the invite's preview (PreviewInvite). The event is kept, so a page that
// subscribes later (the window's page loads after a launch link arrives)
// gets it too; the id, new for every hand-off, tells the page one it has
// shown already. With show not nil, the window is raised too (it may be
// hidden or minimised). Runs until ctx ends.
func linkEvents(ctx context.Context, events *app.Events, links <-chan string, show chan<- struct{}) {
	run := time.Now().UnixNano()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case invite := <-links:
			id := fmt.Sprintf("%x-%d", run, n)
			events.Keep("invite", app.Event{Name: "invite", Data: map[string]string{"link": invite, "id": id}})
			if show != nil {
				raiseWindow(show)
			}
		}
	}
}

// quitAll is the window's Quit (Settings): it stops the profile's tray,
// which would keep syncing in the background, then closes the window.
func quitAll(env Env, win *window.Handle) error {
	if _, err := stopTray(env.Ctx); err != nil {
		return err
	}
	return win.Close()
}
