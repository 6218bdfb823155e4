//go:build e2e

package tests

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestWebLinkE2EOpens: an invite link as Minca hands them out,
// https://minca.dev/join#invite=… (and ?invite=), opens Minca as a minca:
// link does: with the real window holding the profile, `minca <link>`
// hands it over and exits 0, and the window logs it. A web link with a bad
// invite is refused as a bad minca: link is; one without an invite stays
// an unknown command, saying what a web link must be to open Minca.
func TestWebLinkE2EOpens(t *testing.T) {
	bin := mincaBinary(t)
	env, winOut := startWindow(t, bin)
	links := []string{"https://minca.dev/join#invite=" + shortInvite, "https://minca.dev/join?invite=" + shortInvite + "&from=Ana"}
	for i, link := range links {
		open := exec.Command(bin, link)
		open.Env = env
		if code, out := runExit(t, open); code != 0 {
			t.Fatalf("`minca %s`: exit %d, %s", link, code, out)
		}
		for deadline := time.Now().Add(5 * time.Second); strings.Count(winOut.String(), "instance: link received") <= i; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the window did not log %s; its output:\n%s", link, winOut.String())
			}
		}
	}
	for link, want := range map[string]string{
		"https://minca.dev/join#invite=not-an-invite": "no readable invite",
		"https://example.com/page":                    "is an invite link",
	} {
		cmd := exec.Command(bin, link)
		cmd.Env = env
		if code, out := runExit(t, cmd); code == 0 || !strings.Contains(out, want) {
			t.Fatalf("`minca %s`: exit %d, %s (want a failure saying %q)", link, code, out, want)
		}
	}
	time.Sleep(300 * time.Millisecond)
	if n := strings.Count(winOut.String(), "instance: link received"); n != len(links) {
		t.Fatalf("the window got %d links, want the %d good ones; its output:\n%s", n, len(links), winOut.String())
	}
}
