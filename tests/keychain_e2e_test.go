//go:build e2e

package tests

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/zalando/go-keyring"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/keychain/keychaintest"
)

// keychainChildEnv makes this test binary a child that expects no usable
// keychain (TestKeychainE2EChild); its value is the reason expected, or "*".
const keychainChildEnv = "MINCA_KEYCHAIN_E2E_CHILD"

// keychainChildMark is what a passing child prints.
const keychainChildMark = "keychain-e2e-child: unavailable as expected"

// needSecretService waits up to 10 s for the session's Secret Service, which
// run-e2e.sh starts (gnome-keyring-daemon --unlock). It only watches the name:
// calling it earlier would make the bus start a second, locked daemon.
func needSecretService(t *testing.T) {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("DBUS_SESSION_BUS_ADDRESS is unset: run under dbus-run-session (tests/run-e2e.sh does)")
	}
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var owned bool
		err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, "org.freedesktop.secrets").Store(&owned)
		if err == nil && owned {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no Secret Service on the session bus (%v): run-e2e.sh must start `gnome-keyring-daemon --unlock --components=secrets`", err)
		}
	}
}

// TestKeychainE2ESuite runs the shared keychain suite on the real Secret
// Service of the session.
func TestKeychainE2ESuite(t *testing.T) {
	mincaBinary(t)
	needSecretService(t)
	n := 0
	keychaintest.Run(t, func(t *testing.T) keychain.Keychain {
		n++
		return keychain.NewSecretService(keychain.Config{Service: fmt.Sprintf("minca-e2e-%d-%d", os.Getpid(), n)})
	})
}

// TestKeychainE2ERoundTrip: Set, Get, Delete, Get under Minca's own service
// name, checking that the item really is in the keyring, base64-encoded.
func TestKeychainE2ERoundTrip(t *testing.T) {
	mincaBinary(t)
	needSecretService(t)
	kc := keychain.Default()
	if err := kc.Probe(); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	account := fmt.Sprintf("did:key:e2e-%d", os.Getpid())
	secret := []byte{0, 1, 2, 0xfe, 0xff, 'k', 0x80}
	if err := kc.Set(account, secret); err != nil {
		t.Fatalf("Set: %v", err)
	}
	raw, err := keyring.Get(keychain.ServiceName, account)
	if err != nil || raw != base64.StdEncoding.EncodeToString(secret) {
		t.Fatalf("keyring item = %q, %v; want the secret in base64", raw, err)
	}
	got, err := kc.Get(account)
	if err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("Get = %x, %v; want %x", got, err, secret)
	}
	if err := kc.Delete(account); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := kc.Get(account); !errors.Is(err, keychain.ErrNotFound) || keychain.IsUnavailable(err) {
		t.Fatalf("Get after Delete: %v, want ErrNotFound", err)
	}
}

// TestKeychainE2EForeignItem: an item under our service that is not base64
// is an error of its own, neither "not found" nor "unavailable".
func TestKeychainE2EForeignItem(t *testing.T) {
	mincaBinary(t)
	needSecretService(t)
	service := fmt.Sprintf("minca-e2e-foreign-%d", os.Getpid())
	if err := keyring.Set(service, "alice", "not base64!"); err != nil {
		t.Fatal(err)
	}
	defer keyring.Delete(service, "alice")
	_, err := keychain.NewSecretService(keychain.Config{Service: service}).Get("alice")
	if err == nil || errors.Is(err, keychain.ErrNotFound) || keychain.IsUnavailable(err) {
		t.Fatalf("Get of a foreign item: %v, want a plain error", err)
	}
}

// TestKeychainE2EUnavailable: with no usable keychain, Probe, Get, Set and
// Delete report *UnavailableError (never ErrNotFound), promptly. Each case
// runs this binary again in its own environment, since godbus keeps one
// session bus connection per process.
func TestKeychainE2EUnavailable(t *testing.T) {
	mincaBinary(t)
	dir := t.TempDir()
	cases := []struct {
		name   string
		argv   []string // run before the test binary
		env    map[string]string
		reason string
	}{
		{"no provider", []string{"dbus-run-session", "--config-file=" + bareBusConfig(t, dir), "--"}, nil,
			"no Secret Service provider on the session bus"},
		{"locked keyring", []string{"dbus-run-session", "--"}, map[string]string{
			// no prompt can show, and no keyring of the outer session is reused
			"DISPLAY": "", "WAYLAND_DISPLAY": "", "GNOME_KEYRING_CONTROL": "", "XDG_RUNTIME_DIR": "", "HOME": t.TempDir()},
			"the keyring is locked"},
		{"dead bus", nil, map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=" + deadSocket(t, dir)},
			"the session bus does not answer"},
		{"missing bus socket", nil, map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=" + filepath.Join(dir, "none")},
			"the session bus does not answer"},
		{"no bus", nil, map[string]string{"DBUS_SESSION_BUS_ADDRESS": ""},
			"no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "no bus" && userBusExists() {
				t.Skip("/run/user/<uid>/bus exists, so there is always a bus")
			}
			runKeychainChild(t, tc.argv, tc.env, tc.reason)
		})
	}
}

// hasKey reports whether env names key.
func hasKey(env map[string]string, key string) bool {
	_, ok := env[key]
	return ok
}

// runKeychainChild runs TestKeychainE2EChild under argv with env changes:
// each key of env is removed from the environment, then set if not empty.
func runKeychainChild(t *testing.T, argv []string, env map[string]string, reason string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	args := append(append([]string{}, argv...), os.Args[0], "-test.run=^TestKeychainE2EChild$", "-test.v")
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env = []string{keychainChildEnv + "=" + reason}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !hasKey(env, k) {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for k, v := range env {
		if v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), keychainChildMark) {
		t.Fatalf("child: %v after %v, output:\n%s", err, time.Since(start), out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("child took %v", d)
	}
}

// TestKeychainE2EChild is the child of TestKeychainE2EUnavailable; it
// skips when run on its own.
func TestKeychainE2EChild(t *testing.T) {
	want, ok := os.LookupEnv(keychainChildEnv)
	if !ok {
		t.Skip("helper of TestKeychainE2EUnavailable")
	}
	kc := keychain.Default()
	start := time.Now()
	_, getErr := kc.Get("did:key:zSomeone")
	errs := map[string]error{
		"probe":  kc.Probe(),
		"get":    getErr,
		"set":    kc.Set("did:key:zSomeone", []byte("k")),
		"delete": kc.Delete("did:key:zSomeone"),
	}
	for op, err := range errs {
		var u *keychain.UnavailableError
		if !errors.As(err, &u) || errors.Is(err, keychain.ErrNotFound) || u.Op != op {
			t.Fatalf("%s: %v, want *UnavailableError", op, err)
		}
		if want != "*" && u.Reason != want {
			t.Fatalf("%s: reason %q, want %q (%v)", op, u.Reason, want, err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("four calls took %v, want prompt answers", d)
	}
	fmt.Println(keychainChildMark)
}

// bareBusConfig writes a session bus configuration without service
// directories, so nothing can be activated: no Secret Service at all.
func bareBusConfig(t *testing.T, dir string) string {
	conf := `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=` + dir + `</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`
	name := filepath.Join(dir, "bare-session.conf")
	if err := os.WriteFile(name, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// deadSocket leaves a unix socket file nobody listens on.
func deadSocket(t *testing.T, dir string) string {
	name := filepath.Join(dir, "dead-bus")
	l, err := net.Listen("unix", name)
	if err != nil {
		t.Fatal(err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	l.Close()
	return name
}

// userBusExists reports whether a systemd user bus socket exists, which
// godbus would find without DBUS_SESSION_BUS_ADDRESS.
func userBusExists() bool {
	_, err := os.Stat(fmt.Sprintf("/run/user/%d/bus", os.Getuid()))
	return err == nil
}
