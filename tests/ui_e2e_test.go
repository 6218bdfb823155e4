//go:build e2e

package tests

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

var uiAddress = regexp.MustCompile(`^Minca UI: (http://127\.0\.0\.1:\d+/)#token=([0-9a-f]{64})$`)

// startUI runs `minca ui` on a random loopback port in home and returns its
// base URL and token.
func startUI(t *testing.T, bin, home string) (base, token string) {
	t.Helper()
	cmd := exec.Command(bin, "ui", "--listen", "127.0.0.1:0")
	cmd.Env = homeEnv(home)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := uiAddress.FindStringSubmatch(strings.TrimSpace(line))
	if err != nil || m == nil {
		t.Fatalf("minca ui printed %q, %v", line, err)
	}
	return m[1], m[2]
}

// TestUIE2EBridge: the real `minca ui` serves the page to anyone on
// loopback, but its bindings only to requests with the token, JSON, and
// no foreign Origin; what Status answers is what `minca status` prints.
func TestUIE2EBridge(t *testing.T) {
	bin := e2eBin(t)
	home := t.TempDir()
	base, token := startUI(t, bin, home)

	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET / = %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	call := func(header map[string]string) (int, map[string]any) {
		req, _ := http.NewRequest("POST", base+"api/v1/Status", strings.NewReader("[]"))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Minca-Token", token)
		for k, v := range header {
			if k == "Host" {
				req.Host = v
			}
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	for _, tt := range []struct {
		name   string
		header map[string]string
		code   int
	}{
		{"no token", map[string]string{"X-Minca-Token": ""}, 403},
		{"wrong token", map[string]string{"X-Minca-Token": strings.Repeat("0", 64)}, 403},
		{"foreign origin", map[string]string{"Origin": "http://example.com"}, 403},
		{"not JSON", map[string]string{"Content-Type": "text/plain"}, 415},
		{"rebound host", map[string]string{"Host": "attacker.example"}, 403},
	} {
		if code, body := call(tt.header); code != tt.code || body["error"] == nil {
			t.Errorf("%s: %d %v, want %d with an error", tt.name, code, body, tt.code)
		}
	}
	code, body := call(nil)
	result, _ := body["result"].(map[string]any)
	if want := statusIn(t, bin, home); code != 200 || result["line"] != want.Line {
		t.Fatalf("Status = %d %v, want line %q", code, body, want.Line)
	}
}

// TestUIE2ERefusesOtherAddresses: `minca ui` will not listen beyond loopback.
func TestUIE2ERefusesOtherAddresses(t *testing.T) {
	bin := e2eBin(t)
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "localhost:0"} {
		cmd := exec.Command(bin, "ui", "--listen", addr)
		cmd.Env = homeEnv(t.TempDir())
		done := make(chan error, 1)
		var out syncBuffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
				t.Errorf("--listen %s: %v, want exit 2; output %q", addr, err, out.String())
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("--listen %s: still running", addr)
		}
	}
}
