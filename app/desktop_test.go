package app

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"minca.dev/desktop/app/dbustest"
)

// desktopMethods are the bound methods of Desktop (desktop.go), beyond
// api.Node's.
var desktopMethods = []string{"ChooseFolder", "Autostart", "SetAutostart", "AfterClose", "Quit", "CopyText", "Links"}

// Without a Desktop, each extra answers "no method …", which the page
// reads as a binding its host lacks; through the bridge too.
func TestDesktopAbsent(t *testing.T) {
	a, _ := newTestApp(t)
	calls := map[string]func() error{
		"ChooseFolder": func() error { _, err := a.ChooseFolder(); return err },
		"Autostart":    func() error { _, err := a.Autostart(); return err },
		"SetAutostart": func() error { return a.SetAutostart(true) },
		"AfterClose":   func() error { _, err := a.AfterClose(); return err },
		"Quit":         func() error { return a.Quit() },
		"CopyText":     func() error { return a.CopyText("x") },
		"Links":        func() error { _, err := a.Links(); return err },
	}
	for _, name := range desktopMethods {
		err := calls[name]()
		if err == nil || !strings.HasPrefix(err.Error(), "no method "+name) {
			t.Errorf("%s without a host: %v", name, err)
		}
	}
}

// With a Desktop, each extra calls its function and returns what it gave;
// an error reaches the page as a UIError.
func TestDesktopCalls(t *testing.T) {
	a, _ := newTestApp(t)
	login, quit, copied := false, false, ""
	a.desktop = Desktop{
		CopyText:     func(text string) error { copied = text; return nil },
		ChooseFolder: func() (string, error) { return "/home/ana/Shared", nil },
		Autostart:    func() bool { return login },
		SetAutostart: func(on bool) error { login = on; return nil },
		AfterClose:   func() string { return AfterCloseBackground },
		Quit:         func() error { quit = true; return nil },
		Links:        func() []any { return []any{map[string]string{"link": "minca:abc", "id": "1"}} },
	}
	if p, err := a.ChooseFolder(); p != "/home/ana/Shared" || err != nil {
		t.Fatalf("ChooseFolder = %q, %v", p, err)
	}
	if err := a.SetAutostart(true); err != nil || !login {
		t.Fatalf("SetAutostart(true): %v, login %v", err, login)
	}
	if on, err := a.Autostart(); !on || err != nil {
		t.Fatalf("Autostart = %v, %v", on, err)
	}
	if got, err := a.AfterClose(); got != AfterCloseBackground || err != nil {
		t.Fatalf("AfterClose = %q, %v", got, err)
	}
	if err := a.Quit(); err != nil || !quit {
		t.Fatalf("Quit: %v, quit %v", err, quit)
	}
	if err := a.CopyText("minca-link"); err != nil || copied != "minca-link" {
		t.Fatalf("CopyText: %v, copied %q", err, copied)
	}
	if ls, err := a.Links(); err != nil || len(ls) != 1 || ls[0].(map[string]string)["link"] != "minca:abc" {
		t.Fatalf("Links = %v, %v", ls, err)
	}
	a.desktop.SetAutostart = func(bool) error { return errors.New("read-only config dir") }
	var ue *UIError
	if err := a.SetAutostart(false); !errors.As(err, &ue) || !strings.Contains(ue.API.Detail, "read-only") ||
		strings.Contains(ue.API.Message, "read-only") || ue.API.Code != "internal" {
		t.Fatalf("SetAutostart error: %v", err)
	}
}

// The bridge serves the extras like the node's methods.
func TestBridgeDesktop(t *testing.T) {
	a, _ := newTestApp(t)
	a.desktop = Desktop{Autostart: func() bool { return true }}
	set := methodsOf(a)
	if _, ok := set["Autostart"]; !ok {
		t.Fatal("bridge does not list Autostart")
	}
	out := set["Autostart"].Call(nil)
	if res, err := results(out); err != nil || res != true {
		t.Fatalf("Autostart through the bridge's call = %v, %v", res, err)
	}
}

// TrayOnBus: false on a bus where nobody owns the watcher's name, true
// once somebody does, on a private dbus-daemon.
func TestTrayOnBus(t *testing.T) {
	addr := dbustest.PrivateBus(t)
	if ok, err := TrayOnBus(addr); ok || err != nil {
		t.Fatalf("empty bus: TrayOnBus = %v, %v", ok, err)
	}
	ownWatcher(t, addr)
	if ok, err := TrayOnBus(addr); !ok || err != nil {
		t.Fatalf("with a watcher: TrayOnBus = %v, %v", ok, err)
	}
	if _, err := TrayOnBus("unix:path=/nonexistent/minca-bus"); err == nil {
		t.Fatal("no error for a bus that is not there")
	}
}

// WaitTrayOnBus waits while nobody owns the watcher's name, returns once
// somebody does (heard as a signal, on a private dbus-daemon), and at
// once when it is owned already; a cancelled wait returns its error.
func TestWaitTrayOnBus(t *testing.T) {
	addr := dbustest.PrivateBus(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := WaitTrayOnBus(ctx, addr); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("empty bus: WaitTrayOnBus = %v, want the deadline", err)
	}
	done := make(chan error, 1)
	go func() { done <- WaitTrayOnBus(context.Background(), addr) }()
	select {
	case err := <-done:
		t.Fatalf("returned %v with no watcher", err)
	case <-time.After(300 * time.Millisecond):
	}
	ownWatcher(t, addr)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("a watcher came: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a watcher came, but the wait goes on")
	}
	if err := WaitTrayOnBus(context.Background(), addr); err != nil {
		t.Fatalf("owned already: %v", err)
	}
	if err := WaitTrayOnBus(context.Background(), "unix:path=/nonexistent/minca-bus"); err == nil {
		t.Fatal("no error for a bus that is not there")
	}
}

// ownWatcher owns the watcher's name on the bus at addr until the test
// ends, as a desktop's panel that shows tray icons does.
func ownWatcher(t *testing.T, addr string) {
	t.Helper()
	conn := dbustest.Connect(t, addr)
	if r, err := conn.RequestName(StatusNotifierWatcher, dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: %v %v", StatusNotifierWatcher, r, err)
	}
}
