package cli

import (
	"bufio"
	"fmt"
	"strings"
	"testing"
	"time"
)

// `minca tray --hidden --background` with no session bus (no tray icons
// to be had, no GTK started) keeps the node and says so; `minca status`
// answers through it; `minca quit` stops it (it exits 0) and says which
// process it stopped; a second quit finds nothing to stop.
func TestQuitStopsTheBackgroundTray(t *testing.T) {
	m := newMachine(t)
	tray := m.command("tray", "--hidden", "--background")
	tray.Env = append(tray.Env, "MINCA_LOG=info")
	errOut, err := tray.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := tray.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- tray.Wait() }()
	t.Cleanup(func() {
		if tray.ProcessState == nil {
			tray.Process.Kill()
			<-exited
		}
	})
	said := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(errOut)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "syncing in the background without one") {
				said <- true
			}
		}
	}()
	select {
	case <-said:
	case err := <-exited:
		t.Fatalf("the tray exited: %v", err)
	case <-time.After(15 * time.Second):
		t.Fatal("the tray does not say it syncs without an icon")
	}
	if code, out, errs := m.minca(t, "status"); code != 0 || !strings.HasPrefix(out, "Minca") {
		t.Fatalf("minca status beside the tray: exit %d\n%s%s", code, out, errs)
	}

	code, out, errs := m.minca(t, "quit")
	if want := fmt.Sprintf("stopped syncing in the background (pid %d)", tray.Process.Pid); code != 0 || !strings.Contains(out, want) {
		t.Fatalf("minca quit: exit %d, want %q\n%s%s", code, want, out, errs)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the tray exited with %v on quit", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("minca quit returned, but the tray still runs")
	}
	if code, out, _ := m.minca(t, "quit"); code != 0 || !strings.Contains(out, "nothing syncs in the background") {
		t.Fatalf("minca quit with nothing running: exit %d, %s", code, out)
	}
}
