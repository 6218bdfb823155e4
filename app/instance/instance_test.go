package instance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/paths"
)

// holderDir, when set, makes this test binary a process that holds the
// instance of profile "p" in that directory until killed (TestMain).
const holderDir = "MINCA_INSTANCE_TEST_HOLDER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(holderDir); dir != "" {
		in, err := Listen(Config{Dir: dir, Profile: "p", OnLink: func(string) {}})
		if err != nil {
			fmt.Println("holder:", err)
			os.Exit(1)
		}
		defer in.Close()
		fmt.Println("holding")
		select {}
	}
	os.Exit(m.Run())
}

// shortDir is a private directory with a short path (sockets allow ~100 bytes).
func shortDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "mi")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "run")
}

// received collects what a listening instance got.
type received struct{ links, activations chan string }

func listen(t *testing.T, dir, profile string, log *slog.Logger) (*Instance, received) {
	t.Helper()
	r := received{make(chan string, 4), make(chan string, 4)}
	in, err := Listen(Config{Dir: dir, Profile: profile, Log: log,
		OnLink:     func(inv string) { r.links <- inv },
		OnActivate: func() { r.activations <- "activate" }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	return in, r
}

// sockOf is the socket of the profile's window in dir.
func sockOf(t *testing.T, dir, profile string) string {
	t.Helper()
	sock, err := Path(dir, profile, sockSuffix)
	if err != nil {
		t.Fatal(err)
	}
	return sock
}

func wait(t *testing.T, ch chan string) string {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(3 * time.Second):
		t.Fatal("nothing received in 3 s")
		return ""
	}
}

// TestHandOff: a second launch of the profile is refused the instance,
// hands its link over (checked, as the bare invite) and an activation;
// another profile is its own instance.
func TestHandOff(t *testing.T) {
	dir := shortDir(t)
	var logs bytes.Buffer
	_, r := listen(t, dir, "default", slog.New(slog.NewTextHandler(&logs, nil)))
	if _, err := Listen(Config{Dir: dir, Profile: "default"}); !errors.Is(err, ErrRunning) {
		t.Fatalf("second Listen = %v, want ErrRunning", err)
	}
	cfg := Config{Dir: dir, Profile: "default"}
	if err := HandOff(cfg, "minca://join#invite="+shortExample); err != nil {
		t.Fatal(err)
	}
	if got := wait(t, r.links); got != shortExample {
		t.Fatalf("OnLink got %q, want %q", got, shortExample)
	}
	if err := Activate(cfg); err != nil {
		t.Fatal(err)
	}
	wait(t, r.activations)
	if !strings.Contains(logs.String(), "instance: link received") {
		t.Fatalf("no log line for the link: %s", logs.String())
	}
	other, err := Listen(Config{Dir: dir, Profile: "work"})
	if err != nil {
		t.Fatalf("another profile: %v", err)
	}
	other.Close()
}

// TestHandOffRefusesBadLinks: a bad link is refused before anything is
// sent, and the instance refuses a bad link sent to it directly.
func TestHandOffRefusesBadLinks(t *testing.T) {
	dir := shortDir(t)
	_, r := listen(t, dir, "default", nil)
	cfg := Config{Dir: dir, Profile: "default"}
	if err := HandOff(cfg, "https://evil.example/"); !errors.Is(err, ErrNotLink) {
		t.Fatalf("HandOff of a web link = %v, want ErrNotLink", err)
	}
	for _, req := range []request{
		{V: wireVersion, Kind: kindLink, Link: "file:///etc/passwd"},
		{V: wireVersion, Kind: kindLink, Link: "minca:nothing"},
		{V: 2, Kind: kindLink, Link: "minca:" + shortExample},
		{V: wireVersion, Kind: "exec", Link: "rm -rf"},
	} {
		if err := send(cfg, req); !errors.Is(err, ErrRefused) {
			t.Errorf("send %+v = %v, want ErrRefused", req, err)
		}
	}
	select {
	case l := <-r.links:
		t.Fatalf("OnLink called with %q", l)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestGarbageOnTheSocket: an oversized or malformed message is refused
// and the instance still serves.
func TestGarbageOnTheSocket(t *testing.T) {
	dir := shortDir(t)
	_, r := listen(t, dir, "default", nil)
	sock := sockOf(t, dir, "default")
	for _, msg := range []string{"not json\n", strings.Repeat("x", maxMessage+10) + "\n", "{\"v\":1}\n"} {
		c, err := net.Dial("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		c.Write([]byte(msg))
		var rep reply
		err = readLine(bufio.NewReader(c), &rep)
		c.Close()
		if err != nil || rep.OK || rep.Error == "" {
			t.Fatalf("reply to %.20q: %+v, %v", msg, rep, err)
		}
	}
	if err := HandOff(Config{Dir: dir, Profile: "default"}, "minca:"+shortExample); err != nil {
		t.Fatal(err)
	}
	wait(t, r.links)
}

// TestNotRunning: with no instance, HandOff and Activate say so; a dead
// instance's socket is replaced by the next Listen.
func TestNotRunning(t *testing.T) {
	dir := shortDir(t)
	cfg := Config{Dir: dir, Profile: "default"}
	if err := HandOff(cfg, "minca:"+shortExample); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("HandOff with no directory = %v, want ErrNotRunning", err)
	}
	in, _ := listen(t, dir, "default", nil)
	in.Close()
	// A dead instance: its socket file is left, nobody listens.
	ln, err := net.Listen("unix", sockOf(t, dir, "default"))
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if err := Activate(cfg); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("Activate with a stale socket = %v, want ErrNotRunning", err)
	}
	_, r := listen(t, dir, "default", nil)
	if err := HandOff(cfg, "minca:"+shortExample); err != nil {
		t.Fatal(err)
	}
	wait(t, r.links)
}

// TestPrivate: the socket is 0600 in a 0700 directory; a directory others
// may write to is refused.
func TestPrivate(t *testing.T) {
	dir := shortDir(t)
	listen(t, dir, "default", nil)
	for name, want := range map[string]os.FileMode{dir: 0o700, sockOf(t, dir, "default"): 0o600} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", name, fi.Mode().Perm(), want)
		}
	}
	open := shortDir(t)
	if err := os.MkdirAll(open, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(open, 0o777)
	if _, err := Listen(Config{Dir: open, Profile: "default"}); !errors.Is(err, ErrNotPrivate) {
		t.Fatalf("Listen in a 0777 directory = %v, want ErrNotPrivate", err)
	}
	for _, p := range []string{"", ".", "..", "a/b", `a\b`} {
		if _, err := Listen(Config{Dir: dir, Profile: p}); err == nil {
			t.Errorf("profile %q accepted", p)
		}
	}
}

// TestAnotherProcessHolds: the lock holds across processes, and is free
// again once the holder is killed.
func TestAnotherProcessHolds(t *testing.T) {
	dir := shortDir(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), holderDir+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "holding\n" {
		t.Fatalf("holder says %q", line)
	}
	if _, err := Listen(Config{Dir: dir, Profile: "p"}); !errors.Is(err, ErrRunning) {
		t.Fatalf("Listen while another process holds = %v, want ErrRunning", err)
	}
	if err := HandOff(Config{Dir: dir, Profile: "p"}, "minca:"+shortExample); err != nil {
		t.Fatalf("hand-off to the other process: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	in, err := Listen(Config{Dir: dir, Profile: "p"})
	if err != nil {
		t.Fatalf("Listen after the holder died: %v", err)
	}
	in.Close()
}

// TestSharesDirWithNodeSocket: node/localapi keeps <profile>-<tag>.sock
// in the same directory; Listen and Close leave it alone.
func TestSharesDirWithNodeSocket(t *testing.T) {
	dir := shortDir(t)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	name, err := paths.RuntimeName(paths.FromOS(), "default")
	if err != nil {
		t.Fatal(err)
	}
	node := filepath.Join(dir, name+".sock")
	if err := os.WriteFile(node, []byte("node"), 0o600); err != nil {
		t.Fatal(err)
	}
	in, _ := listen(t, dir, "default", nil)
	in.Close()
	if data, err := os.ReadFile(node); err != nil || string(data) != "node" {
		t.Fatalf("the node's socket file was touched: %q, %v", data, err)
	}
}
