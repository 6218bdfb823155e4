//go:build e2e

package tests

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/node/paths"
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

// runtimeFile is the path of the default profile's file called name
// ("tray.lock") in the runtime directory of a minca run with env, the last
// value of a variable counting as in exec.Cmd: app/instance.Path names it
// after the profile's directory, which env's HOME and XDG_DATA_HOME say.
func runtimeFile(t *testing.T, env []string, name string) string {
	t.Helper()
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	get := func(k string) string { return vars[k] }
	rn, err := paths.RuntimeName(paths.Env{GOOS: runtime.GOOS, Home: vars["HOME"], Getenv: get}, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(vars["XDG_RUNTIME_DIR"], "minca")
	if !filepath.IsAbs(vars["XDG_RUNTIME_DIR"]) {
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("minca-%d", os.Getuid()))
	}
	return filepath.Join(dir, rn+"."+name)
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

// startHolder starts a linkholder holding the default profile in dir,
// run with env, and returns its output lines; it lets go when the test
// ends, or at stop.
func startHolder(t *testing.T, bin, dir string, env []string) (lines <-chan string, stop func()) {
	t.Helper()
	holder := exec.Command(bin, "hold", dir, "default")
	holder.Env = env
	stdin, _ := holder.StdinPipe()
	stdout, _ := holder.StdoutPipe()
	holder.Stderr = os.Stderr
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() { once.Do(func() { stdin.Close(); holder.Wait() }) }
	t.Cleanup(stop)
	lines = holderLines(stdout)
	if l := holderLine(t, lines, 5*time.Second); l != "holding" {
		t.Fatalf("holder says %q", l)
	}
	return lines, stop
}

// TestInstanceE2EHomesApart: two homes share the runtime directory (a
// second HOME in the session). Home A's process holds A's profile beside
// home B's and gets the links opened in home A; once it is gone, a link
// opened in home A finds nothing running (exit 3) and never reaches B's.
func TestInstanceE2EHomesApart(t *testing.T) {
	bin := buildLinkholder(t)
	dir := filepath.Join(t.TempDir(), "run")
	homeA, homeB := homeEnv(t.TempDir()), homeEnv(t.TempDir())
	linesB, _ := startHolder(t, bin, dir, homeB)
	linesA, stopA := startHolder(t, bin, dir, homeA)
	open := exec.Command(bin, "open", dir, "default", "minca:"+shortInvite)
	open.Env = homeA
	if code, out := runExit(t, open); code != 0 {
		t.Fatalf("hand-off in home A: exit %d, %s", code, out)
	}
	if l := holderLine(t, linesA, 3*time.Second); l != "link "+shortInvite {
		t.Fatalf("home A's holder got %q, want the invite", l)
	}
	stopA()
	open = exec.Command(bin, "open", dir, "default", "minca:"+shortInvite)
	open.Env = homeA
	if code, out := runExit(t, open); code != 3 {
		t.Fatalf("a link in home A while only home B's holder runs: exit %d, %s", code, out)
	}
	select {
	case l := <-linesB:
		t.Fatalf("home B's holder got %q, opened in home A", l)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestInstanceE2EBinary: the real window holds the profile; `minca
// minca:<link>` hands the link to it and exits 0, and the window logs it;
// a bad link is refused; a second plain `minca` asks the first to show
// itself and exits 0.
func TestInstanceE2EBinary(t *testing.T) {
	bin := mincaBinary(t)
	env, winOut := startWindow(t, bin)
	open := exec.Command(bin, "minca:"+shortInvite)
	open.Env = env
	code, out := runExit(t, open)
	if code == 2 && strings.Contains(out, "unknown command") {
		t.Fatalf("`minca minca:…` is an unknown command (app/cli takes an argument for which instance.IsLinkArg holds as the window's launch link): %s", out)
	}
	if code != 0 {
		t.Fatalf("`minca minca:…` exit %d: %s", code, out)
	}
	if !waitForText(winOut, "instance: link received", 5*time.Second) {
		t.Fatalf("the window did not log the link; its output:\n%s", winOut.String())
	}
	again := exec.Command(bin)
	again.Env = env
	if code, out := runExit(t, again); code != 0 {
		t.Fatalf("a second plain `minca`: exit %d, %s", code, out)
	}
	if !waitForText(winOut, "instance: activate received", 5*time.Second) {
		t.Fatalf("a second plain `minca` did not ask the window to show itself; its output:\n%s", winOut.String())
	}
	bad := exec.Command(bin, "minca:not-an-invite")
	bad.Env = env
	if code, out := runExit(t, bad); code == 0 || !strings.Contains(out, "no readable invite") {
		t.Fatalf("`minca minca:not-an-invite`: exit %d, %s", code, out)
	}
}

// startWindow starts the real window in a new home with its own runtime
// directory, logging at info, and waits until it holds the profile
// (window.sock); it is killed when the test ends, then the tray it starts
// (which outlives it) is stopped. It returns the home's environment and
// the window's output.
func startWindow(t *testing.T, bin string) ([]string, *syncBuffer) {
	t.Helper()
	home, run := t.TempDir(), t.TempDir()
	env := homeEnv(home, "MINCA_LOG=info", "XDG_RUNTIME_DIR="+run)
	stopTrayAfter(t, env)
	winOut := new(syncBuffer)
	win := exec.Command(bin)
	win.Env = env
	win.Stdout, win.Stderr = winOut, winOut
	if err := win.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { win.Process.Kill(); win.Wait() })
	if sock := runtimeFile(t, env, "window.sock"); !waitForPath(sock, 10*time.Second) {
		t.Fatalf("the window made no %s in 10 s (app/cli's window calls instance.Open as it starts); window output:\n%s",
			sock, winOut.String())
	}
	return env, winOut
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

// TestInstanceE2EWindowBesideUI: with only `minca ui` running (it holds
// the profile's instance, showing no window), a plain `minca` — what the
// desktop icon runs — opens a window over the same node, as its client:
// the window with the app's title comes up and shows the account the UI
// shows, with no notice of what happens once it closes (minca ui keeps
// the node and syncing), and no tray started beside it. The window then
// takes links, not the UI. Once it has closed, the UI takes links again
// while a page is open; with none, a link launch opens a window with its
// link.
func TestInstanceE2EWindowBesideUI(t *testing.T) {
	bin := mincaBinary(t)
	needScreenTools(t)
	home, run := t.TempDir(), t.TempDir()
	env := homeEnv(home, "MINCA_LOG=info", "XDG_RUNTIME_DIR="+run, "MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=a passphrase for this test")
	const name = "Marigold"
	create := exec.Command(bin, "account", "create", "--name", name)
	create.Env = env
	if code, out := runExit(t, create); code != 0 {
		t.Fatalf("account create: exit %d, %s", code, out)
	}

	var uiLog syncBuffer
	ui := exec.Command(bin, "ui", "--listen", "127.0.0.1:0")
	ui.Env, ui.Stderr = env, &uiLog
	stdout, _ := ui.StdoutPipe()
	if err := ui.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { ui.Process.Kill(); ui.Wait() }()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	m := uiAddress.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		t.Fatalf("minca ui printed %q; its log:\n%s", line, uiLog.String())
	}
	if !waitForText(&uiLog, "minca ui takes links", 10*time.Second) {
		t.Fatalf("minca ui did not take the profile's instance; its log:\n%s", uiLog.String())
	}

	var winLog syncBuffer
	win := exec.Command(bin)
	win.Env = env
	win.Stdout, win.Stderr = &winLog, &winLog
	if err := win.Start(); err != nil {
		t.Fatal(err)
	}
	exited, gone := make(chan error, 1), make(chan struct{})
	go func() { exited <- win.Wait(); close(gone) }()
	defer func() { win.Process.Kill(); <-gone }()
	stopTrayAfter(t, env) // none should start; if one does, it goes
	shot := windowShowing(t, name, exited, &winLog)
	if dir := os.Getenv("MINCA_E2E_ARTIFACTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "window-beside-ui.png"), shot, 0o644)
	}
	// minca ui owns the node, so closing the window stops no sync: the
	// page shows no notice (App.svelte's "after-close").
	time.Sleep(2 * time.Second)
	if _, raw, err := screenshot("Minca"); err == nil {
		if words, err := readShot(raw); err == nil {
			for _, w := range words {
				if reads(w.text, "minimised") || reads(w.text, "icons") || reads(w.text, "nothing") {
					t.Fatalf("the window speaks of closing it, though minca ui keeps the node: %q", text(words))
				}
			}
		}
	}
	if pid := pidIn(runtimeFile(t, env, "tray.lock")); pid != 0 {
		t.Fatalf("a tray (pid %d) started beside minca ui, which keeps the node", pid)
	}
	if got := uiAccountName(t, m[1], m[2]); got != name {
		t.Fatalf("minca ui shows the account %q, the window %q", got, name)
	}
	if !waitForText(&uiLog, "minca ui takes no links while the window is open", 5*time.Second) {
		t.Fatalf("minca ui did not make way for the window; its log:\n%s", uiLog.String())
	}

	open := exec.Command(bin, "minca:"+shortInvite)
	open.Env = env
	if code, out := runExit(t, open); code != 0 {
		t.Fatalf("`minca minca:…` with the window open: exit %d, %s", code, out)
	}
	if !waitForText(&winLog, "instance: link received", 5*time.Second) {
		t.Fatalf("the window did not get the link; its output:\n%s", winLog.String())
	}
	if strings.Contains(uiLog.String(), "instance: link received") {
		t.Fatal("minca ui got the link while the window was open")
	}

	win.Process.Kill()
	<-gone
	uiTakesLinks(t, &uiLog, 2)

	// With no page open, a link launch opens a window too, with its link.
	var linkLog syncBuffer
	linkWin := exec.Command(bin, "minca:"+shortInvite)
	linkWin.Env, linkWin.Stdout, linkWin.Stderr = env, &linkLog, &linkLog
	if err := linkWin.Start(); err != nil {
		t.Fatal(err)
	}
	linkGone := make(chan struct{})
	go func() { linkWin.Wait(); close(linkGone) }()
	defer func() { linkWin.Process.Kill(); <-linkGone }()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(300 * time.Millisecond) {
		if _, err := windowID("Minca"); err == nil {
			break
		}
		select {
		case <-linkGone:
			t.Fatalf("`minca minca:…` with no page open exited without a window; its output:\n%s", linkLog.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("`minca minca:…` with no page open showed no window in 60 s; its output:\n%s", linkLog.String())
		}
	}
	if strings.Contains(uiLog.String(), "instance: link received") {
		t.Fatal("minca ui took a link no page would show")
	}
	linkWin.Process.Kill()
	<-linkGone
	uiTakesLinks(t, &uiLog, 3)

	// With a page open (subscribed to the UI's events), the UI takes links.
	req, _ := http.NewRequest("GET", m[1]+"api/v1/events?token="+m[2], nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("events of minca ui: %v %v", resp, err)
	}
	defer resp.Body.Close()
	open = exec.Command(bin, "minca:"+shortInvite)
	open.Env = env
	if code, out := runExit(t, open); code != 0 {
		t.Fatalf("`minca minca:…` after the window closed: exit %d, %s", code, out)
	}
	if !waitForText(&uiLog, "instance: link received", 5*time.Second) {
		t.Fatalf("minca ui did not get the link after the window closed; its log:\n%s", uiLog.String())
	}
}

// uiTakesLinks waits until minca ui has said n times that it takes links.
func uiTakesLinks(t *testing.T, uiLog *syncBuffer, n int) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); strings.Count(uiLog.String(), "minca ui takes links") < n; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("with the window closed, minca ui did not take links again in 15 s; its log:\n%s", uiLog.String())
		}
	}
}

// windowShowing waits until the window titled "Minca" is rendered and
// shows the account's name (OCR of a screenshot), and returns the shot.
func windowShowing(t *testing.T, name string, exited <-chan error, log *syncBuffer) []byte {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	var seen string
	for {
		select {
		case err := <-exited:
			t.Fatalf("the window exited: %v\n%s", err, log.String())
		case <-time.After(500 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no window showing %q in 60 s (OCR read %q); its output:\n%s", name, seen, log.String())
		}
		img, raw, err := screenshot("Minca")
		if err != nil || analyse(img).background < 0.3 {
			continue
		}
		words, err := readShot(raw)
		if err != nil {
			continue
		}
		seen = text(words)
		for _, w := range words {
			if reads(w.text, name) {
				return raw
			}
		}
	}
}

// uiAccountName is the name of the account `minca ui` at base shows.
func uiAccountName(t *testing.T, base, token string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"api/v1/Account", strings.NewReader("[]"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Minca-Token", token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Result struct {
			ProfileName string `json:"profileName"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != 200 {
		t.Fatalf("Account through minca ui: %d, %v", resp.StatusCode, err)
	}
	return got.Result.ProfileName
}
