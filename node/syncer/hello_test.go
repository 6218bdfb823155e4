package syncer

import (
	"testing"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// TestHelloInitiator: on a hello that shows a difference, the peer whose
// DID sorts first begins a session and says no hello; the other answers
// with a hello marked reply, and answers a reply with nothing; a hello
// with nothing different starts nothing (05 §6.2).
func TestHelloInitiator(t *testing.T) {
	c := newCluster(t, 2, 13, memnet.Faults{})
	ns := c.byName()
	first, second := ns[0], ns[1]
	first.create("app.wiki", "a", map[string]any{"n": 1.0})
	second.create("app.wiki", "b", map[string]any{"n": 2.0})
	c.net.Cut(first.name, second.name)
	c.connect(first, second) // their hellos are lost
	c.net.Heal(first.name, second.name)
	other := map[string]negentropy.Fingerprint{"app.wiki": negentropy.FingerprintOf(nil)}
	hello := func(reply bool) []byte {
		b, _ := syncmsg.Marshal(&syncmsg.Hello{Holds: syncmsg.HoldsAll, Sums: other, Reply: reply})
		return b
	}
	cases := []struct {
		name  string
		to    *node
		reply bool
		want  []string // types sent
	}{
		{"the first begins a session", first, false, []string{"reconcile"}},
		{"the first begins one on a reply too", first, true, nil}, // one is in flight already
		{"the second replies", second, false, []string{"hello"}},
		{"the second does not answer a reply", second, true, nil},
	}
	for _, tc := range cases {
		log := c.watch(nil)
		from := first.name
		if tc.to == first {
			from = second.name
		}
		if err := tc.to.eng.Receive(ctx, from, hello(tc.reply)); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range *log {
			got = append(got, s.msg.Type())
			if h, ok := s.msg.(*syncmsg.Hello); ok && !h.Reply {
				t.Errorf("%s: a hello without reply", tc.name)
			}
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("%s: sent %v, want %v", tc.name, got, tc.want)
		}
	}
	// Level: a hello with the same sums starts nothing and records level.
	sums, _ := second.eng.space.store.Sums(ctx)
	same := map[string]negentropy.Fingerprint{"app.wiki": sums["app.wiki"].Fingerprint()}
	b, _ := syncmsg.Marshal(&syncmsg.Hello{Holds: syncmsg.HoldsAll, Sums: same})
	log := c.watch(nil)
	if err := second.eng.Receive(ctx, first.name, b); err != nil {
		t.Fatal(err)
	}
	if len(*log) != 0 || !second.eng.Level(first.name, "app.wiki") {
		t.Fatalf("sent %d messages; level %v", len(*log), second.eng.Level(first.name, "app.wiki"))
	}
}
