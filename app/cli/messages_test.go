package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// message is one command and what it must say: its exit code, what stdout
// and stderr hold, and what neither may hold (jargon, a whole DID).
type message struct {
	name     string
	args     []string
	noPass   bool // run without MINCA_PASSPHRASE
	code     int
	out, err []string
	never    []string
}

func (m machine) say(t *testing.T, tt message) {
	t.Helper()
	cmd := m.command(tt.args...)
	if tt.noPass {
		cmd.Env = append(cmd.Env, "MINCA_PASSPHRASE=")
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	if code != tt.code {
		t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out.String(), errOut.String())
	}
	for _, s := range tt.out {
		if !strings.Contains(out.String(), s) {
			t.Errorf("stdout lacks %q:\n%s", s, out.String())
		}
	}
	for _, s := range tt.err {
		if !strings.Contains(errOut.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, errOut.String())
		}
	}
	for _, s := range tt.never {
		if strings.Contains(out.String()+errOut.String(), s) {
			t.Errorf("output holds %q:\n%s%s", s, out.String(), errOut.String())
		}
	}
}

// What the command line says to people: how to unlock and give a passphrase
// on it, that an unlock by `account restore` lasts as long as the process
// owning the node, a bad link in a sentence (the protocol's reason under
// --verbose), an unknown role and removing oneself refused, the preview's
// role and inviter, and what a view-only link is.
func TestMessages(t *testing.T) {
	m := newMachine(t)
	var acc api.NewAccount
	m.ok(t, &acc, "account", "create", "--name", "Ana", "--json")
	me := acc.Account.DID
	var priv, pub api.SpaceSummary
	m.ok(t, &priv, "space", "create", "Team", "--private", "--json")
	m.ok(t, &pub, "space", "create", "Open", "--json")
	var inv api.Invite
	m.ok(t, &inv, "invite", "create", priv.ID, "--role", "member", "--json")
	passFile := filepath.Join(t.TempDir(), "pass")
	if err := os.WriteFile(passFile, []byte(testPassphrase+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	other := otherAccount(t)
	invOnly, _, _ := strings.Cut(inv.Link, "&") // the invite without the inviter's name after it
	for _, tt := range []message{
		{name: "remove yourself", args: []string{"member", "remove", priv.ID, me}, code: 2,
			err: []string{"removing it is leaving the space", "hint: to leave, use `minca space leave " + priv.ID + "`"}},
		{name: "assign a role the space lacks", args: []string{"member", "assign", pub.ID, other, "nosuchrole"}, code: 2,
			err: []string{`no role "nosuchrole"`, "its roles: admin, member"}, never: []string{"Gave"}},
		{name: "a link cut short", args: []string{"join", invOnly[:len(invOnly)-10]}, code: 2,
			err:   []string{"minca join: " + api.InviteCut + "\n  The link is not whole: part of it is missing", "hint: add --verbose"},
			never: []string{"§7.6", "base64"}},
		{name: "not a link", args: []string{"join", "https://minca.dev/join#invite=%%%"}, code: 2,
			err: []string{api.InviteCut}, never: []string{"§7.6", "base64", "illegal"}},
		{name: "not a link, verbose", args: []string{"join", "--verbose", "hello"}, code: 2,
			err: []string{api.InviteCut, "  The link is not whole", "detail: invite refused (parse, 03 §7.6 step 1)"}, never: []string{"hint: add --verbose"}},
		{name: "preview", args: []string{"join", "--preview", inv.Link}, code: 0,
			out: []string{"Ana (" + shortDID(me) + ") invites you to Team, a private space, as member.", "Members read and write"}, never: []string{me}},
		{name: "preview JSON has the DID", args: []string{"join", "--preview", inv.Link, "--json"}, code: 0, out: []string{`"invitedBy": "` + me}},
		{name: "role invite", args: []string{"invite", "create", pub.ID, "--role", "member"}, code: 0,
			out: []string{"(role member)", "Close it with `minca invite close " + pub.ID + " did:key:"}},
		{name: "view-only, private", args: []string{"invite", "create", priv.ID, "--view-only"}, code: 0,
			out: []string{"View-only link.", "cannot be closed (03 §7.2)", "next key", "removing a member"}, never: []string{"Invite  ("}},
		{name: "view-only, public", args: []string{"invite", "create", pub.ID, "--view-only"}, code: 0,
			out: []string{"View-only link.", "this space is public, so whoever has it can read it for good"}},
		{name: "locked", args: []string{"space", "list"}, noPass: true, code: 1,
			err: []string{"the account is locked", "hint: give its passphrase: MINCA_PASSPHRASE=", "--passphrase-file FILE", "--recovery-code-file"}},
		{name: "unlocked for this command only", args: []string{"account", "restore", "--passphrase-file", passFile}, noPass: true, code: 0,
			out: []string{"Restored account Ana", "unlocked only while this command runs", "the passphrase is never stored"}},
		{name: "restore's help says so", args: []string{"account", "restore", "-h"}, code: 0,
			out: []string{"-passphrase-file string", "else this command only (the passphrase is never kept)"}},
		{name: "locked again after", args: []string{"space", "list"}, noPass: true, code: 1, err: []string{"the account is locked"}},
	} {
		t.Run(tt.name, func(t *testing.T) { m.say(t, tt) })
	}

	bare := newMachine(t)
	bare.say(t, message{name: "no keychain, no passphrase", args: []string{"account", "create", "--name", "Bo"}, noPass: true, code: 1,
		err: []string{"no keychain is usable", "hint: give a passphrase to lock the account's keys: MINCA_PASSPHRASE=… or --passphrase-file FILE"}})
}
