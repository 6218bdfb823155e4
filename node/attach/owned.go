package attach

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"

	"minca.dev/desktop/node/localapi"
	"minca.dev/desktop/node/lock"
)

// owned is a node this process owns: its lock, the open node, and the
// servers of the local API on the socket and in memory.
type owned struct {
	lock   *lock.Lock
	node   Node
	mem    *localapi.MemListener
	stop   context.CancelFunc
	served sync.WaitGroup
}

// own opens the node (the lock is held) and serves it on the socket and on
// an in-memory listener.
func own(ctx context.Context, cfg Config, l *lock.Lock, sock string) (*owned, error) {
	n, err := cfg.Open(ctx)
	if err != nil {
		return nil, fmt.Errorf("open the node of profile %s: %w", cfg.Profile, err)
	}
	srv, err := localapi.NewServer(localapi.ServerConfig{Node: n, Log: cfg.Log})
	if err != nil {
		n.Close()
		return nil, err
	}
	ln, err := localapi.Listen(sock)
	if err != nil {
		n.Close()
		return nil, err
	}
	// The servers outlive Attach's ctx: they stop at Close.
	serveCtx, stop := context.WithCancel(context.Background())
	o := &owned{lock: l, node: n, mem: localapi.NewMemListener(), stop: stop}
	for _, l := range []net.Listener{ln, o.mem} {
		o.served.Add(1)
		go func() {
			defer o.served.Done()
			if err := srv.Serve(serveCtx, l); err != nil && !errors.Is(err, net.ErrClosed) {
				cfg.Log.Warn("local API stopped", "listener", l.Addr(), "err", err)
			}
		}()
	}
	return o, nil
}

// close stops the servers (which closes the socket and removes its file),
// closes the node, and releases the lock last, so no other process opens
// the node while this one still has it open.
func (o *owned) close() error {
	o.stop()
	o.served.Wait()
	err := o.node.Close()
	if lerr := o.lock.Release(); err == nil {
		err = lerr
	}
	return err
}
