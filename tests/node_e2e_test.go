//go:build e2e

package tests

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// neUser is one person's machine: a home and a runtime directory in which
// real minca processes run (MINCA_KEYCHAIN=none, MINCA_PASSPHRASE set).
type neUser struct {
	t          *testing.T
	bin, name  string
	home, rt   string
	did        string
	host       *neProc
	ui         *neUI
	hostListen string // "" = a host that does not accept peers
}

func newNEUser(t *testing.T, bin, name string) *neUser {
	t.Helper()
	rt, err := os.MkdirTemp("", "mne") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(rt) })
	return &neUser{t: t, bin: bin, name: name, home: t.TempDir(), rt: rt}
}

func (u *neUser) command(args ...string) *exec.Cmd {
	cmd := exec.Command(u.bin, args...)
	cmd.Env = homeEnv(u.home, "XDG_RUNTIME_DIR="+u.rt, "MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=pass of "+u.name)
	return cmd
}

// ok runs one command that must succeed and decodes its --json output.
func (u *neUser) ok(v any, args ...string) {
	u.t.Helper()
	var out, errOut bytes.Buffer
	cmd := u.command(args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		u.t.Fatalf("%s: minca %s: %v\n%s%s", u.name, strings.Join(args, " "), err, out.String(), errOut.String())
	}
	if v != nil {
		if err := json.Unmarshal(out.Bytes(), v); err != nil {
			u.t.Fatalf("%s: minca %s: not JSON: %v\n%s", u.name, strings.Join(args, " "), err, out.String())
		}
	}
}

// neProc is a long-running minca process and the lines it prints.
type neProc struct {
	cmd   *exec.Cmd
	lines chan string
}

func (u *neUser) start(args ...string) *neProc {
	u.t.Helper()
	cmd := u.command(args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		u.t.Fatal(err)
	}
	var errOut syncBuffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		u.t.Fatal(err)
	}
	p := &neProc{cmd: cmd, lines: make(chan string, 64)}
	u.t.Cleanup(func() { p.stop() })
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p
}

// wait returns the first line starting with prefix.
func (p *neProc) wait(t *testing.T, prefix string, within time.Duration) string {
	t.Helper()
	timeout := time.After(within)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				t.Fatalf("minca %v exited before printing %q", p.cmd.Args[1:], prefix)
			}
			if strings.HasPrefix(line, prefix) {
				return line
			}
		case <-timeout:
			t.Fatalf("minca %v did not print %q within %v", p.cmd.Args[1:], prefix, within)
		}
	}
}

// stop ends the process gracefully (SIGINT, as Ctrl-C), killing it if it
// lingers.
func (p *neProc) stop() {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}

// startHost starts `minca host` and waits until it keeps the node.
func (u *neUser) startHost() {
	u.t.Helper()
	args := []string{"host"}
	if u.hostListen != "" {
		args = append(args, "--listen", u.hostListen)
	}
	u.host = u.start(args...)
	u.host.wait(u.t, "Minca host: keeping the node", 15*time.Second)
	if u.hostListen != "" {
		u.host.wait(u.t, "Accepting peers at ws://"+u.hostListen, 5*time.Second)
	}
}

// neUI is a running `minca ui`: its bridge's address and per-run token.
type neUI struct {
	proc        *neProc
	base, token string
}

func (u *neUser) startUI() {
	u.t.Helper()
	p := u.start("ui", "--listen", "127.0.0.1:0")
	line := p.wait(u.t, "Minca UI: http://", 15*time.Second)
	addr, token, ok := strings.Cut(strings.TrimPrefix(line, "Minca UI: "), "/#token=")
	if !ok {
		u.t.Fatalf("ui printed %q", line)
	}
	u.ui = &neUI{proc: p, base: addr, token: token}
}

// call calls a method of the window's bindings through the bridge (POST
// /api/v1/<Method>, a JSON array of arguments, the token in a header). It
// returns the result, or the node's *api.Error when it refused.
func (u *neUser) call(method string, out any, args ...any) *api.Error {
	u.t.Helper()
	body, _ := json.Marshal(args)
	req, _ := http.NewRequest("POST", u.ui.base+"/api/v1/"+method, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Minca-Token", u.ui.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		u.t.Fatalf("%s: %s: %v", u.name, method, err)
	}
	defer resp.Body.Close()
	var got struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		u.t.Fatalf("%s: %s: status %d, not JSON: %v", u.name, method, resp.StatusCode, err)
	}
	if resp.StatusCode == http.StatusUnprocessableEntity {
		var e api.Error
		if err := json.Unmarshal(got.Error, &e); err != nil {
			u.t.Fatalf("%s: %s: error %s", u.name, method, got.Error)
		}
		return &e
	}
	if resp.StatusCode != http.StatusOK {
		u.t.Fatalf("%s: %s: status %d: %s", u.name, method, resp.StatusCode, got.Error)
	}
	if out != nil {
		if err := json.Unmarshal(got.Result, out); err != nil {
			u.t.Fatalf("%s: %s: result %s: %v", u.name, method, got.Result, err)
		}
	}
	return nil
}

// write writes a chat record through the ui; it fails the test when the
// node refuses.
func (u *neUser) write(spaceID, body string) string {
	u.t.Helper()
	var id string
	if e := u.call("Write", &id, api.Write{SpaceID: spaceID, Collection: "app.chat", Body: body}); e != nil {
		u.t.Fatalf("%s writes %q: %v (%s)", u.name, body, e.Message, e.Code)
	}
	return id
}

// reads says whether u holds version id with body want; want "" means it
// must not open it (held with no body, or not held at all).
func (u *neUser) reads(spaceID, id, want string) error {
	var rs []api.Record
	if e := u.call("Records", &rs, spaceID, "app.chat"); e != nil {
		return fmt.Errorf("%s: Records: %s", u.name, e.Message)
	}
	for _, r := range rs {
		if r.VersionID != id {
			continue
		}
		if want == "" && r.Body != nil {
			return fmt.Errorf("%s opens %s: %v", u.name, id, r.Body)
		}
		if want != "" && fmt.Sprint(r.Body) != want {
			return fmt.Errorf("%s reads %v, want %q", u.name, r.Body, want)
		}
		return nil
	}
	if want == "" {
		return nil
	}
	return fmt.Errorf("%s does not hold %s (%d records)", u.name, id, len(rs))
}

// lacks says u does not hold version id at all.
func (u *neUser) lacks(spaceID, id string) error {
	var rs []api.Record
	if e := u.call("Records", &rs, spaceID, "app.chat"); e != nil {
		return fmt.Errorf("%s: Records: %s", u.name, e.Message)
	}
	for _, r := range rs {
		if r.VersionID == id {
			return fmt.Errorf("%s holds %s", u.name, id)
		}
	}
	return nil
}

// refusedBy says u's node has dialled a node and is
// waiting in backoff: it tried, and was turned away.
func (u *neUser) refusedBy() error {
	var st api.SyncStatus
	u.ok(&st, "sync", "status", "--json")
	for _, p := range st.Peers {
		if p.State == "refused" { // 4003, retried in backoff (node/netsync status)
			return nil
		}
	}
	return fmt.Errorf("%s has no peer that refuses it: %+v", u.name, st.Peers)
}

// notConnected says u's node has no peer connected now.
func (u *neUser) notConnected() error {
	var st api.SyncStatus
	u.ok(&st, "sync", "status", "--json")
	for _, p := range st.Peers {
		if p.State == "connected" {
			return fmt.Errorf("%s is connected to %s", u.name, p.DID)
		}
	}
	return nil
}

func neWait(t *testing.T, what string, within time.Duration, f func() error) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestNodeE2EPrivateSpace: four people, each a real `minca host` (Alice's
// accepting peers on loopback) with the CLI and `minca ui` as its clients.
// Alice creates a private club and invites Bob (member), Dave (guest, a
// read-only role) and Carol (view-only link); they join through Alice's
// node. Bob writes; Alice, Carol and Dave read it; Carol's write is
// refused. Alice removes Bob: the key changes, Dave (a remaining reader)
// opens what Alice writes afterwards; Alice's node lets Bob (a former
// member) and Carol (03 §9.5: a view-only holder is no reader and gets no
// box) go, so nothing written after reaches them, nor Bob's late write anyone.
// Every process restarts and all of it holds. Then Alice's host is killed
// (-9) while a second host of her profile waits: it takes over within
// seconds, on the same address, and sync goes on. Last, Alice gives Carol
// a new view-only link (03 §7.4: it carries the current key): joining with
// it, Carol opens what was written since the removal, also after a restart.
func TestNodeE2EPrivateSpace(t *testing.T) {
	bin := e2eBin(t)
	began := time.Now()
	alice, bob, carol, dave := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob"), newNEUser(t, bin, "Carol"), newNEUser(t, bin, "Dave")
	all := []*neUser{alice, bob, carol, dave}
	alice.hostListen = freePort(t)
	for _, u := range all {
		u.createAccount()
		u.startHost()
	}
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	invite := func(args ...string) string {
		var inv api.Invite
		alice.ok(&inv, append([]string{"invite", "create", sp.ID}, append(args, "--json")...)...)
		return inv.Link
	}
	links := map[*neUser]string{bob: invite("--role", "member"), dave: invite("--role", "guest"), carol: invite("--view-only")}
	for _, u := range []*neUser{bob, dave, carol} {
		var joined api.SpaceSummary
		u.ok(&joined, "join", links[u], "--json")
		if joined.ID != sp.ID {
			t.Fatalf("%s joined %+v", u.name, joined)
		}
	}
	members := func(u *neUser, want ...*neUser) func() error {
		return func() error {
			var ms []api.Member
			u.ok(&ms, "member", "list", sp.ID, "--json")
			got := map[string]bool{}
			for _, m := range ms {
				got[m.DID] = true
			}
			for _, w := range want {
				if !got[w.did] {
					return fmt.Errorf("%s sees %d members, not %s", u.name, len(ms), w.name)
				}
			}
			if len(ms) != len(want) {
				return fmt.Errorf("%s sees %d members, want %d", u.name, len(ms), len(want))
			}
			return nil
		}
	}
	// notReached: the removal of u is not in u's own history (a node that
	// only sees itself refused shows itself removed, by nobody it can name,
	// and no longer among the members it lists: 03 §9.2).
	notReached := func(u *neUser) error {
		var d api.SpaceDetail
		u.ok(&d, "space", "show", sp.ID, "--json")
		if d.ID != sp.ID || (d.Removed != nil && d.Removed.By != "") {
			return fmt.Errorf("%s's page: %+v", u.name, d)
		}
		return nil
	}
	neWait(t, "Alice sees Bob and Dave join", 15*time.Second, members(alice, alice, bob, dave))
	for _, u := range all {
		u.startUI()
	}

	before := bob.write(sp.ID, "hi from Bob")
	for _, u := range []*neUser{alice, carol, dave} {
		neWait(t, u.name+" reads Bob", 15*time.Second, func() error { return u.reads(sp.ID, before, "hi from Bob") })
	}
	if e := carol.call("Write", nil, api.Write{SpaceID: sp.ID, Collection: "app.chat", Body: "carol"}); e == nil || e.Code != api.CodeForbidden {
		t.Fatalf("Carol (view-only) writes: %+v, want forbidden", e)
	}
	t.Logf("joined, written, read: %v", time.Since(began).Round(time.Millisecond))

	var d api.SpaceDetail
	alice.ok(&d, "space", "show", sp.ID, "--json")
	oldKey := d.KeyID
	var done struct{ OK bool }
	alice.ok(&done, "member", "remove", sp.ID, bob.did, "--json")
	alice.ok(&d, "space", "show", sp.ID, "--json")
	if d.KeyID == oldKey || d.KeyID == "" {
		t.Fatalf("key id %q after removing Bob, was %q", d.KeyID, oldKey)
	}
	after := alice.write(sp.ID, "after Bob")
	// Boxes owed to readers whose member key arrived late are written on
	// SyncNow (node/runtime): ask for it while waiting on Dave.
	neWait(t, "Dave (guest) opens what Alice wrote after the key change", 20*time.Second, func() error {
		err := dave.reads(sp.ID, after, "after Bob")
		if err != nil {
			alice.ok(nil, "sync", "now", sp.ID, "--json")
		}
		return err
	})
	// Alice's node let Bob (a former member, 03 §9.2) and Carol (admitted
	// on the old key and no reader, 04 §6.3) go at the removal and the key
	// change (node/netsync's gate): nothing written since reaches them, not
	// even the removal, and their nodes are refused when they dial again.
	for _, u := range []*neUser{bob, carol} {
		neWait(t, u.name+" is let go", 15*time.Second, u.notConnected)
		if err := u.lacks(sp.ID, after); err != nil {
			t.Fatal(err)
		}
	}
	if err := notReached(bob); err != nil {
		t.Fatalf("the removal reached Bob: %v", err)
	}
	// Bob's node does not know: it takes his write, which reaches nobody.
	late := bob.write(sp.ID, "after my removal")
	check := func(stage string) {
		t.Helper()
		for _, c := range []struct {
			u        *neUser
			id, want string
		}{{alice, before, "hi from Bob"}, {alice, after, "after Bob"}, {dave, before, "hi from Bob"}, {dave, after, "after Bob"},
			{carol, before, "hi from Bob"}, {carol, after, ""}, {bob, before, "hi from Bob"}, {bob, after, ""}} {
			if err := c.u.reads(sp.ID, c.id, c.want); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
		for _, u := range []*neUser{alice, carol, dave} {
			if err := u.lacks(sp.ID, late); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
	}
	check("before restart")
	t.Logf("removal and key change: %v", time.Since(began).Round(time.Millisecond))

	restartAll(all) // every process stops and starts again
	check("after restart")
	neWait(t, "Alice's members after restart", 5*time.Second, members(alice, alice, dave))
	t.Logf("restart: %v", time.Since(began).Round(time.Millisecond))

	// kill -9 of Alice's host while a second host of her profile waits.
	alice.ui.proc.stop()
	second := alice.start("host", "--listen", alice.hostListen)
	second.wait(t, "Minca host: another process owns the node", 10*time.Second)
	killed := time.Now()
	alice.host.cmd.Process.Signal(syscall.SIGKILL)
	alice.host.cmd.Wait()
	second.wait(t, "Minca host: keeping the node", 5*time.Second)
	// The node it opens listens on the same address (its --listen).
	second.wait(t, "Accepting peers at ws://"+alice.hostListen, 5*time.Second)
	t.Logf("second host took over %v after kill -9", time.Since(killed).Round(time.Millisecond))
	alice.host = second
	alice.startUI()
	later := alice.write(sp.ID, "after the takeover")
	neWait(t, "Dave reads what Alice wrote after the takeover", 20*time.Second, func() error { return dave.reads(sp.ID, later, "after the takeover") })
	// Carol's view-only link carried only the key before Bob's removal:
	// she opens nothing written under the new one (03 §9.5). Once her
	// socket to Alice's node is gone (the restart), the read proof she
	// can give is for the old key and Alice's node checks the current one
	// (node/netsync's gate, 04 §6.3), so she is not served again.
	if err := carol.reads(sp.ID, later, ""); err != nil {
		t.Fatal(err)
	}
	// After the restarts Bob's and Carol's nodes dial Alice's again: each
	// dial is refused (Bob is a former member, Carol proves only the old
	// key), so they wait in backoff and are served nothing written since.
	for _, u := range []*neUser{bob, carol} {
		u.ok(nil, "sync", "now", "--json")
		neWait(t, u.name+" refused by Alice's node", 20*time.Second, func() error { return u.refusedBy() })
		for _, v := range []string{after, later} {
			if err := u.lacks(sp.ID, v); err != nil {
				t.Errorf("after restart: %v", err)
			}
		}
		if err := u.notConnected(); err != nil {
			t.Errorf("after restart: %v", err)
		}
	}
	if err := notReached(bob); err != nil {
		t.Errorf("the removal reached Bob after the restart: %v", err)
	}
	var cs json.RawMessage
	carol.ok(&cs, "sync", "status", "--json")
	t.Logf("Carol's sync status after the key change and restart: %s", cs)

	// What lets Carol read again (03 §7.4): a new view-only link, made
	// after the key change, carries the current key. She joins with it the
	// space she holds; her node takes that key, proves it to Alice's node
	// and opens what Alice wrote since Bob's removal. It holds across a
	// restart of both, and what Alice writes then reaches her.
	var joined api.SpaceSummary
	carol.ok(&joined, "join", invite("--view-only"), "--json")
	if joined.ID != sp.ID {
		t.Fatalf("Carol joins again: %+v", joined)
	}
	carolReads := func(stage string, within time.Duration, vs map[string]string) {
		t.Helper()
		for id, want := range vs {
			neWait(t, "Carol reads "+want+" "+stage, within, func() error { return carol.reads(sp.ID, id, want) })
		}
	}
	carolReads("on the new link", 20*time.Second, map[string]string{after: "after Bob", later: "after the takeover"})
	for _, u := range []*neUser{alice, carol} {
		u.ui.proc.stop()
		u.host.stop()
	}
	for _, u := range []*neUser{alice, carol} {
		u.startHost()
		u.startUI()
	}
	carolReads("after restarting on the new link", 5*time.Second, map[string]string{after: "after Bob", later: "after the takeover"})
	last := alice.write(sp.ID, "for Carol again")
	carolReads("after the restart", 20*time.Second, map[string]string{last: "for Carol again"})
	if e := carol.call("Write", nil, api.Write{SpaceID: sp.ID, Collection: "app.chat", Body: "carol"}); e == nil || e.Code != api.CodeForbidden {
		t.Fatalf("Carol (view-only again) writes: %+v, want forbidden", e)
	}
	if err := bob.lacks(sp.ID, last); err != nil {
		t.Error(err)
	}
	t.Logf("total %v", time.Since(began).Round(time.Millisecond))
}

// TestNodeE2ESecondDeviceThroughFolder: two devices of Alice's account,
// each its own home and `minca host` (neither accepts peers, so no socket
// joins them), share one data folder. The second restores the account with
// its recovery code from the folder and comes to hold the private space and
// read its record through the folder's segments alone (05 §14, §16); what
// it writes reaches the first the same way.
func TestNodeE2ESecondDeviceThroughFolder(t *testing.T) {
	bin := e2eBin(t)
	began := time.Now()
	shared := t.TempDir() + "/Shared"
	one, two := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Alice")
	var f api.Folder
	one.ok(&f, "folder", "set", shared, "--json")
	var acc api.NewAccount
	one.ok(&acc, "account", "create", "--name", "Alice", "--json")
	one.startHost()
	var sp api.SpaceSummary
	one.ok(&sp, "space", "create", "Notes", "--private", "--template", "notebook", "--json")
	one.startUI()
	first := one.write(sp.ID, "from device one")

	codeFile := t.TempDir() + "/code"
	if err := os.WriteFile(codeFile, []byte(acc.RecoveryCode+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var restored api.Account
	two.ok(&restored, "account", "restore", "--recovery-code-file", codeFile, "--folder", shared, "--json")
	if restored.DID != acc.Account.DID {
		t.Fatalf("restored %+v, want %s", restored, acc.Account.DID)
	}
	two.startHost()
	two.startUI()
	neWait(t, "device two holds the space", 20*time.Second, func() error {
		var ss []api.SpaceSummary
		two.ok(&ss, "space", "list", "--json")
		for _, s := range ss {
			if s.ID == sp.ID {
				return nil
			}
		}
		return fmt.Errorf("device two holds %d spaces, not %s", len(ss), sp.ID)
	})
	neWait(t, "device two reads device one's record", 20*time.Second, func() error { return two.reads(sp.ID, first, "from device one") })
	second := two.write(sp.ID, "from device two")
	neWait(t, "device one reads device two's record", 20*time.Second, func() error { return one.reads(sp.ID, second, "from device two") })
	var st api.SyncStatus
	two.ok(&st, "sync", "status", "--json")
	if len(st.Peers) != 0 {
		t.Fatalf("device two has socket peers: %+v", st.Peers)
	}
	t.Logf("second device through the folder: %v", time.Since(began).Round(time.Millisecond))
}

// restartAll stops every process of us (ui, then host), then starts them again.
func restartAll(us []*neUser) {
	for _, u := range us {
		u.ui.proc.stop()
		u.host.stop()
	}
	for _, u := range us {
		u.startHost()
		u.startUI()
	}
}
