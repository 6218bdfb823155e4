package cli

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"
)

// event waits for the host's next line and decodes it as a hostEvent:
// with --json every line is one.
func (h *host) event(t *testing.T, within time.Duration) hostEvent {
	t.Helper()
	select {
	case line, ok := <-h.lines:
		if !ok {
			t.Fatal("host exited before its next event")
		}
		var ev hostEvent
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ev); err != nil || ev.Event == "" || ev.Text == "" {
			t.Fatalf("host --json printed %q: not an event (%v)", line, err)
		}
		return ev
	case <-time.After(within):
		t.Fatalf("host printed nothing within %v", within)
	}
	return hostEvent{}
}

// expect waits for the next event and checks it is the one named.
func (h *host) expect(t *testing.T, event string, within time.Duration) hostEvent {
	t.Helper()
	ev := h.event(t, within)
	if ev.Event != event {
		t.Fatalf("host --json: got %+v, want a %q event", ev, event)
	}
	return ev
}

// host --json says, one JSON object a line, what the text lines say: the
// first host owns the node, gives its socket and the URL it listens on;
// a second one waits as a client, and when the first stops (saying so)
// takes the node over and says whether it listens.
func TestHostJSON(t *testing.T) {
	m := newMachine(t)
	m.ok(t, nil, "account", "create", "--name", "Ana")
	first := m.start(t, m.command("host", "--json", "--listen", "127.0.0.1:0"))
	if ev := first.expect(t, hostEventRole, 10*time.Second); ev.Role != "owner" {
		t.Fatalf("first host: %+v", ev)
	}
	sock := first.expect(t, hostEventSocket, 5*time.Second)
	if !strings.HasPrefix(sock.Socket, m.rt) || sock.Text != "Local API on "+sock.Socket {
		t.Fatalf("first host's socket %+v, want one in %s", sock, m.rt)
	}
	ev := first.expect(t, hostEventListening, 5*time.Second)
	if !strings.HasPrefix(ev.URL, "ws://127.0.0.1:") || !strings.Contains(ev.URL, "#did:key:") {
		t.Fatalf("first host listens at %+v", ev)
	}

	second := m.start(t, m.command("host", "--json"))
	if ev := second.expect(t, hostEventRole, 10*time.Second); ev.Role != "client" {
		t.Fatalf("second host: %+v", ev)
	}
	if ev := second.expect(t, hostEventSocket, 5*time.Second); ev.Socket != sock.Socket {
		t.Fatalf("second host's socket %+v, want the owner's %s", ev, sock.Socket)
	}

	first.cmd.Process.Signal(syscall.SIGTERM)
	first.expect(t, hostEventStopped, 10*time.Second)
	if ev := second.expect(t, hostEventRole, 10*time.Second); ev.Role != "owner" {
		t.Fatalf("second host after the first stopped: %+v", ev)
	}
	second.expect(t, hostEventNotListening, 5*time.Second) // the network setting is off
}
