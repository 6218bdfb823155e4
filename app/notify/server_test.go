package notify

import (
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"minca.dev/desktop/app/dbustest"
)

// note is one Notify call the server got.
type note struct {
	app, icon, summary, body string
	replaces                 uint32
	expire                   int32
	actions                  []string
}

// server is a notification server: a real D-Bus object owning
// org.freedesktop.Notifications on the test's bus.
type server struct {
	caps  []string
	notes chan note
	ids   uint32
}

func (s *server) Notify(app string, replaces uint32, icon, summary, body string, actions []string,
	hints map[string]dbus.Variant, expire int32) (uint32, *dbus.Error) {
	s.ids++
	s.notes <- note{app, icon, summary, body, replaces, expire, actions}
	return s.ids, nil
}

func (s *server) GetCapabilities() ([]string, *dbus.Error) { return s.caps, nil }

func (s *server) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "minca-test", "minca.dev", "1", "1.2", nil
}

// startServer registers a notification server on the bus at address.
func startServer(t *testing.T, address string, caps ...string) *server {
	t.Helper()
	conn := dbustest.Connect(t, address)
	s := &server{caps: caps, notes: make(chan note, 16)}
	if err := conn.Export(s, servicePath, iface); err != nil {
		t.Fatal(err)
	}
	reply, err := conn.RequestName(service, dbus.NameFlagDoNotQueue)
	if err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: %v, %v", service, reply, err)
	}
	return s
}

// next waits for the server's next notification.
func (s *server) next(t *testing.T) note {
	t.Helper()
	select {
	case n := <-s.notes:
		return n
	case <-time.After(3 * time.Second):
		t.Fatal("the server got no notification in 3 s")
		return note{}
	}
}

// none wants no notification within a short while.
func (s *server) none(t *testing.T) {
	t.Helper()
	select {
	case n := <-s.notes:
		t.Fatalf("unexpected notification %+v", n)
	case <-time.After(200 * time.Millisecond):
	}
}
