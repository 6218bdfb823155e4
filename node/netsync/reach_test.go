package netsync

import (
	"errors"
	"fmt"
	"net"
	"syscall"
	"testing"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/node/transport"
)

// TestCannotReach: a dial that could not connect, or a refusal, says the
// node cannot be reached; an attempt that connected and then failed, or
// timed out in the handshake, says it is there.
func TestCannotReach(t *testing.T) {
	dialErr := fmt.Errorf("dial ws://127.0.0.1:9/: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED})
	for _, c := range []struct {
		name string
		st   transport.DialState
		want bool
	}{
		{"nothing listens", transport.DialState{Attempts: 1, LastErr: dialErr}, true},
		{"refused", transport.DialState{Attempts: 1, LastErr: errors.New("closed"), LastClose: int(handshake.CloseNotReader)}, true},
		{"handshake cut short", transport.DialState{Attempts: 1, LastErr: &net.OpError{Op: "read", Net: "tcp", Err: errors.New("i/o timeout")}}, false},
		{"closed otherwise", transport.DialState{Attempts: 2, LastErr: transport.ErrClosed, LastClose: 1001}, false},
	} {
		if got := cannotReach(c.st); got != c.want {
			t.Errorf("%s: cannotReach = %v, want %v", c.name, got, c.want)
		}
	}
}
