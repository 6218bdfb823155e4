//go:build e2e

package tests

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestCLIE2EWords: the real binary says what the window says (issue 8).
// Alice and Bob, each with a host (hers accepting peers on loopback), share
// a space named, never numbered, on the command line: Bob's `sync status`
// names Alice's computer and the space, Alice's space page names her
// founder's place and Bob's computer, a name two spaces share is refused
// with both ids, and every group answers --help.
func TestCLIE2EWords(t *testing.T) {
	bin := e2eBin(t)
	alice, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	for _, u := range []*neUser{alice, bob} {
		u.createAccount()
	}
	alice.hostListen = freePort(t)
	alice.startHost()
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Garden club", "--template", "club", "--json")
	var inv api.Invite
	alice.ok(&inv, "invite", "create", "garden club", "--role", "member", "--json")
	bob.ok(nil, "join", inv.Link, "--json")
	bob.startHost()

	neWait(t, "Bob's sync status names Alice's computer", 30*time.Second, func() error {
		return says(bob, []string{"sync", "status"}, 0, "Alice's computer  Connected", "Garden club")
	})
	checks := []struct {
		u    *neUser
		args []string
		code int
		want []string
	}{
		{alice, []string{"space", "show", "GARDEN CLUB"}, 0, []string{"you      founder; member, moderator", "Bob's computer"}},
		{alice, []string{"member", "list", "Garden club"}, 0, []string{"Bob    member  ", bob.did}},
		{bob, []string{"space", "list"}, 0, []string{"Garden club  member  "}},
		{alice, []string{"folder", "--help"}, 0, []string{"Usage: minca folder <command>", "minca folder set PATH"}},
		{alice, []string{"space", "show", "--bogus"}, 2, []string{"minca space show: unknown option -bogus"}},
		{alice, []string{"space", "show", "Allotment"}, 2, []string{`no space is named "Allotment"`, "Garden club  " + sp.ID}},
	}
	for _, c := range checks {
		if err := says(c.u, c.args, c.code, c.want...); err != nil {
			t.Error(err)
		}
	}
	var twin api.SpaceSummary
	alice.ok(&twin, "space", "create", "garden CLUB", "--json")
	if err := says(alice, []string{"sync", "now", "Garden club"}, 2, `2 spaces are named "Garden club"`, sp.ID, twin.ID); err != nil {
		t.Error(err)
	}
}

// says runs a command of u and checks its exit code and that its output
// (stdout and stderr) holds each of want and none of the node's own state
// words.
func says(u *neUser, args []string, code int, want ...string) error {
	var out bytes.Buffer
	cmd := u.command(args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Run()
	text := out.String()
	if got := cmd.ProcessState.ExitCode(); got != code {
		return fmt.Errorf("minca %s: exit %d, want %d\n%s", strings.Join(args, " "), got, code, text)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			return fmt.Errorf("minca %s: lacks %q\n%s", strings.Join(args, " "), w, text)
		}
	}
	for _, never := range []string{"offline", "connected ", "synced"} {
		if strings.Contains(text, never) {
			return fmt.Errorf("minca %s: says %q\n%s", strings.Join(args, " "), never, text)
		}
	}
	return nil
}
