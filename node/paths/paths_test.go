package paths

import (
	"errors"
	"path/filepath"
	"testing"
)

func envOf(goos, home string, vars map[string]string) Env {
	return Env{GOOS: goos, Home: home, Getenv: func(k string) string { return vars[k] }}
}

func TestStorePath(t *testing.T) {
	tests := []struct {
		name string
		env  Env
		want string
	}{
		{"linux default", envOf("linux", "/home/ana", nil),
			"/home/ana/.local/share/minca/profiles/default/node.db"},
		{"linux XDG_DATA_HOME", envOf("linux", "/home/ana", map[string]string{"XDG_DATA_HOME": "/data/x"}),
			"/data/x/minca/profiles/default/node.db"},
		{"linux relative XDG_DATA_HOME is ignored", envOf("linux", "/home/ana", map[string]string{"XDG_DATA_HOME": "rel"}),
			"/home/ana/.local/share/minca/profiles/default/node.db"},
		{"freebsd follows XDG", envOf("freebsd", "/home/ana", nil),
			"/home/ana/.local/share/minca/profiles/default/node.db"},
		{"macOS", envOf("darwin", "/Users/ana", nil),
			filepath.Join("/Users/ana", "Library", "Application Support", "Minca", "profiles", "default", "node.db")},
		{"windows LocalAppData", envOf("windows", "/Users/ana", map[string]string{"LocalAppData": "/L"}),
			filepath.Join("/L", "Minca", "profiles", "default", "node.db")},
		{"windows without LocalAppData", envOf("windows", "/Users/ana", nil),
			filepath.Join("/Users/ana", "AppData", "Local", "Minca", "profiles", "default", "node.db")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := StorePath(tt.env, DefaultProfile)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("StorePath = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestProfileNames(t *testing.T) {
	env := envOf("linux", "/home/ana", nil)
	for _, ok := range []string{"default", "work", "a", "x-1", "0123456789abcdef0123456789abcdef"} {
		if _, err := ProfileDir(env, ok); err != nil {
			t.Errorf("ProfileDir(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "-x", "Work", "a/b", "..", "a b", "0123456789abcdef0123456789abcdef0"} {
		if _, err := ProfileDir(env, bad); err == nil {
			t.Errorf("ProfileDir(%q) accepted", bad)
		}
	}
}

func TestDefaultDataFolder(t *testing.T) {
	got, err := DefaultDataFolder(envOf("linux", "/home/ana", nil))
	if err != nil || got != "/home/ana/Minca" {
		t.Fatalf("DefaultDataFolder = %q, %v", got, err)
	}
	// The data folder never follows XDG: it is a folder the user sees.
	got, _ = DefaultDataFolder(envOf("linux", "/home/ana", map[string]string{"XDG_DATA_HOME": "/x"}))
	if got != "/home/ana/Minca" {
		t.Fatalf("DefaultDataFolder with XDG = %q", got)
	}
}

func TestNoHome(t *testing.T) {
	for _, home := range []string{"", "relative"} {
		if _, err := StorePath(envOf("linux", home, nil), DefaultProfile); !errors.Is(err, ErrNoHome) {
			t.Errorf("home %q: err = %v, want ErrNoHome", home, err)
		}
		if _, err := DefaultDataFolder(envOf("darwin", home, nil)); !errors.Is(err, ErrNoHome) {
			t.Errorf("home %q: err = %v, want ErrNoHome", home, err)
		}
	}
	// XDG_DATA_HOME alone is enough on Linux.
	env := envOf("linux", "", map[string]string{"XDG_DATA_HOME": "/x"})
	if got, err := StateDir(env); err != nil || got != "/x/minca" {
		t.Errorf("StateDir = %q, %v", got, err)
	}
}
