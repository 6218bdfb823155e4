package cli

import (
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// `network set` applies at once in the process that owns the node (a
// host here) and is kept: `network show` and `sync status` name the same
// node URL, a later run keeps its port, a mode that is none is refused.
func TestNetworkVerbs(t *testing.T) {
	m := newMachine(t)
	m.ok(t, nil, "account", "create", "--name", "Ana")
	var nw api.Network
	m.ok(t, &nw, "network", "show", "--json")
	if nw.Mode != api.NetworkOff || nw.URL != "" {
		t.Fatalf("a new profile's network: %+v", nw)
	}
	if code, _, errOut := m.minca(t, "network", "set", "everyone"); code != 2 || !strings.Contains(errOut, "this-computer") {
		t.Fatalf("network set everyone: exit %d %s", code, errOut)
	}

	h := m.host(t)
	h.wait(t, "Minca host: keeping the node", 10*time.Second)
	m.ok(t, &nw, "network", "set", "this-computer", "--json")
	if nw.Mode != api.NetworkThisComputer || !strings.HasPrefix(nw.URL, "ws://127.0.0.1:") || nw.Port == 0 {
		t.Fatalf("network set this-computer: %+v", nw)
	}
	var sync api.SyncStatus
	m.ok(t, &sync, "sync", "status", "--json")
	if sync.Listen != nw.URL {
		t.Fatalf("the host listens at %q, network says %q", sync.Listen, nw.URL)
	}
	if code, out, _ := m.minca(t, "network", "show"); code != 0 || !strings.Contains(out, "this computer") || !strings.Contains(out, nw.URL) {
		t.Fatalf("network show: exit %d\n%s", code, out)
	}

	h.cmd.Process.Kill()
	h.cmd.Wait()
	var again api.Network
	m.ok(t, &again, "network", "show", "--json")
	if again.Mode != api.NetworkThisComputer || again.Port != nw.Port || again.URL != nw.URL {
		t.Fatalf("the next run: %+v, want %+v", again, nw)
	}
}
