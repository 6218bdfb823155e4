package transport

import (
	"context"
	"errors"
	"fmt"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
)

// writeFrame writes one handshake frame as a text frame.
func (t *Transport) writeFrame(ctx context.Context, c *websocket.Conn, f handshake.Frame) error {
	b, err := handshake.Marshal(f)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, t.cfg.Timeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}

// readFrame reads one handshake frame; ctx or the caller's timer bounds the
// wait (cancelling ctx closes the socket without a code). Failures are
// counted against who (blame), and come with the close
// code to use: 4002 for a frame that is not a handshake frame, 1009 for one
// too big, 0 when nothing arrived in time or the socket closed.
func (t *Transport) readFrame(ctx context.Context, c *websocket.Conn, who string) (handshake.Frame, websocket.StatusCode, error) {
	typ, b, err := c.Read(ctx)
	switch {
	case errors.Is(err, websocket.ErrMessageTooBig):
		t.count(who, func(c *Counters) { c.Oversize++ })
		return nil, handshake.CloseTooBig, err
	case err != nil:
		return nil, 0, fmt.Errorf("read handshake: %w", err)
	case typ != websocket.MessageText || len(b) > handshake.MaxHandshakeFrame:
		t.count(who, func(c *Counters) { c.Malformed++ })
		return nil, handshake.CloseProtocol, fmt.Errorf("%w: not a text handshake frame", handshake.ErrMalformed)
	}
	f, err := handshake.ParseHandshake(b)
	if err != nil {
		t.count(who, func(c *Counters) { c.Malformed++ })
		return nil, handshake.CloseProtocol, err
	}
	return f, 0, nil
}
