package localapi_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/api/apitest"
	"minca.dev/desktop/node/localapi"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/runtime"
)

// socketDir is a short temporary directory: unix socket paths are limited
// to ~104 bytes, and t.TempDir() paths can be longer.
func socketDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "mla")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

var (
	hubsMu sync.Mutex
	hubs   = map[string]*runtime.Hub{}
)

// hubOf is one in-process network per test, so a test's nodes meet.
func hubOf(t *testing.T) *runtime.Hub {
	hubsMu.Lock()
	defer hubsMu.Unlock()
	if h := hubs[t.Name()]; h != nil {
		return h
	}
	h := runtime.NewHub(20 * time.Millisecond)
	hubs[t.Name()] = h
	return h
}

// openNode opens a real runtime node in a home of its own.
func openNode(t *testing.T) *runtime.Node {
	t.Helper()
	env := paths.Env{GOOS: "linux", Home: filepath.Join(t.TempDir(), "home")}
	n, err := runtime.Open(context.Background(), runtime.Config{Env: env, Hub: hubOf(t), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// serve serves n on ln until the test ends.
func serve(t *testing.T, n api.Node, ln net.Listener) {
	t.Helper()
	srv, err := localapi.NewServer(localapi.ServerConfig{Node: n})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { srv.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// overSocket serves a fresh runtime node on a real unix socket and returns
// a client of it.
func overSocket(t *testing.T) *localapi.Client {
	t.Helper()
	return overSocketWith(t, openNode(t))
}

// overSocketWith serves n on a real unix socket and returns a client of it.
func overSocketWith(t *testing.T, n api.Node) *localapi.Client {
	t.Helper()
	path := filepath.Join(socketDir(t), "minca", "default.sock")
	ln, err := localapi.Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	serve(t, n, ln)
	return localapi.NewClient(localapi.DialSocket(path), false)
}

// TestAPISuiteOverSocket runs the shared api.Node suite against the client,
// each node a real runtime behind a real unix socket.
func TestAPISuiteOverSocket(t *testing.T) {
	apitest.RunConfig(t, apitest.Config{Connected: true, NewNode: func(t *testing.T) api.Node { return overSocket(t) },
		NewNetNode: func(t *testing.T) api.Node { return overSocketWith(t, openNetNode(t)) }})
}

// openNetNode opens a real runtime node syncing over node sockets, in a
// home of its own.
func openNetNode(t *testing.T) *runtime.Node {
	t.Helper()
	env := paths.Env{GOOS: "linux", Home: filepath.Join(t.TempDir(), "home")}
	n, err := runtime.Open(context.Background(), runtime.Config{Env: env, Sockets: true, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// TestAPISuiteInMemory runs it over the in-memory listener an owner uses.
func TestAPISuiteInMemory(t *testing.T) {
	apitest.Run(t, func(t *testing.T) api.Node {
		ln := localapi.NewMemListener()
		serve(t, openNode(t), ln)
		return localapi.NewClient(ln.Dial, true)
	})
}

func TestErrorsCrossTheSocket(t *testing.T) {
	c := overSocket(t)
	ctx := context.Background()
	_, err := c.Account(ctx)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Code != api.CodeNoAccount || ae.Hint == "" {
		t.Fatalf("Account without one: %#v", err)
	}
	_, err = c.Space(ctx, "not a space id")
	if api.CodeOf(err) != api.CodeNoAccount && api.CodeOf(err) != api.CodeInvalid {
		t.Fatalf("Space(bad id): %v (code %s)", err, api.CodeOf(err))
	}
	st, err := c.Status(ctx)
	if err != nil || st.Owner || st.Version != "test" {
		t.Fatalf("status over the socket %+v, %v (a socket client owns nothing)", st, err)
	}
}

func TestUnreachableNode(t *testing.T) {
	c := localapi.NewClient(localapi.DialSocket(filepath.Join(socketDir(t), "none.sock")), false)
	_, err := c.Status(context.Background())
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Code != api.CodeUnavailable || !strings.Contains(ae.Hint, "minca host") {
		t.Fatalf("status of no node: %#v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Status(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
}

func TestWatchOverSocketThenServerStops(t *testing.T) {
	path := filepath.Join(socketDir(t), "w.sock")
	ln, err := localapi.Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := localapi.NewServer(localapi.ServerConfig{Node: openNode(t)})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { srv.Serve(ctx, ln); close(done) }()
	c := localapi.NewClient(localapi.DialSocket(path), false)
	events, err := c.Watch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	first := <-events
	if first.Kind != "status" {
		t.Fatalf("first event %+v, want the status snapshot", first)
	}
	if st, ok := first.Data.(api.Status); !ok || st.Version != "test" {
		t.Fatalf("status data %#v, want an api.Status", first.Data)
	}
	stop()
	<-done
	timeout := time.After(5 * time.Second)
	for {
		select {
		case _, ok := <-events:
			if !ok {
				if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("socket file left after stop: %v", err)
				}
				return
			}
		case <-timeout:
			t.Fatal("watch stream still open after the server stopped")
		}
	}
}

// Every api.Node method has its route (Watch included).
func TestRoutesCoverTheInterface(t *testing.T) {
	if got, want := localapi.RouteCount(), methodCount(); got != want {
		t.Fatalf("%d routes for %d api.Node methods", got, want)
	}
}

func get(t *testing.T, h http.Handler, host string, header map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+host+localapi.Prefix+"status", nil)
	req.Host = host
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := newRecorder()
	h.ServeHTTP(rec, req)
	return rec.code, rec.body.String()
}
