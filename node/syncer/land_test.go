package syncer

import (
	"math/rand/v2"
	"slices"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// acksSeen records the stored acknowledgements an engine sends.
type acksSeen struct{ ids *[]string }

func (a acksSeen) Send(b []byte) {
	if m, err := syncmsg.Parse(b); err == nil {
		if s, ok := m.(*syncmsg.Stored); ok {
			*a.ids = append(*a.ids, s.IDs...)
		}
	}
}

// versionsMsg is a versions message without id carrying vs.
func versionsMsg(t *testing.T, vs ...*record.Version) []byte {
	t.Helper()
	var entries []any
	for _, v := range vs {
		raw, err := record.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, syncmsg.RawJSON(raw))
	}
	msg, err := syncmsg.Marshal(&syncmsg.Versions{Versions: entries})
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// TestReceiveMoreLandsLater: versions let in through ReceiveMore are held
// (judged, counted as held) but not stored and not acknowledged until a
// later call lands them; then the store is what Receive alone leaves, and
// every stored acknowledgement is sent.
func TestReceiveMoreLandsLater(t *testing.T) {
	c, vs, refused := orderSet(t)
	want := intakeInOrder(t, c, [][]*record.Version{vs}, false).state()
	v0, v1, v2, w0 := vs[0], vs[1], vs[2], vs[3]
	r := c.newNodeWith(keyOf(t, 77), syncmsg.HoldsAll, 1, false)
	var acked []string
	const from = "did:test:sender"
	if err := r.eng.AddPeer(ctx, from, acksSeen{&acked}); err != nil {
		t.Fatal(err)
	}
	// v1 and v2 follow v0 in the first message: judged against it unstored.
	for _, msg := range [][]byte{versionsMsg(t, v0, w0), versionsMsg(t, v1, v2)} {
		if err := r.eng.ReceiveMore(ctx, from, msg); err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range []*record.Version{v0, v1, v2, w0} {
		if r.has(v.ID) || !r.sp.Held(ctx, v) {
			t.Fatalf("%s: stored %v, held %v; want held, not yet stored", v.ID, r.has(v.ID), r.sp.Held(ctx, v))
		}
	}
	if len(acked) != 0 || r.eng.Synced(from) {
		t.Fatalf("before landing: acknowledged %v, synced %v", acked, r.eng.Synced(from))
	}
	if err := r.eng.Receive(ctx, from, versionsMsg(t, vs[4:]...)); err != nil {
		t.Fatal(err)
	}
	if got := r.state(); got != want || r.has(refused) {
		t.Fatalf("after Receive:\n%s\nwant\n%s", got, want)
	}
	wantAcked := []string{v0.ID, w0.ID, v1.ID, v2.ID, vs[4].ID, vs[5].ID}
	slices.Sort(acked)
	slices.Sort(wantAcked)
	if !slices.Equal(acked, wantAcked) || !r.eng.Synced(from) {
		t.Fatalf("acknowledged %v, want %v; synced %v", acked, wantAcked, r.eng.Synced(from))
	}
}

// TestReceiveMoreLandsAtOnce: what waits lands as soon as an access version
// goes in, and at a Tick; the shuffled batches of orderSet
// received through ReceiveMore end in the store Receive leaves.
func TestReceiveMoreLandsAtOnce(t *testing.T) {
	c, vs, refused := orderSet(t)
	want := intakeInOrder(t, c, [][]*record.Version{vs}, false).state()
	const from = "did:test:sender"
	newReceiver := func() *node {
		r := c.newNodeWith(keyOf(t, 77), syncmsg.HoldsAll, 1, false)
		if err := r.eng.AddPeer(ctx, from, discard{}); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := newReceiver()
	assign := vs[4]
	if err := r.eng.ReceiveMore(ctx, from, versionsMsg(t, vs[0], assign)); err != nil {
		t.Fatal(err)
	}
	if !r.has(assign.ID) || !r.has(vs[0].ID) {
		t.Fatal("an access version did not land at once, with what waited")
	}
	if err := r.eng.ReceiveMore(ctx, from, versionsMsg(t, vs[3])); err != nil {
		t.Fatal(err)
	}
	if r.has(vs[3].ID) {
		t.Fatal("a page landed before anything asked")
	}
	if err := r.eng.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if !r.has(vs[3].ID) {
		t.Fatal("Tick did not land what waited")
	}
	for seed := uint64(1); seed <= 50; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 9))
		all := append(append([]*record.Version(nil), vs...), vs...)
		rnd.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		r := newReceiver()
		for len(all) > 0 {
			k := 1 + rnd.IntN(len(all))
			if err := r.eng.ReceiveMore(ctx, from, versionsMsg(t, all[:k]...)); err != nil {
				t.Fatal(err)
			}
			all = all[k:]
		}
		if err := r.eng.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if got := r.state(); got != want || r.has(refused) {
			t.Fatalf("seed %d:\n%s\nwant\n%s", seed, got, want)
		}
	}
}
