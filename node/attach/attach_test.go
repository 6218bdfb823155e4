package attach

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/runtime"
)

// The test binary doubles as a node process: with helperHome set it
// attaches to the default profile there, prints "role <role>" at once and
// after every takeover, and keeps the node until killed.
const (
	helperHome    = "MINCA_ATTACH_TEST_HOME"
	helperRuntime = "MINCA_ATTACH_TEST_RUNTIME"
)

func TestMain(m *testing.M) {
	if home := os.Getenv(helperHome); home != "" {
		os.Exit(helper(home, os.Getenv(helperRuntime)))
	}
	os.Exit(m.Run())
}

func helper(home, rt string) int {
	ctx := context.Background()
	a, err := Attach(ctx, config(home, rt, func(r Role) { fmt.Println("role", r) }))
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	defer a.Close()
	a.Keep(ctx)
	return 0
}

// config attaches to the default profile of home, with the socket in rt.
func config(home, rt string, onRole func(Role)) Config {
	env := paths.Env{GOOS: "linux", Home: home, Getenv: func(k string) string {
		if k == "XDG_RUNTIME_DIR" {
			return rt
		}
		return ""
	}}
	return Config{
		Env: env,
		Open: func(ctx context.Context) (Node, error) {
			return runtime.Open(ctx, runtime.Config{Env: env, Version: "test"})
		},
		OnRole: onRole,
	}
}

// dirs returns a home and a short runtime directory.
func dirs(t *testing.T) (string, string) {
	t.Helper()
	rt, err := os.MkdirTemp("", "mat")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(rt) })
	return t.TempDir(), rt
}

// process is a helper node process and the roles it reports.
type process struct {
	cmd   *exec.Cmd
	roles chan string
}

func start(t *testing.T, home, rt string) *process {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperHome+"="+home, helperRuntime+"="+rt)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	p := &process{cmd: cmd, roles: make(chan string, 4)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.roles <- sc.Text()
		}
		close(p.roles)
	}()
	return p
}

func (p *process) want(t *testing.T, line string, within time.Duration) time.Duration {
	t.Helper()
	began := time.Now()
	select {
	case got, ok := <-p.roles:
		if !ok || got != line {
			t.Fatalf("process %d said %q (open %v), want %q", p.cmd.Process.Pid, got, ok, line)
		}
	case <-time.After(within):
		t.Fatalf("process %d did not say %q within %v", p.cmd.Process.Pid, line, within)
	}
	return time.Since(began)
}

// Two processes on one profile: the first owns the node, the second is its
// client; after kill -9 of the owner the client takes over within seconds,
// with the node's state, and a third party's client follows it.
func TestTakeoverAfterKill(t *testing.T) {
	home, rt := dirs(t)
	owner := start(t, home, rt)
	owner.want(t, "role owner", 10*time.Second)
	client := start(t, home, rt)
	client.want(t, "role client", 10*time.Second)

	ctx := context.Background()
	me, err := Attach(ctx, config(home, rt, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer me.Close()
	if me.Role() != Client {
		t.Fatalf("third attach is %v", me.Role())
	}
	acc, err := me.Node().CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: "a passphrase for Ana"})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := me.Node().Status(ctx); err != nil || st.Owner || st.Account != acc.Account.DID {
		t.Fatalf("status through the owner: %+v, %v", st, err)
	}

	owner.cmd.Process.Kill() // SIGKILL: no clean-up at all
	took := client.want(t, "role owner", 5*time.Second)
	t.Logf("takeover %v after kill -9", took.Round(time.Millisecond))

	deadline := time.Now().Add(5 * time.Second)
	for {
		st, err := me.Node().Status(ctx)
		if err == nil {
			if st.Account != acc.Account.DID || st.Owner {
				t.Fatalf("status after the takeover: %+v", st)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no node after the takeover: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Close hands the node over: a client keeping it takes it over in process.
func TestCloseHandsOver(t *testing.T) {
	home, rt := dirs(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, err := Attach(ctx, config(home, rt, nil))
	if err != nil {
		t.Fatal(err)
	}
	roles := make(chan Role, 4)
	second, err := Attach(ctx, config(home, rt, func(r Role) { roles <- r }))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if first.Role() != Owner || <-roles != Client {
		t.Fatalf("roles %v, %v", first.Role(), second.Role())
	}
	kept := make(chan error, 1)
	go func() { kept <- second.Keep(ctx) }()
	if st, err := second.Node().Status(ctx); err != nil || st.Owner {
		t.Fatalf("client status %+v, %v", st, err)
	}
	first.Close()
	select {
	case r := <-roles:
		if r != Owner {
			t.Fatalf("role %v after the owner closed", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no takeover within 5 s")
	}
	if st, err := second.Node().Status(ctx); err != nil || !st.Owner {
		t.Fatalf("new owner's status %+v, %v", st, err)
	}
	cancel()
	if err := <-kept; !errors.Is(err, context.Canceled) {
		t.Fatalf("Keep returned %v", err)
	}
}

// An owner whose node cannot open releases the lock and says why.
func TestOpenFailureReleasesLock(t *testing.T) {
	home, rt := dirs(t)
	cfg := config(home, rt, nil)
	cfg.Open = func(context.Context) (Node, error) { return nil, io.ErrUnexpectedEOF }
	if _, err := Attach(context.Background(), cfg); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("attach: %v", err)
	}
	a, err := Attach(context.Background(), config(home, rt, nil))
	if err != nil {
		t.Fatalf("attach after a failed open: %v", err)
	}
	defer a.Close()
	if a.Role() != Owner {
		t.Fatal("lock not released by the failed open")
	}
	if filepath.Dir(a.SocketPath()) != filepath.Join(rt, "minca") || !strings.HasPrefix(filepath.Base(a.SocketPath()), "default-") {
		t.Fatal(a.SocketPath())
	}
	if _, err := os.Stat(a.SocketPath()); err != nil {
		t.Fatalf("owner's socket: %v", err)
	}
}
