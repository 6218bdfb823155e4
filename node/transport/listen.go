package transport

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
)

// Listen starts serving node sockets on addr (04 §5.3) and returns the
// address bound. Without Config.ServerTLS, addr must be a loopback address
// (ws:// only on this machine); with it, the listener serves wss://. An
// Advertise that makes no node URL (URL) is refused too.
func (t *Transport) Listen(addr string) (string, error) {
	if t.cfg.ServerTLS == nil {
		if err := loopback(addr); err != nil {
			return "", err
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("listen %s: %w", addr, err)
	}
	if t.cfg.ServerTLS != nil {
		ln = tls.NewListener(ln, t.cfg.ServerTLS)
	}
	t.mu.Lock()
	if t.srv != nil || t.closed {
		t.mu.Unlock()
		ln.Close()
		return "", errors.New("transport: already listening or closed")
	}
	bound := ln.Addr().String()
	if _, err := t.urlFor(bound); err != nil {
		t.mu.Unlock()
		ln.Close()
		return "", fmt.Errorf("listen %s: %w", addr, err)
	}
	t.addr = bound
	// ErrorLog: TLS handshakes that fail (scanners, refused certificates)
	// are the far side's business, not lines on the host's output.
	srv := &http.Server{ReadHeaderTimeout: t.cfg.Timeout, ErrorLog: log.New(io.Discard, "", 0)}
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.serve(srv, w, r) })
	done := make(chan struct{})
	t.srv, t.srvDone = srv, done
	t.mu.Unlock()
	go func() { srv.Serve(ln); close(done) }()
	return bound, nil
}

// loopback refuses an address that is not this machine's.
func loopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "localhost" || (ip != nil && ip.IsLoopback()) {
		return nil
	}
	return fmt.Errorf("listen %s: %w: give a TLS configuration to listen there", addr, ErrLoopback)
}

// StopListening closes the listener and every inbound connection (1001).
func (t *Transport) StopListening() error {
	t.mu.Lock()
	srv, done := t.srv, t.srvDone
	t.srv, t.addr = nil, ""
	var ps []*Peer
	for p := range t.inbound {
		ps = append(ps, p)
	}
	t.mu.Unlock()
	if srv == nil {
		return nil
	}
	err := srv.Close()
	<-done
	for _, p := range ps {
		p.Close(handshake.CloseShutdown, "node shutting down")
		<-p.down
	}
	return err
}

// serve is the /peer endpoint: challenge, hello, welcome (04 §5.3).
func (t *Transport) serve(srv *http.Server, w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != t.cfg.Path {
		http.NotFound(w, r)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return
	}
	c.SetReadLimit(handshake.MaxFrame)
	addr := r.RemoteAddr
	space := r.URL.Query().Get("space")
	if space == "" {
		c.Close(handshake.CloseNoSpace, "missing ?space=")
		return
	}
	p, code, reason := t.serverHandshake(r.Context(), c, space, addr)
	if p == nil {
		c.Close(code, reason)
		return
	}
	t.mu.Lock()
	stopped := t.srv != srv // the listener stopped during the handshake
	if !stopped {
		t.inbound[p] = true
	}
	t.mu.Unlock()
	if stopped {
		t.abandon(p, handshake.CloseShutdown, "node shutting down")
		return
	}
	t.admit(p)
}

// serverHandshake runs the node side; on failure it returns the close code.
func (t *Transport) serverHandshake(ctx context.Context, c *websocket.Conn, space, addr string) (*Peer, websocket.StatusCode, string) {
	ch, err := handshake.NewChallenge(t.cfg.Key, t.cfg.Rand)
	if err != nil {
		return nil, handshake.CloseFailure, "internal error"
	}
	if err := t.writeFrame(ctx, c, ch); err != nil {
		return nil, handshake.CloseFailure, "internal error"
	}
	timer := time.AfterFunc(t.cfg.Timeout, func() { c.Close(handshake.CloseNoHello, "no hello") })
	f, code, err := t.readFrame(ctx, c, blame("", addr))
	timer.Stop()
	switch {
	case err != nil && code == 0:
		return nil, handshake.CloseNoHello, "no hello"
	case err != nil:
		return nil, code, "expected a hello frame"
	}
	h, ok := f.(*handshake.Hello)
	if !ok {
		t.count(blame("", addr), func(c *Counters) { c.Malformed++ })
		return nil, handshake.CloseProtocol, "expected a hello frame"
	}
	if err := handshake.VerifyHello(h, space, ch); err != nil {
		if errors.Is(err, handshake.ErrSignature) {
			t.count(blame("", addr), func(c *Counters) { c.BadSignature++ })
		} else {
			t.count(blame("", addr), func(c *Counters) { c.Malformed++ })
		}
		return nil, handshake.CloseProtocol, "expected a hello frame"
	}
	readKey, err := t.checkReader(space, ch, h)
	if err == nil {
		err = t.cfg.Gate.Admit(Admission{Space: space, DID: h.DID, Inbound: true, ReadKey: readKey})
	}
	if err != nil {
		t.count(h.DID, func(c *Counters) { c.Refused++ })
		return nil, handshake.CloseNotReader, "not a reader of this space"
	}
	wel, err := handshake.NewWelcome(t.cfg.Key, space, h)
	if err != nil || t.writeFrame(ctx, c, wel) != nil {
		return nil, handshake.CloseFailure, "internal error"
	}
	return t.newPeer(c, space, h.DID, addr, true, readKey), 0, ""
}

// checkReader asks the gate whether the space is served and, if private,
// checks the hello's read proof (04 §6.3).
func (t *Transport) checkReader(space string, ch *handshake.Challenge, h *handshake.Hello) (string, error) {
	v, err := t.cfg.Gate.Verifier(space)
	if err != nil || v == nil {
		return "", err
	}
	msg, err := handshake.ClientMessage(space, h.DID, ch.DID, ch.Nonce)
	if err != nil {
		return "", err
	}
	return handshake.CheckRead(msg, h.DID, h.ReadProof, *v)
}
