//go:build e2e

package tests

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestWindowE2ELinkShowsJoin: the real window, launched with a minca: link
// (the first launch), and then handed another by a second `minca minca:…`,
// takes each to the Join screen: its page asks the node for the invite's
// preview (PreviewInvite, logged at MINCA_LOG=debug), which nothing else in
// the page calls by itself. The first link arrives before the page has
// loaded, so this also checks that the window forwards events once it has.
func TestWindowE2ELinkShowsJoin(t *testing.T) {
	bin := mincaBinary(t)
	cli := func(env []string, args ...string) map[string]any {
		t.Helper()
		cmd := exec.Command(bin, append(args, "--json")...)
		cmd.Env = env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("minca %v: %v\n%s", args, err, out)
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("minca %v: %v\n%s", args, err, out)
		}
		return v
	}
	link := func(v map[string]any) string {
		s, _ := v["link"].(string)
		_, inv, ok := strings.Cut(s, "#invite=")
		if !ok {
			t.Fatalf("no invite in %v", v)
		}
		return "minca:" + inv
	}
	ana := homeEnv(t.TempDir(), "XDG_RUNTIME_DIR="+t.TempDir(), "MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=ana pass phrase")
	cli(ana, "account", "create", "--name", "Ana")
	sp := cli(ana, "space", "create", "Choir")
	id, _ := sp["id"].(string)
	first := link(cli(ana, "invite", "create", id, "--view-only"))
	second := link(cli(ana, "invite", "create", id, "--role", "member"))

	ben := homeEnv(t.TempDir(), "MINCA_LOG=debug", "XDG_RUNTIME_DIR="+t.TempDir(), "MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=ben pass phrase")
	cli(ben, "account", "create", "--name", "Ben")
	var out syncBuffer
	win := exec.Command(bin, first)
	win.Env = ben
	stopTrayAfter(t, ben)
	win.Stdout, win.Stderr = &out, &out
	if err := win.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { win.Process.Kill(); win.Wait() }()
	previews := func() int { return strings.Count(out.String(), "method=PreviewInvite") }
	waitFor := func(n int, within time.Duration, what string) {
		t.Helper()
		for deadline := time.Now().Add(within); previews() < n; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the page asked for %d previews, want %d; window output:\n%s", what, previews(), n, out.String())
			}
		}
	}
	waitFor(1, 30*time.Second, "the launch link")
	open := exec.Command(bin, second)
	open.Env = ben
	if code, o := runExit(t, open); code != 0 {
		t.Fatalf("second launch: exit %d, %s", code, o)
	}
	waitFor(2, 10*time.Second, "the handed-over link")
	if strings.Contains(out.String(), "method=Join ") {
		t.Fatalf("the window joined without being asked:\n%s", out.String())
	}
}
