// Command baretray is the floor tests/measure-app.sh measures the tray
// against: a getlantern/systray icon with a three-item menu, and nothing
// else (no node, no Go work). Built with the tag baretray_webkit it also
// links WebKitGTK, as the minca binary does for its window, without using
// it, so that the libraries the dynamic loader maps and relocates are the
// same as the tray's.
//
//	go build [-tags baretray_webkit] -o baretray ./tests/cmd/baretray
//
// It runs until SIGTERM or SIGINT.
package main

import (
	_ "embed"
	"os"
	"os/signal"
	"syscall"

	"github.com/getlantern/systray"
)

// The tray's own icon, so that the icon file and pixbuf are alike.
//
//go:embed icon.png
var icon []byte

func main() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sigs
		systray.Quit()
	}()
	systray.Run(func() {
		linkWebKit()
		systray.SetIcon(icon)
		systray.SetTooltip("bare tray")
		systray.AddMenuItem("Status", "").Disable()
		systray.AddSeparator()
		systray.AddMenuItem("Open window", "")
		systray.AddMenuItem("Quit", "")
	}, func() {})
}
