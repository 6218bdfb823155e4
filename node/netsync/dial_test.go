package netsync

import (
	"crypto/rand"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/transport"
)

// TestDesired: the nodes a space dials (04 §5.4, 03 §7.4, §10): the
// account's hosts first, then the invitation's; once the space names
// keepers only the invitation's nodes that are keepers; never this node;
// at most 8.
func TestDesired(t *testing.T) {
	w := newWorld(t, false, keyOf(t, 1))
	n := newNode(t, w, keyOf(t, 1), opts{noAdd: true})
	did := func(i int) string { return keyOf(t, byte(20+i)).DID() }
	url := func(i int) string { return fmt.Sprintf("ws://127.0.0.1:%d/peer#%s", 9000+i, did(i)) }
	self := "ws://127.0.0.1:8999/peer#" + n.m.DID()
	cases := []struct {
		name    string
		hosts   []string
		nodes   []string
		keepers []space.Keeper
		want    []int
	}{
		{"invitation", nil, []string{url(1), url(2)}, nil, []int{1, 2}},
		{"hosts first", []string{url(3)}, []string{url(1), url(2)}, nil, []int{3, 1, 2}},
		{"keepers only", []string{url(3)}, []string{url(1), url(2)}, []space.Keeper{{DID: did(2)}}, []int{3, 2}},
		{"at most 8", []string{url(1), url(2), url(3)}, []string{url(4), url(5), url(6), url(7), url(8), url(9)}, nil, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{"never self", nil, []string{self, url(1)}, nil, []int{1}},
		{"keepers by their URLs", []string{url(3)}, []string{url(1), url(2)},
			[]space.Keeper{{DID: did(4), Name: "ws://127.0.0.1:9004/peer"}, {DID: did(2), Name: "b"}, {DID: n.m.DID(), Name: "ws://127.0.0.1:8999/peer"}}, []int{3, 4, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &syncSpace{view: &view{keepers: c.keepers}}
			var err error
			if s.hosts, err = parseNodes(c.hosts); err != nil {
				t.Fatal(err)
			}
			if s.nodes, err = parseNodes(c.nodes); err != nil {
				t.Fatal(err)
			}
			got := n.m.desired(s)
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for i, g := range got {
				if g.DID != did(c.want[i]) {
					t.Fatalf("got %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestNoWho: a peer that proves its session but never says who it is
// (04 §6.4) gets nothing but this node's `who`, and is let go at WhoTimeout.
func TestNoWho(t *testing.T) {
	fa := keyOf(t, 1)
	w := newWorld(t, false, fa)
	a := newNode(t, w, fa, opts{listen: ListenLoopback, who: 300 * time.Millisecond})
	a.write("x")
	c, _, err := websocket.Dial(ctx, "ws://"+a.m.Addr()+transport.DefaultPath+"?space="+w.sp.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_, b0, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handshake.ParseHandshake(b0)
	if err != nil {
		t.Fatal(err)
	}
	h, err := handshake.NewHello(keyOf(t, 70), w.sp.ID, f.(*handshake.Challenge), nil, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := handshake.Marshal(h)
	c.Write(ctx, websocket.MessageText, hb)
	start := time.Now()
	var types []string
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != handshake.CloseNotReader {
				t.Fatalf("closed with %d (%v)", code, err)
			}
			break
		}
		if e, err := handshake.ParseEnvelope(b); err == nil {
			types = append(types, e.Type)
		}
	}
	if len(types) != 1 || types[0] != handshake.TypeWho {
		t.Fatalf("sent %v to a peer without who", types)
	}
	if d := time.Since(start); d < 250*time.Millisecond || d > 5*time.Second {
		t.Fatalf("let go after %v", d)
	}
}

// TestAddNodes: nodes of a later invitation (03 §7.4) are dialled once
// added; a list that does not parse is refused whole, an unknown space too.
// State tells the space's state as Status does.
func TestAddNodes(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{})
	if st, ok := b.m.State(w.sp.ID); !ok || st != StateOffline {
		t.Fatalf("state before any node: %q %v", st, ok)
	}
	if err := b.m.AddNodes(w.sp.ID, []string{"ws://127.0.0.1:1/peer"}); !errors.Is(err, invite.ErrNodes) {
		t.Fatalf("an unpinned node URL: %v", err)
	}
	if err := b.m.AddNodes("bnotaspace", []string{a.url()}); !errors.Is(err, ErrNoSpace) {
		t.Fatalf("an unknown space: %v", err)
	}
	if err := b.m.AddNodes(w.sp.ID, []string{a.url(), a.url()}); !errors.Is(err, invite.ErrNodes) {
		t.Fatalf("a URL twice: %v", err)
	}
	if err := b.m.AddNodes(w.sp.ID, []string{a.url()}); err != nil {
		t.Fatal(err)
	}
	v := a.write("after")
	eventually(t, "b dials a and syncs", func() bool { return b.connectedTo(a.sess.DID()) && b.has(v.ID) })
	eventually(t, "synced", func() bool { st, _ := b.m.State(w.sp.ID); return st == StateSynced })
	if _, ok := b.m.State("bnotaspace"); ok {
		t.Fatal("State of an unknown space")
	}
}
