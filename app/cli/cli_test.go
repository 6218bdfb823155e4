package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/node/paths"
)

// run runs the command in a fresh home and returns its exit code and output.
func run(t *testing.T, home string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(Env{
		Ctx: context.Background(), Args: args, Stdout: &out, Stderr: &errOut,
		Assets: fstest.MapFS{}, Paths: paths.Env{GOOS: "linux", Home: home}, Getenv: noKeychain,
	})
	return code, out.String(), errOut.String()
}

// noKeychain keeps tests off the session's keychain: accounts they make
// are protected by a passphrase.
func noKeychain(key string) string {
	if key == "MINCA_KEYCHAIN" {
		return "none"
	}
	return ""
}

func TestStatusLine(t *testing.T) {
	home := t.TempDir()
	code, out, errOut := run(t, home, "status")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	store := filepath.Join(home, ".local/share/minca/profiles/default/node.db")
	want := "Minca " + app.Version + " · store " + store + " · data folder " + filepath.Join(home, "Minca") + " (default, not created yet)\n"
	if out != want {
		t.Fatalf("status printed\n%q\nwant\n%q", out, want)
	}
}

func TestStatusJSON(t *testing.T) {
	home := t.TempDir()
	code, out, errOut := run(t, home, "status", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var st app.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if st.Version != app.Version || !st.Owner || st.Profile != "default" || !strings.HasPrefix(st.StorePath, home) ||
		st.Line != app.StatusLine(st) {
		t.Fatalf("status %+v", st)
	}
}

func TestVerbsAndUsage(t *testing.T) {
	home := t.TempDir()
	tests := []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"version"}, 0, "minca " + app.Version + "\n", ""},
		{[]string{"help"}, 0, "Usage: minca", ""},
		{[]string{"--help"}, 0, "Commands:", ""},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"status", "extra"}, 2, "", `unexpected argument "extra"`},
		{[]string{"status", "--bogus"}, 2, "", "minca status: unknown option -bogus\nhint: minca status -h shows its usage\n"},
		{[]string{"version", "-h"}, 0, "Usage: minca version", ""},
		{[]string{"folder", "--help"}, 0, "Usage: minca folder <command>", ""},
		{[]string{"folder", "-h"}, 0, "minca folder set PATH [--move] [--json]", ""},
		{[]string{"space", "help"}, 0, "SPACE      a space's name", ""},
		{[]string{"help", "folder"}, 0, "remove-old", ""},
		{[]string{"help", "space", "show"}, 0, "Usage: minca space show SPACE", ""},
		{[]string{"folder"}, 2, "", "folder needs a subcommand: show, set, remove-old\n\nUsage: minca folder <command>"},
		{[]string{"ui", "--listen", "0.0.0.0:0"}, 2, "", "only a loopback address"},
		{[]string{"ui", "--listen", "192.168.1.2:80"}, 2, "", "only a loopback address"},
		{[]string{"ui", "--listen", "localhost:80"}, 2, "", "want a loopback IP and a port"},
		{[]string{"ui", "--listen", "127.0.0.1"}, 2, "", "want a loopback IP and a port"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := run(t, home, tt.args...)
			quiet := errOut // help and answers print to stdout only
			if tt.code != 0 {
				quiet = out // errors to stderr only
			}
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) || quiet != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
		})
	}
}

// Every command and every group answers -h and --help with its usage on
// stdout (exit 0, nothing run), and an unknown option with a clear error
// (exit 2).
func TestEveryCommandHelp(t *testing.T) {
	home := t.TempDir()
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	names = append(names, groups()...)
	for _, name := range names {
		for _, h := range []string{"-h", "--help"} {
			args := append(strings.Fields(name), h)
			code, out, errOut := run(t, home, args...)
			if code != 0 || !strings.HasPrefix(out, "Usage: minca "+name+" ") || errOut != "" {
				t.Errorf("minca %s %s: exit %d, stdout %q, stderr %q", name, h, code, out, errOut)
			}
		}
		args := append(strings.Fields(name), "--no-such-option")
		code, out, errOut := run(t, home, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "unknown option -") || !strings.Contains(errOut, "no-such-option") {
			t.Errorf("minca %s --no-such-option: exit %d, stdout %q, stderr %q", name, code, out, errOut)
		}
	}
	if exists(filepath.Join(home, ".local/share/minca")) {
		t.Error("asking for help reached the node")
	}
}

func TestStatusWithoutHome(t *testing.T) {
	code, _, errOut := run(t, "", "status")
	if code != 1 || !strings.Contains(errOut, "home directory unknown") || !strings.Contains(errOut, "hint: set HOME") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

// TestUIServes runs `minca ui` on a real loopback port, calls Status over
// HTTP with the printed token, and stops it by cancelling its context.
func TestUIServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	home := t.TempDir()
	go func() {
		done <- Run(Env{
			Ctx: ctx, Args: []string{"ui", "--listen", "127.0.0.1:0"}, Stdout: outW, Stderr: io.Discard,
			Assets: fstest.MapFS{"index.html": {Data: []byte("page")}}, Paths: paths.Env{GOOS: "linux", Home: home},
			Getenv: noKeychain,
		})
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	base, token, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "Minca UI: ")), "#token=")
	if !ok || len(token) != 2*tokenBytes || !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	req, _ := http.NewRequest("POST", base+"api/v1/Status", strings.NewReader("[]"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(app.TokenHeader, token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Result app.Status }
	json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(body.Result.StorePath, home) {
		t.Fatalf("Status over HTTP: %d %+v", resp.StatusCode, body)
	}
	// An open event stream must not keep the server from stopping.
	events, err := http.Get(base + "api/v1/events?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("minca ui did not stop")
	}
}
