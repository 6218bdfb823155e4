//go:build bindings

package main

// The wails CLI's `wails build` builds this package with the tag
// "bindings" and runs the binary in the project directory to write the
// page's bindings (frontend/wailsjs/). Built so, minca only does that
// (app/window.Bindings): it opens no node, profile, window or tray, as
// main.go's program would with no arguments. tests/wailsjson_test.go
// builds and runs it.

import (
	"fmt"
	"os"

	"minca.dev/desktop/app/window"
)

func main() {
	if err := window.Bindings(); err != nil {
		fmt.Fprintln(os.Stderr, "minca: generating the Wails bindings:", err)
		os.Exit(1)
	}
}
