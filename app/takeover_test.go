package app

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/node/attach"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/runtime"
)

// The window's events survive a takeover: when the process owning the node
// closes, this one takes it over and its event stream goes on, with a
// fresh status saying it now owns the node.
func TestEventsAcrossTakeover(t *testing.T) {
	rt, err := os.MkdirTemp("", "mapp")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(rt)
	env := paths.Env{GOOS: "linux", Home: filepath.Join(t.TempDir(), "home"), Getenv: func(k string) string {
		if k == "XDG_RUNTIME_DIR" {
			return rt
		}
		return ""
	}}
	cfg := attach.Config{Env: env, Open: func(ctx context.Context) (attach.Node, error) {
		return runtime.Open(ctx, runtime.Config{Env: env, Version: "node"})
	}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	owner, err := attach.Attach(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := attach.Attach(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Close()
	go mine.Keep(ctx)
	a, err := New(Config{Node: mine.Node(), Version: "1.2.3-test"})
	if err != nil {
		t.Fatal(err)
	}
	ch, stop := NodeEvents(ctx, a).Subscribe()
	defer stop()
	status := func() Status {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case ev, ok := <-ch:
				if !ok {
					t.Fatal("event stream closed")
				}
				if st, isStatus := ev.Data.(Status); isStatus {
					return st
				}
			case <-timeout:
				t.Fatal("no status event")
			}
		}
	}
	if st := status(); st.Owner {
		t.Fatalf("first status %+v: another process owns the node", st)
	}
	owner.Close()
	if st := status(); !st.Owner || st.Line == "" {
		t.Fatalf("status after the takeover %+v", st)
	}
	if mine.Role() != attach.Owner {
		t.Fatal("no takeover")
	}
}
