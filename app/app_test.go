package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/runtime"
)

// newTestApp opens a real node in a temporary home.
func newTestApp(t *testing.T) (*App, string) {
	t.Helper()
	home := t.TempDir()
	n, err := runtime.Open(context.Background(), runtime.Config{Env: paths.Env{GOOS: "linux", Home: home}, Version: "node-version"})
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
		st.Profile != "default" || !st.Owner || st.Account != "" || st.DataFolderExists {
		t.Fatalf("status %+v", st)
	}
	if _, err := os.Stat(store); err != nil {
		t.Fatalf("the store status names does not exist: %v", err)
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

// The bound surface is exactly the UI's API: api.Node's methods but Watch.
// Anything exported on App is callable from a web page, so adding a method
// must be a decision.
func TestBoundMethods(t *testing.T) {
	a, _ := newTestApp(t)
	var names, want []string
	for name := range methodsOf(a) {
		names = append(names, name)
	}
	nodeType := reflect.TypeFor[api.Node]()
	for i := range nodeType.NumMethod() {
		if m := nodeType.Method(i); m.Name != "Watch" {
			want = append(want, m.Name)
		}
	}
	want = append(want, desktopMethods...)
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("bound methods\n %v\nwant\n %v", names, want)
	}
	// Same arguments as api.Node's, without ctx.
	appType := reflect.TypeOf(a)
	for _, name := range want {
		if slices.Contains(desktopMethods, name) {
			continue
		}
		am, _ := appType.MethodByName(name)
		nm, _ := nodeType.MethodByName(name)
		if am.Type.NumIn()-1 != nm.Type.NumIn()-1 || am.Type.NumOut() != nm.Type.NumOut() {
			t.Errorf("%s: %v, node's %v", name, am.Type, nm.Type)
		}
	}
}

// A node's *api.Error reaches the page with its code and hint: as the
// error's text for Wails, and as {"error": {...}} through the bridge.
func TestErrorsKeepTheirCode(t *testing.T) {
	a, _ := newTestApp(t)
	_, err := a.Account()
	var got struct{ Code, Message, Hint string }
	if err == nil || json.Unmarshal([]byte(err.Error()), &got) != nil {
		t.Fatalf("Account without one: %v", err)
	}
	if got.Code != string(api.CodeNoAccount) || got.Message == "" || got.Hint == "" {
		t.Fatalf("error text %s", err)
	}
	if api.CodeOf(err) != api.CodeNoAccount {
		t.Fatalf("CodeOf(%v) = %s", err, api.CodeOf(err))
	}
	_, err = a.Space("not a space")
	if c := api.CodeOf(err); c != api.CodeNoAccount && c != api.CodeInvalid {
		t.Fatalf("Space(bad): %v", err)
	}
}
