//go:build e2e

package tests

import (
	"fmt"
	"os/exec"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestWindowE2ECopy: in the real window, "Show link" on an open invite made
// earlier (by the CLI, on the same profile) shows its link again, and its
// "Copy link" puts the link on the X clipboard, read back with xclip: the
// window copies through its CopyText binding (Wails' clipboard), since
// WebKitGTK's navigator.clipboard may not. A marker put on the clipboard
// first catches a copy that does nothing.
func TestWindowE2ECopy(t *testing.T) {
	bin := e2eBin(t)
	needScreenTools(t)
	ada := newNEUser(t, bin, "Ada Lovelace")
	ada.ok(nil, "account", "create", "--name", ada.name, "--json")
	var sp api.SpaceSummary
	ada.ok(&sp, "space", "create", "Garden club", "--template", "club", "--json")
	var inv api.Invite
	ada.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")

	w := openScreensWindow(t, bin, ada.command().Env)
	w.click("Garden club", mainArea)
	// Settled where it is placed (WebKit scrolls smoothly), so the click
	// lands on it; the link shows below its row.
	w.scrollTo("Show link")
	w.place("Show link", 200)
	w.click("Show link", mainArea)
	// Its button reads Hide link once the link shows below it; nothing is
	// scrolled meanwhile, so the page stays put.
	w.where("Hide link", mainArea)
	w.where("Copy link", mainArea)
	clipboard(t, "nothing copied yet")
	w.click("Copy link", mainArea)
	neWait(t, "the X clipboard holds the invite's link", 10*time.Second, func() error {
		out, err := exec.Command("xclip", "-o", "-selection", "clipboard").Output()
		if string(out) != inv.Link {
			return fmt.Errorf("it holds %.60q (%v), want %.60q", out, err, inv.Link)
		}
		return nil
	})
	w.look()
	saveShot(t, "copy-link", w.shot)
}
