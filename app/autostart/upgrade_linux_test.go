package autostart

import (
	"os"
	"path/filepath"
	"testing"
)

// olderEntry is the login entry an older Minca (LoginArgs "tray",
// "--hidden") wrote for /opt/Minca Desktop/bin/minca, with enabled as its
// X-GNOME-Autostart-enabled value.
func olderEntry(exec, enabled string) string {
	return "[Desktop Entry]\nType=Application\nName=Minca\nExec=" + exec + "\n" +
		"Icon=minca\nX-GNOME-Autostart-enabled=" + enabled + "\n"
}

func writeEntry(t *testing.T, data string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(Path()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(Path(), []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(Path(), mode); err != nil { // past the umask
		t.Fatal(err)
	}
	t.Cleanup(func() { Disable() })
}

func readEntry(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(Path())
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestIsEnabledUpgradesOlderEntry: reading the setting rewrites the Exec
// line of an entry an older Minca wrote to start the same program with
// LoginArgs, keeping the rest of the entry (a session manager's
// X-GNOME-Autostart-enabled=false) and its permissions, leaving no other
// file beside it; read again, it stays the same.
func TestIsEnabledUpgradesOlderEntry(t *testing.T) {
	const older = `"/opt/Minca Desktop/bin/minca" "tray" "--hidden"`
	const now = `"/opt/Minca Desktop/bin/minca" "tray" "--hidden" "--background"`
	for _, enabled := range []string{"true", "false"} {
		writeEntry(t, olderEntry(older, enabled), 0o640)
		for i := range 2 {
			if !IsEnabled() {
				t.Fatalf("IsEnabled #%d = false with an older entry", i+1)
			}
			if got, want := readEntry(t), olderEntry(now, enabled); got != want {
				t.Fatalf("read #%d left\n%s\nwant\n%s", i+1, got, want)
			}
		}
		info, err := os.Stat(Path())
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o640 {
			t.Errorf("permissions %v after the upgrade, want 0640", info.Mode().Perm())
		}
		files, _ := os.ReadDir(filepath.Dir(Path()))
		if len(files) != 1 {
			t.Errorf("files beside the entry after the upgrade: %v", files)
		}
	}
	if err := Disable(); err != nil {
		t.Fatal(err)
	}
	if IsEnabled() {
		t.Fatal("IsEnabled = true with no entry")
	}
}

// TestIsEnabledLeavesOtherEntries: an entry whose Exec line is not an
// older Minca's (other arguments, not go-autostart's quoting, a path a
// login entry cannot hold exactly, the current LoginArgs) is left byte for
// byte, and still reads as enabled.
func TestIsEnabledLeavesOtherEntries(t *testing.T) {
	for _, exec := range []string{
		`"/opt/minca" "tray" "--hidden" "--background"`,
		`"/opt/minca" "tray"`,
		`"/opt/minca" "tray" "--hidden" "--verbose"`,
		`"/opt/minca" "--hidden" "tray"`,
		`/opt/minca tray --hidden`,
		`"/opt/minca"  "tray" "--hidden"`,
		`"/opt/minca" "tray" "--hidden" `,
		"`/opt/minca` \"tray\" \"--hidden\"",
		`"bin/minca" "tray" "--hidden"`,
		`"/opt/100%/minca" "tray" "--hidden"`,
		`"/opt/minca" "tray" "--hidden`,
		``,
	} {
		data := olderEntry(exec, "true")
		writeEntry(t, data, 0o644)
		if !IsEnabled() {
			t.Fatalf("IsEnabled = false with the entry Exec=%s", exec)
		}
		if got := readEntry(t); got != data {
			t.Errorf("the entry Exec=%s was rewritten to\n%s", exec, got)
		}
	}
}
