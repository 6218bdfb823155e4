package keychain

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/zalando/go-keyring"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantReason string // "" means ErrNotFound
	}{
		{"absent", keyring.ErrNotFound, ""},
		{"no provider", dbus.Error{Name: "org.freedesktop.DBus.Error.ServiceUnknown"}, "no Secret Service provider on the session bus"},
		{"no provider, pointer", &dbus.Error{Name: "org.freedesktop.DBus.Error.ServiceUnknown"}, "no Secret Service provider on the session bus"},
		{"dead bus", &net.OpError{Op: "dial", Net: "unix", Err: errors.New("connection refused")}, "the session bus does not answer"},
		{"no dbus-launch", &exec.Error{Name: "dbus-launch", Err: exec.ErrNotFound}, "no session bus, and dbus-launch could not start one"},
		{"locked", errors.New("failed to unlock correct collection '/org/freedesktop/secrets/aliases/default'"), "the keyring is locked"},
		{"other", errors.New("org.freedesktop.DBus.Error.NoReply"), "the Secret Service failed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := classify("get", "alice", fmt.Errorf("wrapped: %w", tc.err))
			if tc.wantReason == "" {
				if !errors.Is(err, ErrNotFound) || IsUnavailable(err) {
					t.Fatalf("classify = %v, want ErrNotFound", err)
				}
				return
			}
			var u *UnavailableError
			if !errors.As(err, &u) || errors.Is(err, ErrNotFound) {
				t.Fatalf("classify = %v, want *UnavailableError", err)
			}
			// dbus.Error is not comparable, so errors.Is cannot find it.
			if u.Op != "get" || u.Reason != tc.wantReason || u.Err == nil || !strings.Contains(err.Error(), tc.err.Error()) {
				t.Fatalf("classify = %+v, want op get, reason %q, wrapping %v", u, tc.wantReason, tc.err)
			}
		})
	}
}

// TestCallTimeout: a call that never answers (an unlock prompt nobody sees)
// reports unavailable after the timeout and holds the slot, so the next call
// reports unavailable too without starting another goroutine; once it
// answers, calls work again.
func TestCallTimeout(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent")
	s := NewSecretService(Config{Timeout: 50 * time.Millisecond})
	release := make(chan struct{})
	start := time.Now()
	_, err := s.call("get", "alice", func() (string, error) { <-release; return "x", nil })
	if !IsUnavailable(err) || time.Since(start) > 2*time.Second {
		t.Fatalf("blocked call: %v after %v, want unavailable after ~50ms", err, time.Since(start))
	}
	ran := false
	_, err = s.call("get", "alice", func() (string, error) { ran = true; return "x", nil })
	if !IsUnavailable(err) || ran {
		t.Fatalf("call behind a blocked one: err %v, ran %v; want unavailable, not run", err, ran)
	}
	close(release)
	var text string
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); {
		if text, err = s.call("get", "alice", func() (string, error) { return "ok", nil }); err == nil {
			break
		}
	}
	if text != "ok" {
		t.Fatalf("after release: %q, %v; want ok", text, err)
	}
}

// TestNoSessionBus: with no bus address, every call reports unavailable at
// once and never runs dbus-launch (which would leave daemons behind).
func TestNoSessionBus(t *testing.T) {
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("/run/user", u.Uid, "bus")); err == nil {
		t.Skip("this user has a systemd session bus at /run/user/<uid>/bus: no way to hide it")
	}
	bin := t.TempDir()
	marker := filepath.Join(bin, "launched")
	script := "#!/bin/sh\ntouch " + marker + "\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	s := Default()
	start := time.Now()
	_, getErr := s.Get("alice")
	for op, err := range map[string]error{"probe": s.Probe(), "get": getErr, "set": s.Set("alice", []byte("k")), "delete": s.Delete("alice")} {
		var ue *UnavailableError
		if !errors.As(err, &ue) || ue.Op != op {
			t.Errorf("%s: %v, want *UnavailableError", op, err)
		}
	}
	if time.Since(start) > time.Second {
		t.Errorf("took %v, want at once", time.Since(start))
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("dbus-launch was run")
	}
}

// TestDeadSessionBus: a bus address whose socket nobody listens on.
func TestDeadSessionBus(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "bus")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	l.Close() // the socket file stays; connecting is refused
	for _, addr := range []string{"unix:path=" + sock, "unix:path=" + filepath.Join(dir, "missing")} {
		t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
		start := time.Now()
		err := Default().Probe()
		var ue *UnavailableError
		if !errors.As(err, &ue) || ue.Reason != "the session bus does not answer" {
			t.Errorf("%s: Probe = %v, want unavailable: bus does not answer", addr, err)
		}
		if _, err := Default().Get("alice"); !IsUnavailable(err) || errors.Is(err, ErrNotFound) {
			t.Errorf("%s: Get = %v, want unavailable", addr, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %v", addr, d)
		}
	}
}
