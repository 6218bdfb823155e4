package tray

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRunWithoutGL: a tray that is the first GTK client of a fresh X
// display loads no GL driver (gtk_linux.go), where GDK would otherwise
// load one to pick its visuals; with a GDK_GL of the user's own (here "",
// which enables nothing) GDK is left alone and does load one, which shows
// the display is one where the difference is real.
//
// It brings its own X server and session bus, so it runs under plain
// `go test` too.
func TestRunWithoutGL(t *testing.T) {
	display := startXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", startBus(t))
	c := startChild(t, "Minca: no GL")
	if drivers := glDrivers(t, c.cmd.Process.Pid); len(drivers) != 0 {
		t.Errorf("the tray loaded GL drivers: %v", drivers)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)

	control := startChild(t, "Minca: GL as the user set it", "GDK_GL=")
	drivers := glDrivers(t, control.cmd.Process.Pid)
	control.click(t, LabelQuit)
	control.waitExit(t)
	if len(drivers) == 0 {
		t.Skip("GTK loads no GL driver on this display even when allowed to; nothing to compare")
	}
}

// glDrivers lists the GL drivers pid has mapped: Mesa's DRI drivers and
// the vendor libraries libglvnd loads (libGLX_mesa, libGLX_nvidia, ...).
func glDrivers(t *testing.T, pid int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "maps"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var found []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		path := fields[5]
		base := filepath.Base(path)
		if (strings.HasSuffix(base, "_dri.so") || strings.HasPrefix(base, "libGLX_")) && !seen[path] {
			seen[path] = true
			found = append(found, path)
		}
	}
	return found
}

// startXvfb starts an X server of its own for the test (so no GTK client
// has been on it yet) and returns its display name.
func startXvfb(t *testing.T) string {
	t.Helper()
	return ":" + startSaying(t, "Xvfb", "xvfb", "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "640x480x24")
}

// startBus starts a D-Bus session bus of the test's own and returns its
// address.
func startBus(t *testing.T) string {
	t.Helper()
	return startSaying(t, "dbus-daemon", "dbus", "--session", "--nofork", "--nopidfile", "--print-address=3")
}

// startSaying starts name with args, which prints one line on its file
// descriptor 3 once it is ready (a display number, a bus address), and
// returns that line. The process is killed as the test ends. Without name
// (from package pkg) the test is skipped.
func startSaying(t *testing.T, name, pkg string, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("needs %s (package %s)", name, pkg)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(bin, args...)
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case s := <-line:
		if s == "" {
			t.Fatalf("%s said nothing on starting", name)
		}
		return s
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not start within 10 s", name)
	}
	return ""
}
