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
func TestRunWithoutGL(t *testing.T) {
	display := startXvfb(t)
	c := startChild(t, "Minca: no GL", "DISPLAY="+display)
	if drivers := glDrivers(t, c.cmd.Process.Pid); len(drivers) != 0 {
		t.Errorf("the tray loaded GL drivers: %v", drivers)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)

	control := startChild(t, "Minca: GL as the user set it", "DISPLAY="+display, "GDK_GL=")
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
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("needs Xvfb (package xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(bin, "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "640x480x24")
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
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb did not say its display")
		}
		return ":" + n
	case <-time.After(10 * time.Second):
		t.Fatal("Xvfb did not start within 10 s")
	}
	return ""
}
