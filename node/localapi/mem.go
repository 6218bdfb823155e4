package localapi

import (
	"context"
	"errors"
	"net"
	"sync"
)

// MemListener is an in-memory net.Listener: Dial gives one end of a
// net.Pipe and Accept the other. A process serves its own node's Handler on
// it, so in-process calls take the same path as calls over the socket.
type MemListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

// NewMemListener returns an open in-memory listener.
func NewMemListener() *MemListener {
	return &MemListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

var errMemClosed = errors.New("in-memory listener closed")

// Accept waits for the next Dial.
func (l *MemListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops the listener; pending and later Dials fail.
func (l *MemListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

// Addr is a placeholder address.
func (l *MemListener) Addr() net.Addr { return memAddr{} }

// Dial connects to the listener.
func (l *MemListener) Dial(ctx context.Context) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		client.Close()
		server.Close()
		return nil, errMemClosed
	case <-ctx.Done():
		client.Close()
		server.Close()
		return nil, ctx.Err()
	}
}

type memAddr struct{}

func (memAddr) Network() string { return "mem" }
func (memAddr) String() string  { return "in-process" }
