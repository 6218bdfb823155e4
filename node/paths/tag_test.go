package paths

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestRuntimeName: one name per profile directory, whichever path leads to
// it (a trailing slash, a symbolic link), before the directory exists and
// after; another home or profile, another name.
func TestRuntimeName(t *testing.T) {
	target := t.TempDir()
	link := filepath.Join(t.TempDir(), "home")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	name := func(home, profile string) string {
		t.Helper()
		n, err := RuntimeName(envOf("linux", home, nil), profile)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := name(target, DefaultProfile)
	if !regexp.MustCompile(`^default-[0-9a-f]{12}$`).MatchString(before) {
		t.Fatalf("RuntimeName = %q, want default-<12 hex digits>", before)
	}
	if err := os.MkdirAll(filepath.Join(target, ".local", "share", "minca", "profiles", "default"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, home := range []string{target, target + "/", link} {
		if got := name(home, DefaultProfile); got != before {
			t.Errorf("home %s: %s, want %s", home, got, before)
		}
	}
	if other := name(t.TempDir(), DefaultProfile); other == before {
		t.Errorf("another home has the name %s too", other)
	}
	if work := name(target, "work"); work[:5] != "work-" || work[5:] == before[8:] {
		t.Errorf("profile work of the same home: %s", work)
	}
	if _, err := RuntimeName(envOf("linux", target, nil), "../x"); err == nil {
		t.Error("a bad profile name has a runtime name")
	}
}
