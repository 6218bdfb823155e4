package netsync

import (
	"crypto/rand"
	"fmt"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/transport"
)

// rawPeer is a member's node played by hand over a real socket: it proves
// its session, says `who`, then sends what the test gives it and records
// the sync messages it is sent.
type rawPeer struct {
	t    *testing.T
	c    *websocket.Conn
	sess *identity.KeyPair
	mu   sync.Mutex
	got  [][]byte // sync payloads received
}

func dialRaw(t *testing.T, a *node, acct *identity.KeyPair) *rawPeer {
	t.Helper()
	r := &rawPeer{t: t, sess: keyOf(t, 77)}
	c, _, err := websocket.Dial(ctx, "ws://"+a.m.Addr()+transport.DefaultPath+"?space="+a.w.sp.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(handshake.MaxFrame)
	r.c = c
	t.Cleanup(func() { c.CloseNow() })
	_, b0, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handshake.ParseHandshake(b0)
	if err != nil {
		t.Fatal(err)
	}
	h, err := handshake.NewHello(r.sess, a.w.sp.ID, f.(*handshake.Challenge), nil, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := handshake.Marshal(h)
	if err := c.Write(ctx, websocket.MessageText, hb); err != nil {
		t.Fatal(err)
	}
	n, err := note.Make(acct, note.Grant{Aud: r.sess.DID(), Cmd: note.CmdAll}, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	who, err := cjson.Marshal(map[string]any{"note": n.JSON()})
	if err != nil {
		t.Fatal(err)
	}
	r.send(handshake.TypeWho, who)
	go r.read()
	return r
}

func (r *rawPeer) send(typ string, payload []byte) {
	r.t.Helper()
	b, err := handshake.MarshalEnvelope(handshake.Envelope{Type: typ, From: r.sess.DID(), Payload: payload})
	if err != nil {
		r.t.Fatal(err)
	}
	if err := r.c.Write(ctx, websocket.MessageBinary, b); err != nil {
		r.t.Fatal(err)
	}
}

func (r *rawPeer) read() {
	for {
		_, b, err := r.c.Read(ctx)
		if err != nil {
			return
		}
		if e, err := handshake.ParseEnvelope(b); err == nil && e.Type == handshake.TypeSync {
			r.mu.Lock()
			r.got = append(r.got, e.Payload)
			r.mu.Unlock()
		}
	}
}

// sentTypes counts the sync messages received by their type.
func (r *rawPeer) sentTypes() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]int{}
	for _, b := range r.got {
		if m, err := syncmsg.Parse(b); err == nil {
			out[fmt.Sprintf("%T", m)]++
		}
	}
	return out
}

// TestInboxOrderAndRefusal: a burst of versions messages over a real
// socket, each prepared ahead of the engine, reaches it in the order sent
// (each message's versions follow the previous message's on one log, so a
// message taken early would wait and be asked for), a message whose
// signature is forged is refused and counted once, and nothing is left
// prepared once the connection is gone.
func TestInboxOrderAndRefusal(t *testing.T) {
	fa, mb, mc := keyOf(t, 1), keyOf(t, 2), keyOf(t, 3)
	w := newWorld(t, false, fa, mb, mc)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	other := &node{t: t, w: w, acct: mc, lines: map[string]*record.Version{}}
	forged := other.sign(&record.Version{Collection: "app.wiki", Key: "forged", Body: map[string]any{"x": 1.0}, HasBody: true}).Wire()
	forged["signature"] = forgeSignature(forged["signature"].(string))

	// Message i holds version i of each of per records: taken before
	// message i−1, its versions would wait for their previous ones and a
	// would ask the raw peer for them (05 §8).
	author := &node{t: t, w: w, acct: mb, lines: map[string]*record.Version{}}
	const messages, per, forgedAt = 40, 5, 7
	cur := make([]*record.Version, per)
	var msgs, later [][]byte
	for i := range 2 * messages {
		var entries []any
		for j := range per {
			d := &record.Version{Collection: "app.wiki", Key: fmt.Sprintf("m%d", j)}
			if cur[j] != nil {
				d = record.Next(cur[j])
			}
			d.Body, d.HasBody = map[string]any{"i": float64(i)}, true
			cur[j] = author.sign(d)
			entries = append(entries, cur[j].Wire())
		}
		if i == forgedAt || i == messages+forgedAt {
			entries = append(entries, forged)
		}
		b, err := syncmsg.Marshal(&syncmsg.Versions{Versions: entries})
		if err != nil {
			t.Fatal(err)
		}
		if i < messages {
			msgs = append(msgs, b)
		} else {
			later = append(later, b)
		}
	}
	r := dialRaw(t, a, mb)
	eventually(t, "the raw peer admitted", func() bool { return a.connectedTo(r.sess.DID()) })
	for _, b := range msgs {
		r.send(handshake.TypeSync, b)
	}
	eventually(t, "every message taken in", func() bool {
		st := a.eng.Stats()
		return st.Stored+st.Refused == messages*per+1
	})
	if st := a.eng.Stats(); st.Refused != 1 || st.Stored != messages*per || st.Dropped != 0 {
		t.Fatalf("stats %+v: want %d stored, 1 refused", st, messages*per)
	}
	if got := r.sentTypes()["*syncmsg.Want"]; got != 0 {
		t.Fatalf("a asked for %d missing versions: messages reached its engine out of order", got)
	}
	r.c.Close(websocket.StatusNormalClosure, "")
	eventually(t, "the raw peer gone", func() bool { return !a.connectedTo(r.sess.DID()) })

	// A burst cut off at once: what was queued and prepared when the
	// connection went is forgotten, holding no place among MaxPrepared.
	r = dialRaw(t, a, mb)
	eventually(t, "the raw peer admitted again", func() bool { return a.connectedTo(r.sess.DID()) })
	for _, b := range later {
		r.send(handshake.TypeSync, b)
	}
	r.c.CloseNow()
	eventually(t, "the raw peer gone again", func() bool { return !a.connectedTo(r.sess.DID()) })
	eventually(t, "nothing left prepared", func() bool { return a.eng.Prepared() == 0 })
}

// forgeSignature changes a signature's first character to another one
// ("A" alone would leave the 1 in 64 signatures that begin with it valid).
func forgeSignature(sig string) string {
	if sig[0] == 'A' {
		return "B" + sig[1:]
	}
	return "A" + sig[1:]
}
