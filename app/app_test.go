package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node"
	"minca.dev/desktop/node/paths"
)

// newTestApp opens a real node in a temporary home.
func newTestApp(t *testing.T) (*App, string) {
	t.Helper()
	home := t.TempDir()
	cfg, err := node.ConfigFor(paths.Env{GOOS: "linux", Home: home}, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	n, err := node.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	a, err := New(Config{Node: n, Version: "1.2.3-test"})
	if err != nil {
		t.Fatal(err)
	}
	return a, home
}

func TestStatus(t *testing.T) {
	a, home := newTestApp(t)
	st, err := a.Status()
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(home, ".local/share/minca/profiles/default/node.db")
	folder := filepath.Join(home, "Minca")
	if st.Version != "1.2.3-test" || st.StorePath != store || st.DataFolder != folder ||
		st.JournalMode != "wal" || st.StoreSchema != 1 || st.Profile != "default" {
		t.Fatalf("status %+v", st)
	}
	want := "Minca 1.2.3-test · store " + store + " · data folder " + folder + " (default, not created yet)"
	if st.Line != want {
		t.Fatalf("line\n got %q\nwant %q", st.Line, want)
	}
}

func TestFolderState(t *testing.T) {
	tests := []struct {
		chosen, exists bool
		want           string
	}{
		{false, false, "default, not created yet"},
		{false, true, "default, not chosen yet"},
		{true, false, "missing"},
		{true, true, "in use"},
	}
	for _, tt := range tests {
		s := Status{DataFolderChosen: tt.chosen, DataFolderExists: tt.exists}
		if got := FolderState(s); got != tt.want {
			t.Errorf("chosen=%v exists=%v: %q, want %q", tt.chosen, tt.exists, got, tt.want)
		}
		if !strings.HasSuffix(StatusLine(s), "("+tt.want+")") {
			t.Errorf("line %q lacks the folder state", StatusLine(s))
		}
	}
}

func TestNewNeedsNode(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Fatal("New without a node succeeded")
	}
}

// The bound surface is exactly the UI's API: anything exported on App is
// callable from a web page, so adding a method must be a decision.
func TestBoundMethods(t *testing.T) {
	a, _ := newTestApp(t)
	var names []string
	for name := range methodsOf(a) {
		names = append(names, name)
	}
	if strings.Join(names, ",") != "Status" {
		t.Fatalf("bound methods %v, want [Status]", names)
	}
}
