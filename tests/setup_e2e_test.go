//go:build e2e

package tests

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"minca.dev/desktop/app/tray/traytest"
	"minca.dev/desktop/node/api"
)

// The set-ups several e2e tests share: a tray process started without
// looking for its menu, the check that such a tray shows its icon only
// once a tray host runs, a `minca host` kept for the length of a test, a
// process ended when it ends; and for one person (neUser) an account, a
// join through an inviter's node, and a write another's node receives.

// launchTray starts cmd, a tray, with a TMPDIR of its own (so its icon
// files can be checked) and env added to cmd.Env (os.Environ() when
// that is nil), and kills it when the test ends if it still runs. It
// does not look for the tray's menu: there may be none.
func launchTray(t *testing.T, cmd *exec.Cmd, env ...string) *trayProc {
	t.Helper()
	p := &trayProc{cmd: cmd, tmp: t.TempDir(), exited: make(chan error, 1)}
	base := cmd.Env
	if base == nil {
		base = os.Environ()
	}
	p.cmd.Env = append(append(base, "TMPDIR="+p.tmp), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

// iconOnceHostRuns checks that p, running on a desktop that shows no tray
// icons, serves no menu and wrote no icon file; then it puts a tray host
// on the session bus and wants p to register with it and serve its menu
// (p.menu, usable until the test ends). who names p in failures.
func (p *trayProc) iconOnceHostRuns(t *testing.T, who string) {
	t.Helper()
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := traytest.Find(conn, p.cmd.Process.Pid, time.Second); err == nil {
		t.Fatalf("%s serves a menu though the desktop shows no tray icons", who)
	}
	if files, _ := traytest.IconFiles(p.tmp); len(files) != 0 {
		t.Fatalf("%s wrote icon files with no icon shown: %v", who, files)
	}
	p.running(t)
	host := startTrayHost(t)
	if p.menu, err = traytest.Find(conn, p.cmd.Process.Pid, 20*time.Second); err != nil {
		t.Fatalf("no menu once a tray host runs: %v\n%s", err, p.out.String())
	}
	select {
	case item := <-host.items:
		t.Logf("%s registered %s with the tray host", who, item)
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not register with the tray host:\n%s", who, p.out.String())
	}
}

// keepHost runs `minca host` with args in env until the test ends (then
// SIGTERM), and waits up to 15 s for its output to hold ready.
func keepHost(t *testing.T, bin string, env []string, ready string, args ...string) {
	t.Helper()
	host := exec.Command(bin, append([]string{"host"}, args...)...)
	host.Env = append(os.Environ(), env...)
	var out syncBuffer
	host.Stdout, host.Stderr = &out, &out
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Process.Signal(syscall.SIGTERM); host.Wait() })
	if !waitForText(&out, ready, 15*time.Second) {
		t.Fatalf("minca %s did not start:\n%s", strings.Join(host.Args[1:], " "), out.String())
	}
}

// endProcess ends process pid, one the test did not start itself:
// SIGTERM, then SIGKILL if it still runs after within.
func endProcess(pid int, within time.Duration) {
	p, err := os.FindProcess(pid)
	if err != nil {
		return
	}
	p.Signal(syscall.SIGTERM)
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if p.Signal(syscall.Signal(0)) != nil {
			return
		}
	}
	p.Kill()
}

// joins has u join inviter's space spaceID with a member invite, and
// waits until inviter's node lists u among the members.
func (u *neUser) joins(inviter *neUser, spaceID string) {
	u.t.Helper()
	var inv api.Invite
	inviter.ok(&inv, "invite", "create", spaceID, "--role", "member", "--json")
	u.ok(nil, "join", inv.Link, "--json")
	neWait(u.t, inviter.name+" sees "+u.name+" join", 20*time.Second, func() error {
		var ms []api.Member
		inviter.ok(&ms, "member", "list", spaceID, "--json")
		for _, m := range ms {
			if m.DID == u.did {
				return nil
			}
		}
		return fmt.Errorf("%s sees %d members, not %s", inviter.name, len(ms), u.name)
	})
}

// versions is how many versions of spaceID u's node holds (sync status),
// -1 when it does not hold the space.
func (u *neUser) versions(spaceID string) int {
	var s api.SyncStatus
	u.ok(&s, "sync", "status", "--json")
	for _, x := range s.Spaces {
		if x.SpaceID == spaceID {
			return x.Versions
		}
	}
	return -1
}

// receivesWrite has writer write body in spaceID through its `minca ui`
// (started here) and waits up to 30 s for u's node to hold more versions
// of the space than before; what names the wait. It returns the record's
// id.
func (u *neUser) receivesWrite(writer *neUser, spaceID, body, what string) string {
	u.t.Helper()
	before := u.versions(spaceID)
	writer.startUI()
	id := writer.write(spaceID, body)
	neWait(u.t, what, 30*time.Second, func() error {
		if n := u.versions(spaceID); n <= before {
			return fmt.Errorf("%s holds %d versions of the space, as before %s wrote", u.name, n, writer.name)
		}
		return nil
	})
	return id
}

// createAccount creates u's account, named u.name, and keeps its DID.
func (u *neUser) createAccount() {
	u.t.Helper()
	var acc api.NewAccount
	u.ok(&acc, "account", "create", "--name", u.name, "--json")
	u.did = acc.Account.DID
}
