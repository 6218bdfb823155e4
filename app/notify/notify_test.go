package notify

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"minca.dev/desktop/app/dbustest"
)

// TestNotify: a notification reaches the server as the specification
// lays it out, with the body escaped only for a server that reads markup.
func TestNotify(t *testing.T) {
	for _, tc := range []struct {
		name string
		caps []string
		body string
	}{
		{"plain server", []string{"body"}, "Jo & Ann <jo@example>"},
		{"markup server", []string{"body", "body-markup"}, "Jo &amp; Ann &lt;jo@example&gt;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr := dbustest.PrivateBus(t)
			s := startServer(t, addr, tc.caps...)
			n := New(Config{Address: addr})
			defer n.Close()
			if err := n.Notify(context.Background(), "Jo joined Chess club", "Jo & Ann <jo@example>"); err != nil {
				t.Fatal(err)
			}
			got := s.next(t)
			want := note{app: "Minca", icon: "minca", summary: "Jo joined Chess club", body: tc.body, expire: -1, actions: []string{}}
			if got.app != want.app || got.icon != want.icon || got.summary != want.summary ||
				got.body != want.body || got.replaces != 0 || got.expire != -1 || len(got.actions) != 0 {
				t.Fatalf("server got %+v, want %+v", got, want)
			}
		})
	}
}

// TestNoServer: on a bus with no notification server, Notify does nothing,
// returns nil and logs why, once.
func TestNoServer(t *testing.T) {
	addr := dbustest.PrivateBus(t)
	var logs bytes.Buffer
	n := New(Config{Address: addr, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	defer n.Close()
	for range 2 {
		if err := n.Notify(context.Background(), "s", "b"); err != nil {
			t.Fatalf("Notify with no server: %v", err)
		}
	}
	if c := strings.Count(logs.String(), "no notification server"); c != 1 {
		t.Fatalf("reason logged %d times, want once:\n%s", c, logs.String())
	}
	if !strings.Contains(logs.String(), "ServiceUnknown") && !strings.Contains(logs.String(), "was not provided") {
		t.Fatalf("log does not say what D-Bus answered:\n%s", logs.String())
	}
	// A server that starts later is used.
	s := startServer(t, addr)
	if err := n.Notify(context.Background(), "later", "b"); err != nil {
		t.Fatal(err)
	}
	if got := s.next(t); got.summary != "later" {
		t.Fatalf("got %+v", got)
	}
}

// TestNoBus: with no session bus, Notify does nothing and logs why; it
// never launches a bus.
func TestNoBus(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir()) // no $XDG_RUNTIME_DIR/bus to find
	var logs bytes.Buffer
	n := New(Config{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err := n.Notify(context.Background(), "s", "b"); err != nil {
		t.Fatalf("Notify with no bus: %v", err)
	}
	if !strings.Contains(logs.String(), "no session bus") {
		t.Fatalf("no reason logged:\n%s", logs.String())
	}
	// A dead bus address is the same.
	logs.Reset()
	dead := New(Config{Address: "unix:path=" + t.TempDir() + "/none", Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err := dead.Notify(context.Background(), "s", "b"); err != nil || !strings.Contains(logs.String(), "no session bus") {
		t.Fatalf("dead bus: %v, log %s", err, logs.String())
	}
}
