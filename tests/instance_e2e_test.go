//go:build e2e

package tests

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// shortInvite is the short link of 03 §7.7's example: a link Minca accepts.
const shortInvite = "AAECAwQFBgcICQoLDA0OD_Dx8vP09fb3-Pn6-_z9_v8@host.example,relay.example/minca"

// buildLinkholder builds tests/cmd/linkholder.
func buildLinkholder(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "linkholder")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/linkholder").CombinedOutput(); err != nil {
		t.Fatalf("build linkholder: %v\n%s", err, out)
	}
	return bin
}

// holderLines reads r's lines into a channel.
func holderLines(r io.Reader) <-chan string {
	ch := make(chan string, 16)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
	}()
	return ch
}

func holderLine(t *testing.T, ch <-chan string, within time.Duration) string {
	t.Helper()
	select {
	case l, ok := <-ch:
		if !ok {
			t.Fatal("the holder's output ended")
		}
		return l
	case <-time.After(within):
		t.Fatalf("no line from the holder in %v", within)
		return ""
	}
}

// runExit runs cmd and returns its exit code.
func runExit(t *testing.T, cmd *exec.Cmd) (int, string) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	t.Fatalf("%v: %v", cmd.Args, err)
	return -1, ""
}

// TestInstanceE2EHandOff: one process holds the profile; a second launch
// with a minca: link hands it over and exits 0, and the first receives the
// invite; a bad link is refused (exit 2) and never reaches the first; with
// the holder gone a launch learns nothing runs (exit 3).
func TestInstanceE2EHandOff(t *testing.T) {
	bin := buildLinkholder(t)
	dir := filepath.Join(t.TempDir(), "run")
	holder := exec.Command(bin, "hold", dir, "default")
	stdin, _ := holder.StdinPipe()
	stdout, _ := holder.StdoutPipe()
	holder.Stderr = os.Stderr
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Process.Kill()
	got := holderLines(stdout)
	if l := holderLine(t, got, 5*time.Second); l != "holding" {
		t.Fatalf("holder says %q", l)
	}
	if code, out := runExit(t, exec.Command(bin, "hold", dir, "default")); code != 1 || !strings.Contains(out, "already runs") {
		t.Fatalf("a second holder: exit %d, %s", code, out)
	}
	started := time.Now()
	if code, out := runExit(t, exec.Command(bin, "open", dir, "default", "minca://join#invite="+shortInvite)); code != 0 {
		t.Fatalf("hand-off: exit %d, %s", code, out)
	}
	if l := holderLine(t, got, 3*time.Second); l != "link "+shortInvite {
		t.Fatalf("holder got %q, want the invite", l)
	}
	t.Logf("hand-off took %v", time.Since(started))
	code, out := runExit(t, exec.Command(bin, "open", dir, "default", "https://evil.example/x"))
	if code != 2 || !strings.Contains(out, "not a minca: link or an invite link") {
		t.Fatalf("bad link: exit %d, %s", code, out)
	}
	select {
	case l := <-got:
		t.Fatalf("holder got %q from a refused link", l)
	case <-time.After(300 * time.Millisecond):
	}
	stdin.Close()
	if err := holder.Wait(); err != nil {
		t.Fatalf("holder: %v", err)
	}
	if code, out := runExit(t, exec.Command(bin, "open", dir, "default", "minca:"+shortInvite)); code != 3 {
		t.Fatalf("with nothing running: exit %d, %s", code, out)
	}
}

// TestInstanceE2EBinary: the real window holds the profile; `minca
// minca:<link>` hands the link to it and exits 0, and the window logs it;
// a bad link is refused; a second plain `minca` asks the first to show
// itself and exits 0.
func TestInstanceE2EBinary(t *testing.T) {
	bin := mincaBinary(t)
	home, run := t.TempDir(), t.TempDir()
	env := homeEnv(home, "MINCA_LOG=info", "XDG_RUNTIME_DIR="+run)
	var winOut syncBuffer
	win := exec.Command(bin)
	win.Env = env
	win.Stdout, win.Stderr = &winOut, &winOut
	if err := win.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { win.Process.Kill(); win.Wait() }()
	sock := filepath.Join(run, "minca", "default.window.sock")
	if !waitForPath(sock, 10*time.Second) {
		t.Fatalf("the window made no %s in 10 s (app/cli's window calls instance.Open as it starts); window output:\n%s",
			sock, winOut.String())
	}
	open := exec.Command(bin, "minca:"+shortInvite)
	open.Env = env
	code, out := runExit(t, open)
	if code == 2 && strings.Contains(out, "unknown command") {
		t.Fatalf("`minca minca:…` is an unknown command (app/cli takes an argument for which instance.IsLinkArg holds as the window's launch link): %s", out)
	}
	if code != 0 {
		t.Fatalf("`minca minca:…` exit %d: %s", code, out)
	}
	if !waitForText(&winOut, "instance: link received", 5*time.Second) {
		t.Fatalf("the window did not log the link; its output:\n%s", winOut.String())
	}
	again := exec.Command(bin)
	again.Env = env
	if code, out := runExit(t, again); code != 0 {
		t.Fatalf("a second plain `minca`: exit %d, %s", code, out)
	}
	if !waitForText(&winOut, "instance: activate received", 5*time.Second) {
		t.Fatalf("a second plain `minca` did not ask the window to show itself; its output:\n%s", winOut.String())
	}
	bad := exec.Command(bin, "minca:not-an-invite")
	bad.Env = env
	if code, out := runExit(t, bad); code == 0 || !strings.Contains(out, "no readable invite") {
		t.Fatalf("`minca minca:not-an-invite`: exit %d, %s", code, out)
	}
}

func waitForPath(name string, within time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if _, err := os.Stat(name); err == nil {
			return true
		}
	}
	return false
}

func waitForText(b *syncBuffer, text string, within time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if strings.Contains(b.String(), text) {
			return true
		}
	}
	return false
}
