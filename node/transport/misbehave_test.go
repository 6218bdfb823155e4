package transport

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/identity"
)

// rawDial opens a bare socket to a listener, as a hand-made peer would.
func rawDial(t *testing.T, addr, query string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.Dial(ctx, "ws://"+addr+"/peer"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func readText(t *testing.T, c *websocket.Conn) handshake.Frame {
	t.Helper()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handshake.ParseHandshake(b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func write(t *testing.T, c *websocket.Conn, typ websocket.MessageType, b []byte) {
	t.Helper()
	if err := c.Write(ctx, typ, b); err != nil {
		t.Fatal(err)
	}
}

// closedWith reads until the socket closes and returns the node's code.
func closedWith(c *websocket.Conn) websocket.StatusCode {
	for {
		if _, _, err := c.Read(ctx); err != nil {
			return websocket.CloseStatus(err)
		}
	}
}

// handshakeAs completes the client side by hand as key.
func handshakeAs(t *testing.T, c *websocket.Conn, key *identity.KeyPair, spaceID string, reader *handshake.Reader) {
	t.Helper()
	ch := readText(t, c).(*handshake.Challenge)
	h, err := handshake.NewHello(key, spaceID, ch, reader, &seq{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := handshake.Marshal(h)
	write(t, c, websocket.MessageText, b)
}

type seq struct{ n byte }

func (s *seq) Read(p []byte) (int, error) {
	for i := range p {
		p[i], s.n = s.n, s.n+1
	}
	return len(p), nil
}

// TestGarbageDropped: a peer sending garbage is dropped and counted: at once
// during the handshake, at MaxMalformed frames after it.
func TestGarbageDropped(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra := &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	addr := listen(t, ta)

	c := rawDial(t, addr, "?space="+sp.ID)
	readText(t, c)
	write(t, c, websocket.MessageText, []byte(`{"type":"hello","did":"garbage"}`))
	if code := closedWith(c); code != handshake.CloseProtocol {
		t.Fatalf("garbage hello closed with %d", code)
	}

	c = rawDial(t, addr, "?space="+sp.ID)
	handshakeAs(t, c, kb, sp.ID, nil)
	if _, ok := readText(t, c).(*handshake.Welcome); !ok {
		t.Fatal("no welcome")
	}
	write(t, c, websocket.MessageBinary, []byte(`{"type":"live","from":"x","payload":"fine"}`))
	for range MaxMalformed {
		write(t, c, websocket.MessageBinary, []byte("\x00garbage"))
	}
	if code := closedWith(c); code != handshake.CloseProtocol {
		t.Fatalf("garbage frames closed with %d", code)
	}
	eventually(t, "the peer gone", func() bool { return len(ta.Peers(sp.ID)) == 0 })
	counters := ta.Counters()
	if counters["addr:127.0.0.1"].Malformed != 1 || counters[kb.DID()].Malformed != MaxMalformed {
		t.Fatalf("counters %+v", counters)
	}
	if got := ra.received(); len(got) != 1 || got[0] != kb.DID()+` live "fine"` {
		t.Fatalf("received %q", got)
	}
}

// TestHandshakeRefusals: the node's close codes of 04 §5.3.
func TestHandshakeRefusals(t *testing.T) {
	ka, kb, kc := keyOf(t, 1), keyOf(t, 2), keyOf(t, 3)
	sp := testSpace(t, ka, kb)
	g := newGate(sp.ID)
	g.refuse[kc.DID()] = true
	ta := newTransport(t, ka, g, &recorder{}, func(c *Config) { c.Timeout = 300 * time.Millisecond })
	addr := listen(t, ta)
	other := testSpace(t, kc)

	badSig := func(c *websocket.Conn) {
		ch := readText(t, c).(*handshake.Challenge)
		h, _ := handshake.NewHello(kb, sp.ID, ch, nil, &seq{})
		h.DID = kc.DID() // claims another key than the one that signed
		b, _ := handshake.Marshal(h)
		write(t, c, websocket.MessageText, b)
	}
	for _, tc := range []struct {
		name  string
		query string
		act   func(c *websocket.Conn)
		want  websocket.StatusCode
	}{
		{"no space", "", func(*websocket.Conn) {}, handshake.CloseNoSpace},
		{"no hello in time", "?space=" + sp.ID, func(c *websocket.Conn) { readText(t, c) }, handshake.CloseNoHello},
		{"binary hello", "?space=" + sp.ID, func(c *websocket.Conn) {
			readText(t, c)
			write(t, c, websocket.MessageBinary, []byte(`{}`))
		}, handshake.CloseProtocol},
		{"bad signature", "?space=" + sp.ID, badSig, handshake.CloseProtocol},
		{"space not served", "?space=" + other.ID, func(c *websocket.Conn) { handshakeAs(t, c, kb, other.ID, nil) }, handshake.CloseNotReader},
		{"a former member", "?space=" + sp.ID, func(c *websocket.Conn) { handshakeAs(t, c, kc, sp.ID, nil) }, handshake.CloseNotReader},
	} {
		c := rawDial(t, addr, tc.query)
		tc.act(c)
		if code := closedWith(c); code != tc.want {
			t.Errorf("%s: closed with %d, want %d", tc.name, code, tc.want)
		}
	}
	cs := ta.Counters()
	bad := 0
	for _, v := range cs {
		bad += v.BadSignature
	}
	if bad != 1 || cs[kc.DID()].Refused != 1 || cs[kb.DID()].Refused != 1 {
		t.Fatalf("counters %+v", cs)
	}
	if len(ta.Peers(sp.ID)) != 0 {
		t.Fatal("someone got in")
	}
}

// TestPrivateSpace: only a peer proving the current read key gets in (04
// §6.3); the dialling transport proves it from its gate's Reader.
func TestPrivateSpace(t *testing.T) {
	ka, kb, kc := keyOf(t, 1), keyOf(t, 2), keyOf(t, 3)
	sp := testSpace(t, ka, kb, kc)
	k1, k0 := bytes.Repeat([]byte{0xaa}, 32), bytes.Repeat([]byte{0x11}, 32)
	r1, _ := identity.ReadKeyPair(k1)
	r0, _ := identity.ReadKeyPair(k0)
	ga := newGate(sp.ID)
	ga.verifier = &handshake.Verifier{Current: r1.DID()}
	ta := newTransport(t, ka, ga, &recorder{})
	url := nodeURL(listen(t, ta), ka.DID())

	gb := newGate(sp.ID)
	gb.reader = &handshake.Reader{Keys: []*identity.KeyPair{r1}}
	tb := newTransport(t, kb, gb, &recorder{})
	gc := newGate(sp.ID)
	gc.reader = &handshake.Reader{Keys: []*identity.KeyPair{r0}} // behind, and no member proof
	tc := newTransport(t, kc, gc, &recorder{})

	db, _ := tb.Connect(url, sp.ID)
	dc, _ := tc.Connect(url, sp.ID)
	eventually(t, "b in", func() bool { return db.State().Connected })
	eventually(t, "c refused twice", func() bool { return dc.State().Attempts >= 2 })
	if st := dc.State(); st.LastClose != handshake.CloseNotReader {
		t.Fatalf("c: %+v", st)
	}
	ps := ta.Peers(sp.ID)
	if len(ps) != 1 || ps[0].DID() != kb.DID() || ps[0].ReadKey() != r1.DID() {
		t.Fatalf("peers %v", ps)
	}
}

// TestReplaced: the same DID connecting again in a space replaces the older
// socket, which is closed with 4009 (04 §5.3).
func TestReplaced(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra := &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	addr := listen(t, ta)
	first := rawDial(t, addr, "?space="+sp.ID)
	handshakeAs(t, first, kb, sp.ID, nil)
	readText(t, first)
	eventually(t, "first up", func() bool { return len(ta.Peers(sp.ID)) == 1 })
	second := rawDial(t, addr, "?space="+sp.ID)
	handshakeAs(t, second, kb, sp.ID, nil)
	readText(t, second)
	if code := closedWith(first); code != handshake.CloseReplaced {
		t.Fatalf("first closed with %d", code)
	}
	eventually(t, "one peer, both downs heard", func() bool {
		ra.mu.Lock()
		defer ra.mu.Unlock()
		return len(ta.Peers(sp.ID)) == 1 && len(ra.up) == 2 && ra.down == 1
	})
}

// TestLiveLimit: live messages beyond the allowance (burst 60, 20/s) or over
// 65,536 units are dropped and counted; the connection stays (04 §9.2).
func TestLiveLimit(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	clock := &stepClock{now: time.Unix(1_800_000_000, 0)}
	ra := &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra, func(c *Config) { c.Clock = clock })
	c := rawDial(t, listen(t, ta), "?space="+sp.ID)
	handshakeAs(t, c, kb, sp.ID, nil)
	readText(t, c)
	live := []byte(`{"type":"live","from":"x","payload":1}`)
	for range LiveBurst + 5 {
		write(t, c, websocket.MessageBinary, live)
	}
	write(t, c, websocket.MessageBinary, []byte(`{"type":"sync","from":"x","payload":"marker"}`))
	eventually(t, "the marker", func() bool { return len(ra.received()) == LiveBurst+1 })
	clock.advance(time.Second) // 20 more
	big := `{"type":"live","from":"x","payload":"` + strings.Repeat("a", handshake.MaxLive) + `"}`
	write(t, c, websocket.MessageBinary, []byte(big))
	for range 25 {
		write(t, c, websocket.MessageBinary, live)
	}
	write(t, c, websocket.MessageBinary, []byte(`{"type":"sync","from":"x","payload":"marker"}`))
	eventually(t, "the second marker", func() bool { return len(ra.received()) == LiveBurst+1+LivePerSecond+1 })
	if d := ta.Counters()[kb.DID()].Dropped; d != 5+1+5 {
		t.Fatalf("dropped %d", d)
	}
}

type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *stepClock) After(time.Duration) <-chan time.Time { return time.After(time.Millisecond) }

// waitClock records every wait asked of it and lets each pass at once.
type waitClock struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (c *waitClock) Now() time.Time { return time.Unix(0, 0) }

func (c *waitClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.waits = append(c.waits, d)
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	ch <- time.Unix(0, 0)
	return ch
}

func (c *waitClock) asked() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

// TestBackoffWaits: redials against a closed port wait as Backoff says, with
// the injected clock and jitter.
func TestBackoffWaits(t *testing.T) {
	k := keyOf(t, 1)
	sp := testSpace(t, k)
	clock := &waitClock{}
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second}
	tr := newTransport(t, k, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.Clock, c.Jitter, c.Backoff = clock, func() float64 { return 0 }, b
	})
	d, err := tr.Connect("ws://127.0.0.1:1/peer#"+keyOf(t, 2).DID(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "seven waits", func() bool { return len(clock.asked()) >= 7 })
	d.Stop()
	want := []time.Duration{50, 100, 200, 400, 500, 500, 500}
	for i, w := range want {
		if got := clock.asked()[i]; got != w*time.Millisecond {
			t.Fatalf("wait %d = %v, want %v (all %v)", i, got, w*time.Millisecond, clock.asked())
		}
	}
}

func TestBackoffDelay(t *testing.T) {
	b := Backoff{Base: time.Second, Max: 60 * time.Second}
	for _, tc := range []struct {
		n      int
		jitter float64
		want   time.Duration
	}{
		{0, 0, 500 * time.Millisecond}, {0, 0.5, 750 * time.Millisecond}, {1, 0, time.Second},
		{5, 0, 16 * time.Second}, {6, 0, 30 * time.Second}, {7, 0, 30 * time.Second},
		{1000, 0.999999, 60 * time.Second}, {3, -1, 4 * time.Second}, {3, 7, 8 * time.Second},
	} {
		got := b.Delay(tc.n, tc.jitter)
		if d := got - tc.want; d < -time.Millisecond || d > time.Millisecond {
			t.Errorf("Delay(%d, %v) = %v, want %v", tc.n, tc.jitter, got, tc.want)
		}
	}
}

var _ = context.Background

// TestOversize: a frame over 16 MiB closes the socket with 1009 and is
// counted (04 §5.3).
func TestOversize(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ta := newTransport(t, ka, newGate(sp.ID), &recorder{})
	c := rawDial(t, listen(t, ta), "?space="+sp.ID)
	c.SetReadLimit(1 << 10)
	handshakeAs(t, c, kb, sp.ID, nil)
	readText(t, c)
	big := make([]byte, handshake.MaxFrame+1)
	c.Write(ctx, websocket.MessageBinary, big) // the node may cut us off mid-frame
	if code := closedWith(c); code != websocket.StatusMessageTooBig {
		t.Fatalf("closed with %d", code)
	}
	eventually(t, "counted", func() bool { return ta.Counters()[kb.DID()].Oversize == 1 })
}
