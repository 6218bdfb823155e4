package cli

import (
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/node/api"
)

// Every verb refuses bad arguments with exit 2 and a usage hint, before it
// reaches the node: the profile directory is never even created.
func TestUsageErrors(t *testing.T) {
	m := newMachine(t)
	space := enc.CID([]byte("some space")) // well-formed, never created
	did := otherAccount(t)
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"account"}, "account needs a subcommand: create, restore, show"},
		{[]string{"account", "delete"}, `unknown command "account delete"`},
		{[]string{"account", "create"}, "--name is required"},
		{[]string{"account", "create", "--name", "A", "extra"}, `unexpected argument "extra"`},
		{[]string{"account", "create", "--name", "A", "--passphrase-file", "/no/such/file"}, "read /no/such/file"},
		{[]string{"account", "show", "x"}, `unexpected argument "x"`},
		{[]string{"account", "show", "--bogus"}, "unknown option -bogus"},
		{[]string{"account", "create", "--name"}, "option -name needs a value"},
		{[]string{"account", "--bogus"}, "unknown option --bogus: account needs a subcommand first"},
		{[]string{"--bogus"}, "unknown option --bogus"},
		{[]string{"space", "create"}, "missing arguments"},
		{[]string{"space", "create", "T", "--template", "office"}, `template "office": want team, club or notebook`},
		{[]string{"space", "create", "", "--json"}, "empty space name"},
		{[]string{"space", "create", "a", "b"}, `unexpected argument "b"`},
		{[]string{"space", "list", "x"}, `unexpected argument "x"`},
		{[]string{"space", "show"}, "missing arguments"},
		{[]string{"space", "show", ""}, "empty space: give a space's name or id"},
		{[]string{"space", "leave", " "}, "empty space"},
		{[]string{"space", "keepers", ""}, "empty space"},
		{[]string{"member", "list"}, "missing arguments"},
		{[]string{"member", "list", ""}, "empty space"},
		{[]string{"member", "assign", space, did}, "missing arguments"},
		{[]string{"member", "assign", space, "", "member"}, "empty account"},
		{[]string{"member", "assign", "", did, "member"}, "empty space"},
		{[]string{"member", "assign", space, did, ""}, "empty role name"},
		{[]string{"member", "unassign", space, "did:key:zBAD", "member"}, `"did:key:zBAD" is not an account id`},
		{[]string{"member", "remove", space}, "missing arguments"},
		{[]string{"member", "remove", space, "did:x"}, "is not an account id"},
		{[]string{"invite", "create", space}, "give exactly one of --role ROLE and --view-only"},
		{[]string{"invite", "create", space, "--role", "member", "--view-only"}, "give exactly one of"},
		{[]string{"invite", "create", "", "--view-only"}, "empty space"},
		{[]string{"invite", "list"}, "missing arguments"},
		{[]string{"invite", "close", space}, "missing arguments"},
		{[]string{"invite", "show", space}, "missing arguments"},
		{[]string{"invite", "show", space, "key"}, `"key" is not an invite key`},
		{[]string{"invite", "close", space, "key"}, "is not an invite key"},
		{[]string{"join"}, "missing arguments"},
		{[]string{"join", ""}, "empty link"},
		{[]string{"join", "a", "b"}, `unexpected argument "b"`},
		{[]string{"folder", "show", "x"}, `unexpected argument "x"`},
		{[]string{"folder", "set"}, "missing arguments"},
		{[]string{"sync"}, "sync needs a subcommand: status, now, pause, resume"},
		{[]string{"sync", "now", ""}, "empty space"},
		{[]string{"sync", "now", space, space}, "unexpected argument"},
		{[]string{"sync", "pause", "x"}, `unexpected argument "x"`},
		{[]string{"sync", "resume", "--json", "x"}, `unexpected argument "x"`},
		{[]string{"sync", "status", "x"}, `unexpected argument "x"`},
		{[]string{"host", "--listen", "nope"}, "want an IP and a port"},
		{[]string{"host", "--listen", "lan.example:7447"}, "want an IP and a port"},
		{[]string{"host", "--advertise", "lan.example"}, "--advertise needs --listen"},
		{[]string{"host", "--listen", "127.0.0.1:7447", "--advertise", "lan.example"}, "plain ws://"},
		{[]string{"host", "--listen", "0.0.0.0:7447", "--advertise", "wss://lan.example/peer"}, "want HOST or HOST:PORT"},
		{[]string{"host", "--listen", "0.0.0.0:7447", "--advertise", "lan.example:0"}, "port must be a number 1-65535"},
		{[]string{"host", "--listen", "127.0.0.1:99999"}, "port must be a number"},
		{[]string{"host", "x"}, `unexpected argument "x"`},
		{[]string{"status", "x"}, `unexpected argument "x"`},
		{[]string{"tray", "--bogus"}, "unknown option -bogus"},
		{[]string{"folder", "frob"}, `unknown command "folder frob"; folder has: show, set, remove-old`},
		{[]string{"help", "frob"}, `unknown command "frob"`},
		{[]string{"help", "space", "show", "x"}, `unexpected argument "x"`},
		{[]string{"minca:not-an-invite"}, "no readable invite"},
		{[]string{"minca:x", "y"}, `unexpected argument "y" after a link`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := m.minca(t, tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.err) || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tt.err)
			}
		})
	}
	if exists(profileDir(m)) {
		t.Fatal("a refused command created the profile directory")
	}
}

// Help names every command and says how to run a host.
func TestHelp(t *testing.T) {
	m := newMachine(t)
	code, out, _ := m.minca(t, "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "  "+c.name+" ") {
			t.Errorf("help does not list %q", c.name)
		}
	}
	for _, want := range []string{"Running a host", "minca host --listen", "MINCA_PASSPHRASE", "Exit codes"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	code, out, errOut := m.minca(t, "space", "create", "-h")
	if code != 0 || !strings.Contains(out, "Usage: minca space create NAME") || !strings.Contains(out, "-template") || errOut != "" {
		t.Fatalf("space create -h: exit %d, %q %q", code, out, errOut)
	}
}

// Every verb with --json, against a `minca host` owning the node; then the
// host is killed and the commands keep working, owning the node themselves.
func TestVerbsJSONAgainstHost(t *testing.T) {
	m := newMachine(t)
	h := m.host(t)
	h.wait(t, "Minca host: keeping the node", 10*time.Second)

	code, _, errOut := m.minca(t, "account", "show", "--json")
	if code != 1 || !strings.Contains(errOut, "no account yet") || !strings.Contains(errOut, "hint: create an account") {
		t.Fatalf("account show with none: exit %d %s", code, errOut)
	}
	var created api.NewAccount
	m.ok(t, &created, "account", "create", "--name", "Ana", "--json")
	if !strings.HasPrefix(created.Account.DID, "did:key:z") || created.RecoveryCode == "" || created.Account.KeyStore != "passphrase" {
		t.Fatalf("created %+v", created)
	}
	var acc api.Account
	m.ok(t, &acc, "account", "show", "--json")
	if acc != created.Account {
		t.Fatalf("account show %+v, want %+v", acc, created.Account)
	}
	code, _, errOut = m.minca(t, "account", "create", "--name", "Bo")
	if code != 1 || !strings.Contains(errOut, "minca account create: ") {
		t.Fatalf("second account: exit %d %s", code, errOut)
	}
	var st struct {
		Owner   bool   `json:"owner"`
		Account string `json:"account"`
		Line    string `json:"line"`
	}
	m.ok(t, &st, "status", "--json")
	if st.Owner || st.Account != acc.DID || !strings.HasPrefix(st.Line, "Minca ") {
		t.Fatalf("status through the host: %+v", st)
	}

	var sp api.SpaceSummary
	m.ok(t, &sp, "space", "create", "Garden club", "--template", "club", "--json")
	if sp.Name != "Garden club" || !sp.Founder || sp.ID == "" {
		t.Fatalf("space create %+v", sp)
	}
	var spaces []api.SpaceSummary
	m.ok(t, &spaces, "space", "list", "--json")
	if len(spaces) != 1 || spaces[0].ID != sp.ID {
		t.Fatalf("space list %+v", spaces)
	}
	var detail api.SpaceDetail
	m.ok(t, &detail, "space", "show", sp.ID, "--json")
	if detail.ID != sp.ID || len(detail.RoleTemplates) == 0 {
		t.Fatalf("space show %+v", detail)
	}
	var members []api.Member
	m.ok(t, &members, "member", "list", sp.ID, "--json")
	if len(members) != 1 || !members[0].Self || members[0].DID != acc.DID {
		t.Fatalf("member list %+v", members)
	}
	bob := otherAccount(t)
	var done struct{ OK bool }
	m.ok(t, &done, "member", "assign", sp.ID, bob, "member", "--json")
	m.ok(t, &members, "member", "list", sp.ID, "--json")
	if len(members) != 2 || !done.OK {
		t.Fatalf("after assign: %+v", members)
	}
	m.ok(t, &done, "member", "unassign", sp.ID, bob, "member", "--json")
	m.ok(t, &done, "member", "assign", sp.ID, bob, "member", "--json")
	m.ok(t, &done, "member", "remove", sp.ID, bob, "--json")
	m.ok(t, &members, "member", "list", sp.ID, "--json")
	if len(members) != 1 {
		t.Fatalf("after remove: %+v", members)
	}

	var inv api.Invite
	m.ok(t, &inv, "invite", "create", sp.ID, "--role", "member", "--json")
	if inv.Link == "" || inv.Role != "member" || inv.SpaceID != sp.ID {
		t.Fatalf("invite create %+v", inv)
	}
	var invs []api.Invite
	m.ok(t, &invs, "invite", "list", sp.ID, "--json")
	if len(invs) != 1 || invs[0].Key != inv.Key {
		t.Fatalf("invite list %+v", invs)
	}
	var shown api.Invite
	m.ok(t, &shown, "invite", "show", sp.ID, inv.Key, "--json")
	if shown.Link != inv.Link || !invs[0].HasLink {
		t.Fatalf("invite show %+v, want the link made (listed %+v)", shown, invs[0])
	}
	var preview api.InvitePreview
	m.ok(t, &preview, "join", inv.Link, "--preview", "--json")
	if preview.SpaceID != sp.ID || preview.Role != "member" || preview.InvitedBy != acc.DID {
		t.Fatalf("join --preview %+v", preview)
	}
	m.ok(t, &done, "invite", "close", sp.ID, inv.Key, "--json")
	m.ok(t, &invs, "invite", "list", sp.ID, "--json")
	if len(invs) != 0 {
		t.Fatalf("invite list after close %+v", invs)
	}
	if code, _, errOut := m.minca(t, "invite", "show", sp.ID, inv.Key); code == 0 || !strings.Contains(errOut, "no open invite") {
		t.Fatalf("invite show of a closed invite: exit %d %s", code, errOut)
	}
	if code, _, errOut := m.minca(t, "join", "not-a-link", "--json"); code != 2 || !strings.Contains(errOut, "minca join: ") {
		t.Fatalf("join of a bad link: exit %d %s", code, errOut)
	}

	var folder api.Folder
	m.ok(t, &folder, "folder", "show", "--json")
	if !folder.HoldsThis || !strings.HasPrefix(folder.Path, m.home) {
		t.Fatalf("folder show %+v", folder)
	}

	var sync api.SyncStatus
	m.ok(t, &done, "sync", "pause", "--json")
	m.ok(t, &sync, "sync", "status", "--json")
	if !sync.Paused {
		t.Fatalf("sync status after pause %+v", sync)
	}
	m.ok(t, &done, "sync", "resume", "--json")
	m.ok(t, &sync, "sync", "status", "--json")
	if sync.Paused {
		t.Fatalf("sync status after resume %+v", sync)
	}
	m.ok(t, &done, "sync", "now", sp.ID, "--json")

	// The host dies (kill -9): commands now own the node themselves,
	// unlocking the account with MINCA_PASSPHRASE, and find its state.
	h.cmd.Process.Kill()
	h.cmd.Wait()
	m.ok(t, &st, "status", "--json")
	if !st.Owner || st.Account != acc.DID {
		t.Fatalf("status with no host: %+v", st)
	}
	m.ok(t, &spaces, "space", "list", "--json")
	if len(spaces) != 1 || spaces[0].ID != sp.ID {
		t.Fatalf("space list with no host: %+v", spaces)
	}
	code, out, errOut := m.minca(t, "sync", "pause")
	if code != 0 || !strings.Contains(out, "stays paused, across restarts") || errOut != "" {
		t.Fatalf("sync pause with no host: exit %d %q %q", code, out, errOut)
	}
	m.ok(t, &sync, "sync", "status", "--json")
	if !sync.Paused {
		t.Fatalf("sync status after a pause by a command that owned the node %+v", sync)
	}

	var left struct{ OK bool }
	m.ok(t, &left, "space", "leave", sp.ID, "--json")
	m.ok(t, &spaces, "space", "list", "--json")
	if len(spaces) != 0 {
		t.Fatalf("space list after leave %+v", spaces)
	}
}

// A second host waits as a client and takes over within seconds of the
// first one's kill -9; commands then reach the new owner.
func TestHostTakeover(t *testing.T) {
	m := newMachine(t)
	first := m.host(t)
	first.wait(t, "Minca host: keeping the node", 10*time.Second)
	m.ok(t, nil, "account", "create", "--name", "Ana")
	second := m.host(t)
	second.wait(t, "Minca host: another process owns the node", 10*time.Second)

	first.cmd.Process.Kill()
	took := second.wait(t, "Minca host: keeping the node", 5*time.Second)
	t.Logf("second host took over %v after kill -9", took.Round(time.Millisecond))
	var st struct {
		Owner   bool   `json:"owner"`
		Account string `json:"account"`
	}
	m.ok(t, &st, "status", "--json")
	if st.Owner || st.Account == "" {
		t.Fatalf("status through the second host: %+v", st)
	}
	var sp api.SpaceSummary
	m.ok(t, &sp, "space", "create", "After", "--json")
	if sp.ID == "" {
		t.Fatal("space create through the second host")
	}
}

// host --listen serves node sockets on loopback and says where.
func TestHostListens(t *testing.T) {
	m := newMachine(t)
	m.ok(t, nil, "account", "create", "--name", "Ana")
	cmd := m.command("host", "--listen", "127.0.0.1:0")
	h := m.start(t, cmd)
	h.wait(t, "Minca host: keeping the node", 10*time.Second)
	h.wait(t, "Accepting peers at ws://127.0.0.1:", 5*time.Second)
	var sync api.SyncStatus
	m.ok(t, &sync, "sync", "status", "--json")
	if !strings.HasPrefix(sync.Listen, "ws://127.0.0.1:") {
		t.Fatalf("sync status through the host: %+v", sync)
	}
}

// Two machines: Ana's host accepts peers on loopback; Bo joins her space
// from the invite link with one command (it owns Bo's node for the
// command), and each side then lists the other.
func TestJoinAcrossMachines(t *testing.T) {
	ana, bo := newMachine(t), newMachine(t)
	ana.ok(t, nil, "account", "create", "--name", "Ana")
	bo.ok(t, nil, "account", "create", "--name", "Bo")
	h := ana.start(t, ana.command("host", "--listen", "127.0.0.1:0"))
	h.wait(t, "Accepting peers at ws://127.0.0.1:", 10*time.Second)
	var sp api.SpaceSummary
	ana.ok(t, &sp, "space", "create", "Shared", "--json")
	var inv api.Invite
	ana.ok(t, &inv, "invite", "create", sp.ID, "--role", "member", "--json")

	var joined api.SpaceSummary
	bo.ok(t, &joined, "join", inv.Link, "--json")
	if joined.ID != sp.ID || joined.Name != "Shared" {
		t.Fatalf("joined %+v", joined)
	}
	var members []api.Member
	bo.ok(t, &members, "member", "list", sp.ID, "--json")
	if len(members) != 2 {
		t.Fatalf("Bo sees members %+v", members)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		ana.ok(t, &members, "member", "list", sp.ID, "--json")
		if len(members) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ana never saw Bo join: %+v", members)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
