// Package app is the Go side of the user interface: the methods the window
// binds (through Wails) and `minca ui` serves to a browser (through Bridge),
// and the event stream both hosts forward. Bound methods are thin: each asks
// the node and returns (T, error), so an error rejects the JS promise. Types
// returned to the UI are wire types with JSON names, apart from node's.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"minca.dev/desktop/node"
)

// Version is the app's version, set at build time with
// -ldflags "-X minca.dev/desktop/app.Version=…".
var Version = "0.1.0-dev"

// callTimeout bounds one bound call.
const callTimeout = 10 * time.Second

// Config is what New needs.
type Config struct {
	Node    *node.Node   // the node the UI drives
	Version string       // shown in status; Version if empty
	Log     *slog.Logger // where calls are logged at debug level; nil for none
}

// App holds the bound methods. Every exported method is callable from the
// UI, so App has no other exported methods.
type App struct {
	node    *node.Node
	version string
	log     *slog.Logger
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
	return &App{node: cfg.Node, version: cfg.Version, log: cfg.Log}, nil
}

// Status returns the app's version, the node's store and the data folder.
func (a *App) Status() (Status, error) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	st, err := a.node.Status(ctx)
	if err != nil {
		a.log.Debug("call failed", "method", "Status", "err", err)
		return Status{}, fmt.Errorf("status: %w", err)
	}
	a.log.Debug("call", "method", "Status")
	return statusToWire(a.version, st), nil
}
