package autostart

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sandbox marks a test process whose HOME and XDG_CONFIG_HOME are a
// temporary directory. go-autostart reads them at package init, before
// TestMain, so TestMain starts the tests again in a child process with
// them set: no test can touch the real login entries.
const sandbox = "MINCA_AUTOSTART_TEST_SANDBOX"

func TestMain(m *testing.M) {
	if os.Getenv(sandbox) != "" {
		os.Exit(m.Run())
	}
	os.Exit(inSandbox())
}

func inSandbox() int {
	dir, err := os.MkdirTemp("", "minca-autostart-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(os.Args[0], os.Args[1:]...)
	cmd.Env = append(os.Environ(), sandbox+"=1", "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestPath: the entry is $XDG_CONFIG_HOME/autostart/minca.desktop.
func TestPath(t *testing.T) {
	want := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "autostart", "minca.desktop")
	if !strings.Contains(want, "minca-autostart-test-") {
		t.Fatalf("not in the sandbox: %s", want)
	}
	if got := Path(); got != want {
		t.Fatalf("Path = %s, want %s", got, want)
	}
}

// TestEnableDisable: the entry is written exactly, twice the same (no
// quoting twice), and removed; a second Disable is no error.
func TestEnableDisable(t *testing.T) {
	exe := "/opt/Minca Desktop/bin/minca"
	if IsEnabled() {
		t.Fatal("enabled before Enable")
	}
	want := "[Desktop Entry]\nType=Application\nName=Minca\n" +
		`Exec="/opt/Minca Desktop/bin/minca" "tray" "--hidden" "--background"` + "\n" +
		"Icon=minca\nX-GNOME-Autostart-enabled=true\n"
	for i := range 2 {
		if err := EnableExec(exe); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(Path())
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != want {
			t.Fatalf("Enable #%d wrote\n%s\nwant\n%s", i+1, data, want)
		}
		if !IsEnabled() {
			t.Fatal("IsEnabled = false after Enable")
		}
	}
	if err := Disable(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(Path()); !os.IsNotExist(err) {
		t.Fatalf("entry still there after Disable: %v", err)
	}
	if IsEnabled() {
		t.Fatal("IsEnabled = true after Disable")
	}
	if err := Disable(); err != nil {
		t.Fatalf("second Disable: %v", err)
	}
}

// TestSet: Set(true) writes an entry starting this test binary, Set(false)
// removes it.
func TestSet(t *testing.T) {
	if err := Set(true); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(Path())
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	exe, _ = filepath.EvalSymlinks(exe)
	if !strings.Contains(string(data), "Exec=\""+exe+"\" \"tray\" \"--hidden\" \"--background\"\n") {
		t.Fatalf("entry does not start %s tray --hidden --background:\n%s", exe, data)
	}
	if err := Set(false); err != nil {
		t.Fatal(err)
	}
	if IsEnabled() {
		t.Fatal("still enabled after Set(false)")
	}
}

// TestEnableRefusesInexactPaths: paths a .desktop Exec line would read
// differently are refused, and nothing is written.
func TestEnableRefusesInexactPaths(t *testing.T) {
	for _, exe := range []string{"minca", "bin/minca", "/opt/$HOME/minca", "/opt/a`b`/minca",
		"/opt/100%/minca", `/opt/a\b/minca`, `/opt/"q"/minca`, "/opt/a\nb/minca", "/opt/\u200b/minca"} {
		err := EnableExec(exe)
		if !errors.Is(err, ErrExecPath) {
			t.Errorf("EnableExec(%q) = %v, want ErrExecPath", exe, err)
		}
		if IsEnabled() {
			t.Fatalf("EnableExec(%q) wrote an entry", exe)
		}
	}
	if err := EnableExec("/home/jo/Programs/Mincá/minca"); err != nil {
		t.Fatalf("a plain non-ASCII path: %v", err)
	}
	Disable()
}
