package transport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/invite"
)

// Dialer keeps a socket to one node for one space, redialling with backoff.
type Dialer struct {
	t     *Transport
	node  invite.Node
	space string

	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	wake     chan struct{} // room for one: Redial or HoldRefused (dialstate.go)

	mu    sync.Mutex
	state DialState
	hold  time.Duration // the least wait after a refusal (HoldRefused)
	now   bool          // Redial asked: the next wait ends at once
}

// Connect starts keeping a socket to the node named by nodeURL (a node URL
// pinned by DID, 04 §5.2) for spaceID. A URL that is not a node URL, or is
// ws:// off loopback, is refused (ErrNodeURL, ErrLoopback), as is a URL
// already dialled for the space (ErrDialling) and a dialler beyond MaxDials
// for one space (ErrTooMany). Stop the Dialer to let go of the node.
func (t *Transport) Connect(nodeURL, spaceID string) (*Dialer, error) {
	nodes, err := invite.ParseNodes([]string{nodeURL})
	if err != nil {
		if strings.HasPrefix(nodeURL, "ws://") {
			return nil, fmt.Errorf("connect %q: %w: %v", nodeURL, ErrLoopback, err)
		}
		return nil, fmt.Errorf("connect %q: %w: %v", nodeURL, ErrNodeURL, err)
	}
	if !enc.IsCID(spaceID) {
		return nil, fmt.Errorf("connect %q: space id %q", nodeURL, spaceID)
	}
	d := &Dialer{t: t, node: nodes[0], space: spaceID, stop: make(chan struct{}), done: make(chan struct{}),
		wake: make(chan struct{}, 1)}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, ErrClosed
	}
	n := 0
	for o := range t.dialers {
		if o.space != spaceID {
			continue
		}
		if o.node.URL == d.node.URL {
			return nil, fmt.Errorf("connect %q: %w", nodeURL, ErrDialling)
		}
		n++
	}
	if n >= MaxDials {
		return nil, fmt.Errorf("connect %q: %w: %d nodes for this space", nodeURL, ErrTooMany, n)
	}
	t.dialers[d] = true
	go d.run()
	return d, nil
}

// Stop stops redialling and closes the dialler's connection, if any.
func (d *Dialer) Stop() {
	d.stopOnce.Do(func() { close(d.stop) })
	<-d.done
	d.t.mu.Lock()
	delete(d.t.dialers, d)
	d.t.mu.Unlock()
}

func (d *Dialer) run() {
	defer close(d.done)
	attempt := 0
	for {
		if p := d.t.peerOf(d.space, d.node.DID); p != nil {
			// It dialled us: nothing to do while that lasts, then Base.
			d.update("", func(s *DialState) { s.Wait = d.t.cfg.Backoff.Base })
			select {
			case <-p.down:
			case <-d.stop:
				return
			}
			select {
			case <-d.t.cfg.Clock.After(d.t.cfg.Backoff.Base):
				continue
			case <-d.stop:
				return
			}
		}
		d.update(DialConnecting, nil)
		var wait time.Duration
		var refused bool
		if p, err := d.t.dial(d.node, d.space); err != nil {
			wait, refused = d.failed(&attempt, err, closeCode(err))
		} else {
			attempt = 0
			d.update(DialConnected, func(s *DialState) { *s = DialState{Connected: true} })
			select {
			case <-p.down:
			case <-d.stop:
				p.Close(handshake.CloseShutdown, "node shutting down")
				<-p.down
				return
			}
			wait, refused = d.failed(&attempt, fmt.Errorf("%w (close %d)", ErrClosed, p.closeCode), int(p.closeCode))
			if p.closeCode == handshake.CloseReplaced {
				wait = max(wait, RefusedWait)
			}
		}
		if !d.await(wait, refused) {
			return
		}
	}
}

// failed records a failed attempt or a connection closed, with the close
// code the node sent (0: none), and returns the delay before the next
// attempt and whether the node refused this one (4003, 04 §5.3).
func (d *Dialer) failed(attempt *int, err error, code int) (time.Duration, bool) {
	wait := d.t.cfg.Backoff.Delay(*attempt, d.t.cfg.Jitter())
	*attempt++
	refused := code == int(handshake.CloseNotReader)
	phase := DialFailed
	if refused {
		phase = DialRefused
	}
	d.update(phase, func(s *DialState) {
		s.Connected, s.Attempts, s.LastErr = false, *attempt, err
		if code != 0 {
			s.LastClose = code
		}
	})
	return wait, refused
}

// closeCode is the close code a failed dial's node sent, 0 if none.
func closeCode(err error) int {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return int(ce.Code)
	}
	return 0
}

// dial opens one socket and runs the client side of the handshake (04 §5.2).
func (t *Transport) dial(node invite.Node, space string) (*Peer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), t.cfg.Timeout)
	defer cancel()
	u := node.URL + sep(node.URL) + "space=" + url.QueryEscape(space)
	// No redirects: a node URL names the one place to go (and a redirect
	// could lead to ws:// off this machine).
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if strings.HasPrefix(node.URL, "wss://") {
		ht, err := t.wssTransport(node)
		if err != nil {
			return nil, fmt.Errorf("dial %s: %w", node.URL, err)
		}
		defer ht.CloseIdleConnections()
		client.Transport = ht
	}
	opts := &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled, HTTPClient: client}
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", node.URL, err)
	}
	c.SetReadLimit(handshake.MaxFrame)
	p, code, err := t.clientHandshake(ctx, c, node, space)
	if err != nil {
		if code != 0 {
			c.Close(code, "protocol error")
		} else {
			c.CloseNow()
		}
		return nil, fmt.Errorf("handshake with %s: %w", node, err)
	}
	if !t.admit(p) {
		return nil, fmt.Errorf("handshake with %s: %w", node, ErrClosed)
	}
	return p, nil
}

func sep(u string) string {
	if strings.Contains(u, "?") {
		return "&"
	}
	return "?"
}

// clientHandshake reads the challenge, checks the pin, sends the hello and
// checks the welcome; failures come with the close code to send.
func (t *Transport) clientHandshake(ctx context.Context, c *websocket.Conn, node invite.Node, space string) (*Peer, websocket.StatusCode, error) {
	who := "node:" + node.URL // unproven until the welcome
	f, code, err := t.readFrame(ctx, c, who)
	if err != nil {
		return nil, code, err
	}
	ch, ok := f.(*handshake.Challenge)
	if !ok {
		t.count(who, func(c *Counters) { c.Malformed++ })
		return nil, handshake.CloseProtocol, fmt.Errorf("%w: expected a challenge", handshake.ErrMalformed)
	}
	if err := handshake.CheckChallenge(ch, node.DID); err != nil {
		t.count(who, func(c *Counters) { c.Refused++ })
		return nil, handshake.CloseProtocol, err
	}
	reader, err := t.cfg.Gate.Reader(space)
	if err != nil {
		return nil, websocket.StatusNormalClosure, fmt.Errorf("read proof for %s: %w", space, err)
	}
	h, err := handshake.NewHello(t.cfg.Key, space, ch, reader, t.cfg.Rand)
	if err != nil {
		return nil, handshake.CloseFailure, err
	}
	if err := t.writeFrame(ctx, c, h); err != nil {
		return nil, 0, err
	}
	if f, code, err = t.readFrame(ctx, c, who); err != nil {
		return nil, code, err
	}
	w, ok := f.(*handshake.Welcome)
	if !ok {
		t.count(who, func(c *Counters) { c.Malformed++ })
		return nil, handshake.CloseProtocol, fmt.Errorf("%w: expected a welcome", handshake.ErrMalformed)
	}
	if err := handshake.VerifyWelcome(w, space, ch, h); err != nil {
		t.count(who, func(c *Counters) {
			if errors.Is(err, handshake.ErrSignature) {
				c.BadSignature++
			} else {
				c.Refused++
			}
		})
		return nil, handshake.CloseProtocol, err
	}
	if err := t.cfg.Gate.Admit(Admission{Space: space, DID: w.DID}); err != nil {
		t.count(w.DID, func(c *Counters) { c.Refused++ })
		return nil, handshake.CloseNotReader, err
	}
	return t.newPeer(c, space, w.DID, node.URL, false, ""), 0, nil
}
