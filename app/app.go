// Package app is the Go side of the user interface: the methods the window
// binds (through Wails) and `minca ui` serves to a browser (through Bridge),
// and the event stream both hosts forward. Bound methods are thin: each
// calls the node's api.Node (node/api) and returns (T, error), so an error
// rejects the JS promise; an *api.Error reaches the page with its code and
// hint (uierror.go). The bound surface is api.Node's methods by name, with
// the same arguments minus ctx, except Watch, whose events arrive as events
// (events.go), and Status, which adds the status line; plus the host's
// extras of Desktop (desktop.go): ChooseFolder, Autostart, SetAutostart,
// AfterClose, Quit.
package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"minca.dev/desktop/node/api"
)

// Version is the app's version, set at build time with
// -ldflags "-X minca.dev/desktop/app.Version=…".
var Version = "0.1.0-dev"

// callTimeout bounds one bound call. Moving a data folder copies every file,
// so it has a longer one.
const (
	callTimeout = 30 * time.Second
	moveTimeout = 30 * time.Minute
)

// Config is what New needs.
type Config struct {
	Node    api.Node     // the node the UI drives
	Version string       // shown in status; Version if empty
	Log     *slog.Logger // where calls are logged at debug level; nil for none
	Desktop Desktop      // the host's extras (desktop.go); zero for none
}

// App holds the bound methods. Every exported method is callable from the
// UI, so App has no other exported methods.
type App struct {
	node    api.Node
	version string
	log     *slog.Logger
	desktop Desktop
}

// New returns the App for cfg.
func New(cfg Config) (*App, error) {
	if cfg.Node == nil {
		return nil, errors.New("app: no node")
	}
	if cfg.Version == "" {
		cfg.Version = Version
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &App{node: cfg.Node, version: cfg.Version, log: cfg.Log, desktop: cfg.Desktop}, nil
}

// call runs one bound call with a timeout, logs it, and turns its error
// into the page's form.
func call[T any](a *App, method string, f func(ctx context.Context) (T, error)) (T, error) {
	return callFor(a, method, callTimeout, f)
}

func callFor[T any](a *App, method string, d time.Duration, f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	v, err := f(ctx)
	if err != nil {
		a.log.Debug("call failed", "method", method, "err", err)
		var zero T
		return zero, uiError(err)
	}
	a.log.Debug("call", "method", method)
	return v, nil
}

// do is call for a method with no result.
func do(a *App, method string, f func(ctx context.Context) error) error {
	_, err := call(a, method, func(ctx context.Context) (struct{}, error) { return struct{}{}, f(ctx) })
	return err
}
