// Package dbustest gives a test a D-Bus daemon of its own, so that the
// app's D-Bus clients (package app's tray probe, app/notify) are tested on
// a real bus that no desktop shares. Only tests import it.
package dbustest

import (
	"bufio"
	"os/exec"
	"strings"
	"testing"

	"github.com/godbus/dbus/v5"
)

// PrivateBus starts a D-Bus daemon of its own for the test and returns its
// address; it is killed when the test ends. Without dbus-daemon the test
// is skipped.
func PrivateBus(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("dbus-daemon is not installed (apt-get install dbus)")
	}
	cmd := exec.Command("dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	return strings.TrimSpace(line)
}

// Connect connects to the bus at address (authenticated, named by Hello);
// the connection is closed when the test ends.
func Connect(t testing.TB, address string) *dbus.Conn {
	t.Helper()
	conn, err := dbus.Connect(address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
