// Package window runs the desktop window: a Wails v2 webview over the
// embedded frontend, with the App's methods bound as window.go.app.App.*
// and the app's event stream forwarded as Wails events.
//
// This is the only file in the module that imports Wails (docs/ARCHITECTURE.md;
// checked by tests/deps_test.go). A binary needs the build tags
// desktop,production (and webkit2_41 on Linux) for Run to open a window.
package window

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"
	"github.com/wailsapp/wails/v2/pkg/options/mac"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"minca.dev/desktop/app"
)

// Window size at start, and the least it can be made.
const (
	width, height       = 1024, 700
	minWidth, minHeight = 720, 480
)

// Config is what Run needs.
type Config struct {
	App    *app.App    // bound as window.go.app.App
	Events *app.Events // forwarded as runtime events, by event name
	Assets fs.FS       // the built frontend (frontend/dist)
	Title  string      // window title
	// Show, if not nil, raises the window each time it receives (a later
	// launch asked this one to show itself: app/instance).
	Show <-chan struct{}
	// Handle, if not nil, is set to this window once it runs.
	Handle *Handle
	// OnURL, if not nil, gets each link the system opens with this app
	// while the window runs: macOS sends minca: links as Apple Events, not
	// as arguments (build/darwin/Info.plist's CFBundleURLSchemes).
	OnURL func(url string)
}

// Handle is what the rest of the program does with the running window:
// its native folder dialog (app.Desktop.ChooseFolder), the clipboard
// (app.Desktop.CopyText) and closing it (app.Desktop.Quit). It answers an error until Run has started the window.
type Handle struct {
	mu  sync.Mutex
	ctx context.Context // the running window's, set at startup
}

// ChooseFolder asks for a folder in the native dialog; "" if cancelled.
func (d *Handle) ChooseFolder() (string, error) {
	ctx, err := d.running()
	if err != nil {
		return "", err
	}
	return runtime.OpenDirectoryDialog(ctx, runtime.OpenDialogOptions{
		Title: "Choose your Minca data folder — it may be inside Dropbox, iCloud Drive or Syncthing", CanCreateDirectories: true, ShowHiddenFiles: false,
	})
}

// CopyText puts text on the system clipboard (app.Desktop.CopyText): the
// page's navigator.clipboard may not work in WebKitGTK, so the page asks
// the window (frontend/src/lib/host.ts, copyText).
func (d *Handle) CopyText(text string) error {
	ctx, err := d.running()
	if err != nil {
		return err
	}
	return runtime.ClipboardSetText(ctx, text)
}

// Close closes the window: Run returns.
func (d *Handle) Close() error {
	ctx, err := d.running()
	if err != nil {
		return err
	}
	runtime.Quit(ctx)
	return nil
}

// running is the running window's context.
func (d *Handle) running() (context.Context, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx == nil {
		return nil, errors.New("window: the window is not open")
	}
	return d.ctx, nil
}

func (d *Handle) start(ctx context.Context) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.ctx = ctx
	d.mu.Unlock()
}

// Run opens the window and blocks until it is closed. Where the window
// cannot open (Wails panics when GTK does not start, as on a display that
// is named but cannot be reached), it returns that as an error.
func Run(cfg Config) (err error) {
	if cfg.App == nil || cfg.Events == nil || cfg.Assets == nil {
		return errors.New("window: App, Events and Assets are required")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the window could not open: %v (is the display reachable?)", r)
		}
	}()
	var stop func()
	return wails.Run(&options.App{
		Title:            cfg.Title,
		Width:            width,
		Height:           height,
		MinWidth:         minWidth,
		MinHeight:        minHeight,
		BackgroundColour: &options.RGBA{R: 246, G: 247, B: 249, A: 255},
		AssetServer:      &assetserver.Options{Assets: cfg.Assets},
		Bind:             bound(cfg.App),
		OnStartup: func(ctx context.Context) {
			cfg.Handle.start(ctx)
			go raise(ctx, cfg.Show)
		},
		// Events go to the page once it has loaded (and listens), and again
		// from a fresh snapshot after each reload: one emitted before is lost,
		// such as the link the window was launched with.
		OnDomReady: func(ctx context.Context) {
			if stop != nil {
				stop()
			}
			stop = forward(ctx, cfg.Events)
		},
		OnShutdown: func(context.Context) {
			if stop != nil {
				stop()
			}
		},
		Linux: &linux.Options{ProgramName: "minca", WebviewGpuPolicy: linux.WebviewGpuPolicyNever},
		// DisableZoom keeps the zoom button as it is without Mac options.
		Mac: &mac.Options{OnUrlOpen: cfg.OnURL, DisableZoom: true},
	})
}

// bound is what the window binds for the page: window.go.app.App.*.
func bound(a *app.App) []any { return []any{a} }

// Bindings is what a binary built with the tag "bindings" runs instead of
// the program (main_bindings.go): the wails CLI's `wails build` builds one
// and runs it in the project directory, where wails.Run then writes the
// page's bindings of the bound types to frontend/wailsjs/ (which the page
// does not use: frontend/src/lib/host.ts calls window.go directly) and
// returns. No node, profile, window or tray is opened: the App bound is a
// zero one, only its methods' types are read. Built without that tag,
// Bindings fails: Wails wants desktop or dev.
func Bindings() error {
	return wails.Run(&options.App{Title: "minca", Bind: bound(&app.App{})})
}

// forward emits every event of the stream as a Wails event until stopped;
// fallen behind, it starts again from a fresh snapshot (app.Events.Follow).
func forward(ctx context.Context, events *app.Events) (stop func()) {
	return events.Follow(func(ev app.Event) { runtime.EventsEmit(ctx, ev.Name, ev.Data) })
}

// raise shows the window whenever show receives, until ctx ends.
func raise(ctx context.Context, show <-chan struct{}) {
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-show:
			if !ok {
				return
			}
			runtime.WindowUnminimise(ctx)
			runtime.WindowShow(ctx)
		}
	}
}
