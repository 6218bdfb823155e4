//go:build e2e

package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWindowE2ENoDisplay: `minca` with no display (no DISPLAY, no
// WAYLAND_DISPLAY, as over ssh) says so and what to use instead, exits 1,
// and has opened nothing: no profile, no tray started (a malformed link is
// still refused as one, and a good one would still go to a window open
// elsewhere: the check comes after the hand-off). Before, GTK's
// failure to start was a panic, after the node was opened and a tray
// left running.
func TestWindowE2ENoDisplay(t *testing.T) {
	bin := e2eBin(t)
	home := t.TempDir()
	rt, err := os.MkdirTemp("", "mnd")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(rt)
	var env []string
	for _, kv := range homeEnv(home, "XDG_RUNTIME_DIR="+rt, "MINCA_KEYCHAIN=none") {
		if k, _, _ := strings.Cut(kv, "="); k != "DISPLAY" && k != "WAYLAND_DISPLAY" {
			env = append(env, kv)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 1, "no display to open the window on"},
		{[]string{"minca:join#invite=x"}, 2, "no readable invite"},
	} {
		args := c.args
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("minca %v with no display still runs:\n%s", args, out.String())
		}
		if code := cmd.ProcessState.ExitCode(); code != c.code || strings.Contains(out.String(), "panic") ||
			!strings.Contains(out.String(), c.says) || (c.code == 1 && !strings.Contains(out.String(), "minca ui --listen")) {
			t.Fatalf("minca %v with no display: exit %d (%v)\n%s", args, code, err, out.String())
		}
	}
	var left []string
	for _, dir := range []string{home, rt} {
		filepath.WalkDir(dir, func(p string, _ os.DirEntry, _ error) error {
			// The window's own instance files may stay in the runtime
			// directory; nothing of the profile, the node or a tray may.
			if p != dir && !(dir == rt && strings.Contains(filepath.Base(p), ".window.")) && p != filepath.Join(rt, "minca") {
				left = append(left, p)
			}
			return nil
		})
	}
	if len(left) != 0 {
		t.Errorf("with no display, minca wrote %v", left)
	}
}
