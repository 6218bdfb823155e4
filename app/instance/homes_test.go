package instance

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// inHome makes home this process's home: where paths finds the profiles'
// directories, whichever platform runs the test.
func inHome(t *testing.T, home string) {
	t.Helper()
	for _, k := range []string{"HOME", "USERPROFILE", "LocalAppData"} {
		t.Setenv(k, home)
	}
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
}

// Two homes of one user share the runtime directory (a second HOME in the
// session, or a sandboxed and a native install), like node/attach's
// TestHomesShareRuntimeDir: each home's window holds its own lock and
// socket, a link opened in one home reaches that home's window and never
// the other's, and each home's roles (the tray) are its own.
func TestHomesShareRuntimeDir(t *testing.T) {
	dir := shortDir(t)
	homeA, homeB := t.TempDir(), t.TempDir()
	inHome(t, homeB)
	b, rb := listen(t, dir, "default", nil)
	trayB, err := Hold(dir, "default", RoleTray)
	if err != nil {
		t.Fatal(err)
	}
	defer trayB.Release()

	inHome(t, homeA)
	if pid := Holder(dir, "default", RoleTray); pid != 0 {
		t.Errorf("home A sees a tray (pid %d): home B's", pid)
	}
	ra := received{make(chan string, 4), make(chan string, 4)}
	cfgA := Config{Dir: dir, Profile: "default", OnLink: func(inv string) { ra.links <- inv }}
	a, err := Open(cfgA, "minca:"+shortExample)
	if errors.Is(err, ErrHandedOff) {
		t.Fatal("a link opened in home A was handed to home B's window")
	}
	if err != nil {
		t.Fatalf("home A's window while home B's runs: %v", err)
	}
	defer a.Close()
	if a.sock == b.sock {
		t.Fatalf("both homes' windows serve %s", a.sock)
	}
	if got := wait(t, ra.links); got != shortExample {
		t.Fatalf("home A's window got %q, want %q", got, shortExample)
	}
	if err := HandOff(Config{Dir: dir, Profile: "default"}, "minca:"+shortExample); err != nil {
		t.Fatal(err)
	}
	wait(t, ra.links)
	trayA, err := Hold(dir, "default", RoleTray)
	if err != nil {
		t.Fatalf("home A's tray while home B's runs: %v", err)
	}
	trayA.Release()

	inHome(t, homeB)
	if err := HandOff(Config{Dir: dir, Profile: "default"}, "minca:"+shortExample); err != nil {
		t.Fatal(err)
	}
	wait(t, rb.links)
	select {
	case got := <-rb.links:
		t.Fatalf("home B's window got a second link %q: home A's", got)
	case got := <-ra.links:
		t.Fatalf("home A's window got %q, handed off in home B", got)
	case <-time.After(200 * time.Millisecond):
	}
}
