//go:build !bindings

// Command minca is Minca Desktop: with no arguments the window, and the
// verbs tray, ui, status and version (see package app/cli).
//
// Build with the Wails tags: go build -tags desktop,production,webkit2_41
// (webkit2_41 on Linux only). The Makefile does, after building frontend/.
// Built with the tag "bindings" (as the wails CLI's `wails build` does to
// generate bindings), the program is main_bindings.go's instead.
package main

import (
	"context"
	"embed"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"minca.dev/desktop/app/cli"
	"minca.dev/desktop/node/paths"
)

// The built frontend. A fresh clone has only frontend/dist/.gitkeep, which
// keeps this compiling before `make` builds the frontend.
//
//go:embed all:frontend/dist
var dist embed.FS

func main() {
	assets, err := fs.Sub(dist, "frontend/dist")
	if err != nil {
		panic(err) // the embed pattern above guarantees the directory
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(cli.Env{
		Ctx:    ctx,
		Args:   os.Args[1:],
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Assets: assets,
		Paths:  paths.FromOS(),
		Getenv: os.Getenv,
	})
	stop()
	os.Exit(code)
}
