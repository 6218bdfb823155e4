package cli

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/paths"
)

// asMinca makes the test binary the minca command: with it set, TestMain
// runs Run on the process's arguments, so the tests below run real minca
// processes without building main (whose window needs the Wails tags).
const asMinca = "MINCA_CLI_TEST_AS_MINCA"

func TestMain(m *testing.M) {
	if os.Getenv(asMinca) == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := Run(Env{Ctx: ctx, Args: os.Args[1:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
			Paths: paths.FromOS(), Getenv: os.Getenv})
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

const testPassphrase = "correct horse battery staple"

// machine is a user's home and runtime directory: minca processes run in it.
type machine struct{ home, rt string }

func newMachine(t *testing.T) machine {
	t.Helper()
	rt, err := os.MkdirTemp("", "mcl") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(rt) })
	return machine{home: t.TempDir(), rt: rt}
}

func (m machine) command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = []string{asMinca + "=1", "HOME=" + m.home, "XDG_RUNTIME_DIR=" + m.rt,
		"MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=" + testPassphrase, "PATH=" + os.Getenv("PATH")}
	return cmd
}

// minca runs one command to its end.
func (m machine) minca(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	cmd := m.command(args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("minca %v: %v", args, err)
	}
	return code, out.String(), errOut.String()
}

// ok runs a command that must succeed and decodes its --json output.
func (m machine) ok(t *testing.T, v any, args ...string) {
	t.Helper()
	code, out, errOut := m.minca(t, args...)
	if code != 0 {
		t.Fatalf("minca %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	if v != nil {
		if err := json.Unmarshal([]byte(out), v); err != nil {
			t.Fatalf("minca %s: not JSON: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// host is a running `minca host` and the lines it prints.
type host struct {
	cmd   *exec.Cmd
	lines chan string
}

func (m machine) host(t *testing.T) *host {
	t.Helper()
	return m.start(t, m.command("host"))
}

// start starts a long-running command and reads its lines.
func (m machine) start(t *testing.T, cmd *exec.Cmd) *host {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	h := &host{cmd: cmd, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	return h
}

// wait waits for a line starting with prefix.
func (h *host) wait(t *testing.T, prefix string, within time.Duration) time.Duration {
	t.Helper()
	began := time.Now()
	timeout := time.After(within)
	for {
		select {
		case line, ok := <-h.lines:
			if !ok {
				t.Fatalf("host exited before printing %q", prefix)
			}
			if strings.HasPrefix(line, prefix) {
				return time.Since(began)
			}
		case <-timeout:
			t.Fatalf("host did not print %q within %v", prefix, within)
		}
	}
}

// otherAccount is the did:key of some account that is not ours.
func otherAccount(t *testing.T) string {
	seed := make([]byte, 32)
	rand.Read(seed)
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	return kp.DID()
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func profileDir(m machine) string {
	return filepath.Join(m.home, ".local/share/minca/profiles/default")
}
