package runtime

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/api/apitest"
	"minca.dev/desktop/node/paths"
)

// newTestNode opens a node in a home of its own under t.TempDir(), with no
// keychain (a passphrase wrap), on hub.
func newTestNode(t *testing.T, hub *Hub, home string) *Node {
	t.Helper()
	env := paths.Env{GOOS: "linux", Home: home}
	n, err := Open(context.Background(), Config{Env: env, Hub: hub, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAPISuite(t *testing.T) {
	apitest.RunConfig(t, apitest.Config{Connected: true, NewNode: func(t *testing.T) api.Node {
		hub := sharedHub(t)
		n := newTestNode(t, hub, filepath.Join(t.TempDir(), "home"))
		t.Cleanup(func() { n.Close() })
		return n
	}, NewNetNode: func(t *testing.T) api.Node {
		env := paths.Env{GOOS: "linux", Home: filepath.Join(t.TempDir(), "home")}
		n, err := Open(context.Background(), Config{Env: env, Sockets: true, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { n.Close() })
		return n
	}})
}

// sharedHub is one hub per top-level test's subtest, so nodes of one
// subtest meet.
var hubs = map[string]*Hub{}

func sharedHub(t *testing.T) *Hub {
	if h := hubs[t.Name()]; h != nil {
		return h
	}
	h := NewHub(100 * time.Millisecond)
	hubs[t.Name()] = h
	t.Cleanup(h.Close)
	return h
}
