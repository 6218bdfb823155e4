package transport

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
)

// TestBadWelcome: a node that answers with the pinned DID's challenge but
// cannot sign the welcome (it replays one made for another client nonce) is
// refused and counted (04 §5.2).
func TestBadWelcome(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ch, _ := handshake.NewChallenge(ka, &seq{})
		b, _ := handshake.Marshal(ch)
		c.Write(ctx, websocket.MessageText, b)
		if _, _, err := c.Read(ctx); err != nil {
			return
		}
		other := &handshake.Hello{Nonce: "AAAAAAAAAAAAAAAAAAAAAA"}
		wel, _ := handshake.NewWelcome(ka, sp.ID, other)
		b, _ = handshake.Marshal(wel)
		c.Write(ctx, websocket.MessageText, b)
		c.Read(ctx)
	}))
	defer srv.Close()
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{})
	u := strings.Replace(srv.URL, "http://", "ws://", 1) + "/peer"
	d, err := tb.Connect(u+"#"+ka.DID(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "two refusals", func() bool { return d.State().Attempts >= 2 })
	if st := d.State(); st.Connected || !errors.Is(st.LastErr, handshake.ErrSignature) {
		t.Fatalf("state %+v", st)
	}
	if tb.Counters()["node:"+u].BadSignature < 2 || len(tb.Peers(sp.ID)) != 0 {
		t.Fatalf("counters %+v", tb.Counters())
	}
}
